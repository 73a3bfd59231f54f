// The errors of the RPCs that build a DeFi transaction (generator/errors/rpc.json), checked against what DeFiCh/ain
// v4.0.9 does on the whole way: handler, auth transaction, trial run, signing, broadcast. Each case names the node's
// file:line it stands on; Ocean's transaction endpoints against apps/whale-api v4.0.7. ERRORS_FILE and OCEAN_ERRORS_FILE
// point the suite at other copies of the data (to see it fail on older data).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOceanErrors } from '../../generator/extract/ocean/errors';
import { parseRpcErrors } from '../../generator/extract/rpc/errors';
import type { RpcError } from '../../generator/model/types';

const ROOT = path.resolve(__dirname, '../..');
const FILE = process.env.ERRORS_FILE ?? path.join(ROOT, 'generator/errors/rpc.json');
const OCEAN_FILE = process.env.OCEAN_ERRORS_FILE ?? path.join(ROOT, 'generator/errors/ocean.json');
const data = parseRpcErrors(fs.readFileSync(FILE, 'utf8'));
const raw = JSON.parse(fs.readFileSync(FILE, 'utf8')) as { methods: { rpc: string; dropped?: { code: number; message: string; reason: string }[] }[] };

function method(rpc: string): { groups: string[]; errors: RpcError[] } {
  const found = data.methods.get(rpc);
  if (!found) throw new Error(`no method ${rpc}`);
  return found;
}
function group(id: string): RpcError[] {
  const found = data.catalog.groups.find((entry) => entry.id === id);
  if (!found) throw new Error(`no group ${id}`);
  return found.errors;
}
/** The RPCs whose handler runs the trial run (execTestTx). */
const defiRpcs = [...data.methods].filter(([, m]) => m.groups.includes('test-run')).map(([rpc]) => rpc);
/** The reasons (what follows the wrapper's first line) a method lists from the trial run. */
const reasons = (rpc: string): string[] =>
  method(rpc)
    .errors.filter((error) => error.code === -32600 && /^Test \w+Tx execution failed:/.test(error.message))
    .map((error) => error.message.slice(error.message.indexOf('\n') + 1));
const NEB = "not enough balance on owner's account, call utxostoaccount to increase it.";

describe('the DeFi transaction RPCs', () => {
  it('are the 56 that run the trial run, two of them RPCs no method calls', () => {
    expect(defiRpcs).toHaveLength(56);
    const typed = new Set(
      (
        JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as { categories: { methods: { rpc: { names: string[] } }[] }[] }
      ).categories.flatMap((category) => category.methods.flatMap((entry) => entry.rpc.names)),
    );
    expect(defiRpcs.filter((rpc) => !typed.has(rpc)).sort()).toEqual(['executesmartcontract', 'votegovbatch']);
  });

  it('answer a locked wallet at signing with -25, never -13 (EnsureWalletIsUnlocked: rpc_accounts.cpp:2210, rpc_evm.cpp:72 only)', () => {
    // Only transferdomain and evmtx check the lock; the others reach sign() (mn_rpc.cpp:197) after the trial run.
    expect(defiRpcs.filter((rpc) => method(rpc).groups.includes('wallet-locked')).sort()).toEqual(['evmtx', 'transferdomain']);
    expect(defiRpcs.filter((rpc) => rpc !== 'evmtx' && !method(rpc).groups.includes('sign'))).toEqual([]);
    const cantSign = group('sign').find((error) => error.message === "Can't sign TX: {errors}");
    expect(cantSign?.code).toBe(-25);
    expect(cantSign?.condition).toMatch(/locked/);
  });

  it('say the auth transaction fails with -4 or -25, never without a code (mn_rpc.cpp:458)', () => {
    // Its -22 (Can't decode signed auth TX) would need the node's own encoding not to read back: core_read.cpp:132-138.
    const addOn = group('tx-inputs').filter((error) => error.message.startsWith('Add-on auth TX failed:'));
    expect(addOn.map((error) => error.code).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([-25, -4]);
    expect(addOn.find((error) => error.code === -25)?.message).toBe("Add-on auth TX failed: Can't sign TX: {errors}");
    expect(addOn.every((error) => error.source === 'src/dfi/mn_rpc.cpp:458')).toBe(true);
  });

  it("list poolswap's refusals from the swap itself (mn_checks.cpp ExecuteSwap, poolpairs.cpp:437-457)", () => {
    for (const rpc of ['poolswap', 'compositeswap']) {
      expect(reasons(rpc)).toEqual(
        expect.arrayContaining([
          'Price is higher than indicated.',
          'Lack of liquidity.',
          'Pool trading is turned off!',
          'Cannot find the pool pair.',
          'Input amount should be positive',
          'Pool currently disabled due to locked token',
          'amount {balance} is less than {amount}',
        ]),
      );
    }
    // compositeswap builds a PoolSwapV2, which the node prints as PoolSwap (customtx.cpp:104-105).
    expect(
      method('compositeswap')
        .errors.filter((error) => error.code === -32600 && error.message.startsWith('Test '))
        .every((error) => error.message.startsWith('Test PoolSwapTx')),
    ).toBe(true);
  });

  it('word a shortfall with the utxostoaccount hint only where SubBalanceDelShares takes the balance (mn_rpc.cpp:494, txvisitor.cpp:239)', () => {
    const hinted = defiRpcs.filter((rpc) => method(rpc).errors.some((error) => error.message.includes(NEB))).sort();
    expect(hinted).toEqual(['accounttoaccount', 'accounttoutxos', 'removepoolliquidity', 'sendtokenstoaddress']);
    for (const rpc of hinted) {
      expect(method(rpc).errors.find((error) => error.message.includes(NEB))?.message).toMatch(/\namount \{balance\} is less than \{amount\}$/);
    }
    const plain = defiRpcs.filter((rpc) => reasons(rpc).includes('amount {balance} is less than {amount}'));
    expect(plain).toEqual(
      expect.arrayContaining(['poolswap', 'addpoolliquidity', 'deposittovault', 'paybackloan', 'placeauctionbid', 'burntokens', 'futureswap']),
    );
    const shortfalls = [...group('test-run'), ...defiRpcs.flatMap((rpc) => method(rpc).errors)].filter((error) =>
      /is less than \{amount\}$/.test(error.message),
    );
    expect(shortfalls.every((error) => error.source === 'src/amount.h:154' || error.source === 'src/dfi/mn_rpc.cpp:495')).toBe(true);
  });

  it('leave out what the handler or the check before it answers first, and say why', () => {
    const lists = (rpc: string, code: number, end: string): boolean =>
      method(rpc).errors.some((error) => error.code === code && (error.message === end || error.message.endsWith(`\n${end}`)));
    // The consensus check reads `!HasAuth(...)` and returns a message of its own (loans.cpp:664, proposals.cpp:149).
    expect(lists('takeloan', -32600, 'tx must have at least one input from account owner')).toBe(false);
    expect(lists('votegov', -32600, 'tx must have at least one input from account owner')).toBe(false);
    // RPCTypeCheck refuses a priceFeeds that is not an array first (rpc_oracles.cpp:132, 251).
    expect(lists('appointoracle', -32600, 'data is not array')).toBe(false);
    expect(lists('updateoracle', -32600, 'data is not array')).toBe(false);
    // DecodeAmount answers -3 for zero or negative first (rawtransaction_util.cpp:44-45).
    expect(lists('sendtoaddress', -8, 'Invalid amount')).toBe(false);
    expect(method('sendtoaddress').groups).toContain('amounts');
    expect(group('amounts').find((error) => error.message === '{name}: Amount out of range')?.code).toBe(-3);
    const dropped = raw.methods.flatMap((m) => (m.dropped ?? []).map((entry) => ({ rpc: m.rpc, ...entry })));
    expect(dropped.map((entry) => `${entry.rpc} ${entry.message}`)).toEqual(
      expect.arrayContaining(['sendtoaddress Invalid amount', 'appointoracle data is not array', 'updateoracle data is not array']),
    );
    expect(dropped.filter((entry) => entry.reason.trim().length < 20)).toEqual([]);
  });

  it('say "zero amounts" is an empty recipients map; zero amounts are -3 before it (rpc_accounts.cpp:758, 909, 1021, 2040)', () => {
    for (const [rpc, message] of [
      ['utxostoaccount', 'zero amounts'],
      ['accounttoaccount', 'zero amounts'],
      ['accounttoutxos', 'zero amounts'],
      ['sendtokenstoaddress', 'zero amounts in "to" param'],
    ] as const) {
      const entry = method(rpc).errors.find((error) => error.message === message);
      expect(entry?.condition).toMatch(/empty/);
      expect(entry?.condition).toMatch(/-3/);
      expect(method(rpc).groups).toContain('amounts');
    }
  });

  it('give setoracledata the refusals of today: the timestamp window and pairs not appointed (oracles.cpp:17, consensus/oracles.cpp:85)', () => {
    expect(reasons('setoracledata')).toEqual(
      expect.arrayContaining([
        'token <{token}> - currency <{currency}> is not allowed',
        'Timestamp ({timestamp}) is out of price update window (median: {timestamp2})',
      ]),
    );
    const early = method('setoracledata').errors.find((error) => error.code === -8 && error.message.startsWith('timestamp cannot be negative'));
    expect(early?.condition).toMatch(/below the Fort Canning height/);
  });
});

describe("Ocean's transaction endpoints", () => {
  const ocean = parseOceanErrors(fs.readFileSync(OCEAN_FILE, 'utf8'));
  const RAWTX = 'apps/whale-api/src/module.api/rawtx.controller.ts';
  const listed = (endpoint: string): { status: number; type: string; message: string | null; source: string }[] => ocean.endpoints.get(endpoint)?.errors ?? [];

  it('answer a node that does not answer with 400 and no message, since each catches every failure (rawtx.controller.ts:56-69, 86-95, 103-109)', () => {
    for (const [endpoint, line] of [
      ['rawtx.send', 68],
      ['rawtx.test', 94],
      ['rawtx.get', 108],
    ] as const) {
      expect(
        listed(endpoint)
          .filter((error) => error.status === 400 && error.message === null)
          .map((error) => error.source),
      ).toEqual([`${RAWTX}:${line}`]);
    }
  });

  it('answer a cut-short version 4 hex with 500: validate() decodes it before the node sees it (rawtx.controller.ts:119-125)', () => {
    expect(listed('rawtx.send').find((error) => error.status === 500)).toMatchObject({ type: 'UnknownError', message: null, source: `${RAWTX}:125` });
  });
});
