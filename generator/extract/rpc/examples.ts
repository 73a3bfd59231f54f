// Reads the RPC example data (generator/examples/rpc/<category>/<method>.json) and runs every example through the
// SDK's own category class, with a client that records the call and answers with the example's result. What the
// pages then show as the request is what the SDK sent, and what they say about run-time types is what it returned.
import fs from 'node:fs';
import path from 'node:path';
import { ApiClient, BigNumber, JellyfishJSON, type Precision, type PrecisionPath } from '@defichain/jellyfish-api-core';
import { parse as parseLossless, stringify as stringifyLossless, LosslessNumber } from 'lossless-json';
import { readExampleFolder } from '../common/example-folder';
import type { ExampleValue, JsonValue, RpcExample, RpcMethod, RpcReference, RuntimeTypeNote, TypeGap } from '../../model/types';
import { checkRuntimeValue, isFault, type Finding } from '../../model/runtime-types';
import { enumMemberValue, resolvedReturnType } from '../../model/queries';

export { resolvedReturnType } from '../../model/queries';

/** One example as the data file writes it, before it is run. */
export interface RpcExampleInput {
  signature: number;
  title: string;
  arguments: ExampleValue[];
  comments: Record<string, string>;
  /** The result, parsed losslessly (numbers are `LosslessNumber`s), so it prints as written. */
  result: unknown;
}

export interface RpcExampleFile {
  examples: RpcExampleInput[];
  notes: string[];
  /**
   * Parts of the result where the node's answer departs from the package's declared type, by path (as the run-time
   * check writes paths: `vin[].sequence`, '' for the whole result), each with the reason a page states and, where the
   * gap is more than a field left out or a primitive of another type, the node's answer there as a JSON Schema with the
   * source it is read from (`{ "reason", "wire", "source" }`; a bare string is the reason alone).
   */
  typeGaps: Record<string, TypeGap>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof LosslessNumber);
}

/** Lossless numbers of the arguments become plain numbers: arguments are small, and the model is plain JSON. */
function plainArgument(value: unknown, where: string): ExampleValue {
  if (value instanceof LosslessNumber) return value.valueOf();
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((entry, index) => plainArgument(entry, `${where}[${index}]`));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, plainArgument(entry, `${where}.${key}`)]));
  throw new Error(`${where}: not a JSON value`);
}

/** A lossless JSON value (a schema in the data) as plain JSON. */
function plainJson(value: unknown, where: string): JsonValue {
  if (value instanceof LosslessNumber) return value.valueOf();
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((entry, index) => plainJson(entry, `${where}[${index}]`));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, plainJson(entry, `${where}.${key}`)]));
  throw new Error(`${where}: not a JSON value`);
}

/** Parses one data file; throws with the file name when its shape is wrong. */
function parseRpcExampleFile(text: string, where: string): RpcExampleFile {
  const parsed: unknown = parseLossless(text);
  if (!isRecord(parsed) || !Array.isArray(parsed.examples) || parsed.examples.length === 0)
    throw new Error(`${where}: a file holds { "examples": [ … ] } with at least one example`);
  const notes = parsed.notes ?? [];
  if (!Array.isArray(notes) || !notes.every((note): note is string => typeof note === 'string')) throw new Error(`${where}: "notes" is a list of sentences`);
  const rawGaps = parsed.typeGaps ?? {};
  if (!isRecord(rawGaps)) throw new Error(`${where}: "typeGaps" maps result paths to a reason`);
  const typeGaps: Record<string, TypeGap> = {};
  for (const [path, gap] of Object.entries(rawGaps)) {
    if (typeof gap === 'string' && gap.trim() !== '') typeGaps[path] = { reason: gap };
    else if (isRecord(gap) && typeof gap.reason === 'string' && gap.reason.trim() !== '' && typeof gap.source === 'string' && isRecord(gap.wire))
      typeGaps[path] = { reason: gap.reason, wire: plainJson(gap.wire, `${where}: typeGaps["${path}"].wire`), wireSource: gap.source };
    else throw new Error(`${where}: typeGaps["${path}"] is a reason, or { "reason", "source", "wire" } with the node's answer there as a JSON Schema`);
  }
  const known = new Set(['examples', 'notes', 'typeGaps']);
  const unknownKey = Object.keys(parsed).find((key) => !known.has(key));
  if (unknownKey) throw new Error(`${where}: unknown key "${unknownKey}"`);
  const examples = parsed.examples.map((entry: unknown, index: number): RpcExampleInput => {
    const at = `${where}: examples[${index}]`;
    if (!isRecord(entry) || !Array.isArray(entry.arguments) || !('result' in entry)) throw new Error(`${at} holds "arguments" (a list) and "result"`);
    const allowed = new Set(['signature', 'title', 'arguments', 'comments', 'result']);
    const extra = Object.keys(entry).find((key) => !allowed.has(key));
    if (extra) throw new Error(`${at}: unknown key "${extra}"`);
    const signature = entry.signature === undefined ? 0 : entry.signature instanceof LosslessNumber ? entry.signature.valueOf() : NaN;
    if (!Number.isInteger(signature) || signature < 0) throw new Error(`${at}: "signature" is an overload index`);
    const title = entry.title ?? '';
    if (typeof title !== 'string') throw new Error(`${at}: "title" is text`);
    const comments = entry.comments ?? {};
    if (!isRecord(comments) || !Object.values(comments).every((comment) => typeof comment === 'string'))
      throw new Error(`${at}: "comments" maps argument indexes to text`);
    return {
      signature,
      title,
      arguments: entry.arguments.map((argument, position) => plainArgument(argument, `${at}.arguments[${position}]`)),
      comments: comments as Record<string, string>,
      result: entry.result,
    };
  });
  if (examples.length > 1 && examples.some((example: RpcExampleInput) => example.title === ''))
    throw new Error(`${where}: several examples each need a "title"`);
  return { examples, notes, typeGaps };
}

/** A result path as typeGaps and amounts.json write it, in segments: `tx[].vout[].value` → tx, [], vout, [], value. */
function pathSegments(path: string): string[] {
  return path
    .replace(/\[(\d*)\]/g, '.[$1]')
    .split('.')
    .filter((segment) => segment !== '');
}

/** The values at a path of a lossless result (`[]` every item, `[1]` one item, `*` every key of a map). */
function valuesAt(value: unknown, segments: readonly string[], where: string): { where: string; value: unknown }[] {
  const [head, ...rest] = segments;
  if (head === undefined) return [{ where, value }];
  if (Array.isArray(value)) {
    if (head === '[]') return value.flatMap((item, index) => valuesAt(item, rest, `${where}[${index}]`));
    const index = /^\[(\d+)\]$/.exec(head)?.[1];
    return index === undefined || Number(index) >= value.length ? [] : valuesAt(value[Number(index)], rest, `${where}[${index}]`);
  }
  if (!isRecord(value)) return [];
  if (head === '*') return Object.entries(value).flatMap(([key, inner]) => valuesAt(inner, rest, `${where}.${key}`));
  return head in value ? valuesAt(value[head], rest, `${where}.${head}`) : [];
}

/**
 * generator/examples/rpc/amounts.json: for each node RPC, the result paths the node writes with ValueFromAmount,
 * always with 8 decimals (`0.35000000`), each with the place in the node's sources.
 */
export function readRpcAmounts(file: string): Map<string, string[]> {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const amounts = new Map<string, string[]>();
  for (const [rpc, paths] of Object.entries(parsed)) {
    if (rpc.startsWith('$')) continue;
    if (!isRecord(paths) || !Object.values(paths).every((source) => typeof source === 'string' && source.startsWith('src/')))
      throw new Error(`${file}: ${rpc} maps result paths to the node source that writes them`);
    amounts.set(rpc, Object.keys(paths));
  }
  return amounts;
}

/** Amounts of a lossless result not written as the node writes them: exactly 8 decimals. */
export function amountProblems(result: unknown, paths: readonly string[]): string[] {
  return paths.flatMap((path) =>
    valuesAt(result, pathSegments(path), 'result').flatMap(({ where, value }) =>
      value instanceof LosslessNumber && !/^-?\d+\.\d{8}$/.test(value.value)
        ? [`${where} is ${value.value}; the node writes this amount with 8 decimals (${path})`]
        : [],
    ),
  );
}

/** Every data file below `dir`, keyed `category.method`. */
export function readRpcExampleFiles(dir: string): Map<string, RpcExampleFile> {
  return readExampleFolder(dir, parseRpcExampleFile);
}

/** The run-time value of an argument: tags become a BigNumber, an enum member's value, or undefined. */
export function argumentValue(reference: RpcReference, module: string, value: ExampleValue, where: string): unknown {
  if (Array.isArray(value)) return value.map((entry, index) => argumentValue(reference, module, entry, `${where}[${index}]`));
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0]?.startsWith('$')) {
      const tag = value[keys[0]];
      switch (keys[0]) {
        case '$bignumber':
          if (typeof tag !== 'string' || new BigNumber(tag).isNaN()) throw new Error(`${where}: $bignumber takes a decimal string`);
          return new BigNumber(tag);
        case '$enum': {
          const found = typeof tag === 'string' ? enumMemberValue(reference, module, tag) : null;
          if (!found) throw new Error(`${where}: no enum member ${JSON.stringify(tag)}`);
          return found.value;
        }
        case '$undefined':
          return undefined;
        default:
          throw new Error(`${where}: unknown tag ${keys[0]}`);
      }
    }
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, argumentValue(reference, module, entry, `${where}.${key}`)]));
  }
  return value;
}

interface RecordedCall {
  method: string;
  params: unknown[];
  precision: Precision | PrecisionPath;
}

/** An ApiClient that records each call and answers with one JSON text, parsed the way JsonRpcClient parses answers. */
class RecordingClient extends ApiClient {
  readonly calls: RecordedCall[] = [];

  constructor(private readonly resultText: string) {
    super();
  }

  async call<T>(method: string, params: unknown[], precision: Precision | PrecisionPath): Promise<T> {
    this.calls.push({ method, params, precision });
    // JsonRpcClient.parse: the answer's `result` member with the method's precision.
    const parsed = JellyfishJSON.parse(`{"result":${this.resultText},"error":null,"id":"docs"}`, { result: precision }) as { result: T };
    return Promise.resolve(parsed.result);
  }
}

function precisionText(precision: Precision | PrecisionPath): string {
  return typeof precision === 'string' ? precision : JSON.stringify(precision);
}

export interface RanExample {
  example: RpcExample;
  /** The declared gaps this example's findings fell under. */
  usedGaps: Set<string>;
  /** What the SDK handed back, for checks beyond the model. */
  returned: unknown;
  findings: Finding[];
}

/** Whether a finding's path lies at or below a gap's path. */
export function coveredBy(path: string, gap: string): boolean {
  return gap === '' || path === gap || path.startsWith(`${gap}.`) || path.startsWith(`${gap}[`);
}

/**
 * The page's notes for one example's findings: each declared gap that a finding falls under (one note, with its
 * reason), and each BigNumber parsed as a number outside the gaps. Throws on a fault no gap declares.
 */
function runtimeNotes(
  findings: readonly Finding[],
  typeGaps: Readonly<Record<string, TypeGap>>,
  where: string,
): { notes: RuntimeTypeNote[]; usedGaps: Set<string> } {
  const notes: RuntimeTypeNote[] = [];
  const usedGaps = new Set<string>();
  const gapPaths = Object.keys(typeGaps).sort((a, b) => b.length - a.length);
  const faults = findings.filter(isFault);
  const undeclared: string[] = [];
  for (const finding of faults) {
    const gap = gapPaths.find((candidate) => coveredBy(finding.path, candidate));
    if (gap !== undefined) {
      usedGaps.add(gap);
      continue;
    }
    if (finding.kind === 'number-for-bignumber' || finding.kind === 'bignumber-for-number') {
      notes.push({ path: finding.path, declared: finding.expected, returned: finding.actual, reason: '' });
      continue;
    }
    undeclared.push(`${finding.path === '' ? '(root)' : finding.path}: ${finding.kind}: declared ${finding.expected}, got ${finding.actual}`);
  }
  if (undeclared.length > 0)
    throw new Error(
      `${where}: the result departs from the declared type (fix the result, or declare each gap in "typeGaps" with its reason):\n  ${undeclared.join('\n  ')}`,
    );
  for (const gap of gapPaths.filter((path) => usedGaps.has(path)).sort()) {
    const exact = faults.find((finding) => finding.path === gap);
    const declared = typeGaps[gap];
    notes.push({
      path: gap,
      declared: exact?.expected ?? '',
      returned: exact?.actual ?? '',
      reason: declared?.reason ?? '',
      ...(declared?.wire === undefined ? {} : { wire: declared.wire, wireSource: declared.wireSource ?? '' }),
    });
  }
  notes.sort((a, b) => a.path.localeCompare(b.path));
  return { notes, usedGaps };
}

/** Runs one example through the SDK's category method and records the request, the precision and the run-time types. */
export async function runRpcExample(
  reference: RpcReference,
  categoryName: string,
  method: RpcMethod,
  input: RpcExampleInput,
  where: string,
  typeGaps: Readonly<Record<string, TypeGap>> = {},
): Promise<RanExample> {
  const category = reference.categories.find((candidate) => candidate.name === categoryName);
  if (!category) throw new Error(`${where}: no category ${categoryName}`);
  const signature = method.signatures[input.signature];
  if (!signature) throw new Error(`${where}: ${method.name} has no overload ${input.signature}`);
  const maximum = signature.parameters.some((parameter) => parameter.rest) ? Infinity : signature.parameters.length;
  if (input.arguments.length > maximum) throw new Error(`${where}: ${input.arguments.length} arguments, the overload takes ${signature.parameters.length}`);
  const resultText = stringifyLossless(input.result) ?? 'null';
  const client = new RecordingClient(resultText);
  const target = (client as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>)[categoryName];
  const call = target?.[method.name];
  if (typeof call !== 'function') throw new Error(`${where}: the installed client has no ${categoryName}.${method.name}`);
  const args = input.arguments.map((argument, index) => argumentValue(reference, category.module, argument, `${where}: arguments[${index}]`));
  const returned = await call.apply(target, args);
  const recorded = client.calls[0];
  if (client.calls.length !== 1 || !recorded) throw new Error(`${where}: ${method.name} made ${client.calls.length} calls; the pages show one`);
  const findings = checkRuntimeValue(reference.types, resolvedReturnType(signature.returns), returned);
  const { notes: runtimeTypes, usedGaps } = runtimeNotes(findings, typeGaps, where);
  return {
    returned,
    findings,
    usedGaps,
    example: {
      signature: input.signature,
      title: input.title,
      arguments: input.arguments,
      comments: input.comments,
      rpcMethod: recorded.method,
      params: JellyfishJSON.stringify(recorded.params),
      result: stringifyLossless(input.result, undefined, 2) ?? 'null',
      precision: precisionText(recorded.precision),
      runtimeTypes,
    },
  };
}

/** Runs every example of every method and stores them in the model; returns methods that have no data file. */
export async function attachRpcExamples(reference: RpcReference, files: ReadonlyMap<string, RpcExampleFile>, dir: string): Promise<string[]> {
  const missing: string[] = [];
  const known = new Set<string>();
  let amounts: Map<string, string[]> | undefined;
  for (const category of reference.categories) {
    for (const method of category.methods) {
      const key = `${category.name}.${method.name}`;
      known.add(key);
      const file = files.get(key);
      if (!file) {
        missing.push(key);
        continue;
      }
      const where = path.join(dir, category.name, `${method.name}.json`);
      method.examples = [];
      amounts ??= readRpcAmounts(path.join(dir, 'amounts.json'));
      const used = new Set<string>();
      for (const [index, input] of file.examples.entries()) {
        const ran = await runRpcExample(reference, category.name, method, input, `${where} examples[${index}]`, file.typeGaps);
        const unpadded = amountProblems(input.result, amounts.get(ran.example.rpcMethod) ?? []);
        if (unpadded.length > 0) throw new Error(`${where} examples[${index}]: write amounts as the node does:\n  ${unpadded.join('\n  ')}`);
        ran.usedGaps.forEach((gap) => used.add(gap));
        method.examples.push(ran.example);
      }
      const unused = Object.keys(file.typeGaps).filter((gap) => !used.has(gap));
      if (unused.length > 0)
        throw new Error(`${where}: "typeGaps" names ${unused.map((gap) => JSON.stringify(gap)).join(', ')}, where every example matches the declared type`);
      method.exampleNotes = file.notes;
    }
  }
  const stray = [...files.keys()].filter((key) => !known.has(key));
  if (stray.length > 0) throw new Error(`example data for methods the package does not have: ${stray.join(', ')}`);
  return missing;
}
