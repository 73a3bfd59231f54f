// What the tests of the independent readings of the node's errors (errors-review3, -4, -5) read from
// generator/errors/rpc.json, and how a reading's row is matched to it: each error an RPC answers with every place the
// data cites for it, and messages compared with the parts the node fills in left open.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** A reader's row: one error an RPC throws, where, and through which helper. */
export interface Row {
  rpc: string;
  code: number | null;
  message: string | null;
  file: string | null;
  line: number | null;
  via?: string;
}
/** A case the source settled: the error, and which side had it wrong and why. */
export interface Fact {
  rpc: string;
  code: number;
  message: string;
  file: string;
  line: number;
  wrong: string;
  why: string;
}
interface Entry {
  code: number | null;
  message: string;
  source: string;
  alsoAt?: string[];
}
/** A row of a reading that a later reading and the source showed no call meets (see errors-review6, errors-review7). */
export interface Overruled {
  rpc: string;
  code: number;
  message: string;
  file: string;
  line: number;
  /** The reading that overruled it. */
  by: string;
  why: string;
}
interface Dropped {
  code: number;
  message: string;
  source: string;
  reason: string;
}
export interface Method {
  rpc: string;
  handler: string;
  groups: string[];
  absorbedAt?: Record<string, string[]>;
  errors: Entry[];
  dropped?: Dropped[];
}
interface Data {
  groups: { id: string; errors: Entry[]; dropped?: Dropped[] }[];
  methods: Method[];
}

const data = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../generator/errors/rpc.json'), 'utf8')) as Data;
export const methods = new Map(data.methods.map((m) => [m.rpc, m]));

/** A message with what the node fills in left open: the readings and the data name those parts differently. */
export const shape = (message: string): string => message.replace(/\{[^{}]*\}/g, '{}');

/**
 * True when `message` (a reading's) fits `template` (the data's) at the same place: a group's `{name}` stands for the
 * name a reading wrote out, and a message the node computes (`{variant}`, `{reason}`) for each text a reading lists.
 */
const fits = (template: string, message: string): boolean =>
  shape(template) === shape(message) || new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^{}]*\}/g, '.*')}$`, 's').test(message);

interface Answer {
  code: number | null;
  message: string;
  places: string[];
  group?: string;
}

/** Each error the RPC answers, with every place the data cites for it. */
export function answers(method: Method): Answer[] {
  const own = method.errors.map((e) => ({ code: e.code, message: e.message, places: [e.source, ...(e.alsoAt ?? [])] }));
  const grouped = method.groups.flatMap((id) =>
    (data.groups.find((g) => g.id === id)?.errors ?? []).map((e) => ({
      code: e.code,
      message: e.message,
      places: [e.source, ...(e.alsoAt ?? []), ...(method.absorbedAt?.[id] ?? [])],
      group: id,
    })),
  );
  return [...own, ...grouped];
}

/** The dropped entry (the method's own, or one of its groups') for an error at `place`, with the reason it gives. */
function droppedAt(method: Method, code: number, place: string, message?: string): Dropped | undefined {
  const groups = data.groups.filter((g) => method.groups.includes(g.id)).flatMap((g) => g.dropped ?? []);
  // An error thrown at several places is dropped once, under its first place: the message then names it.
  return [...(method.dropped ?? []), ...groups].find(
    (d) => d.code === code && (d.source === place || (message !== undefined && shape(d.message) === shape(message))),
  );
}

/** What the data does with an overruled row: the messages it still lists at that place, and the dropped entry's reason. */
export function overruledInData(fact: Overruled): { listed: string[]; reason: string | undefined } {
  const method = methods.get(fact.rpc);
  if (!method) throw new Error(`no ${fact.rpc} in the data`);
  const place = `${fact.file}:${String(fact.line)}`;
  const listed = answers(method)
    .filter((a) => a.code === fact.code && a.places.includes(place))
    .map((a) => a.message);
  return { listed, reason: droppedAt(method, fact.code, place, fact.message)?.reason };
}

/** The key that matches a reading's row to an overruled one. */
export const rowKey = (row: { rpc: string; code: number | null; file: string | null; line: number | null }): string =>
  `${row.rpc} ${String(row.code)} ${row.file ?? ''}:${String(row.line ?? '')}`;

/** Asserts that the data lists a reading's row: its code at one of `places` (the row's own or a convention's), with a message it fits. */
export function listsRow(row: Row, places: (method: Method) => string[]): void {
  const method = methods.get(row.rpc);
  expect(method, `${row.rpc} is in the data`).toBeDefined();
  if (!method) return;
  if (row.code === null && row.message === null) {
    expect(method.errors, `${row.rpc} throws nothing of its own`).toEqual([]);
    return;
  }
  const at = places(method);
  const message = row.message ?? '';
  // A null code with a message: the node passes on the code of an inner error; the data lists each code it can be.
  const found = answers(method).filter((a) => (row.code === null || a.code === row.code) && a.places.some((p) => at.includes(p)));
  expect(
    found.some((a) => fits(a.message, message)),
    `${row.rpc} ${String(row.code)} at ${at.join(' | ')}: ${JSON.stringify(message)} in ${JSON.stringify(found.map((a) => a.message))}`,
  ).toBe(true);
}
