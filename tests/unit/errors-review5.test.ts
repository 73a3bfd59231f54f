// generator/errors/rpc.json against a reading of DeFiCh/ain v4.0.9 by a reader who did not see it
// (tests/fixtures/node-rpc-review/review5.json: the errors of the 34 SPV RPCs, followed into the SPV wrapper). Rows the
// reader judged unreachable must be absent from the data, the others present. Where the reading and the data differed,
// the source settled it: `settled.present` holds the errors the data has (fixed in it, or missed by the reader),
// `settled.absent` the ones no call meets, `settled.conventions` the rows the data words or places otherwise.
// `settled.overruled` holds rows a later reading (errors-review6, errors-review7) showed no call meets, settled from
// the source: the data drops them, each with its reason.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answers, listsRow, methods, overruledInData, rowKey, type Fact, type Method, type Overruled, type Row } from './rpc-error-readings';

const ROOT = path.resolve(__dirname, '../..');

interface ReadRow extends Row {
  kind?: string;
  reachability?: string;
}
interface Convention {
  /** Rows of this kind are not errors the data lists (see `why`). */
  kind?: string;
  at?: string;
  means: string[];
  why: string;
}

const review = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/node-rpc-review/review5.json'), 'utf8')) as {
  rows: ReadRow[];
  settled: { present: Fact[]; absent: Fact[]; conventions: Convention[]; overruled: Overruled[] };
};
const overruled = new Set(review.settled.overruled.map(rowKey));

/** The places the data may cite for a row: its own, or the ones a convention of the reader stands for. */
function placesOf(row: ReadRow): string[] {
  const at = `${row.file ?? ''}:${String(row.line ?? '')}`;
  return [at, ...review.settled.conventions.filter((c) => c.at === at).flatMap((c) => c.means)];
}

function holds(row: ReadRow): void {
  listsRow(row, () => placesOf(row));
}

/** The reader's verdict that no call meets the row. */
const unreachable = (row: ReadRow): boolean => /^UNREACHABLE/.test(row.reachability ?? '');
/** Rows the settled cases decide: the reading was wrong about them, or the data was and the fact is held below. */
const settledKey = (row: { rpc: string; code: number | null; file: string | null; line: number | null }): string =>
  `${row.rpc} ${String(row.code)} ${row.file ?? ''}:${String(row.line ?? '')}`;
const settledKeys = new Set([...review.settled.present, ...review.settled.absent].map(settledKey));
/** Rows of a kind, or at a place, that a convention says the data does not list (a convention with no `means`). */
const unlistedKinds = new Set(review.settled.conventions.flatMap((c) => (c.kind === undefined ? [] : [c.kind])));
const unlistedPlaces = new Set(review.settled.conventions.flatMap((c) => (c.at !== undefined && c.means.length === 0 ? [c.at] : [])));
const unlisted = (row: ReadRow): boolean => unlistedKinds.has(row.kind ?? '') || unlistedPlaces.has(`${row.file ?? ''}:${String(row.line ?? '')}`);

function absent(fact: { rpc: string; code: number | null; message: string | null; file: string | null; line: number | null }): void {
  const method = methods.get(fact.rpc);
  expect(method).toBeDefined();
  const place = `${fact.file ?? ''}:${String(fact.line ?? '')}`;
  const met = answers(method as Method).filter((a) => a.code === fact.code && a.places.includes(place));
  expect(met.map((a) => `${a.message} (${a.places.join(', ')})`)).toEqual([]);
}

describe('the RPC errors agree with a reading of the SPV RPCs and the SPV wrapper', () => {
  it('holds 293 rows for 34 RPCs, all spv_*', () => {
    expect(review.rows).toHaveLength(293);
    expect(new Set(review.rows.map((row) => row.rpc)).size).toBe(34);
    expect(review.rows.every((row) => row.rpc.startsWith('spv_'))).toBe(true);
  });

  const label = (row: ReadRow): string => `${row.rpc} ${String(row.code)} ${row.file ?? ''}:${String(row.line ?? '')} ${row.message ?? ''}`.slice(0, 160);
  const rows = review.rows.filter((row) => !settledKeys.has(settledKey(row)) && !unlisted(row) && !overruled.has(rowKey(row)));
  it.each(rows.filter((row) => !unreachable(row)).map((row) => [label(row), row] as const))('%s', (_, row) => holds(row));
  it.each(rows.filter(unreachable).map((row) => [`${label(row)} (unreachable)`, row] as const))('%s', (_, row) => absent(row));

  // Rows the reader called practically unreachable and the data listed: a later reading settled them from the source.
  it.each(review.settled.overruled.map((fact) => [`${fact.rpc} ${fact.code} ${fact.file}:${fact.line} (overruled by ${fact.by})`, fact] as const))(
    '%s',
    (_, fact) => {
      expect(review.rows.find((row) => rowKey(row) === rowKey(fact))?.reachability).toMatch(/unreachable|unlikely|only if/i);
      const found = overruledInData(fact);
      expect(found.listed).toEqual([]);
      expect(found.reason).toMatch(/src\/[\w/.-]+:\d+/);
    },
  );

  it.each(review.settled.present.map((fact) => [`${fact.rpc} ${fact.code} ${fact.file}:${fact.line} (settled, ${fact.wrong} was wrong)`, fact] as const))(
    '%s',
    (_, fact) => holds(fact),
  );

  it.each(review.settled.absent.map((fact) => [`${fact.rpc} does not answer ${fact.code} from ${fact.file}:${fact.line}`, fact] as const))('%s', (_, fact) =>
    absent(fact),
  );

  it('states a reason for each settled case and each convention', () => {
    for (const entry of [...review.settled.present, ...review.settled.absent, ...review.settled.conventions, ...review.settled.overruled]) {
      expect(entry.why.trim().length).toBeGreaterThanOrEqual(8);
    }
  });
});
