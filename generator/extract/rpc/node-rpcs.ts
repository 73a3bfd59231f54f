// Every RPC of the pinned node and the node's release history (generator/node-rpcs, derived from DeFiCh/ain by
// scripts/derive-node-rpcs.ts), read offline into the model. The data must describe the node the reference pins:
// data whose pinned tag is another node's, or a history that stops before it, is refused.
import fs from 'node:fs';
import path from 'node:path';
import type { JsonValue, NodeRpc, NodeRpcArg, NodeRpcCatalog, NodeRpcChange, NodeRpcGone, NodeRpcNeed, RpcReference, NodeCite } from '../../model/types';

const NODE_RPCS_DIR = path.resolve(__dirname, '../../node-rpcs');
/**
 * How many untyped RPCs a node-only page holds: the wallet category's 39 on one page weighed 203 KB of HTML, over the
 * 160 KiB a page may (tests/build/budgets.test.ts), so a category with more is told on pages of at most this many.
 */
const NODE_ONLY_PAGE_SIZE = 20;
/** Hand-written params for the RPCs whose help gives no usable example (each with the reason). */
const PARAMS_FILE = path.resolve(__dirname, '../../examples/node-rpc-params.json');

interface Span {
  from: string;
  to: string;
  category: string;
  args: string[];
}

interface HistoryData {
  repository: string;
  pinned: string;
  tags: string[];
  counts: Record<string, number>;
  rpcs: Record<string, { spans: Span[]; changes: NodeRpcChange[] }>;
}

interface HelpData {
  repository: string;
  tag: string;
  rpcs: {
    name: string;
    category: string;
    table: NodeCite;
    handler: NodeCite | null;
    help: NodeCite | null;
    description: string;
    args: NodeRpcArg[];
    results: { condition: string; text: string }[];
    examples: string;
    needs: NodeRpcNeed[];
  }[];
}

/** Splits a shell command line's words as sh would: single and double quotes, backslash escapes. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  while (i < line.length) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      const stop = end === -1 ? line.length : end;
      word = (word ?? '') + line.slice(i + 1, stop);
      i = stop + 1;
    } else if (c === '"') {
      let k = i + 1;
      let text = '';
      while (k < line.length && line[k] !== '"') {
        if (line[k] === '\\' && k + 1 < line.length && '"\\$`'.includes(line[k + 1] as string)) {
          text += line[k + 1];
          k += 2;
        } else {
          text += line[k];
          k += 1;
        }
      }
      word = (word ?? '') + text;
      i = k + 1;
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[i + 1];
      i += 2;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      i += 1;
    } else {
      word = (word ?? '') + c;
      i += 1;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** A command-line word as the node's client reads a param: JSON where it parses, else the string. */
function wordValue(word: string): JsonValue {
  try {
    return JSON.parse(word) as JsonValue;
  } catch {
    return word;
  }
}

/** The params of the help's first `defi-cli` example of the RPC itself (else of its first, which some helps misname). */
export function exampleParams(examples: string, name: string): JsonValue[] | null {
  const lines = examples.split('\n').filter((candidate) => candidate.startsWith('> defi-cli '));
  const line = lines.find((candidate) => candidate.split(/\s+/)[2] === name) ?? lines[0];
  if (line === undefined) return null;
  return shellWords(line.slice('> defi-cli '.length)).slice(1).map(wordValue);
}

/**
 * A value of the shape the help's result text draws, where it reads as JSON once the help's notation is taken out:
 * the `(type) description` after each value, `n` and `x.xxx` for numbers, `true|false`, and the `...` of repeats.
 * Null when the text is not of that form (a sentence, or a shape with alternatives).
 */
export function resultSample(text: string): string | null {
  const lines = text
    .split('\n')
    .map((line) =>
      line
        .replace(/\s+\((?:string|numeric|boolean|bool|json|array|object|obj|num|str|hex|int|integer|amount|Object|Array|numeric\b)[^]*$/i, '')
        .replace(/:\s*(?:n|x\.xxx|xxx\.xxxxxxxx|x\.xxxxxxxx|xxxx|nnn)\s*(,?)$/, ': 0$1')
        .replace(/:\s*true\|false\s*(,?)$/, ': true$1')
        .replace(/^(\s*)(?:n|x\.xxx)\s*(,?)$/, '$10$2')
        .trimEnd(),
    )
    .filter((line) => !/^\s*,?\s*\.\.\.\s*,?$/.test(line) && line.trim() !== '');
  const joined = lines.join('\n').replace(/,(\s*[\]}])/g, '$1');
  if (joined === '') return null;
  try {
    return JSON.stringify(JSON.parse(joined) as JsonValue, null, 2);
  } catch {
    return null;
  }
}

/** Where a value does not fit an argument as the help types it (`at` names the place). */
function misfits(value: JsonValue, arg: NodeRpcArg, at: string): string[] {
  const is = (fits: boolean, what: string): string[] => (fits ? [] : [`${at} is ${JSON.stringify(value)}, the help types it ${what}`]);
  switch (arg.type) {
    case 'STR':
      return is(typeof value === 'string', 'a string');
    case 'STR_HEX':
      return is(typeof value === 'string' && /^[0-9a-fA-F]*$/.test(value), 'a hex string');
    case 'NUM':
      return is(typeof value === 'number', 'a number');
    case 'BOOL':
      return is(typeof value === 'boolean', 'a boolean');
    case 'AMOUNT':
      return is(typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)), 'an amount');
    case 'RANGE':
      return is(
        typeof value === 'number' || (Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number')),
        'a number or [from, to]',
      );
    case 'ARR': {
      if (!Array.isArray(value)) return is(false, 'an array');
      if (arg.inner.length === 0) return [];
      return value.flatMap((item, index) => {
        const each = arg.inner.map((inner) => misfits(item, inner, `${at}[${index}]`));
        return each.some((problems) => problems.length === 0) ? [] : (each[0] ?? []);
      });
    }
    default: {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return is(false, 'an object');
      if (arg.type === 'OBJ_USER_KEYS') return [];
      // A member left out is not held against the example: many helps type as OBJ an object whose keys the caller
      // chooses (an address as the key), naming the key's role as if it were a member.
      const record = value;
      return arg.inner
        .filter((inner) => inner.name !== '')
        .flatMap((inner) => {
          const member = record[inner.name];
          return member === undefined ? [] : misfits(member, inner, `${at}.${inner.name}`);
        });
    }
  }
}

/** Where a sample's params do not fit the help's arguments: too many, a required one left out, a value of another type. */
export function sampleMisfits(params: readonly JsonValue[], args: readonly NodeRpcArg[]): string[] {
  const problems: string[] = [];
  if (params.length > args.length) problems.push(`${params.length} params, the help declares ${args.length} arguments`);
  args.forEach((arg, index) => {
    const value = params[index];
    if (value === undefined) {
      if (arg.presence === 'required') problems.push(`${arg.name} is left out, the help requires it`);
    } else problems.push(...misfits(value, arg, arg.name));
  });
  return problems;
}

function readJson<T>(file: string): T {
  if (!fs.existsSync(file))
    throw new Error(`node RPCs: ${path.relative(process.cwd(), file)} is missing; run scripts/derive-node-rpcs.ts on a DeFiCh/ain mirror`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

function tagParts(tag: string): number[] {
  return tag.slice(1).split('.').map(Number);
}

function compareTags(a: string, b: string): number {
  const x = tagParts(a);
  const y = tagParts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** The first release from which each argument of the pinned entry has been in the table without a break. */
function argsSince(spans: readonly Span[], tags: readonly string[], pinned: string): Record<string, string> {
  const at = spans.findIndex((span) => compareTags(span.from, pinned) <= 0 && compareTags(pinned, span.to) <= 0);
  const current = spans[at];
  if (current === undefined) return {};
  const since: Record<string, string> = {};
  for (const raw of current.args) {
    const name = raw.split('|')[0] ?? raw;
    let from = current.from;
    for (let k = at - 1; k >= 0; k--) {
      const span = spans[k] as Span;
      const next = spans[k + 1] as Span;
      const contiguous = tags.indexOf(span.to) === tags.indexOf(next.from) - 1;
      if (!contiguous || !span.args.some((arg) => (arg.split('|')[0] ?? arg) === name)) break;
      from = span.from;
    }
    since[name] = from;
  }
  return since;
}

/**
 * Reads the committed data for the node `pinned` (`v4.0.9`). `typed`: the RPC names the SDK's methods call. Throws
 * when the data is another node's or disagrees with itself.
 */
export function readNodeRpcs(pinned: string, typed: ReadonlySet<string>, dir = NODE_RPCS_DIR, paramsFile = PARAMS_FILE): NodeRpcCatalog {
  const history = readJson<HistoryData>(path.join(dir, 'history.json'));
  const help = readJson<HelpData>(path.join(dir, `help-${pinned}.json`));
  if (history.pinned !== pinned) throw new Error(`node RPCs: history.json pins ${history.pinned}, the reference pins ${pinned}`);
  if (help.tag !== pinned) throw new Error(`node RPCs: help-${pinned}.json is the help of ${help.tag}`);
  const last = history.tags[history.tags.length - 1];
  if (last === undefined || compareTags(last, pinned) < 0 || !history.tags.includes(pinned))
    throw new Error(`node RPCs: history.json ends at ${last ?? 'no tag'}, before the pinned ${pinned}`);
  const overrides = readJson<Record<string, { params: JsonValue[]; reason: string }>>(paramsFile);
  const registered = Object.entries(history.rpcs).filter(([, entry]) =>
    entry.spans.some((span) => compareTags(span.from, pinned) <= 0 && compareTags(pinned, span.to) <= 0),
  );
  const helpNames = new Set(help.rpcs.map((rpc) => rpc.name));
  const missing = registered.map(([name]) => name).filter((name) => !helpNames.has(name));
  if (missing.length > 0 || registered.length !== help.rpcs.length)
    throw new Error(`node RPCs: history.json and help-${pinned}.json disagree on the RPCs of ${pinned} (${missing.join(', ')})`);
  for (const name of Object.keys(overrides))
    if (!helpNames.has(name)) throw new Error(`node RPCs: ${paramsFile} names ${name}, which ${pinned} does not register`);
  const rpcs: NodeRpc[] = help.rpcs.map((entry) => {
    const own = history.rpcs[entry.name];
    if (own === undefined) throw new Error(`node RPCs: ${entry.name} has no history`);
    const changes = own.changes;
    const added = changes.filter((change) => change.kind === 'added' && compareTags(change.tag, pinned) <= 0).at(-1)?.tag;
    if (added === undefined) throw new Error(`node RPCs: ${entry.name} has no release that added it`);
    const required = entry.args.some((arg) => arg.presence === 'required');
    const params = overrides[entry.name]?.params ?? exampleParams(entry.examples, entry.name) ?? (required ? null : []);
    const result = entry.results.map((candidate) => resultSample(candidate.text)).find((text) => text !== null) ?? 'null';
    const misfit = params === null ? [] : sampleMisfits(params, entry.args);
    if (overrides[entry.name] !== undefined && misfit.length > 0)
      throw new Error(`node RPCs: the params written for ${entry.name} do not fit its help: ${misfit.join('; ')}`);
    return {
      name: entry.name,
      category: entry.category,
      typed: typed.has(entry.name),
      page: '',
      description: entry.description,
      args: entry.args,
      results: entry.results,
      examples: entry.examples,
      needs: entry.needs,
      source: { table: entry.table, handler: entry.handler, help: entry.help },
      added,
      changes: changes.filter((change) => compareTags(change.tag, added) > 0),
      tableArgs: own.spans.find((span) => compareTags(span.from, pinned) <= 0 && compareTags(pinned, span.to) <= 0)?.args ?? [],
      argsSince: argsSince(own.spans, history.tags, pinned),
      sample: params === null ? null : { params, result, misfits: misfit },
    };
  });
  // Pages: a category's untyped RPCs by name, NODE_ONLY_PAGE_SIZE to a page.
  const byCategory = new Map<string, NodeRpc[]>();
  for (const rpc of rpcs) if (!rpc.typed) byCategory.set(rpc.category, [...(byCategory.get(rpc.category) ?? []), rpc]);
  for (const [category, list] of byCategory)
    list.forEach((rpc, index) => {
      const part = Math.floor(index / NODE_ONLY_PAGE_SIZE);
      rpc.page = part === 0 ? category : `${category}-${part + 1}`;
    });
  const others: NodeRpcGone[] = Object.entries(history.rpcs)
    .filter(([name]) => !helpNames.has(name))
    .map(([name, entry]) => ({
      name,
      category: entry.spans.at(-1)?.category ?? '',
      added: entry.changes.find((change) => change.kind === 'added')?.tag ?? '',
      changes: entry.changes,
    }));
  return { repository: history.repository, tag: pinned, tags: history.tags, counts: history.counts, rpcs, others };
}

/** The RPC names the reference's methods call. */
export function typedRpcNames(reference: RpcReference): Set<string> {
  return new Set(reference.categories.flatMap((category) => category.methods.flatMap((method) => method.rpc.names)));
}
