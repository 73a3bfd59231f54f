// Reads what the declaration files leave out from a package's compiled JavaScript: parameter defaults of functions,
// methods and the methods of object constants, the values of exported constants and static class properties
// (`CPoolSwap.OP_CODE = 0x73`), and the literal arguments a constructor passes to its base (`super(0x76, 'OP_DUP')`).
// Each value is written back as the TypeScript source has it: tsc compiles `SIGHASH.ALL` in a module that imports it
// to `jellyfish_transaction_1.SIGHASH.ALL`, a default import `randomBytes` to `randombytes_1.default` and a module's
// own exported constant to `exports.Name`; none of these is what a reader writes (readerForm).
import * as acorn from 'acorn';
import type { CodeValue } from '../../model/types';
import { readCodeValue, sourceDefault } from '../common/js-value';

type Node = acorn.AnyNode;

/** Defaults by parameter name. */
export type Defaults = Map<string, CodeValue>;

interface CompiledClass {
  /** Defaults of each method by name; static ones as `static <name>`; the constructor as `constructor`. */
  methods: Map<string, Defaults>;
  /** Values assigned to static properties after the class (`P2WPKH.LENGTH_EXCLUDE_HRP = 39`). */
  statics: Map<string, CodeValue>;
  /** Arguments of the constructor's `super(...)` call when every one is a value, else `null`. */
  superArguments: CodeValue[] | null;
}

export interface CompiledModule {
  classes: Map<string, CompiledClass>;
  functions: Map<string, Defaults>;
  /** `exports.NAME = value`: the value of each exported constant. */
  exports: Map<string, CodeValue>;
  /** Defaults of the methods of an exported object constant (`WIF.decode(wif, version)`), by constant then method. */
  objectMethods: Map<string, Map<string, Defaults>>;
}

/** The modules a compiled module requires, by the local name tsc gives each (`jellyfish_transaction_1`). */
type Imports = ReadonlyMap<string, string>;

/** `const x_1 = require("m")`, optionally wrapped in `__importDefault(...)` or `__importStar(...)`: the module `m`. */
function requiredModule(init: Node): string | null {
  let call = init;
  if (call.type === 'CallExpression' && call.callee.type === 'Identifier' && /^__import(Default|Star)$/.test(call.callee.name) && call.arguments[0])
    call = call.arguments[0];
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'require') return null;
  const argument = call.arguments[0];
  return argument?.type === 'Literal' && typeof argument.value === 'string' ? argument.value : null;
}

/**
 * The name a default import of a module reads as when nothing else says: the module's last path segment as an
 * identifier (`randombytes` for `randombytes_1.default`). A declaration's `@param [rng = randomBytes]` gives the
 * author's spelling of it (declarations.ts).
 */
function defaultImportName(module: string): string {
  const last =
    module
      .split('/')
      .filter((part) => part !== '')
      .at(-1) ?? module;
  return last.replace(/[^A-Za-z0-9_$]+([A-Za-z0-9_$]?)/g, (_match, next: string) => next.toUpperCase()).replace(/^[0-9]/, '_$&');
}

/** Every node below `node`, depth first. */
function nodesOf(node: unknown, found: Node[] = []): Node[] {
  if (typeof node !== 'object' || node === null) return found;
  if (typeof (node as { type?: unknown }).type === 'string') found.push(node as Node);
  for (const child of Object.values(node)) {
    if (Array.isArray(child)) for (const item of child) nodesOf(item, found);
    else if (typeof child === 'object' && child !== null && typeof (child as { type?: unknown }).type === 'string') nodesOf(child, found);
  }
  return found;
}

/**
 * A compiled expression as its TypeScript source writes it: `<import>_1.Name` is `Name`, `<import>_1.default` the
 * default import's name, `exports.Name` the module's own `Name`. An expression acorn cannot read is kept as it is.
 */
function readerForm(compiled: string, imports: Imports): string {
  let expression: acorn.Expression;
  try {
    expression = acorn.parseExpressionAt(compiled, 0, { ecmaVersion: 'latest' });
  } catch {
    return compiled;
  }
  const edits: { start: number; end: number; text: string }[] = [];
  for (const node of nodesOf(expression)) {
    if (node.type !== 'MemberExpression' || node.computed || node.object.type !== 'Identifier' || node.property.type !== 'Identifier') continue;
    const owner = node.object.name;
    const module = imports.get(owner);
    if (module !== undefined) {
      const text = node.property.name === 'default' ? defaultImportName(module) : node.property.name;
      edits.push({ start: node.start, end: node.end, text });
    } else if (owner === 'exports') edits.push({ start: node.start, end: node.end, text: node.property.name });
  }
  let text = compiled;
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}

function valueOf(text: string, imports: Imports): CodeValue {
  return readCodeValue(readerForm(sourceDefault(text), imports));
}

function paramDefaults(params: readonly acorn.Pattern[], source: string, imports: Imports): Defaults {
  const defaults: Defaults = new Map();
  for (const param of params) {
    if (param.type === 'AssignmentPattern' && param.left.type === 'Identifier') {
      defaults.set(param.left.name, valueOf(source.slice(param.right.start, param.right.end), imports));
    }
  }
  return defaults;
}

/**
 * The parameters of a function as its source declares them: an async one compiled for an older target keeps them
 * inside `__awaiter(this, arguments, void 0, function* (a = 1) {...})`.
 */
function declaredParams(fn: acorn.Function): acorn.Pattern[] {
  if (fn.body.type === 'BlockStatement') {
    for (const statement of fn.body.body) {
      const argument = statement.type === 'ReturnStatement' ? statement.argument : null;
      if (argument?.type !== 'CallExpression' || argument.callee.type !== 'Identifier' || argument.callee.name !== '__awaiter') continue;
      const generator = argument.arguments[3];
      if (generator?.type === 'FunctionExpression' && generator.params.length > 0) return generator.params;
    }
  }
  return fn.params;
}

function readClass(node: acorn.ClassDeclaration | acorn.ClassExpression, source: string, imports: Imports): CompiledClass {
  const methods = new Map<string, Defaults>();
  let superArguments: CodeValue[] | null = null;
  for (const member of node.body.body) {
    if (member.type !== 'MethodDefinition' || member.key.type !== 'Identifier') continue;
    const name = member.kind === 'constructor' ? 'constructor' : `${member.static ? 'static ' : ''}${member.key.name}`;
    methods.set(name, paramDefaults(declaredParams(member.value), source, imports));
    if (member.kind === 'constructor') {
      for (const statement of member.value.body.body) {
        const call = statement.type === 'ExpressionStatement' ? statement.expression : null;
        if (call?.type !== 'CallExpression' || call.callee.type !== 'Super') continue;
        const values = call.arguments.map((argument) => valueOf(source.slice(argument.start, argument.end), imports));
        superArguments = values.every((value) => value.kind === 'value') ? values : null;
      }
    }
  }
  return { methods, statics: new Map(), superArguments };
}

/** `exports.NAME` as the target of an assignment. */
function exportName(node: Node): string | null {
  if (node.type !== 'MemberExpression' || node.computed || node.object.type !== 'Identifier' || node.object.name !== 'exports') return null;
  return node.property.type === 'Identifier' ? node.property.name : null;
}

function objectMethods(node: acorn.ObjectExpression, source: string, imports: Imports): Map<string, Defaults> {
  const methods = new Map<string, Defaults>();
  for (const property of node.properties) {
    if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') continue;
    const value = property.value;
    if (value.type === 'FunctionExpression' || value.type === 'ArrowFunctionExpression')
      methods.set(property.key.name, paramDefaults(declaredParams(value), source, imports));
  }
  return methods;
}

/** Reads one compiled module (CommonJS as tsc writes it). */
export function readCompiledSdkModule(source: string): CompiledModule {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  const module: CompiledModule = { classes: new Map(), functions: new Map(), exports: new Map(), objectMethods: new Map() };
  const imports = new Map<string, string>();
  for (const statement of ast.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) {
      const required = declarator.init ? requiredModule(declarator.init) : null;
      if (declarator.id.type === 'Identifier' && required !== null) imports.set(declarator.id.name, required);
    }
  }
  for (const statement of ast.body) {
    if (statement.type === 'ClassDeclaration' && statement.id) module.classes.set(statement.id.name, readClass(statement, source, imports));
    else if (statement.type === 'FunctionDeclaration' && statement.id)
      module.functions.set(statement.id.name, paramDefaults(declaredParams(statement), source, imports));
    else if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) {
        if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
        // `let X = class X {...}` (a class with decorators or static blocks, as tsc emits it).
        if (declarator.init.type === 'ClassExpression') module.classes.set(declarator.id.name, readClass(declarator.init, source, imports));
      }
    } else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const { left, right } = statement.expression;
      const name = exportName(left);
      if (name !== null) {
        // `exports.A = exports.B = void 0` declares names; `exports.X = X` re-exports a class or function read above.
        if (right.type === 'AssignmentExpression' || (right.type === 'UnaryExpression' && right.operator === 'void') || right.type === 'Identifier') continue;
        module.exports.set(name, valueOf(source.slice(right.start, right.end), imports));
        if (right.type === 'ObjectExpression') module.objectMethods.set(name, objectMethods(right, source, imports));
      } else if (left.type === 'MemberExpression' && !left.computed && left.object.type === 'Identifier' && left.property.type === 'Identifier') {
        const owner = module.classes.get(left.object.name);
        owner?.statics.set(left.property.name, valueOf(source.slice(right.start, right.end), imports));
      }
    }
  }
  return module;
}
