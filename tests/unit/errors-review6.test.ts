// The sign group of generator/errors/rpc.json (what every DeFi transaction method can meet while the node's wallet signs
// it, src/dfi/mn_rpc.cpp sign()) against a reading of DeFiCh/ain v4.0.9 by a reader who did not see the data
// (tests/fixtures/node-rpc-review/review6-sign.json). The reader followed what sign() passes to SignTransaction and
// judged each throw there reachable from sign() or not; the data must list exactly the reachable ones and keep each
// unreachable one the derivation meets among the group's dropped entries, with its reason. ERRORS_FILE points the suite
// at another copy of the data (to see it fail on older data).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRpcErrors } from '../../generator/extract/rpc/errors';

const ROOT = path.resolve(__dirname, '../..');
const FILE = process.env.ERRORS_FILE ?? path.join(ROOT, 'generator/errors/rpc.json');
const text = fs.readFileSync(FILE, 'utf8');
const data = parseRpcErrors(text);
interface Dropped {
  code: number;
  message: string;
  source: string;
  reason: string;
}
const raw = JSON.parse(text) as { groups: { id: string; dropped?: Dropped[] }[] };

interface Throw {
  file: string;
  line: number;
  code: number;
  message: string;
  fromSign: 'REACHABLE' | 'UNREACHABLE';
  reason: string;
}
interface Step {
  file: string;
  line: number;
  code: number | null;
  message: string;
  when: string;
}
const review = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/node-rpc-review/review6-sign.json'), 'utf8')) as {
  throws: Throw[];
  signSend: Step[];
  lockedWallet: string;
};

function group(id: string): { errors: { code: number | null; message: string; source: string; condition: string }[]; dropped: Dropped[] } {
  const found = data.catalog.groups.find((entry) => entry.id === id);
  if (!found) throw new Error(`no group ${id}`);
  return { errors: found.errors, dropped: raw.groups.find((entry) => entry.id === id)?.dropped ?? [] };
}
const place = (entry: { file: string; line: number }): string => `${entry.file}:${entry.line}`;

describe('the sign group against an independent reading of sign() (review6, DeFiCh/ain v4.0.9)', () => {
  const sign = group('sign');

  it('the reading covers what SignTransaction can throw, and finds none of it reachable from sign()', () => {
    expect(review.throws.length).toBe(22);
    expect(review.throws.filter((entry) => entry.fromSign === 'REACHABLE')).toEqual([]);
    expect(review.throws.every((entry) => /\S+:\d+/.test(entry.reason) || entry.reason.length > 40)).toBe(true);
  });

  it('lists no throw the reader judged unreachable from sign()', () => {
    const unreachable = new Set(review.throws.filter((entry) => entry.fromSign === 'UNREACHABLE').map(place));
    expect(sign.errors.filter((error) => unreachable.has(error.source)).map((error) => error.source)).toEqual([]);
  });

  it('keeps the four the derivation meets in SignTransaction among the dropped entries, with the reason from sign()', () => {
    // rawtransaction_util.cpp:383 (Missing redeemScript/witnessScript) the derivation leaves out itself: sign() passes
    // is_temp_keystore false (mn_rpc.cpp:191), a literal that rules the branch out.
    const fromSignTransaction = sign.dropped.filter((entry) => entry.source.startsWith('src/rpc/rawtransaction_util.cpp:'));
    expect(fromSignTransaction.map((entry) => entry.source).sort()).toEqual(
      [
        'src/rpc/rawtransaction_util.cpp:317',
        'src/rpc/rawtransaction_util.cpp:333',
        'src/rpc/rawtransaction_util.cpp:346',
        'src/rpc/rawtransaction_util.cpp:423',
      ].sort(),
    );
    for (const entry of fromSignTransaction) {
      expect(review.throws.find((read) => place(read) === entry.source)?.fromSign).toBe('UNREACHABLE');
      expect(entry.reason).toMatch(/src\/dfi\/mn_rpc\.cpp:\d+/);
    }
  });

  it("lists only Can't sign TX (mn_rpc.cpp:197) from sign() itself; the decode of its own encoding is dropped (mn_rpc.cpp:194)", () => {
    // Settled: the reader calls line 194 "effectively unreachable" (a round trip of the node's own encoding,
    // core_read.cpp:132-138); the data listed it as an internal fault. It is dropped, here and in the add-on form.
    expect(review.signSend.find((step) => step.line === 194)?.when).toMatch(/round-trip|own/);
    expect(sign.errors.map((error) => `${error.code} ${error.source}`)).toEqual(['-25 src/dfi/mn_rpc.cpp:197']);
    expect(sign.dropped.find((entry) => entry.source === 'src/dfi/mn_rpc.cpp:194')?.reason).toMatch(/rawtransaction_util\.cpp:443/);
    expect(group('tx-inputs').errors.filter((error) => error.message.includes("Can't decode signed auth TX"))).toEqual([]);
  });

  it('says a locked wallet answers -25 at signing, except for transferdomain, which checks the lock first (-13)', () => {
    // Settled: the reader found EnsureWalletIsUnlocked before sign() only in transferdomain (rpc_accounts.cpp:2210);
    // the group's sentence had said "never -13" of every method that signs this way, transferdomain included.
    expect(review.lockedWallet).toMatch(/2210/);
    const condition = sign.errors.find((error) => error.source === 'src/dfi/mn_rpc.cpp:197')?.condition ?? '';
    expect(condition).toMatch(/locked/);
    expect(condition).toMatch(/transferdomain[^.]*-13/);
    expect(data.methods.get('transferdomain')?.groups).toEqual(expect.arrayContaining(['sign', 'wallet-locked']));
  });
});
