// Derives generator/node-rules/dftx-rules.json: the node's rules for each DeFi custom transaction type the SDK composes,
// read from DeFiCh/ain at the tag below. Some facts are read from the code by this script (the fork each message is
// accepted from, the fork heights of mainnet and testnet, whether a type's consensus handler calls CheckCustomTx);
// the rest were read by hand and are written below as sentences, each with anchors: a file and a text the cited line
// holds (the first such line after `after`, when given). Line numbers are never typed: the script finds them, and
// stops when a text is not found, so a cited line that changes cannot go unnoticed.
//
//   npx tsx scripts/derive-dftx-rules.ts <ain git dir>           writes the data file
//   npx tsx scripts/derive-dftx-rules.ts <ain git dir> --check   derives it again and fails on any difference
//
// <ain git dir> is a bare mirror of DeFiCh/ain (the `fetch` tool's /work/.mirror/DeFiCh+ain/repo).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

const TAG = 'v4.0.9';
const OUT = path.resolve(__dirname, '../generator/node-rules/dftx-rules.json');

const MN_CHECKS = 'src/dfi/mn_checks.cpp';
const TXVISITOR = 'src/dfi/consensus/txvisitor.cpp';
const CHAINPARAMS = 'src/chainparams.cpp';

interface Anchor {
  file: string;
  text: string;
  after?: string;
}
interface Cite {
  path: string;
  line: number;
  text: string;
}
interface FactSource {
  text: string;
  at: Anchor[];
}
interface EnumSource {
  field: string;
  values: { value: string; meaning: string }[];
  at: Anchor[];
}
type OutputRule = 'value-zero' | 'fee' | 'burnt' | 'none';
interface TypeSource {
  enumName: string;
  message: string | null;
  /** Where the type's consensus handler is, when its message is not handled by an operator of its own. */
  handledAs?: FactSource;
  refusedAfter?: FactSource;
  gates: FactSource[];
  outputs: { rule: OutputRule; text: string; at: Anchor[] };
  /** The output rule is the envelope's (the node's test for the transaction's shape), not the handler's CheckCustomTx. */
  outputsFromEnvelope?: true;
  sender: FactSource;
  enums: EnumSource[];
}
/** A field as the node reads it: its name in the message, the bytes (see README), the SDK fields it stands for. */
interface NodeFieldSource {
  name: string;
  wire: string;
  sdk: string[];
  at: Anchor;
}
interface DifferenceSource {
  field: string;
  node: string;
  sdk: string;
  coincide: string;
  at: Anchor[];
}
interface LayoutSource {
  fields: NodeFieldSource[];
  differences: DifferenceSource[];
}

function a(file: string, text: string, after?: string): Anchor {
  return after === undefined ? { file, text } : { file, text, after };
}

const cache = new Map<string, string[]>();
let gitDir = '';
function show(file: string): string[] {
  let lines = cache.get(file);
  if (lines === undefined) {
    lines = execFileSync('git', ['--git-dir', gitDir, 'show', `${TAG}:${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n');
    cache.set(file, lines);
  }
  return lines;
}

function cite(anchor: Anchor): Cite {
  const lines = show(anchor.file);
  const start = anchor.after === undefined ? 0 : lines.findIndex((line) => line.includes(anchor.after ?? ''));
  if (start < 0) throw new Error(`${anchor.file}: no line holds "${anchor.after ?? ''}"`);
  const index = lines.findIndex((line, i) => i >= start && line.includes(anchor.text));
  if (index < 0) throw new Error(`${anchor.file}: no line holds "${anchor.text}" after "${anchor.after ?? ''}"`);
  return { path: anchor.file, line: index + 1, text: (lines[index] ?? '').trim() };
}

function fact(source: FactSource): { text: string; at: Cite[] } {
  return { text: source.text, at: source.at.map(cite) };
}

// ---------------------------------------------------------------------------------------------------------------
// The transaction envelope.

const ENVELOPE: { key: string; text: string; at: Anchor[] }[] = [
  {
    key: 'marker',
    text: 'Output 0 is OP_RETURN followed by one push whose data starts with the 4 bytes `DfTx` and holds at least one more byte, the type byte; the message is the rest of the push.',
    at: [
      a('src/consensus/tx_check.cpp', "const std::vector<unsigned char> DfTxMarker = {'D', 'f', 'T', 'x'};"),
      a('src/consensus/tx_check.cpp', 'if (!script.GetOp(pc, opcode) || opcode != OP_RETURN) {'),
      a('src/consensus/tx_check.cpp', '|| metadata.size() < marker.size() + 1'),
      a('src/dfi/customtx.cpp', 'if (!ParseScriptByMarker(tx.vout[0].scriptPubKey, DfTxMarker, metadata, hasAdditionalOpcodes)) {'),
    ],
  },
  {
    key: 'push',
    text: 'The push is a direct push (opcodes 01 to 4b: the opcode is the length), OP_PUSHDATA1 (`4c`, then a 1-byte length), OP_PUSHDATA2 (`4d`, 2-byte length) or OP_PUSHDATA4 (`4e`, 4-byte length); any other opcode is not a DeFi message. The SDK writes a push of 76 bytes or more as `4c` and the length, so a payload of 71 bytes or more (4 marker bytes and the type byte make 76) starts `6a 4c <length> 44665478`.',
    at: [
      a('src/consensus/tx_check.cpp', 'if (!script.GetOp(pc, opcode, metadata)'),
      a('src/consensus/tx_check.cpp', '|| (opcode > OP_PUSHDATA1 && opcode != OP_PUSHDATA2 && opcode != OP_PUSHDATA4)'),
    ],
  },
  {
    key: 'nothing-after',
    text: 'Nothing may follow the push: since Fort Canning (when the node validates metadata) an opcode after it makes the transaction a Reject type, refused.',
    at: [
      a('src/consensus/tx_check.cpp', 'if (script.GetOp(pc, opcode)) {'),
      a('src/dfi/customtx.cpp', 'if (metadataValidation && hasAdditionalOpcodes) {'),
      a(MN_CHECKS, 'metadataValidation = height >= static_cast<uint32_t>(consensus.DF11FortCanningHeight);'),
    ],
  },
  {
    key: 'output-0-only',
    text: 'Only output 0 carries the message: since Fort Canning a `DfTx` push in any other output makes the transaction a Reject type, refused.',
    at: [a('src/dfi/customtx.cpp', 'for (size_t i{1}; i < tx.vout.size(); ++i) {'), a('src/dfi/customtx.cpp', 'return CustomTxType::Reject;')],
  },
  {
    key: 'unknown-type',
    text: 'A type byte the node does not know makes the transaction a Reject type, refused since Fort Canning (below it the Reject type was read as an empty message and did nothing).',
    at: [
      a('src/dfi/customtx.cpp', 'if (txType == CustomTxType::None) {', 'auto txType = CustomTxCodeToType(metadata[0]);'),
      a(MN_CHECKS, 'if (metadataValidation && txType == CustomTxType::Reject) {'),
    ],
  },
  {
    key: 'excess-bytes',
    text: 'The message must be read to its last byte: bytes left over after the node reads the message refuse it (`deserialization failed: excess N bytes`).',
    at: [a(MN_CHECKS, 'return Res::Err("deserialization failed: excess %d bytes", ss.size());')],
  },
  {
    key: 'token-ids',
    text: 'From transaction version 4 every output is its value, its script and then its token id as a VARINT (0 for DFI); below version 4 the token id is left out. The token ids count in the txid and in the signature hash, which serialise the outputs the same way.',
    at: [
      a('src/primitives/transaction.h', 'static const int32_t TOKENS_MIN_VERSION=4;'),
      a('src/primitives/transaction.h', 'READWRITE(VARINT(nTokenId.v));'),
      a('src/primitives/transaction.h', 'OverrideStream<Stream> os(&s, s.GetType(), tx.nVersion < CTransaction::TOKENS_MIN_VERSION  ?'),
      a('src/script/interpreter.cpp', 'CHashWriter ss(SER_GETHASH, txTo.nVersion < CTransaction::TOKENS_MIN_VERSION ? SERIALIZE_TRANSACTION_NO_TOKENS : 0);'),
    ],
  },
  {
    key: 'version',
    text: 'A transaction that moves tokens other than DFI in its inputs or outputs must be version 4 or more (`bad-txns-tokens-in-old-version-tx`), and relay takes versions 1 to 4 only (`version`). The node\u2019s RPCs write version 4 from AMK on; the SDK\u2019s builder always writes 4 (`DeFiTransactionConstants.Version`).',
    at: [
      a('src/consensus/tx_verify.cpp', 'if (tx.nVersion < CTransaction::TOKENS_MIN_VERSION && (nValuesIn.size() > 1 || non_minted_values_out.size() > 1)) {'),
      a('src/policy/policy.cpp', 'if (tx.nVersion > CTransaction::MAX_STANDARD_VERSION || tx.nVersion < 1) {'),
      a('src/primitives/transaction.h', 'static const int32_t MAX_STANDARD_VERSION=4;'),
      a('src/wallet/wallet.cpp', 'return height >= Params().GetConsensus().DF1AMKHeight ? CTransaction::TOKENS_MIN_VERSION : CTransaction::TX_VERSION_2;'),
    ],
  },
  {
    key: 'check-custom-tx',
    text: 'The types whose handler calls CheckCustomTx need exactly 2 outputs below EunosPaya, and from EunosPaya an output 0 of value 0; the other types set their own rule on the outputs, or none.',
    at: [
      a(TXVISITOR, 'Res CCustomTxVisitor::CheckCustomTx() const {'),
      a(TXVISITOR, 'if (tx.vout.size() != 2) {', 'Res CCustomTxVisitor::CheckCustomTx() const {'),
      a(TXVISITOR, 'if (tx.vout[0].nValue != 0) {', 'Res CCustomTxVisitor::CheckCustomTx() const {'),
    ],
  },
  {
    key: 'foundation',
    text: 'A foundation member is one of the chain\u2019s foundation addresses, or, when the attribute `v0/params/feature/gov-foundation` is on, one of the members the governance attribute lists; the transaction needs an input from one.',
    at: [a(TXVISITOR, 'Res CCustomTxVisitor::HasFoundationAuth() const {'), a(TXVISITOR, 'if (!coin.IsSpent() && members.count(coin.out.scriptPubKey) > 0) {')],
  },
  {
    key: 'auth',
    text: 'An input from an address means: one of the transaction\u2019s inputs spends an output whose script is that address\u2019s script.',
    at: [a(TXVISITOR, 'if (coin.out.scriptPubKey == auth) {')],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Per type: what was read by hand. Message classes come from customTypeToMessage (mn_checks.cpp).

const T = {
  accounts: 'src/dfi/consensus/accounts.cpp',
  governance: 'src/dfi/consensus/governance.cpp',
  icx: 'src/dfi/consensus/icxorders.cpp',
  loans: 'src/dfi/consensus/loans.cpp',
  masternodes: 'src/dfi/consensus/masternodes.cpp',
  oracles: 'src/dfi/consensus/oracles.cpp',
  poolpairs: 'src/dfi/consensus/poolpairs.cpp',
  proposals: 'src/dfi/consensus/proposals.cpp',
  smartcontracts: 'src/dfi/consensus/smartcontracts.cpp',
  tokens: 'src/dfi/consensus/tokens.cpp',
  vaults: 'src/dfi/consensus/vaults.cpp',
  xvm: 'src/dfi/consensus/xvm.cpp',
};
const op = (message: string): string => `::operator()(const ${message} &obj) const {`;

const VALUE_ZERO = (file: string, message: string): { rule: OutputRule; text: string; at: Anchor[] } => ({
  rule: 'value-zero',
  text: 'CheckCustomTx: output 0 must have value 0 (from EunosPaya; below it the transaction needed exactly 2 outputs).',
  at: [a(file, 'CheckCustomTx()', op(message))],
});
const NO_OUTPUT_RULE: { rule: OutputRule; text: string; at: Anchor[] } = {
  rule: 'none',
  text: 'No rule on the outputs: the handler does not call CheckCustomTx, so the node takes any value in output 0 (an OP_RETURN output can never be spent, so a value there is lost).',
  at: [],
};
const FOUNDATION = (file: string, message: string, text = 'HasFoundationAuth()'): FactSource => ({
  text: 'A foundation member.',
  at: [a(file, text, op(message))],
});
/** The token's flags byte (CToken::TokenFlags), a bitmask; the SDK's mintable, tradeable and isDAT are its low three bits. */
const TOKEN_FLAGS = (meanings: { lps: string; finalized: string; loanToken: string }, at: Anchor[]): EnumSource => ({
  field: 'flags',
  values: [
    { value: '1', meaning: 'mintable (bit 0x01)' },
    { value: '2', meaning: 'tradeable (bit 0x02)' },
    { value: '4', meaning: 'DAT (bit 0x04)' },
    { value: '8', meaning: meanings.lps },
    { value: '16', meaning: meanings.finalized },
    { value: '32', meaning: meanings.loanToken },
  ],
  at: [a('src/dfi/tokens.h', 'Mintable = 0x01,'), a('src/dfi/tokens.h', 'DAT = 0x04,'), a('src/dfi/tokens.h', 'LoanToken = 0x20,'), ...at],
});
const ICX_GATE = (message: string): FactSource => ({
  text: 'ICX must be enabled: on mainnet it is refused from FortCanningPark, and from Metachain (mainnet and testnet) it needs the attribute `v0/params/feature/icx`; on testnet it is refused from FortCanningPark until Metachain (the clause for testnet heights from 1,250,000 lies above testnet\u2019s Metachain height 1,150,040, so it never applies).',
  at: [
    a(T.icx, 'if (!IsICXEnabled(height, mnview, consensus)) {', op(message)),
    a(T.icx, 'if (height >= consensus.DF22MetachainHeight) {', 'bool IsICXEnabled('),
    a(T.icx, 'const CDataStructureV0 enabledKey{AttributeTypes::Param, ParamIDs::Feature, DFIPKeys::ICXEnabled};'),
    a(T.icx, 'else if (height < consensus.DF13FortCanningParkHeight || IsRegtestNetwork() ||'),
    a(T.icx, '(IsTestNetwork() && static_cast<int>(height) >= 1250000)) {'),
  ],
});
const VAULT_DISABLED: FactSource = {
  text: 'Refused at the two blocks FortCanningHill height - 1 and FortCanningHill height (`Disabled custom transaction`).',
  at: [
    a(MN_CHECKS, 'if (height == fortCanningHillHeight || height == fortCanningHillHeight - 1) {'),
    a(MN_CHECKS, 'return Res::ErrCode(CustomTxErrCodes::Fatal, "Disabled custom transaction");'),
  ],
};
const GOV_GATE = (message: string): FactSource => ({
  text: 'On-chain governance must be enabled by the attribute `v0/params/feature/gov`.',
  at: [
    a(T.proposals, 'IsOnChainGovernanceEnabled()', op(message)),
    a(T.proposals, 'CDataStructureV0 enabledKey{AttributeTypes::Param, ParamIDs::Feature, DFIPKeys::GovernanceEnabled};'),
  ],
});

const TYPES: Record<string, TypeSource> = {
  C: {
    enumName: 'CreateMasternode',
    message: 'CCreateMasterNodeMessage',
    gates: [],
    outputs: {
      rule: 'fee',
      text: 'Output 0 (the DfTx output) must carry at least the creation fee, 10 DFI on mainnet and testnet, and output 1 exactly the collateral, 20,000 DFI from Dakota (1,000,000 before), both in DFI; output 1 is the new masternode\u2019s owner address.',
      at: [
        a(T.masternodes, 'if (tx.vout.size() < 2 || tx.vout[0].nValue < GetMnCreationFee(height) || tx.vout[0].nTokenId != DCT_ID{0} ||'),
        a(T.masternodes, 'tx.vout[1].nValue != GetMnCollateralAmount(height) || tx.vout[1].nTokenId != DCT_ID{0}) {'),
        a(CHAINPARAMS, 'consensus.mn.creationFee = 10 * COIN;'),
        a(CHAINPARAMS, 'consensus.mn.collateralAmountDakota = 20000 * COIN;'),
        a('src/dfi/masternodes.cpp', 'if (height < consensus.DF6DakotaHeight) {', 'CAmount GetMnCollateralAmount(int height) {'),
      ],
    },
    sender: {
      text: 'From Eunos, an input from the owner address, the script of output 1.',
      at: [a(T.masternodes, 'if (!HasAuth(tx.vout[1].scriptPubKey)) {'), a(T.masternodes, 'return Res::Err("masternode creation needs owner auth");')],
    },
    enums: [
      {
        field: 'timelock',
        values: [
          { value: '0', meaning: 'no timelock' },
          { value: '260', meaning: 'five years (260 weeks)' },
          { value: '520', meaning: 'ten years (520 weeks)' },
        ],
        at: [
          a('src/dfi/masternodes.h', 'enum TimeLock { ZEROYEAR, FIVEYEAR = 260, TENYEAR = 520 };'),
          a(T.masternodes, 'return Res::Err("Timelock must be set to either 0, 5 or 10 years");'),
        ],
      },
      {
        field: 'operatorType',
        values: [
          { value: '1', meaning: 'P2PKH key hash (PKHashType)' },
          { value: '4', meaning: 'P2WPKH key hash (WitV0KeyHashType)' },
        ],
        at: [a('src/script/standard.h', 'enum TxDestType {'), a('src/script/standard.h', 'PKHashType,'), a('src/script/standard.h', 'WitV0KeyHashType,')],
      },
    ],
  },
  R: {
    enumName: 'ResignMasternode',
    message: 'CResignMasterNodeMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: {
      text: 'The masternode\u2019s owner: an input from the address of its collateral (output 1 of its collateral transaction).',
      at: [
        a(T.masternodes, 'HasCollateralAuth(node->collateralTx.IsNull()'),
        a(TXVISITOR, 'const Coin &auth = coins.AccessCoin(COutPoint(collateralTx, 1));  // always n=1 output'),
      ],
    },
    enums: [],
  },
  m: {
    enumName: 'UpdateMasternode',
    message: 'CUpdateMasterNodeMessage',
    gates: [
      {
        text: 'One to three updates; changing the owner needs the attribute `v0/params/feature/mn-setowneraddress`, the old collateral among the inputs and the new collateral as output 1.',
        at: [
          a(T.masternodes, 'if (obj.updates.size() > 3) {'),
          a(T.masternodes, 'CDataStructureV0 key{AttributeTypes::Param, ParamIDs::Feature, DFIPKeys::MNSetOwnerAddress};'),
          a(T.masternodes, 'if (vin.prevout.hash == collateralTx && vin.prevout.n == 1) {'),
        ],
      },
      {
        text: 'Changing the operator needs the attribute `v0/params/feature/mn-setoperatoraddress`; setting or removing the reward address needs `v0/params/feature/mn-setrewardaddress`.',
        at: [
          a(T.masternodes, 'CDataStructureV0 key{AttributeTypes::Param, ParamIDs::Feature, DFIPKeys::MNSetOperatorAddress};'),
          a(T.masternodes, 'CDataStructureV0 key{AttributeTypes::Param, ParamIDs::Feature, DFIPKeys::MNSetRewardAddress};'),
          a(
            T.masternodes,
            'CDataStructureV0 key{AttributeTypes::Param, ParamIDs::Feature, DFIPKeys::MNSetRewardAddress};',
            'UpdateMasternodeType::RemRewardAddress',
          ),
        ],
      },
    ],
    outputs: {
      rule: 'none',
      text: 'No rule on output 0 (no CheckCustomTx); when the owner changes, output 1 must hold exactly the collateral amount at the new owner address.',
      at: [a(T.masternodes, 'if (tx.vout[1].nValue != GetMnCollateralAmount(height)) {')],
    },
    sender: {
      text: 'The masternode\u2019s owner: an input from the address of its collateral.',
      at: [a(T.masternodes, 'if (auto res = HasCollateralAuth(collateralTx); !res) {')],
    },
    enums: [
      {
        field: 'updates[].updateType',
        values: [
          { value: '1', meaning: 'owner address (the new collateral output)' },
          { value: '2', meaning: 'operator address' },
          { value: '3', meaning: 'set the reward address' },
          { value: '4', meaning: 'remove the reward address' },
        ],
        at: [a('src/dfi/masternodes.h', 'OwnerAddress = 0x01,'), a('src/dfi/masternodes.h', 'RemRewardAddress = 0x04')],
      },
      {
        field: 'updates[].addressType',
        values: [
          { value: '1', meaning: 'P2PKH key hash (operator or reward address)' },
          { value: '2', meaning: 'P2SH script hash (reward address, from Metachain)' },
          { value: '4', meaning: 'P2WPKH key hash (operator or reward address)' },
        ],
        at: [
          a(T.masternodes, 'if (addressType != PKHashType && addressType != WitV0KeyHashType) {'),
          a(T.masternodes, 'if (addressType != PKHashType && addressType != ScriptHashType && addressType != WitV0KeyHashType) {'),
        ],
      },
    ],
  },
  T: {
    enumName: 'CreateToken',
    message: 'CCreateTokenMessage',
    gates: [],
    outputs: {
      rule: 'fee',
      text: 'Output 0 must carry at least the token creation fee, 100 DFI, and output 1 exactly the collateral, 1 DFI, both in DFI; output 1\u2019s address owns the token.',
      at: [
        a(T.tokens, 'if (tx.vout.size() < 2 || tx.vout[0].nValue < GetTokenCreationFee(height) || tx.vout[0].nTokenId != DCT_ID{0} ||'),
        a(T.tokens, 'tx.vout[1].nValue != GetTokenCollateralAmount() || tx.vout[1].nTokenId != DCT_ID{0}) {'),
        a(CHAINPARAMS, 'consensus.token.creationFee = 100 * COIN;'),
        a(CHAINPARAMS, 'consensus.token.collateralAmount = 1 * COIN;'),
      ],
    },
    sender: {
      text: 'Anyone; a DAT (isDAT set) only from a foundation member.',
      at: [a(T.tokens, 'if (token.IsDAT() && !HasFoundationAuth()) {')],
    },
    enums: [
      TOKEN_FLAGS(
        {
          lps: 'liquidity pool share (0x08), refused from Bayfront (a pool share token comes only from a pool pair)',
          finalized: 'finalized (0x10)',
          loanToken: 'loan token (0x20)',
        },
        [a(T.tokens, "return Res::Err(\"Can't manually create 'Liquidity Pool Share' token; use poolpair creation\");")],
      ),
    ],
  },
  N: {
    enumName: 'UpdateToken',
    message: 'CUpdateTokenPreAMKMessage',
    refusedAfter: {
      text: 'Refused from Bayfront (`called after Bayfront height`); the token\u2019s later updates are UpdateTokenAny (`n`).',
      at: [a(MN_CHECKS, 'return IsHardforkEnabled(consensus.DF2BayfrontHeight) ? Res::Err("called after Bayfront height")')],
    },
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'A foundation member.', at: [a(T.tokens, 'auto res = HasFoundationAuth();', op('CUpdateTokenPreAMKMessage'))] },
    enums: [],
  },
  n: {
    enumName: 'UpdateTokenAny',
    message: 'CUpdateTokenMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: {
      text: 'For a token whose owner address (output 1 of its creation transaction) is a foundation address, a foundation member; for any other, the token\u2019s owner (an input from output 1 of its creation transaction). From BayfrontMarina changing isDAT needs a foundation member.',
      at: [
        a(T.tokens, 'bool isFoundersToken = !databaseMembers.empty() ? databaseMembers.count(auth.out.scriptPubKey) > 0'),
        a(T.tokens, 'if (auto res = HasFoundationAuth(); !res) {', op('CUpdateTokenMessage')),
        a(T.tokens, 'if (auto res = HasCollateralAuth(token.creationTx); !res) {', op('CUpdateTokenMessage')),
        a(T.tokens, 'if (obj.token.IsDAT() != token.IsDAT() && !HasFoundationAuth()) {'),
      ],
    },
    enums: [
      TOKEN_FLAGS(
        {
          lps: 'liquidity pool share (0x08), ignored: the token keeps its own bit, and a pool share token cannot be updated',
          finalized: 'finalized (0x10): once set, the token refuses every later update',
          loanToken: 'loan token (0x20), ignored by this update',
        },
        [
          a(T.tokens, 'return Res::Err("token %s is the LPS token! Can\'t alter pool share\'s tokens!", obj.tokenTx.ToString());'),
          a('src/dfi/tokens.cpp', "return Res::Err(\"can't alter 'Finalized' tokens\");"),
          a('src/dfi/tokens.cpp', 'oldToken.flags |= (uint8_t)CToken::TokenFlags::Finalized;'),
        ],
      ),
    ],
  },
  M: {
    enumName: 'MintToken',
    message: 'CMintTokensMessage',
    gates: [
      {
        text: 'A `to` address needs the attribute `v0/params/feature/mint-tokens-to-address`; without it the tokens go to the token\u2019s owner.',
        at: [
          a(T.tokens, 'CDataStructureV0 enabledKey{AttributeTypes::Param, ParamIDs::Feature, DFIPKeys::MintTokens};'),
          a(T.tokens, 'return Res::Err("Mint tokens to address is not enabled");'),
        ],
      },
    ],
    outputs: NO_OUTPUT_RULE,
    sender: {
      text: 'The token\u2019s owner (an input from output 1 of its creation transaction); or, for a DAT, a foundation member. On mainnet a loan token cannot be minted this way.',
      at: [
        a(T.tokens, 'if (anybodyCanMint || HasAuth(auth.out.scriptPubKey)) {'),
        a(T.tokens, 'if (!token.IsDAT()) {', 'ResVal<CScript> result{auth.out.scriptPubKey, Res::Ok()};'),
        a(T.tokens, 'return Res::Err("token is DAT and tx not from foundation member");'),
        a(T.tokens, 'if (!token.IsMintable() || (isMainNet && mnview.GetLoanTokenByID(id))) {'),
      ],
    },
    enums: [],
  },
  F: {
    enumName: 'BurnToken',
    message: 'CBurnTokensMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'The `from` account\u2019s owner.', at: [a(T.tokens, 'if (!HasAuth(obj.from)) {', op('CBurnTokensMessage'))] },
    enums: [
      {
        field: 'burnType',
        values: [{ value: '0', meaning: 'TokenBurn, the only type accepted' }],
        at: [a('src/dfi/tokens.h', 'TokenBurn = 0,'), a(T.tokens, 'return Res::Err("Currently only burn type 0 - TokenBurn is supported!");')],
      },
    ],
  },
  p: {
    enumName: 'CreatePoolPair',
    message: 'CCreatePoolPairMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: FOUNDATION(T.poolpairs, 'CCreatePoolPairMessage'),
    enums: [],
  },
  u: {
    enumName: 'UpdatePoolPair',
    message: 'CUpdatePoolPairMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: FOUNDATION(T.poolpairs, 'CUpdatePoolPairMessage'),
    enums: [],
  },
  s: {
    enumName: 'PoolSwap',
    message: 'CPoolSwapMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'The `from` account\u2019s owner.', at: [a(T.poolpairs, 'if (auto res = HasAuth(obj.from); !res) {', op('CPoolSwapMessage'))] },
    enums: [],
  },
  i: {
    enumName: 'PoolSwapV2',
    message: 'CPoolSwapMessageV2',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'The `from` account\u2019s owner.', at: [a(T.poolpairs, 'if (auto res = HasAuth(obj.swapInfo.from); !res) {')] },
    enums: [],
  },
  l: {
    enumName: 'AddPoolLiquidity',
    message: 'CLiquidityMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'The owner of every `from` account.', at: [a(T.poolpairs, 'if (auto res = HasAuth(kv.first); !res) {', op('CLiquidityMessage'))] },
    enums: [],
  },
  r: {
    enumName: 'RemovePoolLiquidity',
    message: 'CRemoveLiquidityMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'The `from` account\u2019s owner.', at: [a(T.poolpairs, 'if (auto res = HasAuth(from); !res) {', op('CRemoveLiquidityMessage'))] },
    enums: [],
  },
  U: {
    enumName: 'UtxosToAccount',
    message: 'CUtxosToAccountMessage',
    gates: [],
    outputs: {
      rule: 'burnt',
      text: 'The values of the OP_RETURN outputs (output 0 among them), summed per token, must equal the sum of the `to` balances: the DFI converted is the value of output 0.',
      at: [a(T.accounts, 'if (out.scriptPubKey.size() > 0 && out.scriptPubKey[0] == OP_RETURN) {'), a(T.accounts, 'if (*burnt.val != mustBeBurnt) {')],
    },
    sender: { text: 'Anyone: the DFI comes from the transaction\u2019s inputs.', at: [a(T.accounts, 'auto burnt = BurntTokens(tx);')] },
    enums: [],
  },
  b: {
    enumName: 'AccountToUtxos',
    message: 'CAccountToUtxosMessage',
    gates: [],
    outputs: {
      rule: 'none',
      text: 'No rule on output 0; the outputs from `mintingOutputsStart` on must hold exactly the `balances`, and only DFI.',
      at: [a(T.accounts, 'if (obj.balances != *minted.val) {'), a(T.accounts, 'return Res::Err("only available for DFI transactions");')],
    },
    sender: { text: 'The `from` account\u2019s owner.', at: [a(T.accounts, 'if (auto res = HasAuth(obj.from); !res) {', op('CAccountToUtxosMessage'))] },
    enums: [],
  },
  B: {
    enumName: 'AccountToAccount',
    message: 'CAccountToAccountMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'The `from` account\u2019s owner.', at: [a(T.accounts, 'if (auto res = HasAuth(obj.from); !res) {', op('CAccountToAccountMessage'))] },
    enums: [],
  },
  a: {
    enumName: 'AnyAccountsToAccounts',
    message: 'CAnyAccountsToAccountsMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: {
      text: 'The owner of every `from` account.',
      at: [a(T.accounts, 'if (auto res = HasAuth(kv.first); !res) {', op('CAnyAccountsToAccountsMessage'))],
    },
    enums: [],
  },
  '8': {
    enumName: 'TransferDomain',
    message: 'CTransferDomainMessage',
    gates: [
      {
        text: 'Needs the attribute `v0/params/feature/transferdomain` and the EVM enabled for the block; exactly one transfer and at most one input.',
        at: [
          a(T.xvm, 'const CDataStructureV0 enabledKey{AttributeTypes::Param, ParamIDs::Feature, DFIPKeys::TransferDomain};'),
          a(T.xvm, 'return DeFiErrors::TransferDomainEVMNotEnabled();'),
          a(T.xvm, 'if (obj.transfers.size() != 1) {'),
          a(T.xvm, 'if (tx.vin.size() > 1) {'),
        ],
      },
      {
        text: 'The EVM side\u2019s `data` is not empty: it holds the signed EVM transaction of the transfer (at most 1,024 bytes), `dst.data` for DVM to EVM and `src.data` for EVM to DVM, which the node validates in the block\u2019s EVM template.',
        at: [
          a(T.xvm, 'constexpr uint32_t MAX_TRANSFERDOMAIN_EVM_DATA_LEN = 1024;'),
          a(T.xvm, 'if (dst.data.size() > MAX_TRANSFERDOMAIN_EVM_DATA_LEN) {'),
          a(T.xvm, 'const auto evmTx = HexStr(dst.data);'),
          a(T.xvm, 'if (src.data.size() > MAX_TRANSFERDOMAIN_EVM_DATA_LEN) {'),
          a(T.xvm, 'const auto evmTx = HexStr(src.data);'),
        ],
      },
    ],
    outputs: NO_OUTPUT_RULE,
    sender: {
      text: 'DVM to EVM: the source address\u2019s owner. EVM to DVM: an input whose key maps to the source EVM address (the same public key\u2019s P2PKH or P2WPKH address).',
      at: [a(T.xvm, 'return HasAuth(tx, coins, src.address);'), a(T.xvm, 'return HasAuth(tx, coins, src.address, AuthStrategy::Mapped, authType);')],
    },
    enums: [
      {
        field: 'domain',
        values: [
          { value: '2', meaning: 'DVM' },
          { value: '3', meaning: 'EVM' },
        ],
        at: [a('src/dfi/consensus/xvm.h', 'DVM = 0x02,'), a('src/dfi/consensus/xvm.h', 'EVM = 0x03,')],
      },
    ],
  },
  Q: {
    enumName: 'FutureSwap',
    message: 'CFutureSwapMessage',
    gates: [
      {
        text: 'Needs the attribute `v0/params/dfip2203/active` (or `v0/params/dfip2206f/active` for DFI to DUSD) with its block period and reward set, and the start block reached.',
        at: [
          a(T.smartcontracts, 'const auto paramID = dfiToDUSD ? ParamIDs::DFIP2206F : ParamIDs::DFIP2203;'),
          a(T.smartcontracts, 'return Res::Err("%s not currently active", dfiToDUSD ? "DFIP2206F" : "DFIP2203");'),
        ],
      },
    ],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'The `owner` account\u2019s owner.', at: [a(T.smartcontracts, 'if (!HasAuth(obj.owner)) {', op('CFutureSwapMessage'))] },
    enums: [],
  },
  '9': {
    enumName: 'EvmTx',
    message: 'CEvmTxMessage',
    gates: [{ text: 'The EVM must be enabled for the block.', at: [a(T.xvm, 'return Res::Err("Cannot create tx, EVM is not enabled");')] }],
    // The handler calls no CheckCustomTx; the rule is the shape the node needs to take the transaction for an EVM one.
    outputs: {
      rule: 'value-zero',
      text: 'Output 0 of value 0, and no other output: the node takes the transaction for an EVM transaction only with two null inputs and one output of value 0 (with a value, its null inputs are refused as bad-txns-prevout-null).',
      at: [a('src/consensus/tx_check.cpp', 'tx.vout[0].nValue == 0 &&', 'bool IsEVMTx('), a('src/consensus/tx_check.cpp', 'if (txin.prevout.IsNull())')],
    },
    outputsFromEnvelope: true,
    sender: {
      text: 'No input check: the EVM transaction inside carries its own signature.',
      at: [a(T.xvm, 'Res CXVMConsensus::operator()(const CEvmTxMessage &obj) const {')],
    },
    enums: [],
  },
  G: {
    enumName: 'SetGovVariable',
    message: 'CGovernanceMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: FOUNDATION(T.governance, 'CGovernanceMessage'),
    enums: [],
  },
  j: {
    enumName: 'SetGovVariableHeight',
    message: 'CGovernanceHeightMessage',
    gates: [
      {
        text: 'Exactly one variable, then the start height, which must be above the current height; a second variable is left over as excess bytes and refused.',
        at: [
          a('src/dfi/gv.h', 's >> govName;', 'struct CGovernanceHeightMessage {'),
          a('src/dfi/gv.h', 's >> startHeight;'),
          a(T.governance, 'if (obj.startHeight <= height) {'),
        ],
      },
    ],
    outputs: NO_OUTPUT_RULE,
    sender: FOUNDATION(T.governance, 'CGovernanceHeightMessage', 'if (!HasFoundationAuth()) {'),
    enums: [],
  },
  A: {
    enumName: 'AutoAuthPrep',
    message: null,
    handledAs: {
      text: 'No message and no consensus handler: the node reads it as CCustomTxMessageNone and applies nothing. The node\u2019s wallet sends it to create the input another DeFi transaction needs for its auth.',
      at: [
        a(MN_CHECKS, 'return CCustomTxMessageNone{};', 'case CustomTxType::AutoAuthPrep:'),
        a(MN_CHECKS, 'Res operator()(const CCustomTxMessageNone &) const { return Res::Ok(); }', 'class CCustomTxApplyVisitor {'),
      ],
    },
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: {
      text: 'Anyone.',
      at: [a(MN_CHECKS, 'Res operator()(const CCustomTxMessageNone &) const { return Res::Ok(); }', 'class CCustomTxApplyVisitor {')],
    },
    enums: [],
  },
  o: {
    enumName: 'AppointOracle',
    message: 'CAppointOracleMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: FOUNDATION(T.oracles, 'CAppointOracleMessage'),
    enums: [],
  },
  h: {
    enumName: 'RemoveOracleAppoint',
    message: 'CRemoveOracleAppointMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: FOUNDATION(T.oracles, 'CRemoveOracleAppointMessage'),
    enums: [],
  },
  t: {
    enumName: 'UpdateOracleAppoint',
    message: 'CUpdateOracleAppointMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: FOUNDATION(T.oracles, 'CUpdateOracleAppointMessage'),
    enums: [],
  },
  y: {
    enumName: 'SetOracleData',
    message: 'CSetOracleDataMessage',
    gates: [],
    outputs: NO_OUTPUT_RULE,
    sender: { text: 'The oracle\u2019s address (the one it was appointed with).', at: [a(T.oracles, 'if (!HasAuth(oracle.val->oracleAddress)) {')] },
    enums: [],
  },
  '1': {
    enumName: 'ICXCreateOrder',
    message: 'CICXCreateOrderMessage',
    gates: [
      ICX_GATE('CICXCreateOrderMessage'),
      {
        text: '`expiry` must be at least 2,880 blocks.',
        at: [
          a('src/dfi/icxorder.cpp', 'const uint32_t CICXOrder::DEFAULT_EXPIRY = 2880;'),
          a('src/dfi/icxorder.cpp', 'if (order.expiry < CICXOrder::DEFAULT_EXPIRY) {'),
        ],
      },
    ],
    outputs: VALUE_ZERO(T.icx, 'CICXCreateOrderMessage'),
    sender: { text: 'The order\u2019s `ownerAddress`.', at: [a(T.icx, 'if (!HasAuth(order.ownerAddress)) {')] },
    enums: [
      {
        field: 'orderType',
        values: [
          { value: '1', meaning: 'internal: sells a token of the DeFi chain for BTC' },
          { value: '2', meaning: 'external: sells BTC for a token of the DeFi chain' },
        ],
        at: [
          a('src/dfi/icxorder.cpp', 'const uint8_t CICXOrder::TYPE_INTERNAL = 1;'),
          a('src/dfi/icxorder.cpp', 'const uint8_t CICXOrder::TYPE_EXTERNAL = 2;'),
        ],
      },
    ],
  },
  '2': {
    enumName: 'ICXMakeOffer',
    message: 'CICXMakeOfferMessage',
    gates: [
      ICX_GATE('CICXMakeOfferMessage'),
      {
        text: '`expiry` must be at least 20 blocks from EunosPaya (10 before).',
        at: [
          a('src/dfi/icxorder.cpp', 'const uint32_t CICXMakeOffer::DEFAULT_EXPIRY = 10;'),
          a('src/dfi/icxorder.cpp', 'const uint32_t CICXMakeOffer::EUNOSPAYA_DEFAULT_EXPIRY = 20;'),
          a(T.icx, 'auto expiry = static_cast<int>(height) < consensus.DF10EunosPayaHeight ? CICXMakeOffer::DEFAULT_EXPIRY'),
          a(T.icx, 'return Res::Err("offer expiry must be greater than %d!", expiry - 1);'),
        ],
      },
    ],
    outputs: VALUE_ZERO(T.icx, 'CICXMakeOfferMessage'),
    sender: { text: 'The offer\u2019s `ownerAddress`.', at: [a(T.icx, 'if (!HasAuth(makeoffer.ownerAddress)) {')] },
    enums: [],
  },
  '3': {
    enumName: 'ICXSubmitDFCHTLC',
    message: 'CICXSubmitDFCHTLCMessage',
    gates: [
      ICX_GATE('CICXSubmitDFCHTLCMessage'),
      {
        text: '`timeout` in blocks: at least 1,440 when this is the first HTLC and 480 when second, from EunosPaya (500 and 250 before).',
        at: [
          a('src/dfi/icxorder.cpp', 'const uint32_t CICXSubmitDFCHTLC::EUNOSPAYA_MINIMUM_TIMEOUT = 1440;'),
          a('src/dfi/icxorder.cpp', 'const uint32_t CICXSubmitDFCHTLC::EUNOSPAYA_MINIMUM_2ND_TIMEOUT = 480;'),
        ],
      },
    ],
    outputs: VALUE_ZERO(T.icx, 'CICXSubmitDFCHTLCMessage'),
    sender: {
      text: 'For an internal order the order\u2019s owner; for an external order the offer\u2019s owner.',
      at: [
        a(T.icx, 'if (!HasAuth(order->ownerAddress)) {', op('CICXSubmitDFCHTLCMessage')),
        a(T.icx, 'if (!HasAuth(offer->ownerAddress)) {', op('CICXSubmitDFCHTLCMessage')),
      ],
    },
    enums: [],
  },
  '4': {
    enumName: 'ICXSubmitEXTHTLC',
    message: 'CICXSubmitEXTHTLCMessage',
    gates: [
      ICX_GATE('CICXSubmitEXTHTLCMessage'),
      {
        text: '`timeout` in Bitcoin blocks: at least 72 when this is the first HTLC and 24 when second, from EunosPaya (30 and 15 before).',
        at: [
          a('src/dfi/icxorder.cpp', 'const uint32_t CICXSubmitEXTHTLC::EUNOSPAYA_MINIMUM_TIMEOUT = 72;'),
          a('src/dfi/icxorder.cpp', 'const uint32_t CICXSubmitEXTHTLC::EUNOSPAYA_MINIMUM_2ND_TIMEOUT = 24;'),
        ],
      },
    ],
    outputs: VALUE_ZERO(T.icx, 'CICXSubmitEXTHTLCMessage'),
    sender: {
      text: 'For an internal order the offer\u2019s owner; for an external order the order\u2019s owner.',
      at: [
        a(T.icx, 'if (!HasAuth(offer->ownerAddress)) {', op('CICXSubmitEXTHTLCMessage')),
        a(T.icx, 'if (!HasAuth(order->ownerAddress)) {', op('CICXSubmitEXTHTLCMessage')),
      ],
    },
    enums: [],
  },
  '5': {
    enumName: 'ICXClaimDFCHTLC',
    message: 'CICXClaimDFCHTLCMessage',
    gates: [ICX_GATE('CICXClaimDFCHTLCMessage')],
    outputs: VALUE_ZERO(T.icx, 'CICXClaimDFCHTLCMessage'),
    sender: {
      text: 'Anyone who has the seed: the handler checks no input.',
      at: [a(T.icx, 'Res CICXOrdersConsensus::operator()(const CICXClaimDFCHTLCMessage &obj) const {')],
    },
    enums: [],
  },
  '6': {
    enumName: 'ICXCloseOrder',
    message: 'CICXCloseOrderMessage',
    gates: [],
    outputs: VALUE_ZERO(T.icx, 'CICXCloseOrderMessage'),
    sender: {
      text: 'The order\u2019s owner; closing is not gated by ICX being enabled.',
      at: [a(T.icx, 'if (!HasAuth(order->ownerAddress)) {', op('CICXCloseOrderMessage'))],
    },
    enums: [],
  },
  '7': {
    enumName: 'ICXCloseOffer',
    message: 'CICXCloseOfferMessage',
    gates: [],
    outputs: VALUE_ZERO(T.icx, 'CICXCloseOfferMessage'),
    sender: {
      text: 'The offer\u2019s owner; closing is not gated by ICX being enabled.',
      at: [a(T.icx, 'if (!HasAuth(offer->ownerAddress)) {', op('CICXCloseOfferMessage'))],
    },
    enums: [],
  },
  c: {
    enumName: 'SetLoanCollateralToken',
    message: 'CLoanSetCollateralTokenMessage',
    gates: [],
    outputs: VALUE_ZERO(T.loans, 'CLoanSetCollateralTokenMessage'),
    sender: FOUNDATION(T.loans, 'CLoanSetCollateralTokenMessage'),
    enums: [],
  },
  g: {
    enumName: 'SetLoanToken',
    message: 'CLoanSetLoanTokenMessage',
    gates: [],
    outputs: VALUE_ZERO(T.loans, 'CLoanSetLoanTokenMessage'),
    sender: FOUNDATION(T.loans, 'CLoanSetLoanTokenMessage'),
    enums: [],
  },
  x: {
    enumName: 'UpdateLoanToken',
    message: 'CLoanUpdateLoanTokenMessage',
    gates: [],
    outputs: VALUE_ZERO(T.loans, 'CLoanUpdateLoanTokenMessage'),
    sender: FOUNDATION(T.loans, 'CLoanUpdateLoanTokenMessage'),
    enums: [],
  },
  L: {
    enumName: 'LoanScheme',
    message: 'CLoanSchemeMessage',
    gates: [],
    outputs: VALUE_ZERO(T.loans, 'CLoanSchemeMessage'),
    sender: FOUNDATION(T.loans, 'CLoanSchemeMessage'),
    enums: [],
  },
  d: {
    enumName: 'DefaultLoanScheme',
    message: 'CDefaultLoanSchemeMessage',
    gates: [],
    outputs: VALUE_ZERO(T.loans, 'CDefaultLoanSchemeMessage'),
    sender: FOUNDATION(T.loans, 'CDefaultLoanSchemeMessage'),
    enums: [],
  },
  D: {
    enumName: 'DestroyLoanScheme',
    message: 'CDestroyLoanSchemeMessage',
    gates: [],
    outputs: VALUE_ZERO(T.loans, 'CDestroyLoanSchemeMessage'),
    sender: FOUNDATION(T.loans, 'CDestroyLoanSchemeMessage'),
    enums: [],
  },
  V: {
    enumName: 'Vault',
    message: 'CVaultMessage',
    gates: [],
    outputs: {
      rule: 'fee',
      text: 'Output 0 must carry exactly the vault creation fee in DFI: 2 DFI on mainnet, 1 DFI on testnet.',
      at: [
        a(T.vaults, 'if (tx.vout[0].nValue != vaultCreationFee || tx.vout[0].nTokenId != DCT_ID{0}) {'),
        a(CHAINPARAMS, 'consensus.vaultCreationFee = 2 * COIN;'),
        a(CHAINPARAMS, 'consensus.vaultCreationFee = 1 * COIN;'),
      ],
    },
    sender: { text: 'Anyone; the vault belongs to `ownerAddress`.', at: [a(T.vaults, 'Res CVaultsConsensus::operator()(const CVaultMessage &obj) const {')] },
    enums: [],
  },
  v: {
    enumName: 'UpdateVault',
    message: 'CUpdateVaultMessage',
    refusedAfter: VAULT_DISABLED,
    gates: [],
    outputs: VALUE_ZERO(T.vaults, 'CUpdateVaultMessage'),
    sender: { text: 'The vault\u2019s owner.', at: [a(T.vaults, 'if (!HasAuth(vault->ownerAddress)) {', op('CUpdateVaultMessage'))] },
    enums: [],
  },
  S: {
    enumName: 'DepositToVault',
    message: 'CDepositToVaultMessage',
    refusedAfter: VAULT_DISABLED,
    gates: [],
    outputs: VALUE_ZERO(T.vaults, 'CDepositToVaultMessage'),
    sender: {
      text: 'The `from` account\u2019s owner (anyone may deposit into any vault).',
      at: [a(T.vaults, 'if (!HasAuth(obj.from)) {', op('CDepositToVaultMessage'))],
    },
    enums: [],
  },
  J: {
    enumName: 'WithdrawFromVault',
    message: 'CWithdrawFromVaultMessage',
    refusedAfter: VAULT_DISABLED,
    gates: [],
    outputs: VALUE_ZERO(T.vaults, 'CWithdrawFromVaultMessage'),
    sender: { text: 'The vault\u2019s owner.', at: [a(T.vaults, 'if (!HasAuth(vault->ownerAddress)) {', op('CWithdrawFromVaultMessage'))] },
    enums: [],
  },
  e: {
    enumName: 'CloseVault',
    message: 'CCloseVaultMessage',
    gates: [],
    outputs: VALUE_ZERO(T.vaults, 'CCloseVaultMessage'),
    sender: { text: 'The vault\u2019s owner.', at: [a(T.vaults, 'if (!HasAuth(vault->ownerAddress)) {', op('CCloseVaultMessage'))] },
    enums: [],
  },
  X: {
    enumName: 'TakeLoan',
    message: 'CLoanTakeLoanMessage',
    refusedAfter: VAULT_DISABLED,
    gates: [],
    outputs: VALUE_ZERO(T.loans, 'CLoanTakeLoanMessage'),
    sender: { text: 'The vault\u2019s owner.', at: [a(T.loans, 'if (!HasAuth(vault->ownerAddress)) {', op('CLoanTakeLoanMessage'))] },
    enums: [],
  },
  H: {
    enumName: 'PaybackLoan',
    message: 'CLoanPaybackLoanMessage',
    handledAs: {
      text: 'The handler turns the message into a PaybackLoanV2 message (DFI paid back against the DUSD loan) and applies that.',
      at: [a(T.loans, 'return (*this)(CLoanPaybackLoanV2Message{obj.vaultId, obj.from, loans});')],
    },
    refusedAfter: VAULT_DISABLED,
    gates: [],
    outputs: {
      rule: 'value-zero',
      text: 'CheckCustomTx, through the PaybackLoanV2 handler: output 0 must have value 0 (from EunosPaya; below it exactly 2 outputs).',
      at: [a(T.loans, 'auto res = CheckCustomTx();', op('CLoanPaybackLoanV2Message'))],
    },
    sender: {
      text: 'The `from` account\u2019s owner (anyone may pay back a vault\u2019s loan).',
      at: [a(T.loans, 'if (!HasAuth(obj.from)) {', op('CLoanPaybackLoanV2Message'))],
    },
    enums: [],
  },
  k: {
    enumName: 'PaybackLoanV2',
    message: 'CLoanPaybackLoanV2Message',
    gates: [],
    outputs: {
      rule: 'value-zero',
      text: 'CheckCustomTx: output 0 must have value 0 (from EunosPaya; below it the transaction needed exactly 2 outputs).',
      at: [a(T.loans, 'auto res = CheckCustomTx();', op('CLoanPaybackLoanV2Message'))],
    },
    sender: {
      text: 'The `from` account\u2019s owner (anyone may pay back a vault\u2019s loan).',
      at: [a(T.loans, 'if (!HasAuth(obj.from)) {', op('CLoanPaybackLoanV2Message'))],
    },
    enums: [],
  },
  I: {
    enumName: 'AuctionBid',
    message: 'CAuctionBidMessage',
    gates: [],
    outputs: VALUE_ZERO(T.vaults, 'CAuctionBidMessage'),
    sender: { text: 'The `from` account\u2019s owner.', at: [a(T.vaults, 'if (!HasAuth(obj.from)) {', op('CAuctionBidMessage'))] },
    enums: [],
  },
  z: {
    enumName: 'CreateCfp',
    message: 'CCreateProposalMessage',
    gates: [GOV_GATE('CCreateProposalMessage')],
    outputs: {
      rule: 'fee',
      text: 'Output 0 must carry exactly the proposal fee in DFI (GetProposalCreationFee): for a community fund proposal 1% of the amount asked for, at least 10 DFI, unless the attribute `v0/gov/proposals/cfp_fee` sets another share.',
      at: [
        a(T.proposals, 'if (tx.vout[0].nValue != GetProposalCreationFee(height, mnview, msg) || tx.vout[0].nTokenId != DCT_ID{0}) {'),
        a('src/dfi/masternodes.cpp', 'cfpFee = MultiplyAmounts(msg.nAmount, attributes->GetValue(CFPKey, Params().GetConsensus().props.cfp.fee));'),
        a(CHAINPARAMS, 'consensus.props.cfp.fee = COIN / 100; // 1%'),
        a(CHAINPARAMS, 'consensus.props.cfp.minimumFee = 10 * COIN; // 10 DFI'),
      ],
    },
    sender: { text: 'The payout `address`\u2019s owner.', at: [a(T.proposals, 'if (!HasAuth(obj.address)) {', op('CCreateProposalMessage'))] },
    enums: [
      {
        field: 'type',
        values: [
          { value: '1', meaning: 'community fund proposal' },
          { value: '2', meaning: 'vote of confidence' },
        ],
        at: [a('src/dfi/proposals.h', 'CommunityFundProposal = 0x01,'), a('src/dfi/proposals.h', 'VoteOfConfidence = 0x02,')],
      },
      {
        field: 'options',
        values: [{ value: '1', meaning: 'emergency (bit 0): votes of confidence only' }],
        at: [a('src/dfi/proposals.h', 'Emergency = 0x01,'), a(T.proposals, 'return Res::Err("only vote of confidence allowed with emergency option");')],
      },
    ],
  },
  E: {
    enumName: 'CreateVoc',
    message: 'CCreateProposalMessage',
    gates: [
      GOV_GATE('CCreateProposalMessage'),
      {
        text: 'A vote of confidence asks for no amount, has no payout address and runs 1 cycle (unless emergency).',
        at: [
          a(T.proposals, 'return Res::Err("proposal amount in vote of confidence");'),
          a(T.proposals, 'return Res::Err("vote of confidence address should be empty");'),
          a('src/dfi/proposals.h', 'constexpr const uint8_t VOC_CYCLES = 1;'),
        ],
      },
    ],
    outputs: {
      rule: 'fee',
      text: 'Output 0 must carry exactly the proposal fee in DFI (GetProposalCreationFee): 100 DFI on mainnet (50 on testnet), 10,000 DFI for an emergency one, unless the attributes `v0/gov/proposals/voc_fee` or `voc_emergency_fee` say otherwise.',
      at: [
        a(T.proposals, 'if (tx.vout[0].nValue != GetProposalCreationFee(height, mnview, msg) || tx.vout[0].nTokenId != DCT_ID{0}) {'),
        a('src/dfi/masternodes.cpp', 'return attributes->GetValue(VOCKey, Params().GetConsensus().props.voc.fee);'),
        a(CHAINPARAMS, 'consensus.props.voc.fee = 100 * COIN;'),
        a(CHAINPARAMS, 'consensus.props.voc.fee = 50 * COIN;'),
        a(CHAINPARAMS, 'consensus.props.voc.emergencyFee = 10000 * COIN;'),
      ],
    },
    sender: {
      text: 'Anyone: a vote of confidence checks no input.',
      at: [a(T.proposals, 'case CProposalType::VoteOfConfidence:', op('CCreateProposalMessage'))],
    },
    enums: [
      {
        field: 'type',
        values: [
          { value: '1', meaning: 'community fund proposal' },
          { value: '2', meaning: 'vote of confidence' },
        ],
        at: [a('src/dfi/proposals.h', 'CommunityFundProposal = 0x01,'), a('src/dfi/proposals.h', 'VoteOfConfidence = 0x02,')],
      },
      { field: 'options', values: [{ value: '1', meaning: 'emergency (bit 0)' }], at: [a('src/dfi/proposals.h', 'Emergency = 0x01,')] },
    ],
  },
  O: {
    enumName: 'Vote',
    message: 'CProposalVoteMessage',
    gates: [GOV_GATE('CProposalVoteMessage')],
    outputs: NO_OUTPUT_RULE,
    sender: {
      text: 'The owner of the voting masternode, which must be active and have minted a block.',
      at: [
        a(T.proposals, 'if (!HasAuth(GetScriptForDestination(ownerDest))) {'),
        a(T.proposals, 'return Res::Err("masternode <%s> does not mine at least one block", obj.masternodeId.GetHex());'),
      ],
    },
    enums: [
      {
        field: 'voteDecision',
        values: [
          { value: '1', meaning: 'yes' },
          { value: '2', meaning: 'no' },
          { value: '3', meaning: 'neutral' },
        ],
        at: [
          a('src/dfi/proposals.h', 'VoteYes = 0x01,'),
          a('src/dfi/proposals.h', 'VoteNeutral = 0x03,'),
          a(T.proposals, 'return Res::Err("unsupported vote type");'),
        ],
      },
    ],
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Layouts as the node reads them. `wire` names the bytes (generator/node-rules/README.md lists the words); `sdk` names
// the SDK composer's fields the node field stands for, in order.

const F = (name: string, wire: string, sdk: string[], file: string, text: string, after: string): NodeFieldSource => ({
  name,
  wire,
  sdk,
  at: a(file, text, after),
});
const H = {
  accounts: 'src/dfi/accounts.h',
  poolpairs: 'src/dfi/poolpairs.h',
  tokens: 'src/dfi/tokens.h',
  masternodes: 'src/dfi/masternodes.h',
  gv: 'src/dfi/gv.h',
  oracles: 'src/dfi/oracles.h',
  icx: 'src/dfi/icxorder.h',
  loan: 'src/dfi/loan.h',
  vault: 'src/dfi/vault.h',
  proposals: 'src/dfi/proposals.h',
  evm: 'src/dfi/evm.h',
};
const BAL = '[int32le int64le]';
const ACC = `[script ${BAL}]`;
const TOKEN_AMOUNT = 'varint int64le';
const PAIR = 'string string';
const L = (fields: NodeFieldSource[], differences: DifferenceSource[] = []): LayoutSource => ({ fields, differences });

const CTOKEN = (after: string): NodeFieldSource[] => [
  F('symbol', 'string', ['symbol'], H.tokens, 'READWRITE(symbol);', after),
  F('name', 'string', ['name'], H.tokens, 'READWRITE(name);', after),
  F('decimal', 'byte', ['decimal'], H.tokens, 'READWRITE(decimal);', after),
  F('limit', 'int64le', ['limit'], H.tokens, 'READWRITE(limit);', after),
  F('flags', 'byte', ['isDAT', 'tradeable', 'mintable'], H.tokens, 'READWRITE(flags);', after),
];

const LAYOUTS: Record<string, LayoutSource> = {
  s: L([
    F('from', 'script', ['fromScript'], H.poolpairs, 'READWRITE(from);', 'struct CPoolSwapMessage {'),
    F('idTokenFrom', 'varint', ['fromTokenId'], H.poolpairs, 'READWRITE(idTokenFrom);', 'struct CPoolSwapMessage {'),
    F('amountFrom', 'int64le', ['fromAmount'], H.poolpairs, 'READWRITE(amountFrom);', 'struct CPoolSwapMessage {'),
    F('to', 'script', ['toScript'], H.poolpairs, 'READWRITE(to);', 'struct CPoolSwapMessage {'),
    F('idTokenTo', 'varint', ['toTokenId'], H.poolpairs, 'READWRITE(idTokenTo);', 'struct CPoolSwapMessage {'),
    F('maxPrice', 'int64le int64le', ['maxPrice'], H.poolpairs, 'READWRITE(maxPrice);', 'struct CPoolSwapMessage {'),
  ]),
  i: L([
    F('swapInfo', 'script varint int64le script varint int64le int64le', ['poolSwap'], H.poolpairs, 'READWRITE(swapInfo);', 'struct CPoolSwapMessageV2 {'),
    F('poolIDs', '[varint]', ['pools'], H.poolpairs, 'READWRITE(poolIDs);', 'struct CPoolSwapMessageV2 {'),
  ]),
  l: L([
    F('from', ACC, ['from'], H.poolpairs, 'READWRITE(from);', 'struct CLiquidityMessage {'),
    F('shareAddress', 'script', ['shareAddress'], H.poolpairs, 'READWRITE(shareAddress);', 'struct CLiquidityMessage {'),
  ]),
  r: L([
    F('from', 'script', ['script'], H.poolpairs, 'READWRITE(from);', 'struct CRemoveLiquidityMessage {'),
    F('amount', TOKEN_AMOUNT, ['tokenId', 'amount'], H.poolpairs, 'READWRITE(amount);', 'struct CRemoveLiquidityMessage {'),
  ]),
  p: L([
    F('idTokenA', 'varint', ['tokenA'], H.poolpairs, 'READWRITE(idTokenA);', 'struct CPoolPairMessageBase {'),
    F('idTokenB', 'varint', ['tokenB'], H.poolpairs, 'READWRITE(idTokenB);', 'struct CPoolPairMessageBase {'),
    F('commission', 'int64le', ['commission'], H.poolpairs, 'READWRITE(commission);', 'struct CPoolPairMessageBase {'),
    F('ownerAddress', 'script', ['ownerAddress'], H.poolpairs, 'READWRITE(ownerAddress);', 'struct CPoolPairMessageBase {'),
    F('status', 'byte', ['status'], H.poolpairs, 'READWRITE(status);', 'struct CPoolPairMessageBase {'),
    F('pairSymbol', 'string', ['pairSymbol'], H.poolpairs, 'READWRITE(pairSymbol);', 'struct CCreatePoolPairMessage'),
    F('rewards', `${BAL}?`, ['customRewards'], H.poolpairs, 'READWRITE(rewards);', 'struct CCreatePoolPairMessage'),
  ]),
  u: L(
    [
      F('poolId', 'int32le', ['poolId'], H.poolpairs, 'READWRITE(poolId.v);', 'struct CUpdatePoolPairMessage {'),
      F('status', 'byte', ['status'], H.poolpairs, 'READWRITE(status);', 'struct CUpdatePoolPairMessage {'),
      F('commission', 'int64le', ['commission'], H.poolpairs, 'READWRITE(commission);', 'struct CUpdatePoolPairMessage {'),
      F('ownerAddress', 'script', ['ownerAddress'], H.poolpairs, 'READWRITE(ownerAddress);', 'struct CUpdatePoolPairMessage {'),
      F('rewards', `${BAL}?`, ['customRewards'], H.poolpairs, 'READWRITE(rewards);', 'struct CUpdatePoolPairMessage {'),
    ],
    [
      {
        field: 'poolId',
        node: 'the raw uint32 `poolId.v`: 4 bytes, little-endian',
        sdk: 'a VarInt (`varInt`): 1 byte below 128, 2 or more from 128',
        coincide:
          'The node reads the 5 bytes of poolId and status together as a 4-byte id and a 1-byte bool. For a pool id below 128 the SDK writes `<id> 00 00 00 0v`, which the node reads as the same id and status v; from 128 on the VarInt takes 2 bytes, every later field is shifted, and the node reads another pool (or refuses the message).',
        at: [a(H.poolpairs, 'READWRITE(poolId.v);', 'struct CUpdatePoolPairMessage {')],
      },
      {
        field: 'status',
        node: 'a bool: 1 byte, 01 or 00',
        sdk: '`uBool32`: 4 bytes `00 00 00 01` for true (jellyfish-buffer writes [0, 0, 0, v])',
        coincide:
          'Only together with poolId, as above: the 3 zero bytes of the SDK\u2019s status are the node\u2019s poolId bytes 2 to 4, and the SDK\u2019s last byte is the node\u2019s bool.',
        at: [a(H.poolpairs, 'READWRITE(status);', 'struct CUpdatePoolPairMessage {')],
      },
    ],
  ),
  M: L(
    [
      F('balances', BAL, ['balances'], H.tokens, 'READWRITEAS(CBalances, *this);', 'struct CMintTokensMessage'),
      F('to', 'script?', ['to'], H.tokens, 'READWRITE(to);', 'struct CMintTokensMessage'),
    ],
    [
      {
        field: 'to',
        node: 'read only when bytes remain (a message may end after the balances)',
        sdk: 'always written; an empty script is the one byte 00',
        coincide: 'Always: the SDK\u2019s bytes are one of the two forms the node reads, and an empty `to` means the token\u2019s owner.',
        at: [a(H.tokens, 'if (!s.eof()) {', 'struct CMintTokensMessage')],
      },
    ],
  ),
  F: L([
    F('amounts', BAL, ['amounts'], H.tokens, 'READWRITE(amounts);', 'struct CBurnTokensMessage {'),
    F('from', 'script', ['from'], H.tokens, 'READWRITE(from);', 'struct CBurnTokensMessage {'),
    F('burnType', 'byte', ['burnType'], H.tokens, 'READWRITE(static_cast<uint8_t>(burnType));', 'struct CBurnTokensMessage {'),
    F('context', 'int32le script', ['variantContext'], H.tokens, 'READWRITE(context);', 'struct CBurnTokensMessage {'),
  ]),
  T: L(CTOKEN('class CToken {')),
  N: L([
    F('tokenTx', 'uint256', ['creationTx'], H.tokens, 'READWRITE(tokenTx);', 'struct CUpdateTokenPreAMKMessage {'),
    F('isDAT', 'byte', ['isDAT'], H.tokens, 'READWRITE(isDAT);', 'struct CUpdateTokenPreAMKMessage {'),
  ]),
  n: L([F('tokenTx', 'uint256', ['creationTx'], H.tokens, 'READWRITE(tokenTx);', 'struct CUpdateTokenMessage {'), ...CTOKEN('class CToken {')]),
  U: L([F('to', ACC, ['to'], H.accounts, 'READWRITE(to);', 'struct CUtxosToAccountMessage {')]),
  b: L([
    F('from', 'script', ['from'], H.accounts, 'READWRITE(from);', 'struct CAccountToUtxosMessage {'),
    F('balances', BAL, ['balances'], H.accounts, 'READWRITE(balances);', 'struct CAccountToUtxosMessage {'),
    F('mintingOutputsStart', 'varint', ['mintingOutputsStart'], H.accounts, 'READWRITE(VARINT(mintingOutputsStart));', 'struct CAccountToUtxosMessage {'),
  ]),
  B: L([
    F('from', 'script', ['from'], H.accounts, 'READWRITE(from);', 'struct CAccountToAccountMessage {'),
    F('to', ACC, ['to'], H.accounts, 'READWRITE(to);', 'struct CAccountToAccountMessage {'),
  ]),
  a: L([
    F('from', ACC, ['from'], H.accounts, 'READWRITE(from);', 'struct CAnyAccountsToAccountsMessage {'),
    F('to', ACC, ['to'], H.accounts, 'READWRITE(to);', 'struct CAnyAccountsToAccountsMessage {'),
  ]),
  '8': L([
    F(
      'transfers',
      `[script ${TOKEN_AMOUNT} byte bytes script ${TOKEN_AMOUNT} byte bytes]`,
      ['items'],
      H.accounts,
      'READWRITE(transfers);',
      'struct CTransferDomainMessage {',
    ),
  ]),
  Q: L([
    F('owner', 'script', ['owner'], H.accounts, 'READWRITE(owner);', 'struct CFutureSwapMessage {'),
    F('source', TOKEN_AMOUNT, ['source'], H.accounts, 'READWRITE(source);', 'struct CFutureSwapMessage {'),
    F('destination', 'int32le', ['destination'], H.accounts, 'READWRITE(destination);', 'struct CFutureSwapMessage {'),
    F('withdraw', 'byte', ['withdraw'], H.accounts, 'READWRITE(withdraw);', 'struct CFutureSwapMessage {'),
  ]),
  '9': L([F('evmTx', 'bytes', ['raw'], H.evm, 'READWRITE(evmTx);', 'struct CEvmTxMessage {')]),
  G: L([F('govs', 'govvars', ['governanceVars'], H.gv, 'while (!s.empty()) {', 'struct CGovernanceMessage {')]),
  j: L(
    [
      F('govName, govVar', 'govvar', ['governanceVars'], H.gv, 's >> *govVar;', 'struct CGovernanceHeightMessage {'),
      F('startHeight', 'int32le', ['activationHeight'], H.gv, 's >> startHeight;', 'struct CGovernanceHeightMessage {'),
    ],
    [
      {
        field: 'govName, govVar',
        node: 'exactly one variable: its name, then its value',
        sdk: '`governanceVars`, any number of variables back to back',
        coincide:
          'With one variable only. A second one sits where the node reads the start height, and the bytes after it are excess: the node refuses the message.',
        at: [a(H.gv, 's >> govName;', 'struct CGovernanceHeightMessage {'), a(H.gv, 's >> startHeight;', 'struct CGovernanceHeightMessage {')],
      },
    ],
  ),
  A: L([]),
  o: L([
    F('oracleAddress', 'script', ['script'], H.oracles, 'READWRITE(oracleAddress);', 'struct CAppointOracleMessage {'),
    F('weightage', 'byte', ['weightage'], H.oracles, 'READWRITE(weightage);', 'struct CAppointOracleMessage {'),
    F('availablePairs', `[${PAIR}]`, ['priceFeeds'], H.oracles, 'READWRITE(availablePairs);', 'struct CAppointOracleMessage {'),
  ]),
  h: L([F('oracleId', 'uint256', ['oracleId'], H.oracles, 'READWRITE(oracleId);', 'struct CRemoveOracleAppointMessage {')]),
  t: L([
    F('oracleId', 'uint256', ['oracleId'], H.oracles, 'READWRITE(oracleId);', 'struct CUpdateOracleAppointMessage {'),
    F(
      'newOracleAppoint',
      `script byte [${PAIR}]`,
      ['script', 'weightage', 'priceFeeds'],
      H.oracles,
      'READWRITE(newOracleAppoint);',
      'struct CUpdateOracleAppointMessage {',
    ),
  ]),
  y: L([
    F('oracleId', 'uint256', ['oracleId'], H.oracles, 'READWRITE(oracleId);', 'struct CSetOracleDataMessage {'),
    F('timestamp', 'int64le', ['timestamp'], H.oracles, 'READWRITE(timestamp);', 'struct CSetOracleDataMessage {'),
    F('tokenPrices', '[string [string int64le]]', ['tokens'], H.oracles, 'READWRITE(tokenPrices);', 'struct CSetOracleDataMessage {'),
  ]),
  C: L([
    F('operatorType', 'byte', ['operatorType'], H.masternodes, 'READWRITE(operatorType);', 'struct CCreateMasterNodeMessage {'),
    F('operatorAuthAddress', 'bytes20', ['operatorPubKeyHash'], H.masternodes, 'READWRITE(operatorAuthAddress);', 'struct CCreateMasterNodeMessage {'),
    F('timelock', 'int16le?', ['timelock'], H.masternodes, 'READWRITE(timelock);', 'struct CCreateMasterNodeMessage {'),
  ]),
  R: L([F('(the id itself)', 'uint256', ['nodeId'], H.masternodes, 'READWRITEAS(uint256, *this);', 'struct CResignMasterNodeMessage')]),
  m: L([
    F('mnId', 'uint256', ['nodeId'], H.masternodes, 'READWRITE(mnId);', 'struct CUpdateMasterNodeMessage {'),
    F('updates', '[byte byte bytes]', ['updates'], H.masternodes, 'READWRITE(updates);', 'struct CUpdateMasterNodeMessage {'),
  ]),
  '1': L([
    F('orderType', 'byte', ['orderType'], H.icx, 'READWRITE(orderType);', 'class CICXOrder {'),
    F('idToken', 'varint', ['tokenId'], H.icx, 'READWRITE(idToken);', 'class CICXOrder {'),
    F('ownerAddress', 'script', ['ownerAddress'], H.icx, 'READWRITE(ownerAddress);', 'class CICXOrder {'),
    F('receivePubkey', 'bytes', ['receivePubkey'], H.icx, 'READWRITE(receivePubkey);', 'class CICXOrder {'),
    F('amountFrom', 'int64le', ['amountFrom'], H.icx, 'READWRITE(amountFrom);', 'class CICXOrder {'),
    F('amountToFill', 'int64le', ['amountToFill'], H.icx, 'READWRITE(amountToFill);', 'class CICXOrder {'),
    F('orderPrice', 'int64le', ['orderPrice'], H.icx, 'READWRITE(orderPrice);', 'class CICXOrder {'),
    F('expiry', 'int32le', ['expiry'], H.icx, 'READWRITE(expiry);', 'class CICXOrder {'),
  ]),
  '2': L([
    F('orderTx', 'uint256', ['orderTx'], H.icx, 'READWRITE(orderTx);', 'class CICXMakeOffer {'),
    F('amount', 'int64le', ['amount'], H.icx, 'READWRITE(amount);', 'class CICXMakeOffer {'),
    F('ownerAddress', 'script', ['ownerAddress'], H.icx, 'READWRITE(ownerAddress);', 'class CICXMakeOffer {'),
    F('receivePubkey', 'bytes', ['receivePubkey'], H.icx, 'READWRITE(receivePubkey);', 'class CICXMakeOffer {'),
    F('expiry', 'int32le', ['expiry'], H.icx, 'READWRITE(expiry);', 'class CICXMakeOffer {'),
    F('takerFee', 'int64le', ['takerFee'], H.icx, 'READWRITE(takerFee);', 'class CICXMakeOffer {'),
  ]),
  '3': L([
    F('offerTx', 'uint256', ['offerTx'], H.icx, 'READWRITE(offerTx);', 'class CICXSubmitDFCHTLC {'),
    F('amount', 'int64le', ['amount'], H.icx, 'READWRITE(amount);', 'class CICXSubmitDFCHTLC {'),
    F('hash', 'uint256', ['hash'], H.icx, 'READWRITE(hash);', 'class CICXSubmitDFCHTLC {'),
    F('timeout', 'int32le', ['timeout'], H.icx, 'READWRITE(timeout);', 'class CICXSubmitDFCHTLC {'),
  ]),
  '4': L([
    F('offerTx', 'uint256', ['offerTx'], H.icx, 'READWRITE(offerTx);', 'class CICXSubmitEXTHTLC {'),
    F('amount', 'int64le', ['amount'], H.icx, 'READWRITE(amount);', 'class CICXSubmitEXTHTLC {'),
    F('hash', 'uint256', ['hash'], H.icx, 'READWRITE(hash);', 'class CICXSubmitEXTHTLC {'),
    F('htlcscriptAddress', 'string', ['htlcScriptAddress'], H.icx, 'READWRITE(htlcscriptAddress);', 'class CICXSubmitEXTHTLC {'),
    F('ownerPubkey', 'bytes', ['ownerPubkey'], H.icx, 'READWRITE(ownerPubkey);', 'class CICXSubmitEXTHTLC {'),
    F('timeout', 'int32le', ['timeout'], H.icx, 'READWRITE(timeout);', 'class CICXSubmitEXTHTLC {'),
  ]),
  '5': L([
    F('dfchtlcTx', 'uint256', ['dfcHTLCTx'], H.icx, 'READWRITE(dfchtlcTx);', 'class CICXClaimDFCHTLC {'),
    F('seed', 'bytes', ['seed'], H.icx, 'READWRITE(seed);', 'class CICXClaimDFCHTLC {'),
  ]),
  '6': L([F('orderTx', 'uint256', ['orderTx'], H.icx, 'READWRITE(orderTx);', 'class CICXCloseOrder {')]),
  '7': L([F('offerTx', 'uint256', ['offerTx'], H.icx, 'READWRITE(offerTx);', 'class CICXCloseOffer {')]),
  c: L([
    F('idToken', 'varint', ['token'], H.loan, 'READWRITE(idToken);', 'class CLoanSetCollateralToken {'),
    F('factor', 'int64le', ['factor'], H.loan, 'READWRITE(factor);', 'class CLoanSetCollateralToken {'),
    F('fixedIntervalPriceId', PAIR, ['currencyPair'], H.loan, 'READWRITE(fixedIntervalPriceId);', 'class CLoanSetCollateralToken {'),
    F('activateAfterBlock', 'int32le', ['activateAfterBlock'], H.loan, 'READWRITE(activateAfterBlock);', 'class CLoanSetCollateralToken {'),
  ]),
  g: L([
    F('symbol', 'string', ['symbol'], H.loan, 'READWRITE(symbol);', 'class CLoanSetLoanToken {'),
    F('name', 'string', ['name'], H.loan, 'READWRITE(name);', 'class CLoanSetLoanToken {'),
    F('fixedIntervalPriceId', PAIR, ['currencyPair'], H.loan, 'READWRITE(fixedIntervalPriceId);', 'class CLoanSetLoanToken {'),
    F('mintable', 'byte', ['mintable'], H.loan, 'READWRITE(mintable);', 'class CLoanSetLoanToken {'),
    F('interest', 'int64le', ['interest'], H.loan, 'READWRITE(interest);', 'class CLoanSetLoanToken {'),
  ]),
  x: L([
    F('symbol', 'string', ['symbol'], H.loan, 'READWRITE(symbol);', 'class CLoanSetLoanToken {'),
    F('name', 'string', ['name'], H.loan, 'READWRITE(name);', 'class CLoanSetLoanToken {'),
    F('fixedIntervalPriceId', PAIR, ['currencyPair'], H.loan, 'READWRITE(fixedIntervalPriceId);', 'class CLoanSetLoanToken {'),
    F('mintable', 'byte', ['mintable'], H.loan, 'READWRITE(mintable);', 'class CLoanSetLoanToken {'),
    F('interest', 'int64le', ['interest'], H.loan, 'READWRITE(interest);', 'class CLoanSetLoanToken {'),
    F('tokenTx', 'uint256', ['tokenTx'], H.loan, 'READWRITE(tokenTx);', 'struct CLoanUpdateLoanTokenMessage'),
  ]),
  L: L([
    F('ratio', 'int32le', ['ratio'], H.loan, 'READWRITE(ratio);', 'struct CLoanSchemeData {'),
    F('rate', 'int64le', ['rate'], H.loan, 'READWRITE(rate);', 'struct CLoanSchemeData {'),
    F('identifier', 'string', ['identifier'], H.loan, 'READWRITE(identifier);', 'struct CLoanScheme :'),
    F('updateHeight', 'int64le', ['update'], H.loan, 'READWRITE(updateHeight);', 'struct CLoanSchemeMessage'),
  ]),
  d: L([F('identifier', 'string', ['identifier'], H.loan, 'READWRITE(identifier);', 'struct CDefaultLoanSchemeMessage {')]),
  D: L([
    F('identifier', 'string', ['identifier'], H.loan, 'READWRITE(identifier);', 'struct CDefaultLoanSchemeMessage {'),
    F('destroyHeight', 'int64le', ['height'], H.loan, 'READWRITE(destroyHeight);', 'struct CDestroyLoanSchemeMessage'),
  ]),
  V: L([
    F('ownerAddress', 'script', ['ownerAddress'], H.vault, 'READWRITE(ownerAddress);', 'struct CVaultMessage {'),
    F('schemeId', 'string', ['schemeId'], H.vault, 'READWRITE(schemeId);', 'struct CVaultMessage {'),
  ]),
  v: L([
    F('vaultId', 'uint256', ['vaultId'], H.vault, 'READWRITE(vaultId);', 'struct CUpdateVaultMessage {'),
    F('ownerAddress', 'script', ['ownerAddress'], H.vault, 'READWRITE(ownerAddress);', 'struct CUpdateVaultMessage {'),
    F('schemeId', 'string', ['schemeId'], H.vault, 'READWRITE(schemeId);', 'struct CUpdateVaultMessage {'),
  ]),
  S: L([
    F('vaultId', 'uint256', ['vaultId'], H.vault, 'READWRITE(vaultId);', 'struct CDepositToVaultMessage {'),
    F('from', 'script', ['from'], H.vault, 'READWRITE(from);', 'struct CDepositToVaultMessage {'),
    F('amount', TOKEN_AMOUNT, ['tokenAmount'], H.vault, 'READWRITE(amount);', 'struct CDepositToVaultMessage {'),
  ]),
  J: L([
    F('vaultId', 'uint256', ['vaultId'], H.vault, 'READWRITE(vaultId);', 'struct CWithdrawFromVaultMessage {'),
    F('to', 'script', ['to'], H.vault, 'READWRITE(to);', 'struct CWithdrawFromVaultMessage {'),
    F('amount', TOKEN_AMOUNT, ['tokenAmount'], H.vault, 'READWRITE(amount);', 'struct CWithdrawFromVaultMessage {'),
  ]),
  e: L([
    F('vaultId', 'uint256', ['vaultId'], H.vault, 'READWRITE(vaultId);', 'struct CCloseVaultMessage {'),
    F('to', 'script', ['to'], H.vault, 'READWRITE(to);', 'struct CCloseVaultMessage {'),
  ]),
  X: L([
    F('vaultId', 'uint256', ['vaultId'], H.loan, 'READWRITE(vaultId);', 'class CLoanTakeLoanMessage {'),
    F('to', 'script', ['to'], H.loan, 'READWRITE(to);', 'class CLoanTakeLoanMessage {'),
    F('amounts', BAL, ['tokenAmounts'], H.loan, 'READWRITE(amounts);', 'class CLoanTakeLoanMessage {'),
  ]),
  H: L([
    F('vaultId', 'uint256', ['vaultId'], H.loan, 'READWRITE(vaultId);', 'class CLoanPaybackLoanMessage {'),
    F('from', 'script', ['from'], H.loan, 'READWRITE(from);', 'class CLoanPaybackLoanMessage {'),
    F('amounts', BAL, ['tokenAmounts'], H.loan, 'READWRITE(amounts);', 'class CLoanPaybackLoanMessage {'),
  ]),
  k: L([
    F('vaultId', 'uint256', ['vaultId'], H.loan, 'READWRITE(vaultId);', 'class CLoanPaybackLoanV2Message {'),
    F('from', 'script', ['from'], H.loan, 'READWRITE(from);', 'class CLoanPaybackLoanV2Message {'),
    F('loans', `[varint ${BAL}]`, ['loans'], H.loan, 'READWRITE(loans);', 'class CLoanPaybackLoanV2Message {'),
  ]),
  I: L([
    F('vaultId', 'uint256', ['vaultId'], H.vault, 'READWRITE(vaultId);', 'struct CAuctionBidMessage {'),
    F('index', 'int32le', ['index'], H.vault, 'READWRITE(index);', 'struct CAuctionBidMessage {'),
    F('from', 'script', ['from'], H.vault, 'READWRITE(from);', 'struct CAuctionBidMessage {'),
    F('amount', TOKEN_AMOUNT, ['tokenAmount'], H.vault, 'READWRITE(amount);', 'struct CAuctionBidMessage {'),
  ]),
  O: L([
    F('propId', 'uint256', ['proposalId'], H.proposals, 'READWRITE(propId);', 'struct CProposalVoteMessage {'),
    F('masternodeId', 'uint256', ['masternodeId'], H.proposals, 'READWRITE(masternodeId);', 'struct CProposalVoteMessage {'),
    F('vote', 'byte', ['voteDecision'], H.proposals, 'READWRITE(vote);', 'struct CProposalVoteMessage {'),
  ]),
};
const PROPOSAL: LayoutSource = L([
  F('type', 'byte', ['type'], H.proposals, 'READWRITE(type);', 'struct CCreateProposalMessage {'),
  F('address', 'script', ['address'], H.proposals, 'READWRITE(address);', 'struct CCreateProposalMessage {'),
  F('nAmount', 'int64le', ['nAmount'], H.proposals, 'READWRITE(nAmount);', 'struct CCreateProposalMessage {'),
  F('nCycles', 'byte', ['nCycles'], H.proposals, 'READWRITE(nCycles);', 'struct CCreateProposalMessage {'),
  F('title', 'string', ['title'], H.proposals, 'READWRITE(title);', 'struct CCreateProposalMessage {'),
  F('context', 'string', ['context'], H.proposals, 'READWRITE(context);', 'struct CCreateProposalMessage {'),
  F('contextHash', 'string', ['contexthash'], H.proposals, 'READWRITE(contextHash);', 'struct CCreateProposalMessage {'),
  F('options', 'byte', ['options'], H.proposals, 'READWRITE(options);', 'struct CCreateProposalMessage {'),
]);
LAYOUTS.z = PROPOSAL;
LAYOUTS.E = PROPOSAL;

// ---------------------------------------------------------------------------------------------------------------
// Read from the code.

/** Fork names of the hardfork messages (`called before Eunos height`), by height field. */
function forkNames(): Map<string, { name: string; at: Cite }> {
  const names = new Map<string, { name: string; at: Cite }>();
  show(MN_CHECKS).forEach((line, index) => {
    const match = /\{consensus\.(DF\w+Height),\s*"called before (.+) height"\s*\}/.exec(line);
    if (match?.[1] && match[2]) names.set(match[1], { name: match[2].replace(/ /g, ''), at: { path: MN_CHECKS, line: index + 1, text: line.trim() } });
  });
  return names;
}

/** Height fields of mainnet and testnet from chainparams.cpp. */
function forkHeights(network: 'mainnet' | 'testnet'): Map<string, Cite & { height: number }> {
  const lines = show(CHAINPARAMS);
  const start = lines.findIndex((line) => line.startsWith(network === 'mainnet' ? 'class CMainParams' : 'class CTestNetParams'));
  const heights = new Map<string, Cite & { height: number }>();
  for (let i = start + 1; i < lines.length && !(lines[i] ?? '').startsWith('class '); i++) {
    const match = /consensus\.(DF\w+Height) = (\d+);/.exec(lines[i] ?? '');
    if (match?.[1] && match[2] && !heights.has(match[1]))
      heights.set(match[1], { height: Number(match[2]), path: CHAINPARAMS, line: i + 1, text: (lines[i] ?? '').trim() });
  }
  return heights;
}

/** Message class → the height field of the fork it is accepted from (EnabledAfter in mn_checks.cpp), with the line. */
function enabledAfter(): Map<string, { field: string | null; at: Cite }> {
  const lines = show(MN_CHECKS);
  const start = lines.findIndex((line) => line.includes('Res EnabledAfter() const {'));
  const out = new Map<string, { field: string | null; at: Cite }>();
  let pending: { name: string; line: number }[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? '';
    for (const match of line.matchAll(/\b(C\w+Message(?:V2)?)\b/g)) if (match[1]) pending.push({ name: match[1], line: i + 1 });
    const fork = /IsHardforkEnabled\(consensus\.(DF\w+Height)\)/.exec(line);
    const ok = /return Res::Ok\(\);/.test(line);
    if (fork?.[1] || ok) {
      for (const entry of pending)
        out.set(entry.name, { field: fork?.[1] ?? null, at: { path: MN_CHECKS, line: entry.line, text: (lines[entry.line - 1] ?? '').trim() } });
      pending = [];
    }
    if (line.includes('static_assert(FalseType<T>, "Unhandled type");')) break;
  }
  return out;
}

/** The first line of a message's consensus handler. */
function handlerCite(message: string): Cite {
  for (const file of Object.values(T)) {
    const lines = show(file);
    const index = lines.findIndex((line) => line.includes(op(message)));
    if (index >= 0) return { path: file, line: index + 1, text: (lines[index] ?? '').trim() };
  }
  throw new Error(`no consensus handler of ${message}`);
}

/** Whether a message's consensus handler calls CheckCustomTx, with the line of the call. */
function checkCustomTxCall(message: string): Cite | null {
  for (const file of Object.values(T)) {
    const lines = show(file);
    const start = lines.findIndex((line) => line.includes(op(message)));
    if (start < 0) continue;
    for (let i = start + 1; i < lines.length && lines[i] !== '}'; i++)
      if ((lines[i] ?? '').includes('CheckCustomTx()')) return { path: file, line: i + 1, text: (lines[i] ?? '').trim() };
    return null;
  }
  return null;
}

function derive(): unknown {
  const names = forkNames();
  const mainnet = forkHeights('mainnet');
  const testnet = forkHeights('testnet');
  const forkOf = (
    field: string,
  ): { name: string; field: string; mainnet: Cite & { height: number }; testnet: Cite & { height: number }; nameAt: Cite | null } => {
    const main = mainnet.get(field);
    const test = testnet.get(field);
    if (main === undefined || test === undefined) throw new Error(`no height for ${field}`);
    const named = names.get(field);
    const name = named?.name ?? field.replace(/^DF\d+/, '').replace(/Height$/, '');
    return { name, field, mainnet: main, testnet: test, nameAt: named?.at ?? null };
  };
  const enabled = enabledAfter();
  const forks: Record<string, unknown> = {};
  const useFork = (field: string): string => {
    const fork = forkOf(field);
    forks[fork.name] = { field, mainnet: fork.mainnet, testnet: fork.testnet };
    return fork.name;
  };
  for (const field of [
    'DF6DakotaHeight',
    'DF10EunosPayaHeight',
    'DF11FortCanningHeight',
    'DF13FortCanningParkHeight',
    'DF14FortCanningHillHeight',
    'DF3BayfrontMarinaHeight',
  ])
    useFork(field);
  const types: Record<string, unknown> = {};
  for (const [letter, source] of Object.entries(TYPES)) {
    const enumAt = cite(a('src/dfi/customtx.h', `${source.enumName} = '${letter}'`));
    let activation: unknown;
    if (source.message === null) {
      activation = {
        fork: null,
        text: 'Not gated by a fork: the node reads no message for it.',
        at: [cite(a(MN_CHECKS, 'Res operator()(CCustomTxMessageNone &) const { return Res::Ok(); }'))],
      };
    } else {
      const entry = enabled.get(source.message);
      if (entry === undefined) throw new Error(`${letter}: ${source.message} not in EnabledAfter`);
      activation =
        entry.field === null
          ? { fork: null, text: 'Accepted from the first block.', at: [entry.at] }
          : { fork: useFork(entry.field), text: `Accepted from ${forkOf(entry.field).name}.`, at: [entry.at] };
    }
    // The declared output rule must agree with the handler: value-zero exactly when it calls CheckCustomTx.
    const calls = source.message === null ? null : checkCustomTxCall(source.message);
    const viaV2 = source.handledAs !== undefined && source.message === 'CLoanPaybackLoanMessage';
    if (!viaV2 && source.outputsFromEnvelope !== true && (calls !== null) !== (source.outputs.rule === 'value-zero'))
      throw new Error(`${letter}: the output rule says ${source.outputs.rule} but the handler ${calls === null ? 'does not call' : 'calls'} CheckCustomTx`);
    const layout = LAYOUTS[letter];
    if (layout === undefined) throw new Error(`${letter}: no layout`);
    types[letter] = {
      enumName: source.enumName,
      enumAt: enumAt,
      message: source.message,
      ...(source.handledAs === undefined ? {} : { handledAs: fact(source.handledAs) }),
      activation,
      refusedAfter: source.refusedAfter === undefined ? null : fact(source.refusedAfter),
      gates: source.gates.map(fact),
      // A type without a rule on its outputs cites its handler, which holds none.
      outputs: {
        rule: source.outputs.rule,
        text: source.outputs.text,
        at:
          source.outputs.at.length > 0
            ? source.outputs.at.map(cite)
            : [
                source.message === null
                  ? cite(a(MN_CHECKS, 'Res operator()(const CCustomTxMessageNone &) const { return Res::Ok(); }'))
                  : handlerCite(source.message),
              ],
      },
      sender: fact(source.sender),
      enums: source.enums.map((entry) => ({ field: entry.field, values: entry.values, at: entry.at.map(cite) })),
      layout: {
        fields: layout.fields.map((field) => ({ name: field.name, wire: field.wire, sdk: field.sdk, at: cite(field.at) })),
        differences: layout.differences.map((difference) => ({ ...difference, at: difference.at.map(cite) })),
      },
    };
  }
  const decode = {
    text: 'decodecustomtx reads the message at height INT_MAX, so every fork is past: a type refused after a fork prints `valid: false` and the reason in `error` instead of `results`.',
    at: [
      cite(a('src/dfi/rpc_tokens.cpp', 'res = RpcInfo(*tx, std::numeric_limits<int>::max(), guess, txResults);')),
      cite(a('src/dfi/rpc_tokens.cpp', 'result.pushKV("valid", res.ok && !IsSkippedTx(tx->GetHash()));')),
      cite(a('src/dfi/rpc_tokens.cpp', 'result.pushKV("error", res.msg);')),
      cite(a('src/dfi/rpc_customtx.cpp', 'auto res = CustomMetadataParse(height, consensus, metadata, txMessage);')),
    ],
    invalid: {
      N: {
        error: 'called after Bayfront height',
        at: [cite(a(MN_CHECKS, 'return IsHardforkEnabled(consensus.DF2BayfrontHeight) ? Res::Err("called after Bayfront height")'))],
      },
    },
  };
  return {
    repositoryUrl: 'https://github.com/DeFiCh/ain',
    tag: TAG,
    forks: Object.fromEntries(
      Object.entries(forks).sort(
        ([, x], [, y]) => (x as { mainnet: { height: number } }).mainnet.height - (y as { mainnet: { height: number } }).mainnet.height,
      ),
    ),
    envelope: ENVELOPE.map((entry) => ({ key: entry.key, text: entry.text, at: entry.at.map(cite) })),
    decode,
    types,
  };
}

async function main(): Promise<void> {
  const [dir, flag] = process.argv.slice(2);
  if (dir === undefined) throw new Error('usage: derive-dftx-rules.ts <ain git dir> [--check]');
  gitDir = dir;
  // Written as Prettier writes it, so that the lint's `prettier --check` and this script agree on every byte.
  const text = await format(JSON.stringify(derive()), { ...(await resolveConfig(OUT)), filepath: OUT });
  if (flag === '--check') {
    const committed = fs.readFileSync(OUT, 'utf8');
    if (committed !== text) {
      const a1 = committed.split('\n');
      const b1 = text.split('\n');
      const first = a1.findIndex((line, i) => line !== b1[i]);
      console.error(
        `${path.relative(process.cwd(), OUT)} differs from the sources at ${TAG}, first at line ${first + 1}:\n- ${a1[first] ?? ''}\n+ ${b1[first] ?? ''}`,
      );
      process.exit(1);
    }
    console.log(`${path.relative(process.cwd(), OUT)} agrees with DeFiCh/ain ${TAG}`);
    return;
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, text);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${Object.keys(TYPES).length} types`);
}

void main();
