// generator/errors/rpc.json against a third reading of DeFiCh/ain v4.0.9 by someone who did not see it
// (tests/fixtures/node-rpc-review/review3.json, part A: the errors of 25 RPCs). Where the readings differed, the source
// settled it: `settled.present` holds the places the data has and the reading missed or wrote otherwise, and
// `settled.absent` the files whose errors an RPC cannot reach.
// `settled.overruled` holds rows a later reading (errors-review6, errors-review7) showed no call meets, settled from
// the source: the data drops them, each with its reason.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { overruledInData, rowKey, type Overruled } from './rpc-error-readings';

const ROOT = path.resolve(__dirname, '../..');

interface Fact {
  rpc: string;
  code: number | null;
  message: string;
  file: string;
  line: number;
}
interface Absent {
  rpc: string;
  file: string;
}
interface Entry {
  code: number | null;
  message: string;
  source: string;
  alsoAt?: string[];
}
interface Method {
  rpc: string;
  groups: string[];
  absorbedAt?: Record<string, string[]>;
  errors: Entry[];
}
interface Data {
  groups: { id: string; errors: Entry[] }[];
  methods: Method[];
}

const review = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/node-rpc-review/review3.json'), 'utf8')) as {
  A: Fact[];
  settled: { present: Fact[]; absent: Absent[]; overruled: Overruled[] };
};
const overruled = new Set(review.settled.overruled.map(rowKey));
const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/errors/rpc.json'), 'utf8')) as Data;
const methods = new Map(data.methods.map((m) => [m.rpc, m]));

/** A message with what the node fills in left open: the two readings name those parts differently. */
const shape = (message: string): string => message.replace(/\{[^{}]*\}/g, '{}');

/** Each error the RPC answers, with every place the data cites for it. */
function answers(method: Method): { code: number | null; message: string; places: string[] }[] {
  const own = method.errors.map((e) => ({ code: e.code, message: e.message, places: [e.source, ...(e.alsoAt ?? [])] }));
  const taken = Object.entries(method.absorbedAt ?? {}).flatMap(([id, places]) =>
    (data.groups.find((g) => g.id === id)?.errors ?? []).map((e) => ({ code: e.code, message: e.message, places })),
  );
  return [...own, ...taken];
}

/** True when `message` (the reading's) fits `template` (the data's), a group's `{action}` standing for any words. */
const fits = (template: string, message: string): boolean =>
  shape(template) === shape(message) || new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^{}]*\}/g, '.*')}$`, 's').test(message);

function holds(fact: Fact): void {
  const method = methods.get(fact.rpc);
  expect(method, `${fact.rpc} is in the data`).toBeDefined();
  if (!method) return;
  if (fact.code === null) {
    expect(method.errors, `${fact.rpc} throws nothing of its own`).toEqual([]);
    return;
  }
  const place = `${fact.file}:${fact.line}`;
  const found = answers(method).filter((a) => a.code === fact.code && a.places.includes(place));
  expect(
    found.map((a) => a.message),
    `${fact.rpc} ${fact.code} at ${place}`,
  ).toContainEqual(expect.anything());
  expect(
    found.some((a) => fits(a.message, fact.message)),
    `${fact.rpc} ${fact.code} at ${place}: ${JSON.stringify(fact.message)} in ${JSON.stringify(found.map((a) => a.message))}`,
  ).toBe(true);
}

describe('the RPC errors agree with a third reading of the sources', () => {
  it('holds 95 rows for 25 RPCs', () => {
    expect(review.A).toHaveLength(95);
    expect(new Set(review.A.map((fact) => fact.rpc)).size).toBe(25);
  });

  it.each(review.A.filter((fact) => !overruled.has(rowKey(fact))).map((fact) => [`${fact.rpc} ${String(fact.code)} ${fact.file}:${fact.line}`, fact] as const))(
    '%s',
    (_, fact) => holds(fact),
  );

  // Rows a later reading overruled, each settled from the source: no call meets them, so the data drops them.
  it.each(review.settled.overruled.map((fact) => [`${fact.rpc} ${fact.code} ${fact.file}:${fact.line} (overruled by ${fact.by})`, fact] as const))(
    '%s',
    (_, fact) => {
      expect(review.A.some((row) => rowKey(row) === rowKey(fact))).toBe(true);
      const found = overruledInData(fact);
      expect(found.listed).toEqual([]);
      expect(found.reason).toMatch(/src\/[\w/.-]+:\d+/);
      expect(fact.why.trim().length).toBeGreaterThanOrEqual(8);
    },
  );

  it.each(review.settled.present.map((fact) => [`${fact.rpc} ${String(fact.code)} ${fact.file}:${fact.line} (settled)`, fact] as const))('%s', (_, fact) =>
    holds(fact),
  );

  it.each(review.settled.absent.map((fact) => [`${fact.rpc} answers nothing from ${fact.file}`, fact] as const))('%s', (_, fact) => {
    const method = methods.get(fact.rpc);
    expect(method).toBeDefined();
    expect(answers(method as Method).flatMap((a) => a.places.filter((p) => p.startsWith(`${fact.file}:`)))).toEqual([]);
  });
});
