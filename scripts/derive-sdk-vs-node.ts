// Compares each node RPC that a method of @defichain/jellyfish-api-core calls with the node's own help at the pinned
// release, and writes where they differ to generator/node-rpcs/sdk-vs-node.json:
//
//   npx tsx scripts/derive-sdk-vs-node.ts            # writes the file
//   npx tsx scripts/derive-sdk-vs-node.ts --check    # fails when the file and its inputs disagree
//
// Its inputs are both committed or generated here, so it needs no checkout: the SDK's side is generated/rpc-model.json
// (`npm run generate` must have run), read from the package's declarations: each method's parameters, the params it
// sends (`rpc.arguments`, from its compiled body) and its result type; the node's side is
// generator/node-rpcs/help-v4.0.9.json (scripts/derive-node-rpcs.ts), the help of each RPC: its arguments (`RPCArg`:
// name, type, required or not, with file:line) and its result as the node prints it.
//
// What it claims, and only where both sides show it:
// - `node-argument`: the node's help has an argument at a position past the last param the method sends;
// - `sdk-argument`: the method sends a param at a position past the help's last argument;
// - `argument-type`: the value the method sends at a position (a parameter, or a field of an options object) is a
//   string, number or boolean where the help's type of that argument takes none of those (STR and STR_HEX a string,
//   NUM a number or BigNumber, AMOUNT a number, BigNumber or string, BOOL a boolean); a declared `any` or a type it
//   cannot place is no claim;
// - `argument-required`: the help requires the argument and the method's parameter that fills it is optional with no
//   default;
// - mappings, told as they are and not as a lack: `fixed`, the method sends a fixed value where the help has an
//   argument; `options-object`, the method sends one object where the help lists positional arguments that are not an
//   object (a handler may read either: listgovproposals, minttokens), and nothing after it is compared;
//   `argument-shape`, the method sends an object or an array where the help names another type, or the reverse
//   (createrawtransaction's handler reads its outputs as an object or an array, its help says ARR);
// - `result-field`: the help's result is one object and names a field at its top level that the method's declared
//   result (one interface, with what it extends, without an index signature) does not have;
// - `result-field-type`: a field both have, printed by the help as (string), (numeric) or (boolean), declared with no
//   type of that kind.
// - `result-field-optional`: a field both have that the help prints as optional (`(string, optional)`) and the declared
//   result has as required.
// A method whose result has several forms in the help (per verbosity) or several declared results is not compared on
// its result; `compared` counts what was.
//
// What comparing the help with the declarations cannot find (a key of an options object the handler never reads, a
// field the handler leaves out or fills otherwise than its help says) is read from the code by a person and written to
// generator/node-rpcs/sdk-vs-node-by-hand.json, each entry with the places read (src/...:line at the node's tag,
// packages/...:line at the package's tag) and the note its section adds; the script merges them, marked `by: hand`,
// and refuses one it derives itself, so an entry leaves the hand file once the derivation finds it.
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

const ROOT = path.resolve(__dirname, '..');
const MODEL = path.join(ROOT, 'generated/rpc-model.json');
const PINNED = 'v4.0.9';
const HELP = path.join(ROOT, `generator/node-rpcs/help-${PINNED}.json`);
const OUT = path.join(ROOT, 'generator/node-rpcs/sdk-vs-node.json');
const BY_HAND = path.join(ROOT, 'generator/node-rpcs/sdk-vs-node-by-hand.json');

// ---------------------------------------------------------------- inputs (the shapes this script reads)

interface TypeNode {
  kind: string;
  name?: string;
  value?: unknown;
  text?: string;
  target?: { kind: string; id?: string; name?: string };
  typeArguments?: TypeNode[];
  types?: TypeNode[];
  element?: TypeNode;
  elements?: TypeNode[];
  fields?: Field[];
  indexSignatures?: unknown[];
  type?: TypeNode;
}
interface Field {
  name: string;
  optional: boolean;
  type: TypeNode;
}
interface Declared {
  id: string;
  name: string;
  kind: string;
  source: { path: string; line: number } | null;
  extends?: TypeNode[];
  fields?: Field[];
  indexSignatures?: unknown[];
  members?: { value: unknown }[];
}
interface Parameter {
  name: string;
  optional: boolean;
  defaultValue?: unknown;
  type: TypeNode;
}
interface Argument {
  kind: string;
  name?: string;
  parameter?: string;
  path?: string[];
  field?: string;
  value?: unknown;
  text?: string;
  argument?: Argument;
}
interface Method {
  name: string;
  signatures: { parameters: Parameter[]; returns: TypeNode; source: { path: string; line: number } | null }[];
  rpc: { names: string[]; computed: boolean; arguments: Argument[] | null };
}
interface Model {
  package: { name: string; version: string; tag: string };
  categories: { name: string; methods: Method[] }[];
  types: Record<string, Declared>;
}
interface HelpArg {
  name: string;
  type: string;
  presence: 'required' | 'optional' | 'default';
  default: string | null;
  at: { path: string; line: number };
}
interface HelpRpc {
  name: string;
  args: HelpArg[];
  results: { condition: string; text: string }[];
  help: { path: string; line: number } | null;
  handler: { path: string; line: number } | null;
}

// ---------------------------------------------------------------- output

interface NodeSide {
  name: string;
  type: string;
  /** `required`, `optional` or `default <value>`. */
  presence?: string;
  /** `src/...:line` at the pinned tag. */
  source: string;
}
interface SdkSide {
  /** What the method sends or declares: `options.confTarget`, `'*'`, the result type's name. */
  name: string;
  type: string;
  /** `packages/jellyfish-api-core/src/...:line` at the package's tag. */
  source: string;
}
/** A difference read from the source by a person (sdk-vs-node-by-hand.json): merged as it is, with `by: hand`. */
interface HandMark {
  by?: 'hand';
  /** The sentence the method's section adds, with the places it rests on. */
  note?: string;
}
type Difference = HandMark &
  (
    | { kind: 'node-argument'; position: number; node: NodeSide }
    | { kind: 'sdk-argument'; position: number; sdk: SdkSide }
    | { kind: 'argument-type' | 'argument-required' | 'argument-shape' | 'fixed'; position: number; node: NodeSide; sdk: SdkSide }
    | { kind: 'options-object'; position: number; nodeArgs: NodeSide[]; sdk: SdkSide & { fields: string[] } }
    | { kind: 'result-field' | 'result-field-type' | 'result-field-optional'; node: NodeSide; sdk: SdkSide }
    | { kind: 'option-ignored'; position: number; node: NodeSide; sdk: SdkSide }
  );

// ---------------------------------------------------------------- types

function typeText(t: TypeNode | undefined): string {
  if (t === undefined) return 'unknown';
  switch (t.kind) {
    case 'intrinsic':
      return t.name ?? 'unknown';
    case 'literal':
      return t.text ?? JSON.stringify(t.value);
    case 'reference': {
      const args = t.typeArguments ?? [];
      return args.length === 0 ? (t.name ?? '') : `${t.name ?? ''}<${args.map(typeText).join(', ')}>`;
    }
    case 'array':
      return `${typeText(t.element)}[]`;
    case 'tuple':
      return `[${(t.elements ?? []).map(typeText).join(', ')}]`;
    case 'union':
      return (t.types ?? []).map(typeText).join(' | ');
    case 'intersection':
      return (t.types ?? []).map(typeText).join(' & ');
    case 'object':
      return '{ ... }';
    default:
      return t.kind;
  }
}

type Kind = 'string' | 'number' | 'bignumber' | 'boolean' | 'object' | 'array' | 'nothing' | 'any';

/** The kinds of JSON value a declared type admits; `any` where it cannot tell. */
function kindsOf(t: TypeNode | undefined, types: Record<string, Declared>, depth = 0): Set<Kind> {
  const one = (kind: Kind): Set<Kind> => new Set([kind]);
  if (t === undefined || depth > 8) return one('any');
  switch (t.kind) {
    case 'intrinsic':
      if (t.name === 'string') return one('string');
      if (t.name === 'number') return one('number');
      if (t.name === 'boolean') return one('boolean');
      if (t.name === 'undefined' || t.name === 'null' || t.name === 'void') return one('nothing');
      if (t.name === 'object') return one('object');
      return one('any');
    case 'literal':
      if (typeof t.value === 'string') return one('string');
      if (typeof t.value === 'number') return one('number');
      if (typeof t.value === 'boolean') return one('boolean');
      if (t.value === null) return one('nothing');
      return one('any');
    case 'array':
    case 'tuple':
      return one('array');
    case 'object':
    case 'intersection':
      return one('object');
    case 'operator':
      return t.text === undefined && t.type !== undefined ? one('string') : one('any');
    case 'union': {
      const all = new Set<Kind>();
      for (const member of t.types ?? []) for (const kind of kindsOf(member, types, depth + 1)) all.add(kind);
      return all;
    }
    case 'reference': {
      if (t.target?.kind === 'external' && t.name === 'BigNumber') return one('bignumber');
      if (t.target?.kind === 'global') {
        if (t.name === 'Array' || t.name === 'ReadonlyArray') return one('array');
        if (t.name === 'Record') return one('object');
        return one('any');
      }
      const declared = t.target?.id === undefined ? undefined : types[t.target.id];
      if (declared?.kind === 'interface') return one('object');
      if (declared?.kind === 'enum') {
        const values = new Set((declared.members ?? []).map((member) => typeof member.value));
        if (values.size === 1 && values.has('string')) return one('string');
        if (values.size === 1 && values.has('number')) return one('number');
      }
      return one('any');
    }
    default:
      return one('any');
  }
}

/** The kinds of value the help's argument type takes. */
const NODE_TAKES: Record<string, Kind[]> = {
  STR: ['string'],
  STR_HEX: ['string'],
  NUM: ['number', 'bignumber'],
  AMOUNT: ['number', 'bignumber', 'string'],
  BOOL: ['boolean'],
  OBJ: ['object'],
  OBJ_USER_KEYS: ['object'],
  ARR: ['array'],
  RANGE: ['number', 'array'],
};

/** The help's result types (the word in parentheses) and the kinds a declaration must admit for them. */
const RESULT_TAKES: Record<string, Kind[]> = {
  string: ['string'],
  numeric: ['number', 'bignumber'],
  boolean: ['boolean'],
  bool: ['boolean'],
};

/** True when the declaration admits no kind of value the node's type takes (and is not one it cannot tell). */
function mismatch(takes: readonly Kind[] | undefined, declared: Set<Kind>): boolean {
  if (takes === undefined || declared.has('any')) return false;
  const values = [...declared].filter((kind) => kind !== 'nothing');
  return values.length > 0 && !values.some((kind) => takes.includes(kind));
}

/** The fields of an interface with those of what it extends; null for anything with an index signature or not read. */
function interfaceFields(t: TypeNode | undefined, types: Record<string, Declared>, depth = 0): Map<string, Field> | null {
  if (t === undefined || depth > 6 || t.kind !== 'reference' || t.target?.kind !== 'declared' || t.target.id === undefined) return null;
  const declared = types[t.target.id];
  if (declared?.kind !== 'interface' || (declared.indexSignatures ?? []).length > 0) return null;
  const fields = new Map<string, Field>();
  for (const parent of declared.extends ?? []) {
    const inherited = interfaceFields(parent, types, depth + 1);
    if (inherited === null) return null;
    for (const [name, field] of inherited) fields.set(name, field);
  }
  for (const field of declared.fields ?? []) fields.set(field.name, field);
  return fields;
}

// ---------------------------------------------------------------- the help's result text

/** A field of the help's result: the type word in parentheses, and whether the parentheses say `optional`. */
interface PrintedField {
  type: string;
  optional: boolean;
}

/** The fields at the top level of a result printed as one object; null otherwise. */
function resultFields(text: string): Map<string, PrintedField> | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !/^\{\s*(\(|$)/m.test(trimmed.split('\n')[0] ?? '')) return null;
  const fields = new Map<string, PrintedField>();
  let depth = 0;
  for (const line of trimmed.split('\n')) {
    // What the line opens or closes, outside its quoted names and its description (after the type in parentheses).
    const code = line.replace(/"[^"]*"/g, '""').replace(/\(.*$/, '');
    const key = /^\s*"([A-Za-z_][\w]*)"\s*:/.exec(line);
    if (depth === 1 && key) {
      const parentheses = /\((string|numeric|boolean|bool|array|object|json object|json array|[a-z ]+)\b([^)]*)\)/i.exec(line);
      // `(string, optional)`: RPCResult's way of saying the node may leave the field out.
      fields.set(key[1] ?? '', { type: parentheses?.[1]?.toLowerCase() ?? '', optional: /^,\s*optional\b/i.test(parentheses?.[2] ?? '') });
    }
    for (const c of code) {
      if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') depth -= 1;
    }
  }
  return depth === 0 && fields.size > 0 ? fields : null;
}

// ---------------------------------------------------------------- comparing

function cite(at: { path: string; line: number } | null | undefined): string {
  return at === null || at === undefined ? '' : `${at.path}:${at.line}`;
}

function presenceText(arg: HelpArg): string {
  return arg.presence === 'default' ? `default ${arg.default ?? ''}`.trim() : arg.presence;
}

function nodeSide(arg: HelpArg): NodeSide {
  return { name: arg.name, type: arg.type, presence: presenceText(arg), source: cite(arg.at) };
}

/** The declared type of what the method sends at a position, and its name; undefined where it cannot tell. */
function sentValue(
  argument: Argument,
  parameters: readonly Parameter[],
  types: Record<string, Declared>,
): { name: string; type: TypeNode; parameter?: Parameter } | undefined {
  const parameter = parameters.find((candidate) => candidate.name === (argument.name ?? argument.parameter));
  if (argument.kind === 'parameter' || argument.kind === 'derived' || argument.kind === 'defaulted') {
    if (parameter === undefined) return undefined;
    return { name: parameter.name, type: parameter.type, parameter: argument.kind === 'parameter' ? parameter : undefined };
  }
  if (argument.kind === 'field' || argument.kind === 'defaultedField') {
    if (parameter === undefined) return undefined;
    const fieldPath = argument.path ?? (argument.field === undefined ? [] : [argument.field]);
    let type: TypeNode | undefined = parameter.type;
    for (const name of fieldPath) {
      const unwrapped: TypeNode | undefined =
        type?.kind === 'union' ? (type.types ?? []).find((member) => kindsOf(member, types).has('object') && member.kind !== 'intrinsic') : type;
      const fields: Map<string, Field> | null | undefined =
        unwrapped?.kind === 'object' ? new Map((unwrapped.fields ?? []).map((field) => [field.name, field])) : interfaceFields(unwrapped, types);
      type = fields?.get(name)?.type;
      if (type === undefined) return undefined;
    }
    return { name: `${parameter.name}.${fieldPath.join('.')}`, type };
  }
  if (argument.kind === 'object') return { name: argument.text ?? 'an object', type: { kind: 'object' } };
  if (argument.kind === 'array') return { name: argument.text ?? 'an array', type: { kind: 'array' } };
  if (argument.kind === 'optional' && argument.argument !== undefined) return sentValue(argument.argument, parameters, types);
  return undefined;
}

interface Compared {
  methods: number;
  arguments: number;
  results: number;
}

function compareMethod(model: Model, category: string, method: Method, rpc: HelpRpc, compared: Compared): Difference[] {
  const differences: Difference[] = [];
  const signature = method.signatures[0];
  const sdkSource = cite(signature?.source);
  const sent = method.rpc.arguments;
  if (signature !== undefined && sent !== null && method.signatures.length === 1) {
    compared.methods += 1;
    let compound = -1;
    for (const [position, argument] of sent.entries()) {
      const arg = rpc.args[position];
      if (arg === undefined) {
        differences.push({
          kind: 'sdk-argument',
          position,
          sdk: { name: argument.text ?? argument.name ?? JSON.stringify(argument.value), type: '', source: sdkSource },
        });
        continue;
      }
      compared.arguments += 1;
      if (argument.kind === 'literal') {
        differences.push({
          kind: 'fixed',
          position,
          node: nodeSide(arg),
          sdk: { name: JSON.stringify(argument.value), type: typeof argument.value, source: sdkSource },
        });
        if (mismatch(NODE_TAKES[arg.type], kindsOf({ kind: 'literal', value: argument.value }, model.types)))
          differences.push({
            kind: 'argument-type',
            position,
            node: nodeSide(arg),
            sdk: { name: JSON.stringify(argument.value), type: typeof argument.value, source: sdkSource },
          });
        continue;
      }
      const value = sentValue(argument, signature.parameters, model.types);
      if (value === undefined) continue;
      const kinds = kindsOf(value.type, model.types);
      const sdk = { name: value.name, type: typeText(value.type), source: sdkSource };
      const objectOnly = [...kinds].every((kind) => kind === 'object' || kind === 'nothing') && kinds.has('object');
      if (objectOnly && !['OBJ', 'OBJ_USER_KEYS'].includes(arg.type) && position === sent.length - 1 && rpc.args.length > position + 1) {
        // One object where the help lists positional arguments: the mapping, and nothing after it is compared.
        const fields =
          value.type.kind === 'object' ? (value.type.fields ?? []).map((field) => field.name) : [...(interfaceFields(value.type, model.types)?.keys() ?? [])];
        differences.push({ kind: 'options-object', position, nodeArgs: rpc.args.slice(position).map(nodeSide), sdk: { ...sdk, fields } });
        compound = position;
        break;
      }
      if (mismatch(NODE_TAKES[arg.type], kinds)) {
        const scalar = (kind: Kind): boolean => kind === 'string' || kind === 'number' || kind === 'bignumber' || kind === 'boolean';
        const bothScalar = [...kinds].filter((kind) => kind !== 'nothing').every(scalar) && (NODE_TAKES[arg.type] ?? []).every(scalar);
        differences.push({ kind: bothScalar ? 'argument-type' : 'argument-shape', position, node: nodeSide(arg), sdk });
      }
      if (arg.presence === 'required' && value.parameter?.optional === true && value.parameter.defaultValue === undefined)
        differences.push({
          kind: 'argument-required',
          position,
          node: nodeSide(arg),
          sdk: { name: value.name, type: `${typeText(value.type)} (optional)`, source: sdkSource },
        });
    }
    for (let position = sent.length; compound === -1 && position < rpc.args.length; position++) {
      const arg = rpc.args[position];
      if (arg !== undefined) differences.push({ kind: 'node-argument', position, node: nodeSide(arg) });
    }
  }
  // The result: one printed object against one declared interface.
  const returns = new Map<string, TypeNode>();
  for (const candidate of method.signatures) {
    const inner = candidate.returns.kind === 'reference' && candidate.returns.name === 'Promise' ? candidate.returns.typeArguments?.[0] : candidate.returns;
    if (inner !== undefined) returns.set(typeText(inner), inner);
  }
  const [declared] = [...returns.values()];
  const printed = rpc.results.length === 1 ? resultFields(rpc.results[0]?.text ?? '') : null;
  const fields = returns.size === 1 ? interfaceFields(declared, model.types) : null;
  if (printed !== null && fields !== null && declared !== undefined) {
    compared.results += 1;
    const declaredType = declared.target?.id === undefined ? undefined : model.types[declared.target.id];
    const typeSource = cite(declaredType?.source);
    for (const [name, { type, optional }] of printed) {
      const field = fields.get(name);
      const node = { name, type, source: cite(rpc.help) };
      const sdk = { name: `${typeText(declared)}.${name}`, type: typeText(field?.type), source: typeSource };
      if (field === undefined) differences.push({ kind: 'result-field', node, sdk: { name: typeText(declared), type: '', source: typeSource } });
      else if (mismatch(RESULT_TAKES[type], kindsOf(field.type, model.types))) differences.push({ kind: 'result-field-type', node, sdk });
      if (field !== undefined && optional && !field.optional)
        differences.push({ kind: 'result-field-optional', node: { name, type, presence: 'optional', source: node.source }, sdk });
    }
  }
  void category;
  return differences;
}

// ---------------------------------------------------------------- differences read by hand

interface HandEntry {
  method: string;
  rpc: string;
  kind: Difference['kind'];
  position?: number;
  node: NodeSide;
  sdk: SdkSide;
  note: string;
  /** The places the person read, `file:line[-line]: what is there`. */
  read: string[];
}

const HAND_KINDS = new Set<string>(['option-ignored', 'result-field', 'result-field-type', 'result-field-optional']);
const NODE_CITE = /^src\/[\w/.-]+:\d+$/;
const SDK_CITE = /^packages\/jellyfish-api-core\/src\/[\w/.-]+:\d+$/;

/** The entries of the hand file, checked: a known kind, both sides cited at their tags, a note and what was read. */
function readHand(model: Model): HandEntry[] {
  const data = JSON.parse(fs.readFileSync(BY_HAND, 'utf8')) as {
    node: { tag: string };
    package: { name: string; version: string };
    differences: HandEntry[];
  };
  const where = path.relative(ROOT, BY_HAND);
  if (data.node.tag !== PINNED) throw new Error(`${where}: read at defid ${data.node.tag}, not ${PINNED}`);
  if (data.package.name !== model.package.name || data.package.version !== model.package.version)
    throw new Error(`${where}: read in ${data.package.name} ${data.package.version}, the model is ${model.package.name} ${model.package.version}`);
  for (const entry of data.differences) {
    const at = `${where} ${entry.method} ${entry.kind}`;
    if (!HAND_KINDS.has(entry.kind)) throw new Error(`${at}: a kind the hand file does not take`);
    if (!NODE_CITE.test(entry.node.source)) throw new Error(`${at}: the node side cites ${entry.node.source}, not src/<file>:<line>`);
    if (!SDK_CITE.test(entry.sdk.source)) throw new Error(`${at}: the SDK side cites ${entry.sdk.source}, not packages/jellyfish-api-core/src/<file>:<line>`);
    if (entry.note.trim() === '') throw new Error(`${at}: no note`);
    if (entry.read.length === 0 || !entry.read.every((line) => /^(src|packages)\/[\w/.-]+:\d+(-\d+)?: \S/.test(line)))
      throw new Error(`${at}: each place read is file:line: what is there`);
  }
  return data.differences;
}

/** The hand entry as a difference of the output, its fields in the order the derived ones have. */
function handDifference(entry: HandEntry): Difference {
  const { kind, position, node, sdk, note } = entry;
  const sides = { node, sdk, by: 'hand' as const, note };
  if (kind === 'option-ignored') return { kind, position: position ?? 0, ...sides };
  if (kind === 'result-field' || kind === 'result-field-type' || kind === 'result-field-optional') return { kind, ...sides };
  throw new Error(`${entry.method}: ${kind} is not taken by hand`);
}

/** The name a difference is about on the node's side, to find a hand entry the script derives itself. */
function nodeName(difference: Difference): string {
  return 'node' in difference ? difference.node.name : '';
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  if (!fs.existsSync(MODEL)) throw new Error('generated/rpc-model.json is missing: run npm run generate first');
  const model = JSON.parse(fs.readFileSync(MODEL, 'utf8')) as Model;
  const help = JSON.parse(fs.readFileSync(HELP, 'utf8')) as { repository: string; tag: string; rpcs: HelpRpc[] };
  if (help.tag !== PINNED) throw new Error(`${HELP} is the help of ${help.tag}, not ${PINNED}`);
  const byName = new Map(help.rpcs.map((rpc) => [rpc.name, rpc]));
  const compared: Compared = { methods: 0, arguments: 0, results: 0 };
  const methods: { method: string; rpc: string; source: string; differences: Difference[] }[] = [];
  const hand = readHand(model);
  const merged = new Set<HandEntry>();
  for (const category of model.categories) {
    for (const method of category.methods) {
      // A method that calls one RPC by a name it does not compute.
      const [name] = method.rpc.names;
      const rpc = name === undefined || method.rpc.names.length !== 1 || method.rpc.computed ? undefined : byName.get(name);
      if (rpc === undefined) continue;
      const differences = compareMethod(model, category.name, method, rpc, compared);
      for (const entry of hand.filter((candidate) => candidate.method === `${category.name}.${method.name}`)) {
        if (entry.rpc !== rpc.name) throw new Error(`${path.relative(ROOT, BY_HAND)}: ${entry.method} calls ${rpc.name}, not ${entry.rpc}`);
        if (differences.some((difference) => difference.kind === entry.kind && nodeName(difference) === entry.node.name))
          throw new Error(`${path.relative(ROOT, BY_HAND)}: ${entry.method} ${entry.kind} ${entry.node.name} is derived: drop the hand entry`);
        differences.push(handDifference(entry));
        merged.add(entry);
      }
      if (differences.length > 0)
        methods.push({ method: `${category.name}.${method.name}`, rpc: rpc.name, source: cite(method.signatures[0]?.source), differences });
    }
  }
  for (const entry of hand)
    if (!merged.has(entry)) throw new Error(`${path.relative(ROOT, BY_HAND)}: ${entry.method} is no method that calls one RPC of the help`);
  const counts: Record<string, number> = {};
  for (const difference of methods.flatMap((method) => method.differences)) counts[difference.kind] = (counts[difference.kind] ?? 0) + 1;
  const data = {
    node: { repository: help.repository, tag: PINNED },
    package: { name: model.package.name, version: model.package.version, tag: model.package.tag },
    derivedBy: 'scripts/derive-sdk-vs-node.ts',
    byHand: path.relative(ROOT, BY_HAND),
    note: "Where a method of the SDK and the node's help at the tag differ, shown from both: node sources are src/...:line at the node's tag, SDK sources packages/...:line at the package's tag. Positions count from 0. Differences: node-argument, sdk-argument, argument-type, argument-required, result-field, result-field-type, result-field-optional (the node may leave out a field the declared result always has), option-ignored (a key of the object the method sends that the node does not read, where it reads another). Entries with by: hand are read from the handler's code by a person (generator/node-rpcs/sdk-vs-node-by-hand.json, with the places read) and carry the note the section adds. Mappings, not a lack: fixed (the method sends a fixed value for that argument), options-object (one object where the help lists positional arguments), argument-shape (an object or array where the help names another type, or the reverse).",
    compared,
    counts,
    methods,
  };
  const options = (await prettier.resolveConfig(OUT)) ?? {};
  const text = await prettier.format(JSON.stringify(data), { ...options, filepath: OUT });
  console.log(
    `derive-sdk-vs-node: ${compared.methods} methods compared on their arguments (${compared.arguments} positions), ${compared.results} on their result; ${methods.length} methods differ: ${JSON.stringify(counts)}`,
  );
  if (check) {
    const before = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
    if (before !== text) {
      console.error(`derive-sdk-vs-node: ${path.relative(ROOT, OUT)} differs from what the model and the help give`);
      process.exitCode = 1;
    }
    return;
  }
  fs.writeFileSync(OUT, text);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
