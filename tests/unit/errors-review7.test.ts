// The conditions of generator/errors/rpc.json that the derivation could only print as the code's own test, written as
// sentences, against an independent reading of DeFiCh/ain v4.0.9 by readers who did not see the data's wording
// (tests/fixtures/node-rpc-review/review7.json: 387 errors of 109 RPCs and one group). Where a reader found an error no
// call can meet, it is among the dropped entries with its reason; every other one is listed with a written sentence.
// Where the readings differed, the source settled it: `settled` holds what the data must then say, with the lines that
// decided it. ERRORS_FILE points the suite at another copy of the data (to see it fail on older data).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const FILE = process.env.ERRORS_FILE ?? path.join(ROOT, 'generator/errors/rpc.json');

interface Entry {
  code: number | null;
  message: string;
  source: string;
  condition?: string;
  conditionFrom?: string;
  reason?: string;
}
interface Owner {
  errors: Entry[];
  dropped?: Entry[];
}
const data = JSON.parse(fs.readFileSync(FILE, 'utf8')) as { groups: (Owner & { id: string })[]; methods: (Owner & { rpc: string })[] };

interface Key {
  rpc: string;
  code: number;
  message: string;
  source: string;
}
interface Row extends Key {
  reading: { condition: string } | { unreachable: string };
  verdict: 'agree' | 'differ';
}
interface Settled extends Key {
  side: 'writer' | 'reader' | 'neither';
  expect: 'listed' | 'dropped';
  mustSay?: string;
  why: string;
}
const review = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/node-rpc-review/review7.json'), 'utf8')) as { rows: Row[]; settled: Settled[] };

function owner(rpc: string): Owner {
  const found = rpc.startsWith('group:') ? data.groups.find((group) => `group:${group.id}` === rpc) : data.methods.find((method) => method.rpc === rpc);
  if (!found) throw new Error(`no ${rpc} in the data`);
  return found;
}
const same = (key: Key) => (entry: Entry) => entry.code === key.code && entry.message === key.message && entry.source === key.source;
const listedAs = (key: Key): Entry | undefined => owner(key.rpc).errors.find(same(key));
const droppedAs = (key: Key): Entry | undefined => (owner(key.rpc).dropped ?? []).find(same(key));
const name = (key: Key): string => `${key.rpc} ${key.code} ${JSON.stringify(key.message)} ${key.source}`;

/** What a written condition must not be: the code's test printed, or C++ in place of words. */
function unwritten(condition: string): string | null {
  if (/^The handler's test|^No test of its own/.test(condition)) return 'the code printed';
  const words = condition.replace(/`[^`]*`/g, '');
  if (/->|::|&&|\|\||==|!=|!\w|\w\(\)/.test(words)) return 'C++ outside code spans';
  if (!/^[A-Z`]/.test(condition) || !/[.)]$/.test(condition)) return 'not a sentence';
  return null;
}

describe('written conditions against an independent reading (review7, DeFiCh/ain v4.0.9)', () => {
  it('covers 387 errors of 109 RPCs and one group, with 31 settled differences', () => {
    expect(review.rows.length).toBe(387);
    expect(new Set(review.rows.map((row) => row.rpc)).size).toBe(110);
    expect(review.settled.length).toBe(31);
  });

  it('keeps every error the reading covers, listed or dropped', () => {
    expect(review.rows.filter((row) => listedAs(row) === undefined && droppedAs(row) === undefined).map(name)).toEqual([]);
  });

  it('lists each one with a condition in words, not the code’s own test', () => {
    const problems: string[] = [];
    for (const row of review.rows) {
      const entry = listedAs(row);
      if (entry === undefined) continue;
      if (entry.conditionFrom !== undefined) problems.push(`${name(row)}: conditionFrom ${entry.conditionFrom}`);
      const wrong = unwritten(entry.condition ?? '');
      if (wrong !== null) problems.push(`${name(row)}: ${wrong}: ${entry.condition ?? ''}`);
    }
    expect(problems).toEqual([]);
  });

  it('drops what both readings found unreachable, and lists what both found reachable', () => {
    const agreed = review.rows.filter((row) => row.verdict === 'agree');
    expect(agreed.filter((row) => 'unreachable' in row.reading && listedAs(row) !== undefined).map(name)).toEqual([]);
    expect(agreed.filter((row) => 'condition' in row.reading && listedAs(row) === undefined).map(name)).toEqual([]);
    expect(agreed.filter((row) => 'unreachable' in row.reading).length).toBe(36);
  });

  it('gives each dropped error its reason, citing the lines it stands on', () => {
    const dropped = review.rows.map(droppedAs).filter((entry): entry is Entry => entry !== undefined);
    expect(dropped.length).toBe(46);
    expect(dropped.filter((entry) => !/\bsrc\/[\w/.-]+:\d+/.test(entry.reason ?? '')).map((entry) => entry.message)).toEqual([]);
  });

  describe('settled from the source where the readings differed', () => {
    for (const fact of review.settled) {
      it(`${name(fact)}: ${fact.expect}${fact.mustSay === undefined ? '' : `, saying /${fact.mustSay}/`} (${fact.side})`, () => {
        if (fact.expect === 'dropped') {
          expect(listedAs(fact)).toBeUndefined();
          expect(droppedAs(fact)?.reason).toMatch(/src\/[\w/.-]+:\d+/);
          return;
        }
        const entry = listedAs(fact);
        expect(entry).toBeDefined();
        expect(entry?.condition).toMatch(new RegExp(fact.mustSay ?? '.'));
      });
    }
  });
});
