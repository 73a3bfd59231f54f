// generator/errors/rpc.json against two readings of DeFiCh/ain v4.0.9 by readers who did not see it
// (tests/fixtures/node-rpc-review/review4.json, parts A and B: the errors of the 97 RPCs api-core does not type). Where a
// reading and the data differed, the source settled it: `settled.present` holds the errors the data has (fixed in it,
// or missed by a reader), `settled.absent` the ones no call meets, `settled.conventions` the places the readers cite for
// a throw that the data cites elsewhere.
// `settled.overruled` holds rows a later reading (errors-review6, errors-review7) showed no call meets, settled from
// the source: the data drops them, each with its reason.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answers, listsRow, methods, overruledInData, rowKey, shape, type Fact, type Method, type Overruled, type Row } from './rpc-error-readings';

const ROOT = path.resolve(__dirname, '../..');

interface Convention {
  via?: string;
  at?: string;
  codeNull?: boolean;
  means: string[];
  why: string;
}

const review = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/node-rpc-review/review4.json'), 'utf8')) as {
  A: Row[];
  B: Row[];
  settled: { present: Fact[]; absent: Fact[]; conventions: Convention[]; overruled: Overruled[] };
};
const overruled = new Set(review.settled.overruled.map(rowKey));

/** The places the data may cite for a row: its own, or the ones a convention of the readers stands for. */
function placesOf(row: Row, method: Method): string[] {
  const at = `${row.file ?? ''}:${String(row.line ?? '')}`;
  const mapped = review.settled.conventions.filter((c) => c.at === at).flatMap((c) => c.means);
  const viaCheck = row.via !== undefined && /(^|>)RPCHelpMan::Check$/.test(row.via) && row.file === method.handler.split(':')[0];
  const check = viaCheck ? review.settled.conventions.filter((c) => c.via === 'RPCHelpMan::Check').flatMap((c) => c.means) : [];
  return [at, ...mapped, ...check];
}

function holds(row: Row): void {
  listsRow(row, (method) => placesOf(row, method));
}

describe('the RPC errors agree with two readings of the sources of the untyped RPCs', () => {
  it('holds 300 rows for 48 RPCs (A) and 305 rows for 49 RPCs (B), 97 RPCs in all', () => {
    expect(review.A).toHaveLength(300);
    expect(review.B).toHaveLength(305);
    expect(new Set(review.A.map((row) => row.rpc)).size).toBe(48);
    expect(new Set(review.B.map((row) => row.rpc)).size).toBe(49);
    expect(new Set([...review.A, ...review.B].map((row) => row.rpc)).size).toBe(97);
  });

  const label = (part: string, row: Row): string =>
    `${part} ${row.rpc} ${String(row.code)} ${row.file ?? ''}:${String(row.line ?? '')} ${row.message ?? ''}`.slice(0, 160);
  const kept = (row: Row): boolean => !overruled.has(rowKey(row));
  it.each([...review.A.filter(kept).map((row) => [label('A', row), row] as const), ...review.B.filter(kept).map((row) => [label('B', row), row] as const)])(
    '%s',
    (_, row) => holds(row),
  );

  // Rows a later reading overruled, each settled from the source: no call meets them, so the data drops them.
  it.each(review.settled.overruled.map((fact) => [`${fact.rpc} ${fact.code} ${fact.file}:${fact.line} (overruled by ${fact.by})`, fact] as const))(
    '%s',
    (_, fact) => {
      expect([...review.A, ...review.B, ...review.settled.present].some((row) => rowKey(row) === rowKey(fact))).toBe(true);
      const found = overruledInData(fact);
      expect(found.listed).toEqual([]);
      expect(found.reason).toMatch(/src\/[\w/.-]+:\d+/);
    },
  );

  it.each(
    review.settled.present
      .filter((fact) => !overruled.has(rowKey(fact)))
      .map((fact) => [`${fact.rpc} ${fact.code} ${fact.file}:${fact.line} (settled, ${fact.wrong} was wrong)`, fact] as const),
  )('%s', (_, fact) => holds(fact));

  it.each(review.settled.absent.map((fact) => [`${fact.rpc} does not answer ${fact.code} from ${fact.file}:${fact.line}`, fact] as const))('%s', (_, fact) => {
    const method = methods.get(fact.rpc);
    expect(method).toBeDefined();
    const place = `${fact.file}:${fact.line}`;
    const met = answers(method as Method).filter((a) => a.code === fact.code && (a.places.includes(place) || shape(a.message) === shape(fact.message)));
    expect(met.map((a) => `${a.message} (${a.places.join(', ')})`)).toEqual([]);
  });

  it('states a reason for each settled case and each convention', () => {
    for (const entry of [...review.settled.present, ...review.settled.absent, ...review.settled.conventions, ...review.settled.overruled]) {
      expect(entry.why.trim().length).toBeGreaterThanOrEqual(8);
    }
  });
});
