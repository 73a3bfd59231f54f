// Reads the DeFi custom transaction codec of @defichain/jellyfish-transaction from its compiled JavaScript (acorn): the
// types CDfTx.data dispatches on (in its switch's order), each class's OP_CODE and OP_NAME, the fields its composers()
// writes in order with the jellyfish-buffer helper each one uses, the OP_CODES function that wraps each type, and from
// @defichain/jellyfish-transaction-builder which builder method composes which type. Composers written inline in a
// class (`{ fromBuffer, toBuffer }`) cannot be read this way: they are described by hand in dftx-custom.ts, and their
// code's fingerprint must match the description's, so that a new package version that changes one fails here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as acorn from 'acorn';
import type { BuilderCall, CodecStructure, FieldEncoding, LayoutField } from '../../model/custom-tx';
import { SourceMap, type RawSourceMap } from '../common/source-map';
import { CUSTOM_COMPOSERS } from './dftx-custom';

type Node = acorn.AnyNode;

/** Helpers of jellyfish-buffer's ComposableBuffer whose bytes depend only on the value. */
const PLAIN_HELPERS = new Set([
  'uInt8',
  'uInt16',
  'int32',
  'uInt32',
  'uBool8',
  'uBool32',
  'bigNumberUInt64',
  'satoshiAsBigNumber',
  'varInt',
  'compactSize',
  'maxPriceAsBigNumber',
  'compactSizeUtf8BE',
  'compactSizeUtf8LE',
  'compactSizeHex',
  'compactSizeOptionalHex',
]);
/** Helpers whose first argument is a byte length (a bit count for bitmask1Byte). */
const SIZED_HELPERS = new Set(['hex', 'hexBEBufferLE', 'optionalHex', 'utf8LE', 'utf8BE', 'bitmask1Byte']);

interface DfTxTypeEntry {
  className: string;
  opCode: number;
  opName: string;
}

export interface CodecLayout {
  /** Types in the order of CDfTx.data's switch. */
  types: DfTxTypeEntry[];
  /** Every class that composes a payload or part of one, by name. */
  structures: Map<string, CodecStructure>;
  /** OP_CODES function name (`OP_DEFI_TX_POOL_SWAP`) -> the class whose OP_CODE it writes. */
  opCodesFunctions: Map<string, string>;
  /** `CDfTx.SIGNATURE`. */
  signature: number;
  /** The name the codec gives a type it does not know (`CDeFiOpUnmapped.OP_NAME`). */
  unmappedName: string;
}

function parseModule(code: string): acorn.Program {
  return acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script', locations: true });
}

/** `a.b.c` as its last name (`c`), or an identifier's name. */
function lastName(node: Node | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') return node.property.name;
  return null;
}

/** `X.Y.OP_CODE` → `Y` (the class a static member belongs to). */
function ownerOfStatic(node: Node, member: string): string | null {
  if (node.type !== 'MemberExpression' || lastName(node) !== member) return null;
  return lastName(node.object);
}

/** The property a getter arrow reads: `() => ps.fromScript` → ['fromScript']; `() => [tc.isDAT, tc.tradeable]` → both. */
function getterNames(node: Node | undefined): string[] | null {
  if (!node || node.type !== 'ArrowFunctionExpression' || node.params.length !== 0) return null;
  const body = node.body;
  const read = (expression: Node | null): string | null => (expression?.type === 'MemberExpression' ? lastName(expression) : null);
  if (body.type === 'ArrayExpression') {
    const names = body.elements.map((element) => read(element));
    return names.every((name): name is string => name !== null) ? names : null;
  }
  const name = read(body);
  return name === null ? null : [name];
}

/** The class an `asC` arrow builds: `v => new tx_composer_1.CScript(v)` → `CScript`. */
function constructedClass(node: Node | undefined): string | null {
  if (!node || node.type !== 'ArrowFunctionExpression') return null;
  return node.body.type === 'NewExpression' ? lastName(node.body.callee) : null;
}

function normalizedSource(code: string, node: Node): string {
  return code.slice(node.start, node.end).replace(/\s+/g, ' ').trim();
}

/** The fingerprint dftx-custom.ts keeps for an inline composer: the first 16 hex digits of its normalized code's SHA-256. */
function composerFingerprint(source: string): string {
  return crypto.createHash('sha256').update(source).digest('hex').slice(0, 16);
}

function readField(className: string, index: number, element: Node, code: string): LayoutField {
  const where = `${className}.composers()[${index}]`;
  if (element.type === 'ObjectExpression') {
    const key = `${className}#${index}`;
    const description = CUSTOM_COMPOSERS[key];
    const fingerprint = composerFingerprint(normalizedSource(code, element));
    if (description === undefined)
      throw new Error(`dftx: ${where} is an inline composer that generator/extract/sdk/dftx-custom.ts does not describe (fingerprint ${fingerprint})`);
    if (description.fingerprint !== fingerprint)
      throw new Error(
        `dftx: the inline composer ${where} changed (fingerprint ${fingerprint}, described ${description.fingerprint}); review its description in dftx-custom.ts`,
      );
    const encoding: FieldEncoding = { kind: 'custom', key, summary: description.summary, width: description.width, detail: description.detail };
    return { names: description.names, encoding };
  }
  if (element.type !== 'CallExpression') throw new Error(`dftx: ${where} is neither a helper call nor an inline composer`);
  const helper = lastName(element.callee);
  const owner = element.callee.type === 'MemberExpression' ? lastName(element.callee.object) : null;
  if (helper === null || owner !== 'ComposableBuffer') throw new Error(`dftx: ${where} calls something other than a ComposableBuffer helper`);
  const args = element.arguments as Node[];
  if (helper === 'single' || helper === 'compactSizeArray') {
    const names = getterNames(args[0]);
    const structure = constructedClass(args[2]);
    if (names === null || structure === null) throw new Error(`dftx: ${where}: cannot read the field or the class of ComposableBuffer.${helper}`);
    return { names, encoding: { kind: helper === 'single' ? 'single' : 'array', structure } };
  }
  if (SIZED_HELPERS.has(helper)) {
    const length = args[0];
    const names = getterNames(args[1]);
    if (length?.type !== 'Literal' || typeof length.value !== 'number' || names === null)
      throw new Error(`dftx: ${where}: cannot read ComposableBuffer.${helper}'s length or field`);
    return { names, encoding: { kind: 'sized', helper, length: length.value } };
  }
  if (PLAIN_HELPERS.has(helper)) {
    const names = getterNames(args[0]);
    if (names === null) throw new Error(`dftx: ${where}: cannot read the field of ComposableBuffer.${helper}`);
    return { names, encoding: { kind: 'helper', helper } };
  }
  throw new Error(`dftx: ${where} uses ComposableBuffer.${helper}, a helper the custom transaction pages do not describe yet`);
}

interface ClassSource {
  className: string;
  superName: string | null;
  /** The composers() array's elements, or null when the class declares no composers(). */
  elements: Node[] | null;
  line: number;
  column: number;
}

function readClasses(program: acorn.Program): ClassSource[] {
  const classes: ClassSource[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ClassDeclaration') continue;
    let elements: Node[] | null = null;
    for (const member of statement.body.body) {
      if (member.type !== 'MethodDefinition' || member.static || lastName(member.key) !== 'composers') continue;
      const body = member.value.body.body;
      const returned = body.find((node) => node.type === 'ReturnStatement');
      if (returned?.type !== 'ReturnStatement' || returned.argument?.type !== 'ArrayExpression')
        throw new Error(`dftx: ${statement.id.name}.composers() does not return an array`);
      elements = returned.argument.elements.filter((element): element is acorn.Expression => element !== null && element.type !== 'SpreadElement');
    }
    classes.push({
      className: statement.id.name,
      superName: lastName(statement.superClass),
      elements,
      line: statement.id.loc?.start.line ?? 1,
      column: statement.id.loc?.start.column ?? 0,
    });
  }
  return classes;
}

/** `CX.OP_CODE = 0x73;` and `CX.OP_NAME = '...'` assignments of a module. */
function readStatics(program: acorn.Program): Map<string, { opCode?: number; opName?: string }> {
  const statics = new Map<string, { opCode?: number; opName?: string }>();
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
    const { left, right } = statement.expression;
    if (left.type !== 'MemberExpression' || right.type !== 'Literal') continue;
    const owner = lastName(left.object);
    const member = lastName(left);
    if (owner === null) continue;
    const entry = statics.get(owner) ?? {};
    if (member === 'OP_CODE' && typeof right.value === 'number') entry.opCode = right.value;
    if (member === 'OP_NAME' && typeof right.value === 'string') entry.opName = right.value;
    if (member === 'SIGNATURE' && typeof right.value === 'number') entry.opCode = right.value;
    statics.set(owner, entry);
  }
  return statics;
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string') walk(item as Node, visit);
    } else if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') walk(value as Node, visit);
  }
}

/** The classes CDfTx.data's switch dispatches on, in order, and the class of its default branch. */
function readDispatch(program: acorn.Program): { classes: string[]; fallback: string | null } {
  const classes: string[] = [];
  let fallback: string | null = null;
  walk(program, (node) => {
    if (node.type !== 'SwitchStatement') return;
    for (const branch of node.cases) {
      if (branch.test === null || branch.test === undefined) {
        walk(branch, (inner) => {
          if (inner.type === 'NewExpression') fallback ??= lastName(inner.callee);
        });
        continue;
      }
      const owner = ownerOfStatic(branch.test, 'OP_CODE');
      if (owner === null) throw new Error('dftx: a case of CDfTx.data that is not a class OP_CODE');
      classes.push(owner);
    }
  });
  return { classes, fallback };
}

/** OP_CODES functions of script/mapping.js: `OP_DEFI_TX_POOL_SWAP: (poolSwap) => new OP_DEFI_TX({ type: CPoolSwap.OP_CODE ... })`. */
function readOpCodesFunctions(program: acorn.Program): Map<string, string> {
  const functions = new Map<string, string>();
  walk(program, (node) => {
    if (node.type !== 'Property' || node.key.type !== 'Identifier' || !node.key.name.startsWith('OP_DEFI_TX_')) return;
    const name = node.key.name;
    walk(node.value, (inner) => {
      if (inner.type === 'Property' && lastName(inner.key) === 'type') {
        const owner = ownerOfStatic(inner.value, 'OP_CODE');
        if (owner !== null) functions.set(name, owner);
      }
    });
  });
  return functions;
}

const MODULES = [
  'script/dftx/dftx',
  'script/dftx/dftx_account',
  'script/dftx/dftx_balance',
  'script/dftx/dftx_evmtx',
  'script/dftx/dftx_governance',
  'script/dftx/dftx_icxorderbook',
  'script/dftx/dftx_loans',
  'script/dftx/dftx_masternode',
  'script/dftx/dftx_misc',
  'script/dftx/dftx_oracles',
  'script/dftx/dftx_pool',
  'script/dftx/dftx_price',
  'script/dftx/dftx_token',
  'script/dftx/dftx_unmapped',
  'script/dftx/dftx_vault',
  'tx_composer',
];
/** Of the transaction composer, only the script: the other classes compose the transaction around the payload. */
const ONLY_CLASSES: Readonly<Record<string, readonly string[]>> = { tx_composer: ['CScript'] };
/** The envelope (signature, type byte, payload) is described on the overview page, not as a structure. */
const ENVELOPE_CLASS = 'CDfTx';

/** Reads the codec of an installed jellyfish-transaction (its `dist/` folder). */
export function readCodecLayout(packageDir: string, repositoryFolder: string): CodecLayout {
  const dist = path.join(packageDir, 'dist');
  const structures = new Map<string, CodecStructure>();
  const statics = new Map<string, { opCode?: number; opName?: string }>();
  let dispatch: { classes: string[]; fallback: string | null } = { classes: [], fallback: null };
  const declarationsOf = new Map<string, string>();
  for (const module of MODULES) {
    const file = path.join(dist, `${module}.js`);
    const code = fs.readFileSync(file, 'utf8');
    const program = parseModule(code);
    const mapFile = `${file}.map`;
    const map = fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap) : null;
    const declarations = fs.readFileSync(path.join(dist, `${module}.d.ts`), 'utf8');
    for (const match of declarations.matchAll(/class (\w+) extends ComposableBuffer<(\w+)/g)) if (match[1] && match[2]) declarationsOf.set(match[1], match[2]);
    for (const [owner, entry] of readStatics(program)) statics.set(owner, { ...statics.get(owner), ...entry });
    if (module === 'script/dftx/dftx') dispatch = readDispatch(program);
    for (const source of readClasses(program)) {
      if (source.className === ENVELOPE_CLASS || (ONLY_CLASSES[module] !== undefined && !ONLY_CLASSES[module].includes(source.className))) continue;
      const original = map?.originalPosition(source.line - 1, source.column);
      const sourcePath = original
        ? path.posix.normalize(path.posix.join(repositoryFolder, 'dist', path.posix.dirname(module), original.source))
        : `${repositoryFolder}/src/${module}.ts`;
      structures.set(source.className, {
        className: source.className,
        interfaceName: null,
        module,
        sourcePath,
        sourceLine: original ? original.line + 1 : null,
        inheritsFrom: source.elements === null ? source.superName : null,
        fields: source.elements === null ? [] : source.elements.map((element, index) => readField(source.className, index, element, code)),
      });
    }
  }
  for (const structure of structures.values()) structure.interfaceName = declarationsOf.get(structure.className) ?? null;
  // A class without composers() of its own takes its parent's (CCreateCfp, CCreateVoc from CCreateProposal).
  for (const structure of structures.values()) {
    let parent = structure.inheritsFrom ? structures.get(structure.inheritsFrom) : undefined;
    while (parent && parent.fields.length === 0 && parent.inheritsFrom) parent = structures.get(parent.inheritsFrom);
    if (structure.inheritsFrom && parent) structure.fields = parent.fields;
    if (structure.interfaceName === null && parent) structure.interfaceName = parent.interfaceName;
  }
  const types = dispatch.classes.map((className) => {
    const entry = statics.get(className);
    if (entry?.opCode === undefined || entry.opName === undefined) throw new Error(`dftx: ${className} has no OP_CODE or OP_NAME`);
    if (!structures.has(className)) throw new Error(`dftx: CDfTx.data names ${className}, which no module declares`);
    return { className, opCode: entry.opCode, opName: entry.opName };
  });
  const signature = statics.get('CDfTx')?.opCode;
  if (signature === undefined) throw new Error('dftx: no CDfTx.SIGNATURE');
  const unmappedName = dispatch.fallback ? statics.get(dispatch.fallback)?.opName : undefined;
  if (unmappedName === undefined) throw new Error('dftx: CDfTx.data has no default branch with an OP_NAME');
  const mapping = parseModule(fs.readFileSync(path.join(dist, 'script/mapping.js'), 'utf8'));
  return { types, structures, opCodesFunctions: readOpCodesFunctions(mapping), signature, unmappedName };
}

/**
 * Which builder method composes which OP_CODES function, read from jellyfish-transaction-builder's compiled classes:
 * the groups are the properties P2WPKHTransactionBuilder's constructor sets (`this.dex = new TxnBuilderDex(...)`).
 */
export function readBuilderCalls(builderDir: string): { calls: Map<string, BuilderCall[]>; methods: BuilderCall[] } {
  const dist = path.join(builderDir, 'dist');
  const index = parseModule(fs.readFileSync(path.join(dist, 'index.js'), 'utf8'));
  const groupOfClass = new Map<string, string>();
  walk(index, (node) => {
    if (node.type !== 'AssignmentExpression' || node.left.type !== 'MemberExpression' || node.left.object.type !== 'ThisExpression') return;
    const group = lastName(node.left);
    const className = node.right.type === 'NewExpression' ? lastName(node.right.callee) : null;
    if (group !== null && className !== null) groupOfClass.set(className, group);
  });
  const calls = new Map<string, BuilderCall[]>();
  const methods: BuilderCall[] = [];
  const files = fs.readdirSync(path.join(dist, 'txn')).filter((file) => /^txn_builder_\w+\.js$/.test(file));
  for (const file of files.sort()) {
    const program = parseModule(fs.readFileSync(path.join(dist, 'txn', file), 'utf8'));
    for (const statement of program.body) {
      if (statement.type !== 'ClassDeclaration') continue;
      const group = groupOfClass.get(statement.id.name);
      if (group === undefined) continue;
      for (const member of statement.body.body) {
        if (member.type !== 'MethodDefinition' || member.kind !== 'method' || member.static) continue;
        const method = lastName(member.key);
        if (method === null) continue;
        const call: BuilderCall = { group, method };
        methods.push(call);
        walk(member.value, (node) => {
          if (node.type !== 'CallExpression') return;
          const name = lastName(node.callee);
          if (name === null || !name.startsWith('OP_DEFI_TX_') || node.callee.type !== 'MemberExpression' || lastName(node.callee.object) !== 'OP_CODES')
            return;
          calls.set(name, [...(calls.get(name) ?? []), call]);
        });
      }
    }
  }
  return { calls, methods };
}
