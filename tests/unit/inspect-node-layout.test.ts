// The transaction inspector (src/inspect) against the node's layouts: for every DfTx payload it decodes (the model's
// 53 examples, the 55 builder samples, the SDK's test fixtures), the node's layout of the type
// (generator/node-rules/dftx-rules.json, from DeFiCh/ain v4.0.9) is walked here by a reader of the node's wire words
// written for this test, not the decoder's, and each field the node reads must start and end where the inspector's
// spans of the same field do and hold the value the inspector shows. The three differences the rules explain are
// asserted as such: PoolUpdatePair's poolId and status (the node's 4 + 1 bytes over the SDK's VarInt + 4, equal
// together when the id is below 128), SetGovVariableHeight's single variable, MintToken's optional `to`.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InspectData } from '../../contract/inspect-data';
import type { CustomTxReference } from '../../generator/model/custom-tx';
import { inspect, type Inspection, type Json } from '../../src/inspect/decode';

const ROOT = path.resolve(__dirname, '../..');
const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/inspect-data.json'), 'utf8')) as InspectData;
const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/custom-tx-model.json'), 'utf8')) as CustomTxReference;
const builderSamples = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/builder-examples.json'), 'utf8')) as Record<
  string,
  { outputs: { label: string; text: string }[] }
>;
const sdkFixtures = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/inspect/sdk-fixtures.json'), 'utf8')) as {
  fixtures: { kind: 'script' | 'transaction'; path: string; line: number; hex: string }[];
};

interface NodeField {
  name: string;
  wire: string;
  sdk: string[];
}
const rules = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rules/dftx-rules.json'), 'utf8')) as {
  types: Record<string, { layout: { fields: NodeField[]; differences: { field: string }[] } }>;
};

// ---- The node's wire words, read as the node's serializers do (src/serialize.h at v4.0.9) ----

type NodeValue = number | bigint | string;

class NodeReader {
  at = 0;
  constructor(
    readonly bytes: Uint8Array,
    /** Where the message ends: a reader never reads past it. */
    public end: number,
  ) {}

  private need(count: number): void {
    if (this.at + count > this.end) throw new Error(`the node reads ${count} bytes at ${this.at}, the message ends at ${this.end}`);
  }

  byte(): number {
    this.need(1);
    return this.bytes[this.at++] ?? 0;
  }

  /** Little-endian unsigned integer of `count` bytes. */
  le(count: number): bigint {
    this.need(count);
    let value = 0n;
    for (let index = count - 1; index >= 0; index -= 1) value = (value << 8n) | BigInt(this.bytes[this.at + index] ?? 0);
    this.at += count;
    return value;
  }

  /** ReadCompactSize: one byte below 253, else fd/fe/ff and 2, 4 or 8 bytes. */
  compactSize(): number {
    const first = this.byte();
    if (first < 253) return first;
    return Number(this.le(first === 253 ? 2 : first === 254 ? 4 : 8));
  }

  /** ReadVarInt: 7 bits a byte, most significant first, each continuation adding one. */
  varInt(): number {
    let value = 0;
    for (;;) {
      const byte = this.byte();
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
      value += 1;
    }
  }

  take(count: number): Uint8Array {
    this.need(count);
    const slice = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return slice;
  }
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** A wire description as a tree: `[ ... ]` a compact-size counted vector, a trailing `?` read only when bytes remain. */
type Wire = { word: string; optional: boolean } | { items: Wire[]; optional: boolean };

function parseWire(text: string): Wire[] {
  const tokens = text.match(/\[|\]\??|[^\s[\]]+/g) ?? [];
  let index = 0;
  const sequence = (): Wire[] => {
    const items: Wire[] = [];
    while (index < tokens.length) {
      const token = tokens[index++] ?? '';
      if (token === '[') {
        const inner = sequence();
        items.push({ items: inner, optional: tokens[index - 1] === ']?' });
      } else if (token.startsWith(']')) return items;
      else items.push({ word: token.replace(/\?$/, ''), optional: token.endsWith('?') });
    }
    return items;
  };
  return sequence();
}

/** The node's reading of one governance variable: its name, then its value by the name's class (src/dfi/govvariables). */
function readGovVar(reader: NodeReader, into: NodeValue[], valueEnd: number): void {
  const name = Buffer.from(reader.take(reader.compactSize())).toString('utf8');
  into.push(name);
  if (name === 'LP_DAILY_DFI_REWARD')
    into.push(reader.le(8)); // lp_daily_dfi_reward.h:32 READWRITE(dailyReward)
  else if (name === 'LP_SPLITS') {
    // lp_splits.h:35 READWRITE(serliazedSplits): a std::map<uint32_t, CAmount>, counted.
    const count = reader.compactSize();
    for (let index = 0; index < count; index += 1) into.push(Number(reader.le(4)), reader.le(8));
  } else {
    // Any other variable's value runs to the end of its part of the message: compared as bytes.
    into.push(hex(reader.take(valueEnd - reader.at)));
  }
}

/** Reads `wire` as the node does; pushes each value read, in order. */
function readWire(reader: NodeReader, wire: Wire, into: NodeValue[]): void {
  if (wire.optional && reader.at >= reader.end) return;
  if ('items' in wire) {
    const count = reader.compactSize();
    if (count > reader.end - reader.at) throw new Error(`a count of ${count} at ${reader.at} is more than the bytes left`);
    for (let index = 0; index < count; index += 1) for (const item of wire.items) readWire(reader, item, into);
    return;
  }
  switch (wire.word) {
    case 'byte':
      into.push(reader.byte());
      return;
    case 'int16le':
      into.push(Number(reader.le(2)));
      return;
    case 'int32le':
      into.push(Number(reader.le(4)));
      return;
    case 'int64le':
      into.push(reader.le(8));
      return;
    case 'varint':
      into.push(reader.varInt());
      return;
    case 'uint256':
      // uint256::GetHex: the bytes reversed.
      into.push(hex(Uint8Array.from(reader.take(32)).reverse()));
      return;
    case 'bytes20':
      into.push(hex(reader.take(20)));
      return;
    case 'bytes':
    case 'script':
      into.push(hex(reader.take(reader.compactSize())));
      return;
    case 'string':
      into.push(Buffer.from(reader.take(reader.compactSize())).toString('utf8'));
      return;
    case 'govvar':
      readGovVar(reader, into, reader.end);
      return;
    case 'govvars':
      while (reader.at < reader.end) readGovVar(reader, into, reader.end);
      return;
    default:
      throw new Error(`no reader for the wire word ${wire.word}`);
  }
}

interface NodeReading {
  name: string;
  wire: string;
  sdk: string[];
  start: number;
  end: number;
  values: NodeValue[];
}

/** Walks the node's layout of `letter` over the payload; `end` is where the node's message ends. */
function nodeRead(letter: string, payload: Uint8Array, layout = rules.types[letter]?.layout): { fields: NodeReading[]; end: number } {
  if (layout === undefined) throw new Error(`no node layout for ${letter}`);
  const reader = new NodeReader(payload, payload.length);
  const fields: NodeReading[] = [];
  for (const field of layout.fields) {
    const start = reader.at;
    const values: NodeValue[] = [];
    // SetGovVariableHeight (gv.h:89-92): one variable, then the 4-byte start height at the message's end.
    if (field.wire === 'govvar') readGovVar(reader, values, payload.length - 4);
    else for (const wire of parseWire(field.wire)) readWire(reader, wire, values);
    fields.push({ name: field.name, wire: field.wire, sdk: field.sdk, start, end: reader.at, values });
  }
  return { fields, end: reader.at };
}

// ---- What the inspector shows ----

/** A payload value's leaves in order, a script's address left out (the node reads a script as its bytes). */
function leafValues(value: Json | undefined, into: (string | number | boolean)[]): void {
  if (Array.isArray(value)) for (const item of value) leafValues(item, into);
  else if (typeof value === 'object' && value !== null) {
    const script = typeof value.hex === 'string' && typeof value.address === 'string';
    for (const [key, item] of Object.entries(value)) if (!(script && key === 'address')) leafValues(item, into);
  } else if (value !== null && value !== undefined) into.push(value);
}

/** An amount of satoshis as the SDK's BigNumber divided by 10^8 prints it. */
function coins(satoshis: bigint): string {
  const sign = satoshis < 0n ? '-' : '';
  const magnitude = satoshis < 0n ? -satoshis : satoshis;
  const fraction = (magnitude % 100000000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sign}${magnitude / 100000000n}${fraction === '' ? '' : `.${fraction}`}`;
}

/** One value of the node equals one of the inspector's: an int64 as satoshis or as coins, a byte as a bool. */
function same(node: NodeValue, shown: string | number | boolean): boolean {
  if (typeof node === 'bigint') return typeof shown === 'string' && (shown === node.toString() || shown === coins(node));
  if (typeof node === 'number') return typeof shown === 'boolean' ? Number(shown) === node : shown === node;
  return shown === node;
}

const MAX_INT64 = 9223372036854775807n;
// src/dfi/tokens.h:30-32: Mintable 0x01, Tradeable 0x02, DAT 0x04.
const TOKEN_FLAGS: Record<string, number> = { mintable: 1, tradeable: 2, isDAT: 4 };

/** The node's values of a field against the inspector's, with the node's own shapes of flags and a max price. */
function expectSameValues(field: NodeReading, payload: Record<string, Json>, where: string): void {
  const shown: (string | number | boolean)[] = [];
  for (const key of field.sdk) leafValues(payload[key], shown);
  const flags = field.sdk.every((key) => key in TOKEN_FLAGS) && field.sdk.length > 1;
  if (flags) {
    const byte = Number(field.values[0]);
    for (const key of field.sdk) expect(payload[key], `${where} ${key}`).toBe((byte & (TOKEN_FLAGS[key] ?? 0)) !== 0);
    return;
  }
  // A max price (PoolSwap's maxPrice, CompositeSwap's swapInfo ends with one; src/dfi/mn_checks.h): two int64, the
  // integer and the fraction ×10⁻⁸, which the inspector shows as one number.
  // An empty optional byte string (ICX's receivePubkey): the node reads length 0, the inspector shows no value.
  if (field.sdk.every((key) => !(key in payload)) && field.values.every((value) => value === '')) return;
  let values = [...field.values];
  if (field.wire.endsWith('int64le int64le')) {
    const [integer, fraction] = values.splice(-2) as bigint[];
    values.push(integer === MAX_INT64 && fraction === MAX_INT64 ? MAX_INT64.toString() : coins((integer ?? 0n) * 100000000n + (fraction ?? 0n)));
  }
  // An empty optional byte string in a vector (UpdateMasterNode's address) is shown as no value at all.
  if (shown.length < values.length) values = values.filter((value) => value !== '');
  expect(shown.length, `${where}: ${JSON.stringify(shown)} against ${values.map(String).join(' ')}`).toBe(values.length);
  values.forEach((value, index) => {
    const item = shown[index];
    expect(item !== undefined && same(value, item), `${where} value ${index}: node ${String(value)}, inspector ${String(item)}`).toBe(true);
  });
}

/** The payload's start and the inspector's spans in it, offsets from the payload's first byte. */
function payloadSpans(result: Inspection): { start: number; end: number; spans: { label: string; offset: number; end: number; note?: string }[] } {
  const type = result.spans.find((span) => span.group.endsWith('DfTx') && span.label === 'type');
  if (type === undefined) throw new Error('no type byte');
  const group = type.group;
  const start = type.offset + 1;
  const spans = result.spans
    .filter((span) => span.group === group && span.offset >= start && !['excess', 'after the push'].includes(span.label))
    .map((span) => ({
      label: span.label,
      offset: span.offset - start,
      end: span.offset - start + span.length,
      ...(span.note === undefined ? {} : { note: span.note }),
    }));
  return { start, end: spans.reduce((last, span) => Math.max(last, span.end), 0), spans };
}

/** The first part of a span's label: `to[0].balances[0].amount` is `to`; a flag byte's label names every flag. */
function labelKeys(label: string): string[] {
  return (label.split(/[.[]| \(/)[0] ?? '').split(', ');
}

interface Case {
  name: string;
  letter: string;
  result: Inspection;
  payload: Uint8Array;
}

function cases(): Case[] {
  const all: { name: string; hex: string }[] = [
    ...model.types.map((type) => ({ name: `model ${type.letter} ${type.className}`, hex: type.example.txHex })),
    ...Object.entries(builderSamples).flatMap(([name, sample]) =>
      sample.outputs
        .filter((output) => /^0[1-4]000000[0-9a-f]+$/.test(output.text.trim()))
        .map((output) => ({ name: `builder ${name}`, hex: output.text.trim() })),
    ),
    ...sdkFixtures.fixtures.map((fixture) => ({ name: `fixture ${fixture.path}:${fixture.line}`, hex: fixture.hex })),
  ];
  const found: Case[] = [];
  for (const { name, hex: text } of all) {
    const result = inspect(text, data);
    const dftx = result.dftx;
    if (dftx === undefined || dftx.className === null || result.error !== undefined) continue;
    const { start } = payloadSpans(result);
    // The payload ends where the push does: the last byte of the inspector's DfTx spans.
    const pushEnd = result.spans
      .filter((span) => span.group.endsWith('DfTx') && span.label !== 'after the push')
      .reduce((last, span) => Math.max(last, span.offset + span.length), 0);
    found.push({ name, letter: dftx.letter, result, payload: Uint8Array.from(Buffer.from(text, 'hex').subarray(start, pushEnd)) });
  }
  return found;
}

const all = cases();

/** Whether a SetGovVariableHeight holds the one variable the node reads. */
function oneVariable(item: Case): boolean {
  const vars = item.result.dftx?.payload.governanceVars;
  return Array.isArray(vars) && vars.length === 1;
}

/** Checks one case against the node; returns the names of the node's fields it found differing from the inspector's spans. */
function compare(item: Case, layout = rules.types[item.letter]?.layout): string[] {
  const where = `${item.name} (${item.letter})`;
  const node = nodeRead(item.letter, item.payload, layout);
  // The node reads the whole message: no byte left over, none missing.
  expect(node.end, `${where}: the node's reading ends`).toBe(item.payload.length);
  const { spans } = payloadSpans(item.result);
  const payload = item.result.dftx?.payload ?? {};
  const differing: string[] = [];
  for (const field of node.fields) {
    const mine = spans.filter((span) => labelKeys(span.label).some((key) => field.sdk.includes(key)));
    const start = Math.min(...mine.map((span) => span.offset));
    const end = Math.max(...mine.map((span) => span.end));
    if (mine.length === 0 && field.end === field.start) continue;
    if (start !== field.start || end !== field.end) {
      differing.push(field.name);
      continue;
    }
    expectSameValues(field, payload, `${where} ${field.name}`);
  }
  return differing;
}

describe('the node reads each decoded payload as the inspector shows it', () => {
  it('finds the payloads: the 53 model examples, builder samples and fixtures', () => {
    expect(all.filter((item) => item.name.startsWith('model ')).length).toBe(53);
    expect(all.filter((item) => item.name.startsWith('builder ')).length).toBeGreaterThanOrEqual(40);
    expect(all.filter((item) => item.name.startsWith('fixture ')).length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.map((item) => item.letter)).size).toBe(53);
  });

  it('every field of every type but PoolUpdatePair starts, ends and reads as the inspector shows', () => {
    const checked = all.filter((entry) => entry.letter !== 'u' && !(entry.letter === 'j' && oneVariable(entry) === false));
    expect(checked.length).toBeGreaterThan(150);
    for (const item of checked) expect(compare(item), item.name).toStrictEqual([]);
  });

  it('PoolUpdatePair: the node reads poolId in 4 bytes and status in 1 where the SDK writes a VarInt and 4; the 5 bytes agree for ids below 128', () => {
    const updates = all.filter((item) => item.letter === 'u');
    expect(updates.length).toBeGreaterThanOrEqual(1);
    for (const item of updates) {
      expect(compare(item), item.name).toStrictEqual(['poolId', 'status']);
      const node = nodeRead('u', item.payload).fields;
      const { spans } = payloadSpans(item.result);
      const payload = item.result.dftx?.payload ?? {};
      const poolId = spans.find((span) => span.label === 'poolId');
      const status = spans.find((span) => span.label === 'status');
      // The SDK's VarInt of an id below 128 is one byte; its uBool32 the four bytes 00 00 00 0v.
      expect(payload.poolId, item.name).toBeLessThan(128);
      expect([poolId?.offset, poolId?.end, status?.offset, status?.end]).toStrictEqual([0, 1, 1, 5]);
      expect(Array.from(item.payload.subarray(1, 4))).toStrictEqual([0, 0, 0]);
      expect(node.slice(0, 2).map((field) => [field.start, field.end])).toStrictEqual([
        [0, 4],
        [4, 5],
      ]);
      expect(node[0]?.values).toStrictEqual([payload.poolId]);
      expect(node[1]?.values).toStrictEqual([payload.status === true ? 1 : 0]);
      for (const field of node.slice(2)) expectSameValues(field, payload, `${item.name} ${field.name}`);
      // The inspector says on both fields how the node reads them.
      expect(poolId?.note, item.name).toMatch(/^How the node reads it \(src\/dfi\/poolpairs.h:130\): .*4 bytes/);
      expect(status?.note, item.name).toMatch(/^How the node reads it .*a bool/);
    }
  });

  it('SetGovVariableHeight: the node reads exactly one variable; a message of two it reads otherwise than the inspector', () => {
    const heights = all.filter((item) => item.letter === 'j');
    const one = heights.filter(oneVariable);
    const two = heights.filter((item) => !oneVariable(item));
    expect(one.length).toBeGreaterThanOrEqual(1);
    for (const item of heights) {
      const span = payloadSpans(item.result).spans.find((entry) => entry.label.startsWith('governanceVars'));
      expect(span?.note, item.name).toMatch(/exactly one variable/);
    }
    // The SDK's fixture of two variables: the node's start height is the first 4 bytes of the second variable, and
    // bytes are left after it, so the node refuses the message the inspector reads as two variables and a height.
    expect(two.length).toBeGreaterThanOrEqual(1);
    for (const item of two) expect(item.name).toContain('SetGovernanceHeight.test.ts');
    for (const item of two) {
      const node = nodeRead('j', item.payload);
      const second = payloadSpans(item.result).spans.find((entry) => entry.label.startsWith('governanceVars[1]'));
      expect(node.fields[0]?.end, item.name).toBe(second?.offset);
      expect(node.end, item.name).toBeLessThan(item.payload.length);
    }
  });

  it('MintToken: the node reads `to` only when bytes remain; the SDK always writes it, so both read it', () => {
    const mints = all.filter((item) => item.letter === 'M');
    expect(mints.length).toBeGreaterThanOrEqual(1);
    for (const item of mints) {
      const to = nodeRead('M', item.payload).fields[1];
      expect(to?.end, item.name).toBeGreaterThan(to?.start ?? 0);
      expect(payloadSpans(item.result).spans.find((span) => span.label === 'to')?.note, item.name).toMatch(/only when bytes remain/);
    }
    // A message that ends after the balances: the node reads no `to`.
    const first = mints[0];
    if (first === undefined) return;
    const balancesEnd = nodeRead('M', first.payload).fields[0]?.end ?? 0;
    expect(nodeRead('M', first.payload.subarray(0, balancesEnd)).fields[1]?.values).toStrictEqual([]);
  });

  it('goes red on a wrong node layout: PoolSwap with idTokenFrom read as int32le', () => {
    const swap = all.find((item) => item.letter === 's');
    const layout = rules.types.s?.layout;
    if (swap === undefined || layout === undefined) throw new Error('no PoolSwap');
    const wrong = { ...layout, fields: layout.fields.map((field) => (field.name === 'idTokenFrom' ? { ...field, wire: 'int32le' } : field)) };
    expect(() => compare(swap, wrong)).toThrow();
  });
});
