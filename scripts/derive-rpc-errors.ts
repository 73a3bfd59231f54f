// Derives the errors of every RPC the node registers (api-core's and the others) from the node's C++ sources, and
// merges them into the committed data file generator/errors/rpc.json, keeping the conditions written there by hand.
//
//   npx tsx scripts/derive-rpc-errors.ts <path of a DeFiCh/ain checkout at v4.0.9> [--check]
//
// Run it when a maintainer asks (a new node version): it needs a local checkout of the node's sources, which the
// project does not carry. The RPC names are those the pinned node registers (generator/node-rpcs/help-v4.0.9.json).
// With --check it writes nothing and fails when the data file no longer matches what the sources say.
//
// What it reads, mechanically:
// - the RPC tables (`static const CRPCCommand commands[] = { {"category", "name", &actor, ...} }`): RPC -> handler;
// - every function body of the RPC layer (src/rpc, src/wallet/rpc*.cpp, src/dfi/rpc_*.cpp, src/dfi/mn_rpc.cpp,
//   src/spv/spv_rpc.cpp): `throw JSONRPCError(code, message)`, `throw std::runtime_error(message)` (the server turns
//   it into -1), and the functions it calls, followed through the same files and into the SPV wrapper
//   (src/spv/spv_wrapper.cpp: a method called through `spv::pspv` or a pointer cast to a wrapper class, read in the
//   class it names or its nearest base that defines it, and the wrapper's free functions); a helper that the data
//   file names in a group (`GetWallet`, `EnsureWalletIsUnlocked`, `RPCTypeCheck`, `send` ...) stops the walk and
//   becomes a reference to that group;
// - what the walk leaves out: a throw inside a `try` whose handlers catch it without throwing again, a throw under an
//   `if` that a literal true, false or whole number passed by the caller (or passed on by name) rules out, an error
//   object a handler returns (its result, not an error), and help text thrown when `fHelp` alone is set;
//   `throw JSONRPCTransactionError(err)` stands for each TransactionError the function that set `err` returns;
// - for an RPC that builds a DeFi transaction (`metadata << static_cast<unsigned char>(CustomTxType::X)`) and runs it
//   through the node's trial run (`execTestTx`), the consensus check of that transaction type
//   (`operator()(const <message type> &obj)` in src/dfi/consensus) and the checks it calls: `Res::Err`,
//   `Res::ErrCode`, `DeFiErrors::*`, each surfacing as -32600 "Test <Type>Tx execution failed:\n<message>".
//
// Messages keep the node's text; the parts the node fills in at run time are written `{name}`.
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { lineAt, maskCpp } from './lib/cpp-text';

// ---------------------------------------------------------------- C++ text

interface SourceFile {
  /** Path below the checkout: `src/rpc/blockchain.cpp`. */
  rel: string;
  /** The text with comments blanked (same offsets, newlines kept). */
  text: string;
  /** `text` with string and character literals blanked too: what structure is read from. */
  mask: string;
  /** Offsets of line starts. */
  lines: number[];
}

function readSource(root: string, rel: string): SourceFile {
  const { text, mask, lineStarts } = maskCpp(fs.readFileSync(path.join(root, rel), 'utf8'));
  return { rel, text, mask, lines: lineStarts };
}

function lineOf(file: SourceFile, offset: number): number {
  return lineAt(file.lines, offset);
}

/** The offset of the bracket that closes the one at `open` (in the mask). */
function closing(mask: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let k = open; k < mask.length; k++) {
    const c = mask[k] ?? '';
    if (c in pairs) stack.push(pairs[c] ?? '');
    else if (c === ')' || c === ']' || c === '}') {
      stack.pop();
      if (stack.length === 0) return k;
    }
  }
  return mask.length;
}

/** Splits the text between two offsets at its top-level commas. */
function splitArgs(file: SourceFile, from: number, to: number): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let depth = 0;
  let start = from;
  for (let k = from; k < to; k++) {
    const c = file.mask[k];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push({ text: file.text.slice(start, k), start });
      start = k + 1;
    }
  }
  if (file.text.slice(start, to).trim() !== '' || out.length > 0) out.push({ text: file.text.slice(start, to), start });
  return out;
}

// ---------------------------------------------------------------- functions

interface CppFunction {
  file: SourceFile;
  /** Short name: `createtoken`, `operator()`, `HasFoundationAuth`. */
  name: string;
  /** With its class when it has one: `CTokensConsensus::operator()`. */
  qualified: string;
  /** The type of the first parameter without const and &: the message type of a consensus `operator()`. */
  firstParamType: string;
  /** The names of its parameters, in order. */
  params: string[];
  /** The innermost named namespace it is defined in (`feebumper`), '' for none. */
  namespace: string;
  bodyStart: number;
  bodyEnd: number;
  line: number;
}

const CONTROL = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'sizeof', 'decltype', 'alignof', 'defined', 'static_assert', 'assert']);

function functionsOf(file: SourceFile): CppFunction[] {
  const found: CppFunction[] = [];
  const { mask } = file;
  /** Open blocks: a namespace or class (a function may be defined in it), or anything else. */
  const stack: { kind: 'scope' | 'other'; className: string; namespace?: string; end: number }[] = [];
  let boundary = 0;
  for (let k = 0; k < mask.length; k++) {
    const c = mask[k];
    while (stack.length > 0 && k > (stack[stack.length - 1]?.end ?? Infinity)) stack.pop();
    if (c === ';' || c === '}') boundary = k + 1;
    if (c !== '{') continue;
    const header = mask
      .slice(boundary, k)
      .replace(/^\s*(public|private|protected)\s*:/, '')
      .trim();
    const end = closing(mask, k);
    const inScope = stack.every((entry) => entry.kind === 'scope');
    const classMatch = /(?:^|\s)(?:class|struct)\s+(\w+)[^(){};]*$/.exec(header);
    const namespaceMatch = /(?:^|\s)namespace(?:\s+(\w+))?$/.exec(header);
    if (namespaceMatch || /^extern\s+"/.test(file.text.slice(boundary, k).trim())) {
      stack.push({ kind: 'scope', className: '', namespace: namespaceMatch?.[1] ?? '', end });
      boundary = k + 1;
      continue;
    }
    if (inScope && classMatch && !header.includes('(')) {
      stack.push({ kind: 'scope', className: classMatch[1] ?? '', end });
      boundary = k + 1;
      continue;
    }
    if (inScope) {
      const fn = functionHeader(header);
      if (fn) {
        const className = fn.className || (stack.filter((entry) => entry.className !== '').pop()?.className ?? '');
        found.push({
          file,
          name: fn.name,
          qualified: className ? `${className}::${fn.name}` : fn.name,
          firstParamType: fn.firstParamType,
          params: fn.params,
          namespace: stack.filter((entry) => (entry.namespace ?? '') !== '').pop()?.namespace ?? '',
          bodyStart: k + 1,
          bodyEnd: end,
          line: lineOf(file, boundary + nameOffset(mask.slice(boundary, k), fn.name)),
        });
        // Skip the body: nothing inside it is a definition of its own.
        k = end;
        boundary = end + 1;
        continue;
      }
    }
    stack.push({ kind: 'other', className: '', end });
    boundary = k + 1;
  }
  return found;
}

/** Where a function's name stands in its header (the last place it is followed by its parameter list). */
function nameOffset(header: string, name: string): number {
  const word = name.startsWith('operator') ? 'operator' : name;
  let found = 0;
  for (const m of header.matchAll(new RegExp(`\\b${word.replace(/[()[\]]/g, '\\$&')}\\s*\\(`, 'g'))) found = m.index ?? found;
  return found;
}

function functionHeader(header: string): { name: string; className: string; firstParamType: string; params: string[] } | null {
  // Drop what may follow the parameter list: qualifiers, a trailing return type, a constructor's initialisers.
  let h = header.replace(/\s+/g, ' ');
  // Clang's thread-safety annotations (`EXCLUSIVE_LOCKS_REQUIRED(cs_main)`, src/threadsafety.h) follow the parameter
  // list like a second one: without this, the function would be read as one named after the macro.
  h = h.replace(
    /(?:\s*\b(?:EXCLUSIVE_LOCKS_REQUIRED|SHARED_LOCKS_REQUIRED|LOCKS_EXCLUDED|LOCK_RETURNED)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)|\s*\bNO_THREAD_SAFETY_ANALYSIS\b)+\s*$/,
    '',
  );
  h = h.replace(/\)\s*(const|override|final|noexcept|mutable|\s)*(->[^{]*)?$/, ')');
  const initialisers = /\)\s*:\s*[\w:]+\s*[({].*$/.exec(h);
  if (initialisers) h = h.slice(0, initialisers.index + 1);
  if (!h.endsWith(')')) return null;
  // Find the '(' that opens the parameter list.
  let depth = 0;
  let open = -1;
  for (let k = h.length - 1; k >= 0; k--) {
    if (h[k] === ')') depth++;
    else if (h[k] === '(') {
      depth--;
      if (depth === 0) {
        open = k;
        break;
      }
    }
  }
  if (open <= 0) return null;
  const before = h.slice(0, open).trimEnd();
  const params = h.slice(open + 1, h.length - 1);
  const operator = /((?:[\w~]+::)*)operator\s*(\(\s*\)|[^\w\s(]+|\s\w+)$/.exec(before);
  const named = /((?:[\w~]+::)*)([A-Za-z_~]\w*)$/.exec(before);
  const match = operator ?? named;
  if (!match) return null;
  const name = operator ? `operator${(operator[2] ?? '').replace(/\s/g, '')}` : (named?.[2] ?? '');
  if (CONTROL.has(name)) return null;
  // A definition has a return type or a class qualifier before its name (a call or a macro use has neither).
  const prefix = before.slice(0, before.length - (match[0]?.length ?? 0)).trim();
  const className = (match[1] ?? '').replace(/::$/, '').split('::').pop() ?? '';
  if (prefix === '' && className === '') return null;
  if (/[=,(]$/.test(prefix) || /\breturn$/.test(prefix)) return null;
  const first = params.split(',')[0] ?? '';
  const firstParamType = first
    .replace(/\bconst\b|&|\*/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, -1)
    .join(' ');
  // Each parameter's name: the last word before its default value, template arguments kept whole.
  const names: string[] = [];
  let nesting = 0;
  let start = 0;
  for (let k = 0; k <= params.length; k++) {
    const c = params[k];
    if (c === '<' || c === '(' || c === '[' || c === '{') nesting++;
    else if (c === '>' || c === ')' || c === ']' || c === '}') nesting--;
    else if ((c === ',' && nesting === 0) || k === params.length) {
      const declared = params.slice(start, k).split('=')[0] ?? '';
      names.push(/(\w+)\s*(?:\[[^\]]*\])?\s*$/.exec(declared)?.[1] ?? '');
      start = k + 1;
    }
  }
  return { name, className, firstParamType, params: names };
}

/**
 * The conditions of the `if`s around an offset of a function, innermost first: the block each opens, or the statement
 * of one without braces.
 */
function enclosingConditions(file: SourceFile, at: number, fn: CppFunction): string[] {
  const { mask, text } = file;
  const conditionBefore = (end: number): string | null => {
    let k = end;
    while (k > fn.bodyStart && /\s/.test(mask[k - 1] ?? '')) k--;
    if (mask[k - 1] !== ')') return null;
    const open = openingOf(mask, k - 1, fn.bodyStart);
    if (open < 0 || !/\bif\s*$/.test(mask.slice(Math.max(fn.bodyStart, open - 12), open))) return null;
    return text
      .slice(open + 1, k - 1)
      .replace(/\s+/g, ' ')
      .trim();
  };
  const out: string[] = [];
  const direct = conditionBefore(at);
  if (direct !== null) out.push(direct);
  let depth = 0;
  for (let k = at - 1; k >= fn.bodyStart; k--) {
    const c = mask[k];
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth === 0) {
        const cond = conditionBefore(k);
        if (cond !== null) out.push(cond);
      } else depth--;
    }
  }
  return out;
}

/** The offset of the bracket that opens the one closing at `close` (in the mask), searching back to `limit`. */
function openingOf(mask: string, close: number, limit: number): number {
  let depth = 0;
  for (let j = close; j >= limit; j--) {
    if (mask[j] === ')') depth++;
    else if (mask[j] === '(' && --depth === 0) return j;
  }
  return -1;
}

/** What a caller passes for a parameter, when it is written as a literal: `true`, `false` or a whole number (`-1`). */
type Literal = boolean | number;

/**
 * True when a caller's literal arguments make an `if` around `at` false: `flag && ...` with flag passed as false, or
 * `!flag && ...` with it passed as true (SignTransaction's `is_temp_keystore`, ListReceived's `by_label`), or
 * `amount != -1` with amount passed as -1 (CFakeSpvWrapper::SendBitcoins, whose funding branch spv_fundaddress takes).
 */
function deadUnder(bound: Map<string, Literal>, fn: CppFunction, at: number): boolean {
  if (bound.size === 0) return false;
  return enclosingConditions(fn.file, at, fn).some(
    (cond) =>
      splitTop(cond, '|').length === 1 &&
      splitTop(cond, '&').some((part) => {
        const term = /^(!?)\s*(\w+)$/.exec(part.trim());
        if (term) {
          const value = bound.get(term[2] ?? '');
          return typeof value === 'boolean' && value === (term[1] === '!');
        }
        const comparison = /^(\w+)\s*(==|!=)\s*(-?\d+)$/.exec(part.trim());
        const value = comparison ? bound.get(comparison[1] ?? '') : undefined;
        if (typeof value !== 'number') return false;
        return (value === Number(comparison?.[3])) !== (comparison?.[2] === '==');
      }),
  );
}

/**
 * The parameters of `callee` that a call passes a literal `true`, `false` or whole number for, or a parameter of the
 * caller that its own caller bound so (`callerBound`: CSpvWrapper::PrepareHTLCTransaction passes on its `seller`).
 */
function literalArguments(caller: CppFunction, callOffset: number, callee: CppFunction, callerBound?: Map<string, Literal>): Map<string, Literal> {
  const open = caller.file.mask.indexOf('(', callOffset);
  const bound = new Map<string, Literal>();
  splitArgs(caller.file, open + 1, closing(caller.file.mask, open)).forEach((arg, index) => {
    const value = arg.text.trim();
    const name = callee.params[index];
    if (name && (value === 'true' || value === 'false')) bound.set(name, value === 'true');
    else if (name && /^-?\d+$/.test(value)) bound.set(name, Number(value));
    else if (name && callerBound?.has(value) === true) bound.set(name, callerBound.get(value) ?? false);
  });
  return bound;
}

// ---------------------------------------------------------------- throws and calls in a body

/** The node's RPCErrorCode names and numbers (src/rpc/protocol.h). */
function readErrorCodes(root: string): Map<string, number> {
  const text = fs.readFileSync(path.join(root, 'src/rpc/protocol.h'), 'utf8');
  const codes = new Map<string, number>();
  for (const m of text.matchAll(/^\s*(RPC_\w+)\s*=\s*(-?\d+|RPC_\w+)\s*,/gm)) {
    const value = m[2] ?? '';
    const number = /^-?\d+$/.test(value) ? Number(value) : codes.get(value);
    if (number !== undefined) codes.set(m[1] ?? '', number);
  }
  return codes;
}

interface RawThrow {
  kind: 'rpc' | 'consensus';
  /** The code as written: `RPC_INVALID_PARAMETER`, `-1` for a runtime_error; '' for a consensus error. */
  codeName: string;
  /** The message with `{name}` for what the node fills in. */
  message: string;
  file: string;
  line: number;
  /** For consensus errors raised with CustomTxErrCodes::NotEnoughBalance (the trial run words them differently). */
  notEnoughBalance?: boolean;
  /** The test in the code that leads to it (see guardOf). */
  guard: string;
  /** Where the throw stands in its file (rpc throws): a `try` around it may stop it. */
  at?: number;
  /** What the node throws: a UniValue (`JSONRPCError`) or a `std::runtime_error`. */
  thrown?: Thrown;
}

type Thrown = 'univalue' | 'runtime';

/**
 * The `try` blocks of a function whose handlers catch what the block throws and do not throw again: an error thrown
 * inside becomes part of the result (importmulti's per-request `error`) or is logged, and never reaches the caller.
 * `catch (...)` stops both kinds, `catch (const UniValue&)` the JSONRPCErrors, `catch (const std::exception&)` and
 * `catch (const std::runtime_error&)` the runtime errors (a UniValue is no std::exception).
 */
function quietTries(fn: CppFunction): { from: number; to: number; stops: Set<Thrown> }[] {
  const { mask, text } = fn.file;
  const out: { from: number; to: number; stops: Set<Thrown> }[] = [];
  for (const m of mask.slice(fn.bodyStart, fn.bodyEnd).matchAll(/\btry\s*\{/g)) {
    const open = fn.bodyStart + (m.index ?? 0) + m[0].length - 1;
    const close = closing(mask, open);
    const stops = new Set<Thrown>();
    let rethrows = false;
    let k = close + 1;
    for (;;) {
      const handler = /^\s*catch\s*\(/.exec(mask.slice(k, k + 40));
      if (!handler) break;
      const paren = k + handler[0].length - 1;
      const end = closing(mask, paren);
      const param = text.slice(paren + 1, end);
      const body = mask.indexOf('{', end);
      const bodyEnd = closing(mask, body);
      if (/\bthrow\b/.test(mask.slice(body, bodyEnd))) rethrows = true;
      if (/\.\.\./.test(param)) {
        stops.add('univalue');
        stops.add('runtime');
      } else if (/\bUniValue\b/.test(param)) stops.add('univalue');
      else if (/\bstd::(exception|runtime_error)\b/.test(param)) stops.add('runtime');
      k = bodyEnd + 1;
    }
    if (!rethrows && stops.size > 0) out.push({ from: open, to: close, stops });
  }
  return out;
}

interface Call {
  name: string;
  qualifier: string;
  member: boolean;
  offset: number;
}

function callsIn(fn: CppFunction): Call[] {
  const body = fn.file.mask.slice(fn.bodyStart, fn.bodyEnd);
  const calls: Call[] = [];
  // The receiver may be any expression (`obj.f(`, `x()->f(`, `RPCHelpMan{...}.Check(`): a `.` or `->` right before the
  // name makes a member call, whatever stands before it.
  for (const m of body.matchAll(/(?:(\b\w+)?\s*(::|\.|->)\s*)?\b([A-Za-z_]\w*)\s*\(/g)) {
    const name = m[3] ?? '';
    if (CONTROL.has(name)) continue;
    calls.push({ name, qualifier: m[1] ?? '', member: m[2] === '.' || m[2] === '->', offset: fn.bodyStart + (m.index ?? 0) });
  }
  return calls;
}

/** A C++ string expression as a message template: literals as they are, anything computed as `{name}`. */
/**
 * How a name in a message reads where it is thrown: a constant of the file (`constexpr auto Currency = "currency"`)
 * or a string the function built before (`std::string err = strprintf(...)`). Set by throwsIn for each function.
 */
let resolveName: (name: string) => string | undefined = () => undefined;

/** The node's PACKAGE_NAME (configure.ac `AC_INIT([DeFi Blockchain], ...)`), set by main: messages write it as text. */
let packageName: string | undefined;

function messageTemplate(expr: string): string {
  // `PACKAGE_NAME " is not connected!"`: the macro is a string literal joined to the one beside it.
  const e = (packageName === undefined ? expr : expr.replace(/\bPACKAGE_NAME\b/g, JSON.stringify(packageName))).trim();
  if (e === '') return '';
  if (/^[A-Za-z_][\w:]*$/.test(e)) {
    const resolved = resolveName(e);
    if (resolved !== undefined) return resolved;
  }
  const resErr = /^Res::(Err|ErrCode|ErrDbg)\s*\(/.exec(e);
  if (resErr && /\)\s*\.msg$/.test(e)) {
    const inner = e.slice(resErr[0].length, e.lastIndexOf(')'));
    const args = splitTop(inner);
    return formatTemplate(resErr[1] === 'Err' ? args : args.slice(1));
  }
  // strprintf / tfm::format / Res::Err-style formatting: the format string with its arguments in place.
  const format = /^(?:strprintf|tfm::format|std::string|_)\s*\(/.exec(e);
  if (format && closingIn(e, format[0].length - 1) === e.length - 1) {
    const inner = e.slice(format[0].length, -1);
    return formatTemplate(splitTop(inner));
  }
  const translated = /^_\((.*)\)\.translated$/s.exec(e);
  if (translated) return messageTemplate(translated[1] ?? '');
  const parts = splitTop(e, '+');
  if (parts.length > 1) return parts.map(messageTemplate).join('');
  if (/^R?"/.test(e) && /"$/.test(e)) return literalValue(e);
  // A parenthesised expression.
  if (e.startsWith('(') && closingIn(e, 0) === e.length - 1) return messageTemplate(e.slice(1, -1));
  return `{${placeholderName(e)}}`;
}

function formatTemplate(args: string[]): string {
  const [fmt, ...rest] = args;
  const base = messageTemplate(fmt ?? '');
  let index = 0;
  return base.replace(/%(?:\d+\$)?[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|j|z|t|L)?([diuoxXfFeEgGaAcspn%])/g, (spec, conv: string) => {
    if (conv === '%') return '%';
    const arg = rest[index++];
    if (arg === undefined) return spec;
    if (/^-?\d+(\.\d+)?$/.test(arg.trim())) return arg.trim();
    if (/^"/.test(arg.trim())) return literalValue(arg);
    const constant = /^[A-Za-z_][\w:]*$/.test(arg.trim()) ? resolveName(arg.trim()) : undefined;
    if (constant !== undefined && !/\{/.test(constant)) return constant;
    return `{${placeholderName(arg)}}`;
  });
}

/** The same name twice in one message: the later ones numbered (`{timestamp}` ... `{timestamp2}`). */
function numberRepeats(message: string): string {
  const count = new Map<string, number>();
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const n = (count.get(name) ?? 0) + 1;
    count.set(name, n);
    return n === 1 ? whole : `{${name}${n}}`;
  });
}

function closingIn(text: string, open: number): number {
  let depth = 0;
  let inString: string | null = null;
  for (let k = open; k < text.length; k++) {
    const c = text[k];
    if (inString) {
      if (c === '\\') k++;
      else if (c === inString) inString = null;
      continue;
    }
    if (c === '"' || c === "'") inString = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return k;
    }
  }
  return -1;
}

/** Splits at top-level commas (or another separator), outside strings and brackets. */
function splitTop(text: string, separator = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let inString: string | null = null;
  let start = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (inString) {
      if (c === '\\') k++;
      else if (c === inString) inString = null;
      continue;
    }
    if (c === '"' || c === "'") inString = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === separator && depth === 0) {
      out.push(text.slice(start, k).trim());
      start = k + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out.filter((part) => part !== '');
}

/** Adjacent C++ string literals joined, escapes resolved. */
function literalValue(expr: string): string {
  // A raw literal, R"(text)" or R"delim(text)delim", is taken as written.
  const raw = /^R"([^(]*)\(([\s\S]*)\)\1"$/.exec(expr.trim());
  if (raw) return raw[2] ?? '';
  let out = '';
  for (const m of expr.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    out += (m[1] ?? '').replace(/\\(n|t|"|\\|')/g, (_, ch: string) => ({ n: '\n', t: '\t', '"': '"', '\\': '\\', "'": "'" })[ch] ?? ch);
  }
  return out;
}

/** A short name for a computed part of a message: the variable or field it shows. */
function placeholderName(expr: string): string {
  let e = expr.trim();
  if (/^"/.test(e)) return literalValue(e);
  // `RPCHelpMan{"addnode", ...}.ToString()`: the RPC's usage text.
  if (/^RPCHelpMan\s*\{[\s\S]*\}\s*\.\s*ToString\s*\(\s*\)$/.test(e)) return 'help';
  if (/\?/.test(e) && /:/.test(e)) return 'variant';
  if (/(^|\W)(res|result|r|resVal)\.msg$/.test(e) || /\.msg$/.test(e) || /what\(\)$/.test(e) || /strFailReason|err_string|errstr|error$/i.test(e))
    return 'reason';
  // Unwrap calls whose argument is what is shown: ToString(x), GetDecimalString(x), std::to_string(x), HexStr(x).
  for (;;) {
    const call = /^[\w:]+\s*\((.*)\)$/s.exec(e);
    if (!call) break;
    const args = splitTop(call[1] ?? '');
    if (args.length === 0) break;
    e = args[0] ?? '';
  }
  e = e.replace(/\.(ToString|GetHex|c_str|get_str|getValStr|str|write|GetValStr|ToHex)\(\)/g, '');
  e = e.replace(/\(\)/g, '');
  const ids = e.match(/[A-Za-z_]\w*/g) ?? [];
  const last = ids
    .filter((id) => !['static_cast', 'std', 'const', 'int', 'uint32_t', 'int64_t', 'CAmount', 'size_t', 'unsigned', 'obj', 'v', 'get'].includes(id))
    .pop();
  return last ?? 'value';
}

/**
 * The test that leads to a throw, as code (`height < 0 || height > active_chain.Height()`): the `if` whose block or
 * statement holds it, `!(...)` for an `else`. For the one who writes the conditions; not kept in the data file.
 */
function guardOf(file: SourceFile, at: number, fn: CppFunction): string {
  const { mask, text } = file;
  const conditionBefore = (end: number): string | null => {
    let k = end;
    while (k > fn.bodyStart && /\s/.test(mask[k - 1] ?? '')) k--;
    if (mask[k - 1] !== ')') return null;
    let depth = 0;
    for (let j = k - 1; j >= fn.bodyStart; j--) {
      if (mask[j] === ')') depth++;
      else if (mask[j] === '(') {
        depth--;
        if (depth === 0) {
          const before = mask.slice(Math.max(fn.bodyStart, j - 12), j);
          if (!/\bif\s*$/.test(before)) return null;
          return text
            .slice(j + 1, k - 1)
            .replace(/\s+/g, ' ')
            .trim();
        }
      }
    }
    return null;
  };
  // A braceless `if (cond) throw ...`.
  const direct = conditionBefore(at);
  if (direct !== null) return direct;
  // The innermost open block around the throw.
  let depth = 0;
  for (let k = at - 1; k >= fn.bodyStart; k--) {
    const c = mask[k];
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth === 0) {
        const cond = conditionBefore(k);
        if (cond !== null) return cond;
        const head = mask.slice(Math.max(fn.bodyStart, k - 8), k);
        if (/\belse\s*$/.test(head)) {
          // The `if` block that this else follows.
          let e = k - 1;
          while (e > fn.bodyStart && mask[e] !== '}') e--;
          let d = 0;
          for (let j = e; j >= fn.bodyStart; j--) {
            if (mask[j] === '}') d++;
            else if (mask[j] === '{') {
              d--;
              if (d === 0) {
                const prev = conditionBefore(j);
                return prev === null ? 'else' : `!(${prev})`;
              }
            }
          }
        }
        const caseLabel = /case\s+([^:]+):[^:]*$/.exec(mask.slice(Math.max(fn.bodyStart, k - 200), at));
        if (caseLabel) return `case ${caseLabel[1]?.trim() ?? ''}`;
        return '';
      }
      depth--;
    }
  }
  return '';
}

/** String constants a file defines: `constexpr auto Name = "text"`, `const std::string Name = "text"`, `#define NAME "text"`. */
const fileConstants = new Map<SourceFile, Map<string, string>>();
function constantsOf(file: SourceFile): Map<string, string> {
  let map = fileConstants.get(file);
  if (!map) {
    map = new Map();
    for (const m of file.text.matchAll(
      /(?:constexpr\s+(?:auto|const\s+char\s*\*|std::string_view)|const\s+std::string|const\s+char\s*\*\s*const|#define)\s+(\w+)\s*(?:=|\{)?\s*((?:"(?:[^"\\\n]|\\.)*"\s*)+)/g,
    )) {
      map.set(m[1] ?? '', literalValue(m[2] ?? ''));
    }
    fileConstants.set(file, map);
  }
  return map;
}

function unconditional(file: SourceFile, from: number, to: number): boolean {
  let depth = 0;
  for (let k = from; k < to; k++) {
    const c = file.mask[k];
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  let k = from;
  while (k > 0 && /\s/.test(file.mask[k - 1] ?? '')) k--;
  if (file.mask[k - 1] !== ')') return true;
  let parens = 0;
  for (let j = k - 1; j >= 0; j--) {
    if (file.mask[j] === ')') parens++;
    else if (file.mask[j] === '(' && --parens === 0) return !/\b(if|for|while)\s*$/.test(file.mask.slice(Math.max(0, j - 8), j));
  }
  return true;
}

/** The resolver for names thrown in `fn` at `at`: the last assignment of a local string before it, else a constant. */
function resolverFor(fn: CppFunction, at: number): (name: string) => string | undefined {
  const resolve = (name: string, limit: number, depth: number): string | undefined => {
    const short = name.split('::').pop() ?? name;
    if (depth > 4) return undefined;
    if (!name.includes('::')) {
      const before = fn.file.text.slice(fn.bodyStart, limit);
      let found: { expr: string; index: number } | undefined;
      const pattern = new RegExp(
        `(?:\\bstd::string\\s+${short}\\s*\\(((?:"(?:[^"\\\\]|\\\\.)*"\\s*)+)\\)|(?:std::string|auto|const\\s+std::string|const\\s+auto)?\\s*&?\\b${short}\\s*=(?!=)\\s*([^;]+);)`,
        'g',
      );
      for (const m of before.matchAll(pattern)) {
        const index = fn.bodyStart + (m.index ?? 0) + (m[0].length - m[0].trimStart().length);
        // Only an assignment that always runs on the way to the throw: not inside a block closed before it, not the
        // statement of an `if` without braces (then the message is either that text or what the name held before).
        if (unconditional(fn.file, index, limit)) found = { expr: m[1] ?? m[2] ?? '', index };
        else found = undefined;
      }
      if (found !== undefined) {
        const previous = resolveName;
        resolveName = (inner) => resolve(inner, inner.split('::').pop() === short ? found.index : limit, depth + 1);
        const text = messageTemplate(found.expr);
        resolveName = previous;
        // Only a message built from text is taken in; a value computed otherwise stays a name.
        if (/[^{}\s]/.test(text.replace(/\{\w+\}/g, ''))) return text;
      }
    }
    return constantsOf(fn.file).get(short);
  };
  return (name) => resolve(name, at, 0);
}

/**
 * What `JSONRPCTransactionError(err)` answers for each TransactionError (set by main): the code from
 * RPCErrorFromTransactionError (src/rpc/util.cpp), the text from TransactionErrorString (src/util/error.cpp); and, per
 * function of the node that returns a TransactionError (src/psbt.cpp CombinePSBTs, src/wallet/psbtwallet.cpp FillPSBT
 * ...), the values other than OK it returns.
 */
const transactionErrors = {
  code: new Map<string, string>(),
  text: new Map<string, string>(),
  returns: new Map<string, { fn: CppFunction; values: { value: string; at: number }[] }>(),
};

/** The handlers the RPC tables name (set by main): what they return is the RPC's result. */
const handlerFunctions = new Set<CppFunction>();

function throwsIn(fn: CppFunction, mode: 'rpc' | 'consensus'): RawThrow[] {
  const { file } = fn;
  const body = file.mask.slice(fn.bodyStart, fn.bodyEnd);
  const out: RawThrow[] = [];
  const args = (offset: number): { text: string; start: number }[] => {
    const open = file.mask.indexOf('(', offset);
    return splitArgs(file, open + 1, closing(file.mask, open));
  };
  if (mode === 'rpc') {
    // `throw JSONRPCTransactionError(err)`: one error per value the function that set `err` returns. With a second
    // argument the message is that text when it is not empty, which only the run decides: left to entries by hand.
    for (const m of body.matchAll(/\bthrow\s+JSONRPCTransactionError\s*\(/g)) {
      const at = fn.bodyStart + (m.index ?? 0);
      const a = args(at + m[0].length - 1).map((x) => x.text.trim());
      const variable = a[0] ?? '';
      const guard = guardOf(file, at, fn);
      const assignment = [...file.text.slice(fn.bodyStart, at).matchAll(new RegExp(`\\b${variable}\\s*(?:=|\\{)\\s*(\\w+)\\s*\\(`, 'g'))].pop();
      const set = assignment?.[1];
      const producer = a.length === 1 && set !== undefined ? transactionErrors.returns.get(set) : undefined;
      // The values the producer can return with the literal arguments this call passes (FillPSBT's `sign`).
      const bound = producer && assignment ? literalArguments(fn, fn.bodyStart + (assignment.index ?? 0), producer.fn) : new Map<string, Literal>();
      const values = producer ? [...new Set(producer.values.filter((v) => !deadUnder(bound, producer.fn, v.at)).map((v) => v.value))] : undefined;
      if (values === undefined) {
        out.push({
          kind: 'rpc',
          codeName: `RPCErrorFromTransactionError(${variable})`,
          message: '{reason}',
          file: file.rel,
          line: lineOf(file, at),
          guard,
          at,
        });
        continue;
      }
      for (const value of values) {
        out.push({
          kind: 'rpc',
          codeName: transactionErrors.code.get(value) ?? 'RPC_TRANSACTION_ERROR',
          message: transactionErrors.text.get(value) ?? `{${value}}`,
          file: file.rel,
          line: lineOf(file, at),
          guard: `${guard} (${set ?? ''} returns TransactionError::${value})`,
          at,
          thrown: 'univalue',
        });
      }
    }
    for (const m of body.matchAll(/\b(throw|return)\s+(JSONRPCError|std::runtime_error)\s*\(/g)) {
      const at = fn.bodyStart + (m.index ?? 0);
      // A helper returns the error object for its caller to throw (`throw JSONRPCTransactionError(...)`); a handler that
      // returns one answers it as its result, with no error (dumpevmdb's UTF-8 checks, src/dfi/rpc_evm.cpp:530).
      if (m[1] === 'return' && handlerFunctions.has(fn)) continue;
      // The help text that only `help <rpc>` asks for: thrown when request.fHelp alone is set, which no call sets
      // (CRPCTable::help, src/rpc/server.cpp:89-120, catches it as the text it prints).
      if (m[2] === 'std::runtime_error' && /^\w+\.fHelp$/.test(guardOf(file, at, fn))) continue;
      const a = args(at + m[0].length - 1);
      resolveName = resolverFor(fn, at);
      if (m[2] === 'JSONRPCError') {
        out.push({
          kind: 'rpc',
          codeName: (a[0]?.text ?? '').trim(),
          message: numberRepeats(
            messageTemplate(
              a
                .slice(1)
                .map((x) => x.text)
                .join(','),
            ),
          ),
          file: file.rel,
          line: lineOf(file, at),
          guard: guardOf(file, at, fn),
          at,
          thrown: 'univalue',
        });
      } else if (m[1] === 'throw') {
        out.push({
          kind: 'rpc',
          codeName: 'RPC_MISC_ERROR',
          message: numberRepeats(messageTemplate(a.map((x) => x.text).join(','))),
          file: file.rel,
          line: lineOf(file, at),
          guard: guardOf(file, at, fn),
          at,
          thrown: 'runtime',
        });
      }
    }
  } else {
    for (const m of body.matchAll(/\bRes::(Err|ErrCode|ErrDbg)\s*\(/g)) {
      const at = fn.bodyStart + (m.index ?? 0);
      const a = args(at + m[0].length - 1).map((x) => x.text.trim());
      resolveName = resolverFor(fn, at);
      const kind = m[1];
      const fmtArgs = kind === 'Err' ? a : a.slice(1);
      out.push({
        kind: 'consensus',
        codeName: '',
        message: numberRepeats(formatTemplate(fmtArgs)),
        file: file.rel,
        line: lineOf(file, at),
        guard: guardOf(file, at, fn),
        ...(kind === 'ErrCode' && /NotEnoughBalance/.test(a[0] ?? '') ? { notEnoughBalance: true } : {}),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- the data file

interface ErrorEntry {
  code: number;
  /** The constant's name in src/rpc/protocol.h ('' when the code is only known at run time). */
  codeName: string;
  httpStatus: number;
  message: string;
  /** When it happens, in a reader's words (written by hand; the script keeps it). */
  condition: string;
  /** `src/...:line` at the tag. */
  source: string;
  /** The further places that throw the same code and message, in the order the walk meets them. */
  alsoAt?: string[];
  /** `hand` for an entry written by hand (a reason the node words elsewhere); the script leaves those alone. */
  by?: 'hand';
  /** `code` when the condition is the code's own test written out by the script, not yet a sentence written by hand. */
  conditionFrom?: 'code';
  /** The code's own test, in the dump only. */
  guard?: string;
  [key: string]: unknown;
}

interface GroupEntry {
  id: string;
  /** Functions of the node whose errors are this group's: a walk that reaches one refers to the group instead. */
  helpers?: string[];
  /** Functions of the consensus checks whose refusals are this group's (`HasFoundationAuth`). */
  consensusHelpers?: string[];
  /** Errors thrown in a handler itself that belong to the group: by code, and by message when a pattern is given. */
  absorbs?: { code: number; message?: string }[];
  /** True when the group lists each message it takes in; otherwise its entries written by hand say them once. */
  keepAbsorbed?: boolean;
  errors: ErrorEntry[];
  dropped?: DroppedEntry[];
  [key: string]: unknown;
}

/**
 * An entry the walk finds that the node cannot answer in fact (a check its handler makes first, a path the RPC never
 * builds), kept out of the list with the reason, written by hand from the source.
 */
interface DroppedEntry {
  code: number;
  message: string;
  source: string;
  reason: string;
}

interface MethodEntry {
  rpc: string;
  handler: string;
  groups: string[];
  /** For a group that takes in throws of the handler itself (`absorbs`): where this RPC's own throws stand. */
  absorbedAt?: Record<string, string[]>;
  errors: ErrorEntry[];
  dropped?: DroppedEntry[];
}

interface DataFile {
  [key: string]: unknown;
  groups: GroupEntry[];
  methods: MethodEntry[];
}

function httpStatusOf(code: number): number {
  // src/httprpc.cpp JSONErrorReply: -32600 answers 400, -32601 answers 404, every other error 500.
  if (code === -32600) return 400;
  if (code === -32601) return 404;
  return 500;
}

// ---------------------------------------------------------------- main

const RPC_FILES = (root: string): string[] => {
  const list = (dir: string, test: (name: string) => boolean): string[] =>
    fs
      .readdirSync(path.join(root, dir))
      .filter(test)
      .map((name) => `${dir}/${name}`);
  return [
    ...list('src/rpc', (n) => n.endsWith('.cpp')),
    ...list('src/wallet', (n) => /^rpc\w*\.cpp$/.test(n)),
    ...list('src/dfi', (n) => /^rpc_\w+\.cpp$/.test(n) || n === 'mn_rpc.cpp'),
    'src/spv/spv_rpc.cpp',
    'src/zmq/zmqrpc.cpp',
  ];
};

/** The SPV wrapper the SPV RPCs call into (see wrapperMethod in main), and the header that declares its classes. */
const WRAPPER_FILE = 'src/spv/spv_wrapper.cpp';
const WRAPPER_HEADER = 'src/spv/spv_wrapper.h';

/** The chain state's own modules (src/dfi/*.cpp but the RPC ones and the checks): where `mnview.X()` is defined. */
const VIEW_FILES = (root: string): string[] =>
  fs
    .readdirSync(path.join(root, 'src/dfi'))
    .filter((n) => n.endsWith('.cpp') && !/^rpc_|^mn_rpc|^mn_checks|^validation|^evm|^govvariables/.test(n))
    .map((n) => `src/dfi/${n}`);

/** Names the consensus checks call the chain state by. */
const VIEW_RECEIVERS = new Set(['mnview', 'view', 'cache']);

/**
 * Methods a consensus check calls on an object that is not the chain state (`CPoolSwap(obj, height).ExecuteSwap(...)`,
 * `pool->Swap(...)`, `pool.AddLiquidity(...)`, `oracle.SetTokenPrice(...)`): followed into their definitions (src/dfi/mn_checks.cpp and the chain
 * state's modules) whatever the receiver, since their refusals surface in the trial run as the check's own.
 */
const FOLLOWED_METHODS = new Set(['ExecuteSwap', 'Swap', 'AddLiquidity', 'RemoveLiquidity', 'SetTokenPrice']);

/**
 * Taking tokens off an account (`CAccountsView::SubBalance(s)`) fails through `CTokenAmount::Sub` (src/amount.h) with
 * `amount <balance> is less than <amount>`. The trial run wraps it in the NotEnoughBalance wording only when the
 * function that calls it returns `Res::ErrCode(CustomTxErrCodes::NotEnoughBalance, ...)` (`SubBalanceDelShares`);
 * every other caller passes it on in the plain wrapper.
 */
const BALANCE_TAKERS = new Set(['SubBalance', 'SubBalances']);

const CONSENSUS_FILES = (root: string): string[] => [
  ...fs
    .readdirSync(path.join(root, 'src/dfi/consensus'))
    .filter((n) => n.endsWith('.cpp'))
    .map((n) => `src/dfi/consensus/${n}`),
  'src/dfi/errors.h',
];

async function main(): Promise<void> {
  const [root, ...flags] = process.argv.slice(2);
  if (!root || !fs.existsSync(path.join(root, 'src/rpc/protocol.h'))) {
    console.error('usage: npx tsx scripts/derive-rpc-errors.ts <DeFiCh/ain checkout (v4.0.9)> [--check]');
    process.exitCode = 2;
    return;
  }
  const check = flags.includes('--check');
  const init = /^AC_INIT\(\[([^\]]+)\]/m.exec(fs.readFileSync(path.join(root, 'configure.ac'), 'utf8'));
  if (!init) throw new Error('configure.ac: no AC_INIT([<package name>], ...)');
  packageName = init[1];
  const site = path.resolve(__dirname, '..');
  const dataPath = path.join(site, 'generator/errors/rpc.json');
  // Every RPC the pinned node registers, typed by api-core or not (generator/node-rpcs, scripts/derive-node-rpcs.ts).
  const helpPath = path.join(site, 'generator/node-rpcs/help-v4.0.9.json');
  const help = JSON.parse(fs.readFileSync(helpPath, 'utf8')) as { tag: string; rpcs: { name: string }[] };
  if (help.tag !== 'v4.0.9') throw new Error(`${helpPath} is of ${help.tag}, not v4.0.9`);
  const rpcNames = [...new Set(help.rpcs.map((rpc) => rpc.name))].sort();
  const data = JSON.parse(fs.readFileSync(dataPath, 'utf8')) as DataFile;
  const codes = readErrorCodes(root);

  const rpcFunctions = RPC_FILES(root).flatMap((rel) => functionsOf(readSource(root, rel)));
  const consensusFunctions = CONSENSUS_FILES(root).flatMap((rel) => functionsOf(readSource(root, rel)));
  const byName = (fns: CppFunction[]): Map<string, CppFunction[]> => {
    const map = new Map<string, CppFunction[]>();
    for (const fn of fns) map.set(fn.name, [...(map.get(fn.name) ?? []), fn]);
    return map;
  };
  const rpcIndex = byName(rpcFunctions);
  const viewIndex = byName(VIEW_FILES(root).flatMap((rel) => functionsOf(readSource(root, rel))));
  const followedIndex = byName([...VIEW_FILES(root), 'src/dfi/mn_checks.cpp'].flatMap((rel) => functionsOf(readSource(root, rel))));
  /** Where CTokenAmount::Sub refuses a shortfall (src/amount.h). */
  const shortfall = ((): { file: string; line: number } => {
    const amount = readSource(root, 'src/amount.h');
    const at = amount.text.indexOf('"amount %s is less than %s"');
    if (at === -1) throw new Error('src/amount.h: CTokenAmount::Sub no longer says "amount %s is less than %s"');
    return { file: amount.rel, line: lineOf(amount, at) };
  })();
  const consensusIndex = byName(consensusFunctions);

  // The SPV wrapper (src/spv/spv_wrapper.cpp): the RPC layer reaches it through the global `spv::pspv`, declared
  // `std::unique_ptr<CSpvWrapper>` in src/spv/spv_wrapper.h, or through a pointer cast to a wrapper class
  // (`static_cast<spv::CFakeSpvWrapper *>(spv::pspv.get())`). A call through one is read in the method of the class it
  // names, or of the nearest base class that defines it: CSpvWrapper is the class a mainnet or testnet node builds
  // (src/init.cpp SetupAnchorSPVDatabases); regtest builds CFakeSpvWrapper, which overrides SendBitcoins with a funding
  // branch for `amount == -1` only and passes every other amount to CSpvWrapper's.
  const wrapperFunctions = functionsOf(readSource(root, WRAPPER_FILE));
  const wrapperIndex = byName(wrapperFunctions);
  const wrapperHeader = readSource(root, WRAPPER_HEADER);
  const wrapperBase = new Map<string, string>();
  for (const m of wrapperHeader.mask.matchAll(/\bclass\s+(\w+)\s*:\s*public\s+(\w+)/g)) wrapperBase.set(m[1] ?? '', m[2] ?? '');
  const wrapperClasses = new Set(wrapperFunctions.filter((fn) => fn.qualified.includes('::')).map((fn) => fn.qualified.split('::')[0] ?? ''));
  const wrapperGlobals = new Map<string, string>();
  for (const m of wrapperHeader.mask.matchAll(/\bextern\s+std::unique_ptr<\s*(\w+)\s*>\s+(\w+)\s*;/g))
    if (wrapperClasses.has(m[1] ?? '')) wrapperGlobals.set(m[2] ?? '', m[1] ?? '');
  if (!wrapperGlobals.has('pspv')) throw new Error(`${WRAPPER_HEADER}: no \`extern std::unique_ptr<CSpvWrapper> pspv;\``);
  /** The method `name` of a wrapper class, or of the nearest base class that defines it. */
  const wrapperMethod = (className: string, name: string): CppFunction | undefined => {
    for (let c: string | undefined = className; c !== undefined; c = wrapperBase.get(c)) {
      const found = (wrapperIndex.get(name) ?? []).find((fn) => fn.qualified === `${c}::${name}`);
      if (found) return found;
    }
    return undefined;
  };
  /** The wrapper class a receiver stands for in `fn`: the global pointer, or a local cast to a wrapper class before the call. */
  const receiverClass = (fn: CppFunction, call: Call): string | undefined => {
    const global = wrapperGlobals.get(call.qualifier);
    if (global !== undefined) return global;
    if (call.qualifier === '') return undefined;
    const cast = [
      ...fn.file.mask.slice(fn.bodyStart, call.offset).matchAll(new RegExp(`\\b${call.qualifier}\\s*=\\s*static_cast<\\s*(?:\\w+::)*(\\w+)\\s*\\*\\s*>`, 'g')),
    ].pop();
    return cast && wrapperClasses.has(cast[1] ?? '') ? cast[1] : undefined;
  };
  /**
   * A plain call made inside the wrapper or into it: `CSpvWrapper::SendBitcoins(...)` (the base's method), a method of
   * the caller's own class called without a receiver, or a free function of the wrapper file (`spv::GetHTLCDetails`,
   * `ConvertPrivKeys`) when the RPC layer defines none of that name.
   */
  const wrapperCall = (fn: CppFunction, call: Call): CppFunction[] => {
    if (wrapperClasses.has(call.qualifier)) {
      const method = wrapperMethod(call.qualifier, call.name);
      return method ? [method] : [];
    }
    const ownClass = fn.file.rel === WRAPPER_FILE && fn.qualified.includes('::') ? fn.qualified.split('::')[0] : undefined;
    const own = ownClass !== undefined && call.qualifier === '' ? wrapperMethod(ownClass, call.name) : undefined;
    if (own) return [own];
    if (fn.file.rel !== WRAPPER_FILE && (rpcIndex.get(call.name) ?? []).length > 0) return [];
    return (wrapperIndex.get(call.name) ?? []).filter((t) => t.qualified === t.name && (call.qualifier === '' || t.namespace === call.qualifier));
  };

  // RPC name -> handler, from the command tables.
  const handlers = new Map<string, CppFunction>();
  for (const rel of [...RPC_FILES(root), 'src/rpc/server.cpp']) {
    const file = readSource(root, rel);
    for (const m of file.text.matchAll(/\{\s*"[\w-]+"\s*,\s*"(\w+)"\s*,\s*&(\w+)\s*,/g)) {
      // `&help` names the free function: a method of the same name (CRPCTable::help) is not the handler.
      const candidates = (rpcIndex.get(m[2] ?? '') ?? []).filter((candidate) => candidate.qualified === candidate.name);
      const fn = candidates.find((candidate) => candidate.file.rel === rel) ?? candidates[0];
      if (fn) handlers.set(m[1] ?? '', fn);
    }
  }

  for (const fn of handlers.values()) handlerFunctions.add(fn);

  // TransactionError -> code and text, and what each function returning one returns (see transactionErrors).
  {
    const util = readSource(root, 'src/rpc/util.cpp');
    const mapping = functionsOf(util).find((fn) => fn.name === 'RPCErrorFromTransactionError');
    if (!mapping) throw new Error('src/rpc/util.cpp: no RPCErrorFromTransactionError');
    let pending: string[] = [];
    for (const m of util.text.slice(mapping.bodyStart, mapping.bodyEnd).matchAll(/case\s+TransactionError::(\w+)\s*:|return\s+(RPC_\w+)\s*;/g)) {
      if (m[1] !== undefined) pending.push(m[1]);
      else {
        for (const value of pending) transactionErrors.code.set(value, m[2] ?? '');
        pending = [];
      }
    }
    const error = readSource(root, 'src/util/error.cpp');
    const strings = functionsOf(error).find((fn) => fn.name === 'TransactionErrorString');
    if (!strings) throw new Error('src/util/error.cpp: no TransactionErrorString');
    for (const m of error.text
      .slice(strings.bodyStart, strings.bodyEnd)
      .matchAll(/case\s+TransactionError::(\w+)\s*:\s*return\s+((?:"(?:[^"\\]|\\.)*"\s*)+);/g))
      transactionErrors.text.set(m[1] ?? '', literalValue(m[2] ?? ''));
    for (const rel of ['src/psbt.cpp', 'src/wallet/psbtwallet.cpp', 'src/node/transaction.cpp']) {
      const file = readSource(root, rel);
      for (const fn of functionsOf(file)) {
        if (!/^\s*TransactionError\s*$/.test(file.mask.slice(file.lines[fn.line - 1] ?? 0, file.mask.indexOf(fn.name, file.lines[fn.line - 1] ?? 0)))) continue;
        const values = [...file.text.slice(fn.bodyStart, fn.bodyEnd).matchAll(/return\s+TransactionError::(\w+)/g)]
          .map((m) => ({ value: m[1] ?? '', at: fn.bodyStart + (m.index ?? 0) }))
          .filter((v) => v.value !== 'OK');
        transactionErrors.returns.set(fn.name, { fn, values });
      }
    }
  }

  const helperGroup = new Map<string, string>();
  for (const group of data.groups) for (const helper of group.helpers ?? []) helperGroup.set(helper, group.id);
  const consensusHelperGroup = new Map<string, string>();
  for (const group of data.groups) for (const helper of group.consensusHelpers ?? []) consensusHelperGroup.set(helper, group.id);

  /** CustomTxType member -> message class (customTypeToMessage in src/dfi/mn_checks.cpp). */
  const txMessages = new Map<string, string>();
  const checks = readSource(root, 'src/dfi/mn_checks.cpp');
  for (const m of checks.text.matchAll(/case\s+CustomTxType::(\w+)\s*:\s*return\s+(\w+)\s*\{\s*\}/g)) txMessages.set(m[1] ?? '', m[2] ?? '');
  /** CustomTxType member -> the name the trial run prints (ToString in src/dfi/customtx.cpp). */
  const txNames = new Map<string, string>();
  const customtx = readSource(root, 'src/dfi/customtx.cpp');
  for (const m of customtx.text.matchAll(/case\s+CustomTxType::(\w+)\s*:\s*return\s+"(\w+)"/g)) txNames.set(m[1] ?? '', m[2] ?? '');

  /** Walks the RPC layer from a function: its throws, the groups its helpers stand for, the tx types it builds. */
  const walkRpc = (start: CppFunction, ownGroup?: string): { throws: RawThrow[]; groups: Set<string>; txTypes: Set<string>; testRun: boolean } => {
    const throws: RawThrow[] = [];
    const groups = new Set<string>();
    const txTypes = new Set<string>();
    let testRun = false;
    const seen = new Set<string>();
    /**
     * `caught`: what a `try` of a caller, around the call, stops (see quietTries); `bound`: the parameters the caller
     * passed a literal true or false for (see deadUnder).
     */
    const visit = (fn: CppFunction, depth: number, caught: Set<Thrown>, bound: Map<string, Literal>): void => {
      const id = `${fn.file.rel}:${fn.bodyStart} ${[...caught].sort().join()} ${JSON.stringify([...bound])}`;
      if (seen.has(id) || depth > 6) return;
      seen.add(id);
      const tries = quietTries(fn);
      const caughtAt = (offset: number): Set<Thrown> =>
        new Set([...caught, ...tries.filter((t) => offset > t.from && offset < t.to).flatMap((t) => [...t.stops])]);
      throws.push(
        ...throwsIn(fn, 'rpc').filter((t) => t.at === undefined || ((t.thrown === undefined || !caughtAt(t.at).has(t.thrown)) && !deadUnder(bound, fn, t.at))),
      );
      const body = fn.file.text.slice(fn.bodyStart, fn.bodyEnd);
      for (const m of body.matchAll(/static_cast<unsigned char>\(\s*CustomTxType::(\w+)\s*\)/g)) txTypes.add(m[1] ?? '');
      for (const call of callsIn(fn)) {
        const callCaught = caughtAt(call.offset);
        // Nothing a call inside a try that stops both kinds throws reaches the caller, nor one the arguments rule out.
        if (callCaught.size === 2 || deadUnder(bound, fn, call.offset)) continue;
        if (call.member) {
          if (call.name === 'Check' && helperGroup.has('RPCHelpMan::Check')) groups.add(helperGroup.get('RPCHelpMan::Check') ?? '');
          const className = receiverClass(fn, call);
          const method = className === undefined ? undefined : wrapperMethod(className, call.name);
          if (method) visit(method, depth + 1, callCaught, literalArguments(fn, call.offset, method, bound));
          continue;
        }
        if (call.name === 'execTestTx') testRun = true;
        // Read at the throw (throwsIn): what it answers depends on the value passed, not on its body.
        if (call.name === 'JSONRPCTransactionError') continue;
        const group = helperGroup.get(call.name);
        if (group && group !== ownGroup) {
          groups.add(group);
          continue;
        }
        const inWrapper = wrapperCall(fn, call);
        if (inWrapper.length > 0) {
          for (const target of inWrapper) visit(target, depth + 1, callCaught, literalArguments(fn, call.offset, target, bound));
          continue;
        }
        // A qualified call (`feebumper::SignTransaction`) is to the function of that class or namespace only, which may
        // lie outside the RPC layer (then it is not followed): never to a namesake defined elsewhere.
        const targets = (rpcIndex.get(call.name) ?? []).filter(
          (t) => call.qualifier === '' || t.qualified === `${call.qualifier}::${call.name}` || t.namespace === call.qualifier,
        );
        // A name defined in many places (an overloaded generic helper) is not followed.
        if (targets.length === 0 || targets.length > 3) continue;
        const local = targets.filter((t) => t.file === fn.file);
        for (const target of local.length > 0 ? local : targets) visit(target, depth + 1, callCaught, literalArguments(fn, call.offset, target, bound));
      }
    };
    visit(start, 0, new Set(), new Map());
    return { throws, groups, txTypes, testRun };
  };

  /** The consensus checks of one message type, with the helpers they call in the consensus files. */
  const walkConsensus = (messageClass: string, groups: Set<string>): RawThrow[] => {
    const entry = (consensusIndex.get('operator()') ?? []).filter((fn) => fn.firstParamType === messageClass);
    const throws: RawThrow[] = [];
    const seen = new Set<CppFunction>();
    const visit = (fn: CppFunction, depth: number): void => {
      if (seen.has(fn) || depth > 3) return;
      seen.add(fn);
      const own = throwsIn(fn, 'consensus');
      // A function that re-codes a failure as NotEnoughBalance (`Res::ErrCode(NotEnoughBalance, res.msg)`) adds no
      // message of its own: the message is that of the balance it took, below.
      const recodes = own.some((t) => t.notEnoughBalance === true && t.message === '{reason}');
      throws.push(...own.filter((t) => !(t.notEnoughBalance === true && t.message === '{reason}')));
      for (const call of callsIn(fn)) {
        // `!HasAuth(...)`: the result is read as a bool and the caller returns a message of its own, so the callee's
        // refusals never reach the trial run from here.
        if (/!\s*$/.test(fn.file.mask.slice(Math.max(fn.bodyStart, call.offset - 4), call.offset))) continue;
        const group = consensusHelperGroup.get(call.name);
        if (group && !call.member) {
          groups.add(group);
          continue;
        }
        if (BALANCE_TAKERS.has(call.name) && (call.member || fn.file.rel !== 'src/dfi/accounts.cpp')) {
          throws.push({
            kind: 'consensus',
            codeName: '',
            message: 'amount {balance} is less than {amount}',
            file: shortfall.file,
            line: shortfall.line,
            guard: 'balance.nValue < amount',
            ...(recodes ? { notEnoughBalance: true } : {}),
          });
          continue;
        }
        if (call.member && FOLLOWED_METHODS.has(call.name)) {
          const targets = (followedIndex.get(call.name) ?? []).filter((t) => t.qualified.includes('::'));
          for (const target of targets) visit(target, depth + 1);
          continue;
        }
        if (call.member) {
          // A method of the chain state the check works on (`mnview.CreateToken(...)`): its own refusals surface too.
          if (!VIEW_RECEIVERS.has(call.qualifier) || depth >= 2) continue;
          const targets = (viewIndex.get(call.name) ?? []).filter((t) => t.qualified.includes('::'));
          if (targets.length === 0 || targets.length > 2) continue;
          for (const target of targets) visit(target, depth + 1);
          continue;
        }
        const targets =
          (call.qualifier ? consensusIndex.get(call.name)?.filter((t) => t.qualified === `${call.qualifier}::${call.name}`) : consensusIndex.get(call.name)) ??
          [];
        if (targets.length === 0 || targets.length > 3 || call.name === 'operator()') continue;
        for (const target of targets) visit(target, depth + 1);
      }
    };
    for (const fn of entry) visit(fn, 0);
    return throws;
  };

  const problems: string[] = [];
  const toEntry = (t: RawThrow, where: string): ErrorEntry | null => {
    const code = /^-?\d+$/.test(t.codeName) ? Number(t.codeName) : codes.get(t.codeName);
    if (code === undefined) {
      problems.push(`${where}: the code \`${t.codeName}\` at ${t.file}:${t.line} is known only at run time (write its entries by hand)`);
      return null;
    }
    const codeName = /^-?\d+$/.test(t.codeName) ? ([...codes].find(([, n]) => n === code)?.[0] ?? '') : t.codeName;
    return { code, codeName, httpStatus: httpStatusOf(code), message: t.message, condition: '', source: `${t.file}:${t.line}`, guard: t.guard };
  };
  const absorbedBy = (entry: ErrorEntry): string | undefined =>
    data.groups.find((group) =>
      (group.absorbs ?? []).some((rule) => rule.code === entry.code && (rule.message === undefined || new RegExp(rule.message).test(entry.message))),
    )?.id;
  /** One entry per code and message: the same text thrown at further places cites its first, and the others in `alsoAt`. */
  const unique = (entries: ErrorEntry[]): ErrorEntry[] => {
    const map = new Map<string, ErrorEntry>();
    for (const e of entries) {
      const first = map.get(`${e.code} ${e.message}`);
      if (!first) map.set(`${e.code} ${e.message}`, { ...e });
      else if (e.source !== first.source && !(first.alsoAt ?? []).includes(e.source)) first.alsoAt = [...(first.alsoAt ?? []), e.source];
    }
    return [...map.values()];
  };

  // Groups: the errors their helpers throw, walked like a handler.
  const derivedGroups = new Map<string, { errors: ErrorEntry[]; groups: Set<string> }>();
  for (const group of data.groups) {
    const errors: ErrorEntry[] = [];
    const groups = new Set<string>();
    for (const helper of group.helpers ?? []) {
      if (helper.includes('::')) continue;
      for (const fn of rpcIndex.get(helper) ?? []) {
        // Walk the helper itself: its own name must not stop the walk.
        const walk = walkRpc(fn, group.id);
        for (const t of walk.throws) {
          const entry = toEntry(t, `group ${group.id}`);
          if (entry) errors.push(entry);
        }
        for (const g of walk.groups) if (g !== group.id) groups.add(g);
      }
    }
    for (const helper of group.consensusHelpers ?? []) {
      for (const fn of consensusIndex.get(helper) ?? []) {
        for (const t of throwsIn(fn, 'consensus')) {
          errors.push({
            code: -32600,
            codeName: 'RPC_INVALID_REQUEST',
            httpStatus: 400,
            message: `Test {txType}Tx execution failed:\n${t.message}`,
            condition: '',
            source: `${t.file}:${t.line}`,
            guard: t.guard,
          });
        }
      }
    }
    derivedGroups.set(group.id, { errors, groups });
  }

  const derived: MethodEntry[] = [];
  for (const rpc of rpcNames) {
    const handler = handlers.get(rpc);
    if (!handler) {
      problems.push(`${rpc}: no handler found in the command tables`);
      continue;
    }
    const walk = walkRpc(handler);
    const groups = new Set(walk.groups);
    const errors: ErrorEntry[] = [];
    /** Group id -> where the RPC's own throws that the group takes in stand. */
    const absorbedAt = new Map<string, string[]>();
    for (const t of walk.throws) {
      const entry = toEntry(t, rpc);
      if (!entry) continue;
      const group = absorbedBy(entry);
      if (group) {
        groups.add(group);
        if (!(absorbedAt.get(group) ?? []).includes(entry.source)) absorbedAt.set(group, [...(absorbedAt.get(group) ?? []), entry.source]);
        // A group that lists what it takes in (`keepAbsorbed`) shows each message; the others say it once, by hand.
        if (data.groups.find((g) => g.id === group)?.keepAbsorbed === true) derivedGroups.get(group)?.errors.push(entry);
      } else errors.push(entry);
    }
    if (walk.testRun) {
      for (const txType of walk.txTypes) {
        const messageClass = txMessages.get(txType);
        const printed = txNames.get(txType) ?? txType;
        if (!messageClass) {
          problems.push(`${rpc}: no message type for CustomTxType::${txType}`);
          continue;
        }
        for (const t of walkConsensus(messageClass, groups)) {
          const prefix = t.notEnoughBalance
            ? `Test ${printed}Tx execution failed: not enough balance on owner's account, call utxostoaccount to increase it.\n`
            : `Test ${printed}Tx execution failed:\n`;
          errors.push({
            code: -32600,
            codeName: 'RPC_INVALID_REQUEST',
            httpStatus: 400,
            message: prefix + t.message,
            condition: '',
            source: `${t.file}:${t.line}`,
            guard: t.guard,
          });
        }
      }
    }
    derived.push({
      rpc,
      handler: `${handler.file.rel}:${handler.line}`,
      groups: [...groups].sort(),
      ...(absorbedAt.size > 0 ? { absorbedAt: Object.fromEntries([...absorbedAt].sort(([a], [b]) => a.localeCompare(b))) } : {}),
      errors: unique(errors),
    });
  }

  for (const group of derivedGroups.values()) group.errors = unique(group.errors);
  for (const p of problems) console.error(`derive-rpc-errors: ${p}`);
  const total = derived.reduce((sum, m) => sum + m.errors.length, 0);
  console.log(`derive-rpc-errors: ${derived.length} RPCs, ${total} errors of their own, ${data.groups.length} groups; ${problems.length} notes`);
  if (flags.includes('--dump')) {
    console.log(
      JSON.stringify(
        { groups: Object.fromEntries([...derivedGroups].map(([id, g]) => [id, { errors: g.errors, groups: [...g.groups] }])), methods: derived },
        null,
        2,
      ),
    );
    return;
  }

  // Merge: the script's facts, the conditions (and entries written by hand) from the file; what the file drops stays out.
  /**
   * The condition of an entry the file does not have yet. One written by hand for the same code and message thrown at
   * the same place (an RPC that shares the helper) is taken over; otherwise the code's own test (the guard) is written
   * out as it stands, marked `conditionFrom: "code"` so that a sentence written by hand can replace it (the script keeps
   * that, as it keeps every condition in the file).
   */
  const written = new Map<string, Set<string>>();
  for (const e of [...data.groups.flatMap((g) => g.errors), ...data.methods.flatMap((m) => m.errors)]) {
    if (e.by === 'hand' || e.conditionFrom !== undefined || e.condition.trim() === '') continue;
    const key = `${e.code} ${e.source} ${e.message}`;
    written.set(key, new Set([...(written.get(key) ?? []), e.condition]));
  }
  const conditionOf = (e: ErrorEntry): { condition: string; conditionFrom?: 'code' } => {
    const same = [...(written.get(`${e.code} ${e.source} ${e.message}`) ?? [])];
    if (same.length === 1 && same[0] !== undefined) return { condition: same[0] };
    const guard = (e.guard ?? '').trim();
    const tested = /^case (.+)$/.exec(guard);
    if (tested) return { condition: `The handler's switch takes the case ${tested[1]}.`, conditionFrom: 'code' };
    if (guard === 'else') return { condition: "The handler's test before it fails (its else branch).", conditionFrom: 'code' };
    if (guard !== '') return { condition: `The handler's test holds: ${guard}.`, conditionFrom: 'code' };
    return {
      condition: 'No test of its own stands before it in the code: the node answers it when the step before fails, as the message says.',
      conditionFrom: 'code',
    };
  };
  const merge = (old: ErrorEntry[], fresh: ErrorEntry[], where: string, changes: string[], dropped: DroppedEntry[] = []): ErrorEntry[] => {
    // Matched one to one: two entries written by hand may share a code and message (the 401 answers, both empty).
    const used = new Set<ErrorEntry>();
    const key = (e: { code: number | null; message: string }): string => `${e.code} ${e.message}`;
    const droppedKeys = new Set(dropped.map(key));
    for (const d of dropped) {
      if (!fresh.some((e) => key(e) === key(d))) changes.push(`${where}: dropped ${d.code} ${JSON.stringify(d.message)} is no longer found in the sources`);
    }
    const out: ErrorEntry[] = [];
    for (const e of fresh.filter((entry) => !droppedKeys.has(key(entry)))) {
      const before = old.find((o) => key(o) === key(e) && !used.has(o));
      if (before) used.add(before);
      const facts: ErrorEntry = { ...e };
      delete facts.guard;
      if (!before) changes.push(`${where}: new ${e.code} ${JSON.stringify(e.message)} (${e.source})`);
      else if (before.source !== e.source || before.httpStatus !== e.httpStatus || before.codeName !== e.codeName)
        changes.push(`${where}: moved ${e.code} ${JSON.stringify(e.message)} to ${e.source}`);
      else if ((before.alsoAt ?? []).join() !== (e.alsoAt ?? []).join())
        changes.push(`${where}: ${e.code} ${JSON.stringify(e.message)} is also thrown at ${(e.alsoAt ?? []).join(', ') || 'no other place'}`);
      if (before) {
        const kept: ErrorEntry = { ...before, ...facts, condition: before.condition };
        if (facts.alsoAt === undefined) delete kept.alsoAt;
        out.push(kept);
      } else out.push({ ...facts, ...conditionOf(e) });
    }
    for (const e of old.filter((o) => !used.has(o))) {
      if (e.by === 'hand') out.push(e);
      else changes.push(`${where}: gone ${e.code} ${JSON.stringify(e.message)} (was ${e.source})`);
    }
    return out;
  };
  const changes: string[] = [];
  const groups = data.groups.map((group) => ({
    ...group,
    errors: merge(group.errors, derivedGroups.get(group.id)?.errors ?? [], `group ${group.id}`, changes, group.dropped),
  }));
  const oldMethods = new Map(data.methods.map((m) => [m.rpc, m]));
  const methods = derived.map((m) => {
    const before = oldMethods.get(m.rpc);
    if (before && before.handler !== m.handler) changes.push(`${m.rpc}: handler moved to ${m.handler}`);
    if (before && before.groups.join() !== m.groups.join()) changes.push(`${m.rpc}: groups ${before.groups.join(',')} -> ${m.groups.join(',')}`);
    if (JSON.stringify(before?.absorbedAt ?? {}) !== JSON.stringify(m.absorbedAt ?? {}))
      changes.push(`${m.rpc}: the throws its groups take in stand at ${JSON.stringify(m.absorbedAt ?? {})}`);
    const kept: Partial<MethodEntry> = { ...before };
    delete kept.absorbedAt;
    return {
      ...kept,
      rpc: m.rpc,
      handler: m.handler,
      groups: m.groups,
      ...(m.absorbedAt ? { absorbedAt: m.absorbedAt } : {}),
      errors: merge(before?.errors ?? [], m.errors, m.rpc, changes, before?.dropped),
    };
  });
  const next: DataFile = { ...data, groups, methods };
  const missing = [...groups.flatMap((g) => g.errors), ...methods.flatMap((m) => m.errors)].filter((e) => e.condition.trim() === '').length;
  for (const change of changes) console.log(`derive-rpc-errors: ${change}`);
  if (missing > 0) console.log(`derive-rpc-errors: ${missing} entries have no condition yet`);
  if (check) {
    if (changes.length > 0) {
      console.error(`derive-rpc-errors: generator/errors/rpc.json differs from the sources in ${changes.length} places`);
      process.exitCode = 1;
    }
    return;
  }
  // Written as Prettier writes it (npm run lint checks the data too).
  const options = (await prettier.resolveConfig(dataPath)) ?? {};
  fs.writeFileSync(dataPath, await prettier.format(JSON.stringify(next), { ...options, filepath: dataPath }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
