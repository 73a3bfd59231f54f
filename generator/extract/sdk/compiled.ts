// Reads what the declaration files leave out from a package's compiled JavaScript: parameter defaults of functions,
// methods and the methods of object constants, the values of exported constants and static class properties
// (`CPoolSwap.OP_CODE = 0x73`), and the literal arguments a constructor passes to its base (`super(0x76, 'OP_DUP')`).
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

function paramDefaults(params: readonly acorn.Pattern[], source: string): Defaults {
  const defaults: Defaults = new Map();
  for (const param of params) {
    if (param.type === 'AssignmentPattern' && param.left.type === 'Identifier') {
      defaults.set(param.left.name, readCodeValue(sourceDefault(source.slice(param.right.start, param.right.end))));
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

function readClass(node: acorn.ClassDeclaration | acorn.ClassExpression, source: string): CompiledClass {
  const methods = new Map<string, Defaults>();
  let superArguments: CodeValue[] | null = null;
  for (const member of node.body.body) {
    if (member.type !== 'MethodDefinition' || member.key.type !== 'Identifier') continue;
    const name = member.kind === 'constructor' ? 'constructor' : `${member.static ? 'static ' : ''}${member.key.name}`;
    methods.set(name, paramDefaults(declaredParams(member.value), source));
    if (member.kind === 'constructor') {
      for (const statement of member.value.body.body) {
        const call = statement.type === 'ExpressionStatement' ? statement.expression : null;
        if (call?.type !== 'CallExpression' || call.callee.type !== 'Super') continue;
        const values = call.arguments.map((argument) => readCodeValue(source.slice(argument.start, argument.end)));
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

function objectMethods(node: acorn.ObjectExpression, source: string): Map<string, Defaults> {
  const methods = new Map<string, Defaults>();
  for (const property of node.properties) {
    if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') continue;
    const value = property.value;
    if (value.type === 'FunctionExpression' || value.type === 'ArrowFunctionExpression')
      methods.set(property.key.name, paramDefaults(declaredParams(value), source));
  }
  return methods;
}

/** Reads one compiled module (CommonJS as tsc writes it). */
export function readCompiledSdkModule(source: string): CompiledModule {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  const module: CompiledModule = { classes: new Map(), functions: new Map(), exports: new Map(), objectMethods: new Map() };
  for (const statement of ast.body) {
    if (statement.type === 'ClassDeclaration' && statement.id) module.classes.set(statement.id.name, readClass(statement, source));
    else if (statement.type === 'FunctionDeclaration' && statement.id)
      module.functions.set(statement.id.name, paramDefaults(declaredParams(statement), source));
    else if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) {
        if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
        // `let X = class X {...}` (a class with decorators or static blocks, as tsc emits it).
        if (declarator.init.type === 'ClassExpression') module.classes.set(declarator.id.name, readClass(declarator.init, source));
      }
    } else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const { left, right } = statement.expression;
      const name = exportName(left);
      if (name !== null) {
        // `exports.A = exports.B = void 0` declares names; `exports.X = X` re-exports a class or function read above.
        if (right.type === 'AssignmentExpression' || (right.type === 'UnaryExpression' && right.operator === 'void') || right.type === 'Identifier') continue;
        module.exports.set(name, readCodeValue(sourceDefault(source.slice(right.start, right.end))));
        if (right.type === 'ObjectExpression') module.objectMethods.set(name, objectMethods(right, source));
      } else if (left.type === 'MemberExpression' && !left.computed && left.object.type === 'Identifier' && left.property.type === 'Identifier') {
        const owner = module.classes.get(left.object.name);
        owner?.statics.set(left.property.name, readCodeValue(sourceDefault(source.slice(right.start, right.end))));
      }
    }
  }
  return module;
}
