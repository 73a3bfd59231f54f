// Derives the node's RPCs from DeFiCh/ain's sources: which RPCs every release registers (and with which argument
// names), and for the pinned release the help of each one, and writes them to generator/node-rpcs/.
//
//   npx tsx scripts/derive-node-rpcs.ts <ain git dir>            # writes the files
//   npx tsx scripts/derive-node-rpcs.ts <ain git dir> --check    # fails when the files and the sources disagree
//
// The git dir is a bare mirror with the release tags (the `fetch` tool's copy is /work/.mirror/DeFiCh+ain/repo). The
// mirror is not in CI, so the files are committed and `npm run generate` reads them offline.
//
// What it reads, mechanically:
// - every release tag vX.Y.Z (and vX.Y.Z.W) from v1.0.0 to v4.x; release candidates, alpha and beta tags and the
//   Bitcoin Core tags the repository also carries (every v0.x, v22, v23) are left out;
// - at each tag, every `CRPCCommand name[] = { ... }` table in src/: `{ "category", "name", &actor, {"arg", ...} }`;
// - at the pinned tag, each RPC's handler (`UniValue actor(const JSONRPCRequest& request)`) and the `RPCHelpMan{...}`
//   in it: name, description, the `RPCArg` tree (type, required or default, description), the `RPCResult` texts and
//   `RPCExamples`, with string literals joined and `HelpExampleCli`/`HelpExampleRpc` written out as the node prints
//   them; and what the handler's body needs from the node it runs on (a wallet, an unlocked wallet, an index, an
//   option, a module), each with the line it rests on.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { lineAt, maskCpp } from './lib/cpp-text';

const PINNED = 'v4.0.9';
const OUT_DIR = path.join(__dirname, '..', 'generator', 'node-rpcs');
const HISTORY_FILE = path.join(OUT_DIR, 'history.json');
const HELP_FILE = path.join(OUT_DIR, `help-${PINNED}.json`);
const TABLES_FILE = path.join(OUT_DIR, `tables-${PINNED}.txt`);

// ---------------------------------------------------------------- git

const [gitDir, flag] = process.argv.slice(2);
if (gitDir === undefined || (flag !== undefined && flag !== '--check')) {
  console.error('usage: tsx scripts/derive-node-rpcs.ts <ain git dir> [--check]');
  process.exit(2);
}

function git(...args: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir as string, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

const blobCache = new Map<string, string>();
function blob(hash: string): string {
  let text = blobCache.get(hash);
  if (text === undefined) {
    text = git('cat-file', 'blob', hash);
    blobCache.set(hash, text);
  }
  return text;
}

/** Path -> blob hash of every file below src/ at a tag. */
function tree(tag: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const line of git('ls-tree', '-r', tag, 'src').split('\n')) {
    const m = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line);
    if (m?.[1] !== undefined && m[2] !== undefined) files.set(m[2], m[1]);
  }
  return files;
}

// ---------------------------------------------------------------- tags

function versionParts(tag: string): number[] {
  return tag.slice(1).split('.').map(Number);
}

function compareTags(a: string, b: string): number {
  const x = versionParts(a);
  const y = versionParts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

function releaseTags(): string[] {
  return git('tag')
    .split('\n')
    .filter((tag) => /^v\d+\.\d+\.\d+(\.\d+)?$/.test(tag))
    .filter((tag) => {
      // The v0.x tags are Bitcoin Core's (2011 to 2021), reached through the history the node is built on; the
      // node's own releases start at v1.0.0.
      const [major = 0] = versionParts(tag);
      return major >= 1 && major <= 4;
    })
    .sort(compareTags);
}

// ---------------------------------------------------------------- C++ text

interface Source {
  path: string;
  /** The text with comments blanked (offsets and newlines kept). */
  text: string;
  /** `text` with the insides of string and character literals blanked too. */
  mask: string;
  lineStarts: number[];
}

function readSource(filePath: string, raw: string): Source {
  return { path: filePath, ...maskCpp(raw) };
}

function lineOf(source: Source, offset: number): number {
  return lineAt(source.lineStarts, offset);
}

/** Offset of the bracket that closes the one at `open`, read on the mask. */
function closing(source: Source, open: number): number {
  const pairs: Record<string, string> = { '{': '}', '(': ')', '[': ']' };
  const stack: string[] = [];
  for (let k = open; k < source.mask.length; k++) {
    const c = source.mask[k] as string;
    if (c in pairs) stack.push(pairs[c] as string);
    else if (c === '}' || c === ')' || c === ']') {
      if (stack.pop() !== c) throw new Error(`${source.path}:${lineOf(source, k)}: unbalanced ${c}`);
      if (stack.length === 0) return k;
    }
  }
  throw new Error(`${source.path}:${lineOf(source, open)}: no closing bracket`);
}

// ---------------------------------------------------------------- RPC tables

interface TableEntry {
  category: string;
  name: string;
  actor: string;
  args: string[];
  path: string;
  line: number;
}

const TABLE = /\bCRPCCommand\s+\w+\s*\[\s*\]\s*=\s*\{/g;
const ENTRY = /\{\s*"([^"]*)"\s*,\s*"([^"]*)"\s*,\s*&?\s*([\w:]+)\s*,\s*\{([^{}]*)\}\s*,?\s*\}/g;

/** The tables of one file, and the text of each table as the file has it (for the tables file). */
function readTables(source: Source, raw: string): { entries: TableEntry[]; texts: string[] } {
  const entries: TableEntry[] = [];
  const texts: string[] = [];
  for (const table of source.text.matchAll(TABLE)) {
    const open = table.index + table[0].length - 1;
    const close = closing(source, open);
    const startLine = lineOf(source, table.index);
    const endLine = lineOf(source, close);
    texts.push(
      `// ${source.path}:${startLine}\n${raw
        .split('\n')
        .slice(startLine - 1, endLine)
        .join('\n')}`,
    );
    const body = source.text.slice(open + 1, close);
    for (const entry of body.matchAll(ENTRY)) {
      const [, category = '', name = '', actor = '', argList = ''] = entry;
      const args = [...argList.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '');
      entries.push({ category, name, actor, args, path: source.path, line: lineOf(source, open + 1 + entry.index) });
    }
  }
  return { entries, texts };
}

interface TagTables {
  entries: TableEntry[];
  texts: string[];
  files: Map<string, string>;
}

function tablesAt(tag: string): TagTables {
  const files = tree(tag);
  const entries: TableEntry[] = [];
  const texts: string[] = [];
  for (const [filePath, hash] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!filePath.endsWith('.cpp')) continue;
    const raw = blob(hash);
    if (!raw.includes('CRPCCommand')) continue;
    const found = readTables(readSource(filePath, raw), raw);
    entries.push(...found.entries);
    texts.push(...found.texts);
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.name)) throw new Error(`${tag}: ${entry.name} is registered twice`);
    seen.add(entry.name);
  }
  return { entries, texts, files };
}

// ---------------------------------------------------------------- history across tags

interface Span {
  /** First and last tag of a run of consecutive tags with the same category and argument names. */
  from: string;
  to: string;
  category: string;
  args: string[];
}

type Change =
  | { tag: string; kind: 'added'; args: string[] }
  | { tag: string; kind: 'removed' }
  | { tag: string; kind: 'category'; from: string; to: string }
  | { tag: string; kind: 'args'; before: string[]; after: string[]; added: string[]; removed: string[]; renamed: { from: string; to: string }[] };

function argName(arg: string): string {
  return arg.split('|')[0] ?? arg;
}

function argChange(tag: string, before: string[], after: string[]): Change {
  const renamed: { from: string; to: string }[] = [];
  const b = before.map(argName);
  const a = after.map(argName);
  const added = a.filter((x) => !b.includes(x));
  const removed = b.filter((x) => !a.includes(x));
  // An argument in the same place under another name, where the list did not otherwise grow or shrink, is a rename.
  if (a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const from = b[i] as string;
      const to = a[i] as string;
      if (from !== to && added.includes(to) && removed.includes(from)) renamed.push({ from, to });
    }
  }
  return {
    tag,
    kind: 'args',
    before,
    after,
    added: added.filter((x) => !renamed.some((r) => r.to === x)),
    removed: removed.filter((x) => !renamed.some((r) => r.from === x)),
    renamed,
  };
}

function historyOf(spans: Span[], tags: string[]): Change[] {
  const changes: Change[] = [];
  let previous: Span | null = null;
  for (const span of spans) {
    const index = tags.indexOf(span.from);
    if (previous === null || tags.indexOf(previous.to) !== index - 1) {
      if (previous !== null) changes.push({ tag: tags[tags.indexOf(previous.to) + 1] as string, kind: 'removed' });
      changes.push({ tag: span.from, kind: 'added', args: span.args });
    } else {
      if (previous.category !== span.category) changes.push({ tag: span.from, kind: 'category', from: previous.category, to: span.category });
      if (previous.args.join() !== span.args.join()) changes.push(argChange(span.from, previous.args, span.args));
    }
    previous = span;
  }
  const last = tags[tags.length - 1] as string;
  if (previous !== null && previous.to !== last) changes.push({ tag: tags[tags.indexOf(previous.to) + 1] as string, kind: 'removed' });
  return changes;
}

// ---------------------------------------------------------------- help at the pinned tag

type Token = { kind: 'string'; value: string; at: number } | { kind: 'word'; value: string; at: number } | { kind: 'punct'; value: string; at: number };

/** A parsed initializer: a token, a `{...}` or `(...)` group, or a call or construction `name{...}` / `name(...)`. */
type Node =
  | { kind: 'string'; value: string; at: number }
  | { kind: 'word'; value: string; at: number }
  | { kind: 'punct'; value: string; at: number }
  | { kind: 'group'; open: string; items: Node[][]; at: number };

function unescape(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e.startsWith('x')) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return { n: '\n', t: '\t', r: '\r', '0': '\0' }[e] ?? e;
  });
}

function tokenize(source: Source, from: number, to: number): Token[] {
  const tokens: Token[] = [];
  const t = source.text;
  let i = from;
  while (i < to) {
    const c = t[i] as string;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === 'R' && t[i + 1] === '"') {
      const open = t.indexOf('(', i);
      const delim = t.slice(i + 2, open);
      const end = t.indexOf(`)${delim}"`, open);
      tokens.push({ kind: 'string', value: t.slice(open + 1, end), at: i });
      i = end + delim.length + 2;
    } else if (c === '"') {
      let k = i + 1;
      while (t[k] !== '"') k += t[k] === '\\' ? 2 : 1;
      tokens.push({ kind: 'string', value: unescape(t.slice(i + 1, k)), at: i });
      i = k + 1;
    } else if (/[\w]/.test(c)) {
      const m = /^[\w]+(?:::[\w]+)*/.exec(t.slice(i, i + 200)) as RegExpExecArray;
      tokens.push({ kind: 'word', value: m[0], at: i });
      i += m[0].length;
    } else {
      tokens.push({ kind: 'punct', value: c, at: i });
      i += 1;
    }
  }
  return tokens;
}

/** Groups tokens by brackets and splits each group's contents at its top-level commas. */
function parse(tokens: Token[]): Node[] {
  let i = 0;
  const group = (close: string | null): Node[][] => {
    const items: Node[][] = [[]];
    while (i < tokens.length) {
      const token = tokens[i] as Token;
      i += 1;
      if (token.kind === 'punct' && (token.value === '{' || token.value === '(' || token.value === '[')) {
        const closeWith = token.value === '{' ? '}' : token.value === '(' ? ')' : ']';
        (items[items.length - 1] as Node[]).push({ kind: 'group', open: token.value, items: group(closeWith), at: token.at });
      } else if (token.kind === 'punct' && token.value === close) {
        return items;
      } else if (token.kind === 'punct' && token.value === ',') {
        items.push([]);
      } else {
        (items[items.length - 1] as Node[]).push(token);
      }
    }
    return items;
  };
  return group(null)[0] ?? [];
}

const KNOWN_WORDS: Record<string, string> = { CURRENCY_UNIT: 'DFI' };

/** A help text expression as the node prints it: literals joined, the example helpers written out, the rest `{code}`. */
function evaluate(nodes: Node[]): string {
  let out = '';
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node;
    const next = nodes[i + 1];
    if (node.kind === 'string') out += node.value;
    else if (node.kind === 'punct' && node.value === '+') continue;
    else if (node.kind === 'word' && next?.kind === 'group' && next.open === '(') {
      const args = next.items.map(evaluate);
      if (node.value === 'HelpExampleCli') out += `> defi-cli ${args[0] ?? ''} ${args[1] ?? ''}\n`;
      else if (node.value === 'HelpExampleRpc')
        out += `> curl --user myusername --data-binary '{"jsonrpc": "1.0", "id":"curltest", "method": "${args[0] ?? ''}", "params": [${args[1] ?? ''}] }' -H 'content-type: text/plain;' http://127.0.0.1:8554/\n`;
      else if (node.value === 'std::string' && args.length === 1) out += args[0] ?? '';
      else out += `{${node.value}(${next.items.map((item) => item.map(code).join(' ')).join(', ')})}`;
      i += 1;
    } else if (node.kind === 'word' && KNOWN_WORDS[node.value] !== undefined) out += KNOWN_WORDS[node.value] as string;
    else out += `{${code(node)}}`;
  }
  return out;
}

function code(node: Node): string {
  if (node.kind === 'string') return JSON.stringify(node.value);
  if (node.kind === 'group') {
    const close = node.open === '{' ? '}' : node.open === '(' ? ')' : ']';
    return `${node.open}${node.items.map((item) => item.map(code).join(' ')).join(', ')}${close}`;
  }
  return node.value;
}

interface Cite {
  path: string;
  line: number;
}

interface HelpArg {
  name: string;
  type: string;
  /** `required`, `optional` (left out when not given) or `default` (the node fills in `default`). */
  presence: 'required' | 'optional' | 'default';
  default: string | null;
  description: string;
  /** The members of an object or the items of an array. */
  inner: HelpArg[];
  at: Cite;
}

interface Need {
  /** `wallet`, `unlocked-wallet`, `txindex`, `acindex`, `vaultindex`, `spv`, `governance-neutral`. */
  need: string;
  /** The line that says so, as the tag has it (trimmed). */
  text: string;
  at: Cite;
}

interface Help {
  name: string;
  category: string;
  table: Cite;
  handler: Cite | null;
  help: Cite | null;
  description: string;
  args: HelpArg[];
  results: { condition: string; text: string }[];
  examples: string;
  needs: Need[];
}

function cite(source: Source, offset: number): Cite {
  return { path: source.path, line: lineOf(source, offset) };
}

function firstAt(nodes: Node[]): number {
  const node = nodes[0];
  return node === undefined ? 0 : node.at;
}

function readArg(source: Source, item: Node[]): HelpArg {
  const group = item[0];
  if (group?.kind !== 'group' || group.open !== '{') throw new Error(`${source.path}:${lineOf(source, firstAt(item))}: an argument is not a {...}`);
  const [nameNodes = [], typeNodes = [], fallback = [], descriptionNodes = [], ...rest] = group.items;
  const type = typeNodes
    .map(code)
    .join('')
    .replace(/^RPCArg::Type::/, '');
  const fallbackCode = fallback.map(code).join('');
  let presence: HelpArg['presence'] = 'default';
  let defaultValue: string | null = null;
  if (fallbackCode === 'RPCArg::Optional::NO') presence = 'required';
  else if (fallbackCode.startsWith('RPCArg::Optional::')) presence = 'optional';
  else defaultValue = evaluate(fallback);
  const innerNodes = rest.find(
    (r) =>
      r.length === 1 &&
      r[0]?.kind === 'group' &&
      r[0].open === '{' &&
      (r[0].items.length === 1 ? (r[0].items[0]?.length ?? 0) === 0 || r[0].items[0]?.[0]?.kind === 'group' : r[0].items[0]?.[0]?.kind === 'group'),
  );
  const innerGroup = innerNodes?.[0];
  const inner = innerGroup?.kind === 'group' ? innerGroup.items.filter((x) => x.length > 0).map((x) => readArg(source, x)) : [];
  return {
    name: evaluate(nameNodes),
    type,
    presence,
    default: defaultValue,
    description: evaluate(descriptionNodes),
    inner,
    at: cite(source, group.at),
  };
}

function readResults(item: Node[]): { condition: string; text: string }[] {
  // `RPCResult{...}`, `RPCResults{RPCResult{...}, ...}`, `{RPCResult{...}, ...}` or `{}`
  const head = item[0];
  const group = head?.kind === 'word' ? item[1] : head;
  if (group?.kind !== 'group') return [];
  if (head?.kind === 'word' && head.value === 'RPCResult') {
    const parts = group.items.map(evaluate);
    return [parts.length === 2 ? { condition: parts[0] ?? '', text: parts[1] ?? '' } : { condition: '', text: parts[0] ?? '' }];
  }
  return group.items.filter((x) => x.length > 0).flatMap(readResults);
}

const NEEDS: { need: string; pattern: RegExp }[] = [
  // A wallet the handler cannot run without: the DeFi handlers' GetWallet (src/dfi/mn_rpc.cpp:506-510) and Bitcoin's
  // handlers both end in EnsureWalletIsAvailable; GetWalletForJSONRPCRequest alone gives null without a wallet, and a
  // handler that only reads it (getcustomtx: `if (pwallet)`) runs without one, and listwallets checks each wallet it
  // lists (`wallet.get()` in its loop). addressmap reads a DeFi address's key from the wallet (AddrToPubKey).
  { need: 'wallet', pattern: /\bGetWallet\s*\(|\bEnsureWalletIsAvailable\s*\((?!wallet\.get\(\))|\bAddrToPubKey\s*\(\s*pwallet\b/ },
  { need: 'unlocked-wallet', pattern: /\bEnsureWalletIsUnlocked\s*\(/ },
  { need: 'txindex', pattern: /\bg_txindex\b/ },
  { need: 'acindex', pattern: /\bpaccountHistoryDB\b|"-acindex/ },
  { need: 'vaultindex', pattern: /\bpvaultHistoryDB\b|"-vaultindex/ },
  { need: 'governance-neutral', pattern: /"-rpc-governance-accept-neutral"/ },
  // The SPV RPCs refuse without the module (-spv); spv_fundaddress, a regtest helper, says "command disabled".
  { need: 'spv', pattern: /"spv module disabled"|\bCFakeSpvWrapper\b/ },
];

/** What the handler's code (its help text left out: lines `help` spans) needs of the node. */
function readNeeds(source: Source, from: number, to: number, help: [number, number] | null): Need[] {
  const needs: Need[] = [];
  const lines = source.text.slice(from, to).split('\n');
  const firstLine = lineOf(source, from);
  const helpLines = help === null ? null : [lineOf(source, help[0]), lineOf(source, help[1])];
  lines.forEach((text, index) => {
    const line = firstLine + index;
    if (helpLines !== null && line >= (helpLines[0] as number) && line <= (helpLines[1] as number)) return;
    for (const { need, pattern } of NEEDS) {
      if (!pattern.test(text)) continue;
      if (needs.some((n) => n.need === need)) continue;
      needs.push({ need, text: text.trim(), at: { path: source.path, line } });
    }
  });
  return needs;
}

/** Path -> source of every .cpp at the pinned tag that defines an RPC handler. */
function handlers(files: Map<string, string>, actors: Set<string>): Map<string, { source: Source; offset: number }> {
  const found = new Map<string, { source: Source; offset: number }>();
  for (const [filePath, hash] of files) {
    if (!filePath.endsWith('.cpp')) continue;
    const raw = blob(hash);
    if (!raw.includes('JSONRPCRequest')) continue;
    const source = readSource(filePath, raw);
    for (const m of source.text.matchAll(/\bUniValue\s+(\w+)\s*\(\s*const\s+JSONRPCRequest\s*&\s*\w*\s*\)\s*\{/g)) {
      const actor = m[1] as string;
      if (!actors.has(actor)) continue;
      if (found.has(actor)) throw new Error(`${actor} is defined in ${found.get(actor)?.source.path} and ${filePath}`);
      found.set(actor, { source, offset: m.index });
    }
  }
  return found;
}

function readHelp(entry: TableEntry, handler: { source: Source; offset: number } | undefined): Help {
  const base: Help = {
    name: entry.name,
    category: entry.category,
    table: { path: entry.path, line: entry.line },
    handler: null,
    help: null,
    description: '',
    args: [],
    results: [],
    examples: '',
    needs: [],
  };
  if (handler === undefined) return base;
  const { source, offset } = handler;
  const open = source.mask.indexOf('{', offset);
  const close = closing(source, open);
  base.handler = cite(source, offset);
  // `RPCHelpMan{...}`, `RPCHelpMan(...)` or `const RPCHelpMan help{...}`
  const helpMatch = /\bRPCHelpMan(?:\s+\w+)?\s*[{(]/.exec(source.mask.slice(open, close));
  if (helpMatch === null) {
    base.needs = readNeeds(source, open, close, null);
    return base;
  }
  const helpAt = helpMatch.index;
  const helpOpen = open + helpAt + helpMatch[0].length - 1;
  const helpClose = closing(source, helpOpen);
  const parts = (parse(tokenize(source, helpOpen, helpClose + 1))[0] as Node & { kind: 'group' }).items;
  const [nameNodes = [], descriptionNodes = [], argNodes = [], resultNodes = [], exampleNodes = []] = parts;
  const helpName = evaluate(nameNodes);
  // One handler may serve several names (`echo|echojson ...`).
  if (!helpName.split(/[| ]/).includes(entry.name)) throw new Error(`${source.path}:${lineOf(source, helpOpen)}: the help of ${entry.name} names ${helpName}`);
  const argGroup = argNodes[0];
  const exampleGroup = exampleNodes[1];
  return {
    ...base,
    help: cite(source, open + helpAt),
    description: evaluate(descriptionNodes),
    args: argGroup?.kind === 'group' ? argGroup.items.filter((x) => x.length > 0).map((x) => readArg(source, x)) : [],
    results: readResults(resultNodes),
    examples: exampleGroup?.kind === 'group' ? exampleGroup.items.map(evaluate).join('') : '',
    needs: readNeeds(source, open, close, [open + helpAt, helpClose]),
  };
}

// ---------------------------------------------------------------- run

async function main(): Promise<void> {
  const tags = releaseTags();
  if (!tags.includes(PINNED)) throw new Error(`no tag ${PINNED} in ${gitDir}`);
  const spans = new Map<string, Span[]>();
  let pinned: TagTables | null = null;
  for (const tag of tags) {
    const tables = tablesAt(tag);
    if (tag === PINNED) pinned = tables;
    for (const entry of tables.entries) {
      const list = spans.get(entry.name) ?? [];
      const last = list[list.length - 1];
      const previousTag = tags[tags.indexOf(tag) - 1];
      if (last !== undefined && last.to === previousTag && last.category === entry.category && last.args.join() === entry.args.join()) last.to = tag;
      else list.push({ from: tag, to: tag, category: entry.category, args: entry.args });
      spans.set(entry.name, list);
    }
    console.error(`${tag}: ${tables.entries.length} RPCs`);
  }
  if (pinned === null) throw new Error(`${PINNED} not read`);

  const names = [...spans.keys()].sort();
  const history = {
    repository: 'https://github.com/DeFiCh/ain',
    pinned: PINNED,
    tags,
    counts: Object.fromEntries(
      tags.map((tag) => [tag, names.filter((name) => spans.get(name)?.some((s) => compareTags(s.from, tag) <= 0 && compareTags(tag, s.to) <= 0)).length]),
    ),
    rpcs: Object.fromEntries(names.map((name) => [name, { spans: spans.get(name) ?? [], changes: historyOf(spans.get(name) ?? [], tags) }])),
  };

  const actors = new Set(pinned.entries.map((e) => e.actor));
  const found = handlers(pinned.files, actors);
  const help = {
    repository: 'https://github.com/DeFiCh/ain',
    tag: PINNED,
    rpcs: pinned.entries.map((entry) => readHelp(entry, found.get(entry.actor))).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
  const tablesText = `${pinned.texts.join('\n\n')}\n`;

  const format = async (file: string, value: unknown): Promise<string> =>
    prettier.format(JSON.stringify(value), { ...(await prettier.resolveConfig(file)), filepath: file });
  const outputs: [string, string][] = [
    [HISTORY_FILE, await format(HISTORY_FILE, history)],
    [HELP_FILE, await format(HELP_FILE, help)],
    [TABLES_FILE, tablesText],
  ];
  let stale = 0;
  for (const [file, content] of outputs) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (flag === '--check') {
      if (current !== content) {
        stale += 1;
        console.error(`${path.relative(process.cwd(), file)} differs from what the sources say`);
      }
    } else if (current !== content) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      console.error(`wrote ${path.relative(process.cwd(), file)}`);
    }
  }
  const missing = help.rpcs.filter((r) => r.help === null).map((r) => r.name);
  console.error(
    `${PINNED}: ${help.rpcs.length} RPCs, ${help.rpcs.length - missing.length} with help${missing.length > 0 ? ` (none: ${missing.join(', ')})` : ''}; ${names.length} names over ${tags.length} tags`,
  );
  if (stale > 0) process.exit(1);
}

void main();
