// Reads a package's compiled JavaScript with acorn: the node RPC each method calls, its params, and parameter defaults.
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import type { CodeValue, RpcArgument, RpcCalls } from '../../model/types';
import { readArgument, readCodeValue, sourceDefault } from '../common/js-value';

export interface CompiledMethod {
  /** Parameter name (or dotted `param.field` for destructuring defaults in the body) -> the default, read. */
  defaults: Map<string, CodeValue>;
  rpc: RpcCalls;
}

/** Class name -> method name -> what its implementation does. */
export type CompiledClasses = Map<string, Map<string, CompiledMethod>>;

type Node = acorn.Node & Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function child(node: Node, key: string): Node | null {
  const value = node[key];
  return isNode(value) ? value : null;
}

function children(node: Node, key: string): Node[] {
  const value = node[key];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

function identifierName(node: Node | null): string | null {
  return node && node.type === 'Identifier' && typeof node.name === 'string' ? node.name : null;
}

function propertyKey(node: Node): string | null {
  const key = child(node, 'key');
  if (!key) return null;
  if (key.type === 'Identifier' && node.computed !== true) return identifierName(key);
  if (key.type === 'Literal') return String(key.value);
  return null;
}

/** `this.client.call(...)`: the call every category method makes to send an RPC. */
function isClientCall(node: Node): boolean {
  const callee = child(node, 'callee');
  if (!callee || callee.type !== 'MemberExpression' || identifierName(child(callee, 'property')) !== 'call') return false;
  const object = child(callee, 'object');
  return (
    object !== null &&
    object.type === 'MemberExpression' &&
    child(object, 'object')?.type === 'ThisExpression' &&
    identifierName(child(object, 'property')) === 'client'
  );
}

function awaiterParams(fn: Node): Node[] {
  const body = child(fn, 'body');
  const found: Node[] = [];
  for (const statement of body ? children(body, 'body') : []) {
    const argument = statement.type === 'ReturnStatement' ? child(statement, 'argument') : null;
    if (argument?.type !== 'CallExpression' || identifierName(child(argument, 'callee')) !== '__awaiter') continue;
    const generator = children(argument, 'arguments')[3];
    if (generator && generator.type === 'FunctionExpression') found.push(...children(generator, 'params'));
  }
  return found;
}

function readMethod(method: Node, source: string): CompiledMethod {
  const fn = child(method, 'value');
  const defaults = new Map<string, CodeValue>();
  const parameters = new Set<string>();
  const text = (node: Node): string => source.slice(node.start, node.end);
  // Newer compilers move the parameters (and their defaults) into the generator: `__awaiter(this, arguments, void 0, function* (a = 1) {...})`.
  // The generator receives the method's `arguments`, so its parameters stand in for the method's (`_a` and the like).
  const moved = fn ? awaiterParams(fn) : [];
  const declared = moved.length > 0 ? moved : fn ? children(fn, 'params') : [];
  // Locals destructured from a parameter (`const { a = 1 } = options`, or `evmtx({ from })`) and the field they stand for.
  const destructured = new Map<string, string>();
  declared.forEach((param, index) => {
    // A destructured parameter has no name in the compiled code: `#<position>` stands for it until the extractor names it.
    const pattern = param.type === 'AssignmentPattern' ? child(param, 'left') : param;
    if (pattern?.type !== 'ObjectPattern') return;
    for (const property of children(pattern, 'properties')) {
      const key = propertyKey(property);
      const value = child(property, 'value');
      const local = value?.type === 'AssignmentPattern' ? identifierName(child(value, 'left')) : identifierName(value);
      if (key && local) destructured.set(local, `#${index}.${key}`);
    }
  });
  for (const param of declared) {
    if (param.type === 'AssignmentPattern') {
      const name = identifierName(child(param, 'left'));
      const right = child(param, 'right');
      if (name && right) {
        defaults.set(name, readCodeValue(sourceDefault(text(right))));
        parameters.add(name);
      }
    } else {
      const name = identifierName(param);
      if (name) parameters.add(name);
    }
  }
  const body = fn ? child(fn, 'body') : null;
  const calls: Node[] = [];
  /** Locals the method computes before the call (`const dummy = ''`, `const opts = Object.assign({...}, options)`). */
  const locals = new Map<string, Node>();
  if (body) {
    walk.full(body, (visited) => {
      const node = visited as Node;
      if (node.type === 'VariableDeclarator') {
        const id = child(node, 'id');
        const init = child(node, 'init');
        const localName = identifierName(id);
        if (localName && init && !parameters.has(localName)) locals.set(localName, init);
        const from = identifierName(child(node, 'init'));
        if (id?.type === 'ObjectPattern' && from && parameters.has(from)) {
          for (const property of children(id, 'properties')) {
            const key = propertyKey(property);
            const value = child(property, 'value');
            if (!key || !value) continue;
            const local = value.type === 'AssignmentPattern' ? identifierName(child(value, 'left')) : identifierName(value);
            if (local) destructured.set(local, `${from}.${key}`);
            const right = value.type === 'AssignmentPattern' ? child(value, 'right') : null;
            if (right) defaults.set(`${from}.${key}`, readCodeValue(sourceDefault(text(right))));
          }
        }
      } else if (node.type === 'CallExpression' && isClientCall(node)) {
        calls.push(node);
      }
    });
  }
  const names: string[] = [];
  let computed = false;
  for (const call of calls) {
    const first = children(call, 'arguments')[0];
    if (first?.type === 'Literal' && typeof first.value === 'string') {
      if (!names.includes(first.value)) names.push(first.value);
    } else {
      computed = true;
    }
  }
  /** The source of an expression with each local it reads replaced by what the local was set to, in parentheses. */
  const inlined = (node: Node, depth = 0): string => {
    const replacements: { start: number; end: number; text: string }[] = [];
    walk.full(node, (visited) => {
      const identifier = visited as Node;
      const name = identifierName(identifier);
      const init = name ? locals.get(name) : undefined;
      if (!name || !init || destructured.has(name) || depth > 3) return;
      replacements.push({ start: identifier.start, end: identifier.end, text: `(${inlined(init, depth + 1)})` });
    });
    // Property names (`opts.send`'s `send`, `{ seed: seed }`'s key) are identifiers too, but not locals' reads.
    const keys = new Set<number>();
    walk.full(node, (visited) => {
      const member = visited as Node;
      if (member.type === 'MemberExpression' && member.computed !== true) {
        const property = child(member, 'property');
        if (property) keys.add(property.start);
      }
      if (member.type === 'Property' && member.computed !== true && member.shorthand !== true) {
        const key = child(member, 'key');
        if (key) keys.add(key.start);
      }
    });
    let out = source.slice(node.start, node.end);
    for (const replacement of replacements.filter((entry) => !keys.has(entry.start)).sort((a, b) => b.start - a.start)) {
      out = `${out.slice(0, replacement.start - node.start)}${replacement.text}${out.slice(replacement.end - node.start)}`;
    }
    return out.replace(/\s+/g, ' ');
  };
  let rpcArguments: RpcArgument[] | null = null;
  const only = calls.length === 1 ? calls[0] : undefined;
  const sent = only ? children(only, 'arguments')[1] : undefined;
  // A params array the method builds in a local first (`const params = [...]; call('x', params)`) is read the same way.
  const sentName = identifierName(sent ?? null);
  const params = sentName && locals.get(sentName)?.type === 'ArrayExpression' ? locals.get(sentName) : sent;
  if (params?.type === 'ArrayExpression') {
    rpcArguments = children(params, 'elements').map((element): RpcArgument => {
      const name = identifierName(element);
      if (name && parameters.has(name)) return { kind: 'parameter', name };
      const field = name ? destructured.get(name) : undefined;
      if (field !== undefined) {
        const [root = '', ...path] = field.split('.');
        return { kind: 'field', parameter: root, path, text: field };
      }
      const value = element.type === 'Literal' ? element.value : name && locals.get(name)?.type === 'Literal' ? locals.get(name)?.value : undefined;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return { kind: 'literal', value };
      return readArgument(inlined(element), parameters);
    });
  }
  // `const results = yield this.client.call(...); return results[0];`: the node answers a list, the method returns its first item.
  let firstItem = false;
  if (body && only) {
    const answer = [...locals].find(([, init]) => init.type === 'YieldExpression' && child(init, 'argument') === only)?.[0];
    walk.full(body, (visited) => {
      const node = visited as Node;
      if (node.type !== 'ReturnStatement' || !answer) return;
      const argument = child(node, 'argument');
      const index = argument?.type === 'MemberExpression' && argument.computed === true ? child(argument, 'property') : null;
      if (identifierName(child(argument ?? node, 'object')) === answer && index?.type === 'Literal' && index.value === 0) firstItem = true;
    });
  }
  return { defaults, rpc: { names, computed, arguments: rpcArguments, ...(firstItem ? { firstItem } : {}) } };
}

/** Every class of one compiled module, with its methods. */
export function readCompiledModule(source: string): CompiledClasses {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  const classes: CompiledClasses = new Map();
  walk.full(ast, (visited) => {
    const node = visited as Node;
    if (node.type !== 'ClassDeclaration' && node.type !== 'ClassExpression') return;
    const className = identifierName(child(node, 'id'));
    const body = child(node, 'body');
    if (!className || !body) return;
    const methods = new Map<string, CompiledMethod>();
    for (const member of children(body, 'body')) {
      if (member.type !== 'MethodDefinition' || member.kind !== 'method') continue;
      const name = propertyKey(member);
      if (name) methods.set(name, readMethod(member, source));
    }
    classes.set(className, methods);
  });
  return classes;
}
