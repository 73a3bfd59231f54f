// Which packages the SDK reference covers, where their pages live, and how the two large ones are split into pages.
// The summaries are ours: every package.json of the SDK carries the same description. A page takes the declarations of
// the modules it names (a module path below the package's dist folder, or a folder when it ends in `/`), and the
// symbols it names wherever they are declared; the package's own page takes the rest.
import type { SdkArea } from '../../model/sdk';

interface SdkPageConfig {
  slug: string;
  title: string;
  summary: string;
  /** Declaration files (without `.d.ts`) whose declarations the page shows. */
  modules: string[];
  /** Declared names the page shows wherever they are declared (before the module rules apply). */
  names?: string[];
  /** Pages of the package (slugs) that showed these sections before this page had them: they send the anchors on. */
  movedFrom?: string[];
}

export interface SdkPackageConfig {
  /** Package name without the `@defichain/` scope. */
  short: string;
  area: SdkArea;
  summary: string;
  pages?: SdkPageConfig[];
  /** Modules no export uses whose declarations a reader still meets (the errors the builder throws): documented as not exported. */
  unexportedModules?: string[];
}

const script = (...names: string[]): string[] => names.map((name) => `script/${name}`);

/** The names of the transferDomain payload, which belongs with the EVM pages rather than with account transfers. */
const TRANSFER_DOMAIN = ['TransferDomainItem', 'CTransferDomainItem', 'TransferDomainPair', 'CTransferDomainPair', 'TransferDomain', 'CTransferDomain'];

const dftx = (slug: string, title: string, summary: string, modules: string[], names?: string[]): SdkPageConfig => ({
  slug: `dftx-${slug}`,
  title,
  summary,
  modules: modules.map((name) => `script/dftx/dftx_${name}`),
  ...(names === undefined ? {} : { names }),
});

const builder = (slug: string, className: string, module: string, summary: string): SdkPageConfig => ({
  slug,
  title: className,
  summary,
  modules: [`txn/txn_builder_${module}`],
});

export const SDK_PACKAGES: readonly SdkPackageConfig[] = [
  {
    short: 'jellyfish-network',
    area: 'ecosystem',
    summary: 'The constants of each network (address prefixes, ports, BIP32 versions) and the block subsidy schedule.',
  },
  {
    short: 'jellyfish-crypto',
    area: 'ecosystem',
    summary: 'secp256k1 key pairs, WIF, bech32 and base58 encodings, DER signatures and the hash functions the chain uses.',
  },
  {
    short: 'jellyfish-address',
    area: 'ecosystem',
    summary: 'Parse, validate and create P2PKH, P2SH, P2WPKH, P2WSH and EVM addresses, and turn them into output scripts.',
  },
  {
    short: 'jellyfish-buffer',
    area: 'ecosystem',
    summary: 'ComposableBuffer, the two-way byte codec under every transaction and block type, with CompactSize and VarInt.',
  },
  {
    short: 'jellyfish-transaction',
    area: 'ecosystem',
    summary: 'The transaction and script model with its byte codecs, every opcode, and the composers of the DeFi custom transactions.',
    pages: [
      {
        slug: 'script',
        title: 'Scripts',
        summary: 'OPCode, OP_PUSHDATA and the conversions between scripts and bytes (the OP_CODES table has its own page).',
        modules: script('opcode', 'data', 'mapping', '_buffer'),
      },
      // OP_CODES, with a member per opcode and per custom transaction and its release history, weighs as much as the
      // rest of the scripts page: on a page of its own, no page is over the HTML budget (tests/build/budgets.test.ts).
      {
        slug: 'op-codes',
        title: 'OP_CODES',
        summary: 'The OP_CODES table: every opcode by name, the composer of each custom transaction, and the pushdata helpers.',
        modules: [],
        names: ['OP_CODES'],
        movedFrom: ['script'],
      },
      {
        slug: 'opcodes-stack',
        title: 'Opcodes: constants, flow control, stack',
        summary: 'One class per opcode that pushes a constant, controls the flow, works the stack or splices, with the byte it writes.',
        modules: script('constants', 'control', 'stack', 'splice'),
      },
      {
        slug: 'opcodes-logic',
        title: 'Opcodes: logic, arithmetic, crypto',
        summary: 'One class per bitwise, arithmetic, cryptographic, expansion and invalid opcode, with the byte it writes.',
        modules: script('bitwise', 'arithmetic', 'crypto', 'expansion', 'invalid'),
      },
      dftx('evm', 'DfTx: EVM and transferDomain', 'EVM transactions and transfers between the DVM and the EVM.', ['evmtx'], TRANSFER_DOMAIN),
      {
        slug: 'dftx',
        title: 'DfTx envelope',
        summary: 'The DfTx envelope of every custom transaction and the payload pieces several types share (balances, prices, unmapped types).',
        modules: [
          'script/dftx/index',
          'script/dftx/dftx',
          'script/dftx/dftx_balance',
          'script/dftx/dftx_price',
          'script/dftx/dftx_misc',
          'script/dftx/dftx_unmapped',
        ],
      },
      dftx('account', 'DfTx: accounts', 'Moving tokens between UTXOs and accounts, and future swaps.', ['account']),
      dftx('pool', 'DfTx: DEX and pools', 'Pool swaps, composite swaps, liquidity, and pool pair creation and updates.', ['pool']),
      dftx('token', 'DfTx: tokens', 'Minting and burning tokens.', ['token']),
      dftx('oracles', 'DfTx: oracles', 'Appointing, updating and removing price oracles, and their price feeds.', ['oracles']),
      dftx('loans', 'DfTx: loans', 'Loan schemes, collateral and loan tokens, taking and paying back loans.', ['loans']),
      dftx('vault', 'DfTx: vaults', 'Creating, updating and closing vaults, deposits, withdrawals and auction bids.', ['vault']),
      dftx('masternode', 'DfTx: masternodes', 'Creating, updating and resigning masternodes.', ['masternode']),
      dftx('governance', 'DfTx: governance', 'Governance variables, community fund proposals, votes of confidence and votes.', ['governance']),
      dftx('icx', 'DfTx: ICX order book', 'Orders, offers and hash time-locked contracts of the inter-chain exchange.', ['icxorderbook']),
    ],
  },
  { short: 'jellyfish-transaction-signature', area: 'ecosystem', summary: 'TransactionSigner: the SegWit (BIP143) signature of each input of a transaction.' },
  {
    short: 'jellyfish-transaction-builder',
    area: 'ecosystem',
    summary: 'Builders that turn an intent (send, swap, add liquidity, take a loan...) into a funded, signed transaction.',
    unexportedModules: ['txn/txn_builder_error'],
    pages: [
      builder('utxo', 'TxnBuilderUtxo', 'utxo', 'Sending UTXOs: all of them, or an amount, to a script.'),
      builder('account', 'TxnBuilderAccount', 'account', 'Account transfers, conversions between UTXOs and tokens, future swaps and transferDomain.'),
      builder('dex', 'TxnBuilderDex', 'dex', 'Pool swaps and composite swaps.'),
      builder('liq-pool', 'TxnBuilderLiqPool', 'liq_pool', 'Adding and removing pool liquidity, and creating pool pairs.'),
      builder('tokens', 'TxnBuilderTokens', 'token', 'Minting and burning tokens.'),
      builder('oracles', 'TxnBuilderOracles', 'oracles', 'Appointing, updating and removing oracles, and setting their data.'),
      builder('loans', 'TxnBuilderLoans', 'loans', 'Loan schemes, collateral and loan tokens, taking and paying back loans.'),
      builder('vault', 'TxnBuilderVault', 'vault', 'Creating, updating and closing vaults, deposits, withdrawals and auction bids.'),
      builder('masternode', 'TxnBuilderMasternode', 'masternode', 'Creating, resigning and updating masternodes.'),
      builder('governance', 'TxnBuilderGovernance', 'governance', 'Governance variables, proposals and votes.'),
      builder('icxorderbook', 'TxnBuilderICXOrderBook', 'icxorderbook', 'Orders, offers and HTLCs of the inter-chain exchange.'),
    ],
  },
  { short: 'jellyfish-block', area: 'ecosystem', summary: 'Encode and decode raw blocks and block headers.' },
  { short: 'jellyfish-json', area: 'ecosystem', summary: 'JSON parsing with the number precision you choose: lossless, bignumber or number.' },
  { short: 'jellyfish-wallet', area: 'ecosystem', summary: 'JellyfishWallet: numbered HD accounts over a node provider and an account provider.' },
  { short: 'jellyfish-wallet-mnemonic', area: 'ecosystem', summary: 'BIP39 mnemonics and the BIP32 HD nodes derived from them.' },
  {
    short: 'jellyfish-wallet-encrypted',
    area: 'ecosystem',
    summary: 'An HD node provider that keeps the seed encrypted under a passphrase (scrypt and AES-256).',
  },
  { short: 'jellyfish-wallet-classic', area: 'ecosystem', summary: 'A wallet of one key pair, for a single WIF key.' },
  { short: 'whale-api-wallet', area: 'ecosystem', summary: 'A wallet account that reads coins and the fee rate from Ocean and builds transactions with them.' },
  { short: 'jellyfish-api-jsonrpc', area: 'ecosystem', summary: 'JsonRpcClient: the node RPC client over JSON-RPC 1.0 on HTTP.' },
  {
    short: 'testcontainers',
    area: 'testing',
    summary: 'defid nodes, and Ocean and playground services, in Docker containers for tests.',
    pages: [
      {
        slug: 'regtest',
        title: 'Regtest containers',
        summary: 'Regtest nodes: plain, with masternodes, persistent, with loans, and groups of them.',
        modules: ['containers/RegTestContainer/'],
      },
      {
        slug: 'native-chain',
        title: 'Native chain containers',
        summary: 'NativeChainContainer, built on the testcontainers library, with its RPC client and wait conditions.',
        modules: ['containers/NativeChainContainer', 'containers/NativeChainRpc', 'containers/NativeChainWaitFor'],
      },
      {
        slug: 'apps',
        title: 'Ocean and playground containers',
        summary: 'WhaleApiContainer, PlaygroundApiContainer and the sanity checker, beside a regtest node.',
        modules: ['containers/AppContainer/'],
      },
    ],
  },
  { short: 'jellyfish-testing', area: 'testing', summary: 'Fixtures over testcontainers: tokens, pool pairs, raw transactions and more in a line each.' },
];
