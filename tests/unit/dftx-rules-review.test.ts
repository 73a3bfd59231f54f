// The custom transaction rules (generator/node-rules/dftx-rules.json) against a second, independent reading of
// DeFiCh/ain at v4.0.9: each fact below was compared with that reading, and where the two differed it was settled
// from the source. The path:line in each test name is the line of the tag that settles the fact.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNodeRules, type NodeRulesFileType } from '../../generator/extract/sdk/node-rules';

const ROOT = path.resolve(__dirname, '../..');
const rules = readNodeRules(path.join(ROOT, 'generator/node-rules/dftx-rules.json'));

function entry(letter: string): NodeRulesFileType {
  const found = rules.types[letter];
  if (found === undefined) throw new Error(`no rules for ${letter}`);
  return found;
}

function fork(name: string): { mainnet: number; testnet: number } {
  const found = rules.forks[name];
  if (found === undefined) throw new Error(`no fork ${name}`);
  return { mainnet: found.mainnet.height, testnet: found.testnet.height };
}

const gateText = (letter: string): string =>
  entry(letter)
    .gates.map((gate) => gate.text)
    .join('\n');
const wire = (letter: string): string[] => entry(letter).layout.fields.map((field) => `${field.name}:${field.wire}`);
const enumValues = (letter: string, field: string): string[] | undefined =>
  entry(letter)
    .enums.find((item) => item.field === field)
    ?.values.map((value) => value.value);

function envelopeText(key: string): string {
  const found = rules.envelope.find((item) => item.key === key);
  if (found === undefined) throw new Error(`no envelope fact ${key}`);
  return found.text;
}

describe('activation: fork heights and the fork each type is accepted from', () => {
  it.each([
    ['AMK', 356500, 150, 'src/chainparams.cpp:122, 401'],
    ['Bayfront', 405000, 3000, 'src/chainparams.cpp:123, 402'],
    ['Eunos', 894000, 354950, 'src/chainparams.cpp:129, 408'],
    ['FortCanning', 1367000, 686200, 'src/chainparams.cpp:132, 411'],
    ['FortCanningRoad', 1786000, 893700, 'src/chainparams.cpp:136, 415'],
    ['GrandCentral', 2479000, 1150020, 'src/chainparams.cpp:141, 420'],
    ['Metachain', 3462000, 1150040, 'src/chainparams.cpp:143, 422'],
  ])('%s is at mainnet %i and testnet %i (%s)', (name, mainnet, testnet) => {
    expect(fork(name)).toEqual({ mainnet, testnet });
  });

  it.each<[string, string | null, string]>([
    ['C', null, 'src/dfi/mn_checks.cpp:278'],
    ['T', 'AMK', 'src/dfi/mn_checks.cpp:214'],
    ['n', 'Bayfront', 'src/dfi/mn_checks.cpp:222'],
    ['1', 'Eunos', 'src/dfi/mn_checks.cpp:235'],
    ['a', 'BayfrontGardens', 'src/dfi/mn_checks.cpp:261'],
    ['c', 'FortCanning', 'src/dfi/mn_checks.cpp:245'],
    ['j', 'FortCanning', 'src/dfi/mn_checks.cpp:259'],
    ['Q', 'FortCanningRoad', 'src/dfi/mn_checks.cpp:265'],
    ['k', 'FortCanningRoad', 'src/dfi/mn_checks.cpp:265'],
    ['m', 'GrandCentral', 'src/dfi/mn_checks.cpp:270'],
    ['F', 'GrandCentral', 'src/dfi/mn_checks.cpp:271'],
    ['z', 'GrandCentral', 'src/dfi/mn_checks.cpp:272'],
    ['O', 'GrandCentral', 'src/dfi/mn_checks.cpp:273'],
    ['8', 'Metachain', 'src/dfi/mn_checks.cpp:276'],
    ['9', 'Metachain', 'src/dfi/mn_checks.cpp:276'],
  ])('%s is accepted from %s (%s)', (letter, name) => {
    expect(entry(letter).activation.fork).toBe(name);
  });

  it('UpdateToken N is refused from Bayfront (src/dfi/mn_checks.cpp:288)', () => {
    expect(entry('N').refusedAfter?.text).toMatch(/Bayfront/);
    expect(rules.decode.invalid.N?.error).toBe('called after Bayfront height');
  });

  it.each(['X', 'H', 'S', 'J', 'v'])('%s is refused at FortCanningHill - 1 and FortCanningHill (src/dfi/mn_checks.cpp:389-395)', (letter) => {
    expect(entry(letter).refusedAfter?.text).toMatch(/FortCanningHill height - 1 and FortCanningHill height/);
  });

  it.each(['n', 'k', 'T', 'C'])('%s is not refused again after its fork (src/dfi/mn_checks.cpp:285-293)', (letter) => {
    expect(entry(letter).refusedAfter).toBeNull();
  });
});

describe('activation: attribute gates', () => {
  it('ICXCreateOrder needs v0/params/feature/icx from Metachain (src/dfi/consensus/icxorders.cpp:12-13)', () => {
    expect(gateText('1')).toContain('v0/params/feature/icx');
  });

  it('ICX close order and close offer are not gated by ICX being enabled (src/dfi/consensus/icxorders.cpp:609, 659: neither handler calls IsICXEnabled)', () => {
    expect(entry('6').gates).toEqual([]);
    expect(entry('7').gates).toEqual([]);
  });

  it('ICXMakeOffer needs an expiry of at least 20 blocks from EunosPaya (src/dfi/icxorder.cpp:17)', () => {
    expect(gateText('2')).toMatch(/at least 20 blocks from EunosPaya/);
  });

  it('CreateCfp needs v0/params/feature/gov (src/dfi/consensus/proposals.cpp:23)', () => {
    expect(gateText('z')).toContain('v0/params/feature/gov');
  });

  it('MintToken to an address needs v0/params/feature/mint-tokens-to-address (src/dfi/consensus/tokens.cpp:211)', () => {
    expect(gateText('M')).toContain('v0/params/feature/mint-tokens-to-address');
  });

  it('TransferDomain needs v0/params/feature/transferdomain and the EVM enabled (src/dfi/consensus/xvm.cpp:23, src/dfi/mn_checks.cpp:531)', () => {
    expect(gateText('8')).toContain('v0/params/feature/transferdomain');
    expect(gateText('8')).toMatch(/EVM enabled/);
  });

  // Each update type checks its own attribute: owner at :172, operator at :234 (MNSetOperatorAddress), set and remove
  // reward at :259 and :298 (MNSetRewardAddress).
  it('UpdateMasternode names the operator and reward attributes too (src/dfi/consensus/masternodes.cpp:172, 234, 259, 298)', () => {
    expect(gateText('m')).toContain('v0/params/feature/mn-setowneraddress');
    expect(gateText('m')).toContain('v0/params/feature/mn-setoperatoraddress');
    expect(gateText('m')).toContain('v0/params/feature/mn-setrewardaddress');
  });

  // DEFAULT_EXPIRY is 2880, and an order with a smaller expiry is refused (ICXOrderExiryTooSmall).
  it('ICXCreateOrder needs an expiry of at least 2880 blocks (src/dfi/icxorder.cpp:6, 86-87)', () => {
    expect(gateText('1')).toMatch(/2,?880/);
  });
});

describe('output rules', () => {
  it.each(['1', '5', '6', '7', 'c', 'g', 'x', 'L', 'd', 'D', 'e', 'v', 'S', 'J', 'X', 'H', 'k', 'I'])(
    '%s calls CheckCustomTx: output 0 of value 0 (src/dfi/consensus/txvisitor.cpp:150, the handler call cited in the data)',
    (letter) => {
      expect(entry(letter).outputs.rule).toBe('value-zero');
    },
  );

  it.each(['s', 'B', 'b', 'G', 'O', 'p', 'm', 'R', '8'])('%s sets no rule on output 0 (its handler calls no CheckCustomTx)', (letter) => {
    expect(entry(letter).outputs.rule).toBe('none');
  });

  it('CreateMasternode: at least 10 DFI in output 0, the collateral 20,000 DFI in output 1 (src/dfi/consensus/masternodes.cpp:18-19, src/chainparams.cpp:179, 181)', () => {
    expect(entry('C').outputs.rule).toBe('fee');
    expect(entry('C').outputs.text).toMatch(/10 DFI/);
    expect(entry('C').outputs.text).toMatch(/20,000 DFI/);
  });

  it('CreateToken: at least 100 DFI in output 0, 1 DFI in output 1 (src/dfi/consensus/tokens.cpp:16-17, src/chainparams.cpp:189-190)', () => {
    expect(entry('T').outputs.rule).toBe('fee');
    expect(entry('T').outputs.text).toMatch(/100 DFI.*1 DFI/);
  });

  it('Vault: exactly 2 DFI on mainnet, 1 DFI on testnet (src/dfi/consensus/vaults.cpp:19, src/chainparams.cpp:199, 478)', () => {
    expect(entry('V').outputs.rule).toBe('fee');
    expect(entry('V').outputs.text).toMatch(/2 DFI on mainnet, 1 DFI on testnet/);
  });

  it('UtxosToAccount: the OP_RETURN outputs carry the converted DFI (src/dfi/consensus/accounts.cpp:15, 34)', () => {
    expect(entry('U').outputs.rule).toBe('burnt');
  });

  it('CreateVoc: exactly the proposal fee, 100 DFI on mainnet, 50 on testnet (src/dfi/consensus/proposals.cpp:15, src/chainparams.cpp:204, 483)', () => {
    expect(entry('E').outputs.rule).toBe('fee');
    expect(entry('E').outputs.text).toMatch(/100 DFI on mainnet \(50 on testnet\)/);
    expect(entry('z').outputs.rule).toBe('fee');
  });

  // IsEVMTx holds only for two null inputs and one output of value 0; with a value the transaction loses the EVM
  // exemptions and its null inputs are refused (bad-txns-prevout-null).
  it('EvmTx: output 0 of value 0 (src/consensus/tx_check.cpp:146-152, 60-69)', () => {
    expect(entry('9').outputs.rule).toBe('value-zero');
    expect(entry('9').outputs.text).not.toMatch(/may carry a value/);
  });
});

describe('sender', () => {
  it.each([
    ['p', 'src/dfi/consensus/poolpairs.cpp:29'],
    ['u', 'src/dfi/consensus/poolpairs.cpp:101'],
    ['G', 'src/dfi/consensus/governance.cpp:12'],
    ['o', 'src/dfi/consensus/oracles.cpp:25'],
    ['c', 'src/dfi/consensus/loans.cpp:179'],
    ['N', 'src/dfi/consensus/tokens.cpp:129'],
  ])('%s needs a foundation member (%s)', (letter) => {
    expect(entry(letter).sender.text).toBe('A foundation member.');
  });

  it.each([
    ['s', 'src/dfi/consensus/poolpairs.cpp:126'],
    ['B', 'src/dfi/consensus/accounts.cpp:75'],
    ['b', 'src/dfi/consensus/accounts.cpp:45'],
    ['F', 'src/dfi/consensus/tokens.cpp:263'],
  ])('%s needs the `from` account’s owner (%s)', (letter) => {
    expect(entry(letter).sender.text).toMatch(/`from` account’s owner/);
  });

  it('CreateMasternode from Eunos: an input from output 1’s script (src/dfi/consensus/masternodes.cpp:39)', () => {
    expect(entry('C').sender.text).toMatch(/From Eunos.*output 1/);
  });

  it('ICXClaimDFCHTLC checks no input: the seed is the proof (src/dfi/consensus/icxorders.cpp:462)', () => {
    expect(entry('5').sender.text).toMatch(/seed/);
  });

  it('Vault and CreateVoc check no input (src/dfi/consensus/vaults.cpp:13-48, src/dfi/consensus/proposals.cpp:48)', () => {
    expect(entry('V').sender.text).toMatch(/^Anyone/);
    expect(entry('E').sender.text).toMatch(/^Anyone/);
  });

  it('Vote needs the voting masternode’s owner (src/dfi/consensus/proposals.cpp:149, 158)', () => {
    expect(entry('O').sender.text).toMatch(/owner of the voting masternode/);
  });

  // The owner's input is enough (HasAuth returns at :68-70); only without it does a DAT accept a foundation member (:72-79).
  it('MintToken: the token’s owner, or for a DAT a foundation member (src/dfi/consensus/tokens.cpp:68, 72-79)', () => {
    expect(entry('M').sender.text).toMatch(/; or, for a DAT, a foundation member/);
  });
});

describe('enumerated values', () => {
  it('CreateMasternode timelock is 0, 260 or 520 weeks (src/dfi/masternodes.h:75)', () => {
    expect(enumValues('C', 'timelock')).toEqual(['0', '260', '520']);
  });

  it('CreateMasternode operatorType is 1 (P2PKH) or 4 (P2WPKH) (src/script/standard.h:158, 161)', () => {
    expect(enumValues('C', 'operatorType')).toEqual(['1', '4']);
  });

  it('ICX order types are 1 internal and 2 external (src/dfi/icxorder.cpp:7-8)', () => {
    expect(enumValues('1', 'orderType')).toEqual(['1', '2']);
  });

  it('votes are 1 yes, 2 no, 3 neutral (src/dfi/proposals.h:37-39)', () => {
    expect(enumValues('O', 'voteDecision')).toEqual(['1', '2', '3']);
  });

  it('masternode update types are 1 to 4 (src/dfi/masternodes.h:56-59)', () => {
    expect(enumValues('m', 'updates[].updateType')).toEqual(['1', '2', '3', '4']);
  });

  it('transfer domains are 2 DVM and 3 EVM (src/dfi/consensus/xvm.h:17-18)', () => {
    expect(enumValues('8', 'domain')).toEqual(['2', '3']);
  });

  it('proposal types are 1 CFP and 2 VOC (src/dfi/proposals.h:22-23)', () => {
    expect(enumValues('z', 'type')).toEqual(['1', '2']);
  });

  it('the only burn type is 0 (src/dfi/tokens.h:127, src/dfi/consensus/tokens.cpp:268)', () => {
    expect(enumValues('F', 'burnType')).toEqual(['0']);
  });

  // TokenFlags is a bitmask byte; the SDK's mintable, tradeable and isDAT are its bits 0x01, 0x02 and 0x04.
  it.each(['T', 'n'])('%s: token flags 0x01 mintable, 0x02 tradeable, 0x04 DAT (src/dfi/tokens.h:30-32)', (letter) => {
    const values = enumValues(letter, 'flags');
    expect(values).toBeDefined();
    expect(values?.slice(0, 3).map(Number)).toEqual([1, 2, 4]);
  });

  // An operator address must be P2PKH (1) or P2WPKH (4); a reward address too, and from Metachain also P2SH (2).
  it('UpdateMasternode address types 1 P2PKH, 4 P2WPKH, and 2 P2SH for a reward address from Metachain (src/dfi/consensus/masternodes.cpp:243, 269, 273)', () => {
    expect(enumValues('m', 'updates[].addressType')).toEqual(['1', '2', '4']);
  });
});

describe('layout as the node reads it', () => {
  it('UpdatePoolPair: poolId a fixed uint32, status one byte (src/dfi/poolpairs.h:130-131)', () => {
    expect(wire('u').slice(0, 2)).toEqual(['poolId:int32le', 'status:byte']);
  });

  it('CreateMasternode: a 20-byte key hash and an optional uint16 timelock (src/dfi/masternodes.h:155, 157-160)', () => {
    expect(wire('C')).toEqual(['operatorType:byte', 'operatorAuthAddress:bytes20', 'timelock:int16le?']);
  });

  it('ICXCreateOrder expiry is a fixed uint32 (src/dfi/icxorder.h:46)', () => {
    expect(wire('1').at(-1)).toBe('expiry:int32le');
  });

  it('FutureSwap destination is a fixed uint32 (src/dfi/accounts.h:123)', () => {
    expect(wire('Q')).toEqual(['owner:script', 'source:varint int64le', 'destination:int32le', 'withdraw:byte']);
  });

  it('AuctionBid index is a fixed uint32 (src/dfi/vault.h:109)', () => {
    expect(wire('I')).toEqual(['vaultId:uint256', 'index:int32le', 'from:script', 'amount:varint int64le']);
  });

  it('AccountToUtxos mintingOutputsStart is a VARINT; CBalances keys are fixed uint32 (src/dfi/accounts.h:23-25, src/dfi/balances.h:131-155)', () => {
    expect(wire('b')).toEqual(['from:script', 'balances:[int32le int64le]', 'mintingOutputsStart:varint']);
  });

  it('AccountToAccount `to` is a map of script to CBalances (src/dfi/accounts.h:38)', () => {
    expect(wire('B')).toEqual(['from:script', 'to:[script [int32le int64le]]']);
  });

  it('MintToken `to` is read only when bytes remain (src/dfi/tokens.h:119-120)', () => {
    expect(wire('M')).toEqual(['balances:[int32le int64le]', 'to:script?']);
  });

  it('PoolSwap maxPrice is two int64 (src/dfi/poolpairs.h:70)', () => {
    expect(wire('s').at(-1)).toBe('maxPrice:int64le int64le');
  });

  it('SetGovVariable reads variables to the end of the payload (src/dfi/gv.h:67-76)', () => {
    expect(wire('G')).toEqual(['govs:govvars']);
  });

  it('SetGovVariableHeight reads one variable then a uint32 height (src/dfi/gv.h:89-92)', () => {
    expect(entry('j').layout.fields.map((field) => field.wire)).toEqual(['govvar', 'int32le']);
  });

  it('PaybackLoanV2 loans is a map of DCT_ID VARINT to CBalances (src/dfi/loan.h:387)', () => {
    expect(wire('k').at(-1)).toBe('loans:[varint [int32le int64le]]');
  });

  it('TransferDomain: a list of (src, dst) items, each address, amount, domain, data (src/dfi/accounts.h:94)', () => {
    expect(wire('8')).toEqual(['transfers:[script varint int64le byte bytes script varint int64le byte bytes]']);
  });
});

describe('envelope', () => {
  it('the push may be direct, 4c, 4d or 4e (src/consensus/tx_check.cpp:86)', () => {
    expect(envelopeText('push')).toMatch(/`4c`.*`4d`.*`4e`/);
  });

  it('the marker is DfTx and only output 0 carries it (src/consensus/tx_check.cpp:10, src/dfi/customtx.cpp:230-240)', () => {
    expect(envelopeText('marker')).toContain('`DfTx`');
    expect(envelopeText('output-0-only')).toMatch(/since Fort Canning/);
  });

  it('nothing may follow the push from Fort Canning (src/dfi/customtx.cpp:245, src/dfi/mn_checks.cpp:1509)', () => {
    expect(envelopeText('nothing-after')).toMatch(/since Fort Canning/);
  });

  it('left-over bytes refuse the message (src/dfi/mn_checks.cpp:310)', () => {
    expect(envelopeText('excess-bytes')).toContain('deserialization failed: excess N bytes');
  });

  it('from version 4 each output carries a VARINT token id, counted in txid and signature hash (src/primitives/transaction.h:162, 225; src/script/interpreter.cpp:1217)', () => {
    expect(envelopeText('token-ids')).toMatch(/version 4.*VARINT.*signature hash/);
  });

  it('relay takes versions 1 to 4 (src/policy/policy.cpp:78, src/primitives/transaction.h:223)', () => {
    expect(envelopeText('version')).toMatch(/versions 1 to 4/);
  });

  it('CheckCustomTx: exactly 2 outputs below EunosPaya, output 0 of value 0 from it (src/dfi/consensus/txvisitor.cpp:145, 150)', () => {
    expect(envelopeText('check-custom-tx')).toMatch(/exactly 2 outputs below EunosPaya.*value 0/);
  });

  it('decodecustomtx reads at height INT_MAX (src/dfi/rpc_tokens.cpp:1037)', () => {
    expect(rules.decode.text).toMatch(/INT_MAX/);
  });

  // The Reject refusal is guarded by metadataValidation, which holds from Fort Canning; below it a Reject is a no-op.
  it('an unknown type byte is refused from Fort Canning (src/dfi/mn_checks.cpp:547-548, src/dfi/customtx.cpp:252-253)', () => {
    expect(envelopeText('unknown-type')).toMatch(/since Fort Canning/);
  });
});
