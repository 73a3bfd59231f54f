// Values in compiled JavaScript, read once here so that no consumer of the model reads code: defaults and constants
// as JSON values (or the enum member, or the code when it is neither), and what each RPC param is built from.
import * as acorn from 'acorn';
import type { CodeValue, JsonValue, RpcArgument } from '../../model/types';

/** The expression `text` starts with; with `whole`, only when nothing follows it (a parenthesised one ends before its `)`). */
function parse(text: string, whole: boolean): acorn.Expression | undefined {
  try {
    const node = acorn.parseExpressionAt(text, 0, { ecmaVersion: 'latest' });
    return !whole || text.slice(node.end).trim() === '' ? node : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON value an expression of literals stands for, or undefined when it is code. */
function evaluate(node: acorn.Expression | acorn.SpreadElement | null): JsonValue | undefined {
  if (!node) return undefined;
  if (node.type === 'Literal') {
    const value = node.value;
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : undefined;
  }
  if (node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') {
    return -node.argument.value;
  }
  // `new BigNumber('0')`: a decimal the client sends as a JSON number.
  if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'BigNumber' && node.arguments.length === 1) {
    const argument = node.arguments[0];
    const value = argument && argument.type === 'Literal' ? Number(argument.value) : NaN;
    return Number.isFinite(value) ? value : undefined;
  }
  if (node.type === 'ArrayExpression') {
    const items = node.elements.map((element) => evaluate(element));
    return items.every((item) => item !== undefined) ? items : undefined;
  }
  if (node.type === 'ObjectExpression') {
    const result: { [key: string]: JsonValue } = {};
    for (const property of node.properties) {
      if (property.type !== 'Property' || property.computed) return undefined;
      const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
      // `headers: undefined` is a key JSON leaves out, as JSON.stringify does.
      if (property.value.type === 'Identifier' && property.value.name === 'undefined') continue;
      const value = evaluate(property.value);
      if (key === undefined || value === undefined) return undefined;
      result[key] = value;
    }
    return result;
  }
  return undefined;
}

/** A default or constant as the source writes it (`0`, `{ limit: 100 }`, `new BigNumber('0')`, `EstimateMode.CONSERVATIVE`), read into a value. */
export function readCodeValue(text: string): CodeValue {
  const node = parse(text, true);
  const value = node ? evaluate(node) : undefined;
  if (value !== undefined) return { kind: 'value', value, text };
  if (node?.type === 'MemberExpression' && !node.computed && node.object.type === 'Identifier' && node.property.type === 'Identifier') {
    return { kind: 'enumMember', enum: node.object.name, member: node.property.name, text };
  }
  return { kind: 'expression', text };
}

/** `a.b.c` as a list of names, when the expression is nothing but property reads on an identifier. */
function memberPath(node: acorn.Expression): string[] | undefined {
  if (node.type === 'Identifier') return [node.name];
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.object.type !== 'Super') {
    const base = memberPath(node.object);
    return base ? [...base, node.property.name] : undefined;
  }
  return undefined;
}

/** `Object.assign({ a: 1 }, param)` or `Object.assign(Object.assign({}, { a: 1 }), param)`: the parameter and the defaults the client fills in. */
function mergedDefaults(
  node: acorn.Expression,
  parameters: ReadonlySet<string>,
): { parameter: string; defaults: { [key: string]: JsonValue }; opaque: boolean } | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const callee = node.callee;
  const isAssign =
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'Object' &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'assign';
  if (!isAssign) return undefined;
  const defaults: { [key: string]: JsonValue } = {};
  let parameter: string | undefined;
  // Defaults held in a module constant (`defaultMetadata`) are not in the method's own code: they are said to exist.
  let opaque = false;
  for (const argument of node.arguments) {
    if (argument.type === 'Identifier' && parameters.has(argument.name) && parameter === undefined) parameter = argument.name;
    else if (argument.type === 'Identifier') opaque = true;
    else if (argument.type === 'ObjectExpression') {
      const value = evaluate(argument);
      if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
      Object.assign(defaults, value);
    } else if (argument.type === 'CallExpression') {
      const inner = mergedDefaults(argument, parameters);
      if (!inner) return undefined;
      Object.assign(defaults, inner.defaults);
      opaque ||= inner.opaque;
      parameter ??= inner.parameter === '' ? undefined : inner.parameter;
    } else return undefined;
  }
  return { parameter: parameter ?? '', defaults, opaque };
}

/** Parameters that an expression reads (`ts` in `ts.toString().length === 13 ? Math.floor(ts / 1e3) : ts`), in order of appearance. */
function parametersRead(node: acorn.Expression, parameters: ReadonlySet<string>): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const candidate = value as { type?: unknown; name?: unknown };
    if (candidate.type === 'Identifier' && typeof candidate.name === 'string' && parameters.has(candidate.name)) names.add(candidate.name);
    for (const child of Object.values(value)) {
      if (Array.isArray(child)) child.forEach(visit);
      else if (typeof child === 'object') visit(child);
    }
  };
  visit(node);
  return [...names];
}

/** What one element of a params array is built from, given the method's parameter names; `text` is its code (locals inlined). */
export function readArgument(text: string, parameters: ReadonlySet<string>): RpcArgument {
  const computed: RpcArgument = { kind: 'expression', text, name: null };
  if (text.startsWith('...')) {
    const spread = parse(text.slice(3), false);
    const first = spread?.type === 'ConditionalExpression' && spread.consequent.type === 'ArrayExpression' ? spread.consequent.elements[0] : undefined;
    if (!first || first.type === 'SpreadElement') return computed;
    return { kind: 'optional', argument: readArgument(text.slice(3 + first.start, 3 + first.end), parameters), text };
  }
  const node = parse(text, false);
  if (!node) return computed;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.object.type !== 'Super') {
    const merged = mergedDefaults(node.object, parameters);
    if (merged && merged.parameter !== '') {
      const field = node.property.name;
      return { kind: 'defaultedField', parameter: merged.parameter, field, defaults: merged.defaults, text };
    }
  }
  if (node.type === 'ConditionalExpression') {
    const read = parametersRead(node, parameters);
    const own = read.find((name) => node.consequent.type === 'Identifier' && node.consequent.name === name) ?? read[0];
    if (own) return { kind: 'derived', parameter: own, others: read.filter((name) => name !== own), integer: /\bMath\.(floor|round|trunc)\(/.test(text), text };
  }
  const path = memberPath(node);
  if (path && path.length > 1) {
    const [root, ...fields] = path as [string, ...string[]];
    return { kind: 'field', parameter: root, path: fields, text };
  }
  if (
    node.type === 'ArrayExpression' &&
    node.elements.length > 0 &&
    node.elements.every((element) => element?.type === 'Identifier' && parameters.has(element.name))
  ) {
    return { kind: 'array', parameters: node.elements.map((element) => (element?.type === 'Identifier' ? element.name : '')), text };
  }
  if (node.type === 'ObjectExpression') {
    const fields: { key: string; parameter: string }[] = [];
    for (const property of node.properties) {
      if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier' || property.value.type !== 'Identifier') return computed;
      if (!parameters.has(property.value.name)) return computed;
      fields.push({ key: property.key.name, parameter: property.value.name });
    }
    return { kind: 'object', fields, text };
  }
  const merged = mergedDefaults(node, parameters);
  if (merged && merged.parameter !== '') return { kind: 'defaulted', parameter: merged.parameter, defaults: merged.defaults, opaque: merged.opaque, text };
  if (node.type === 'Identifier') return { ...computed, name: node.name };
  return computed;
}

/**
 * A default as the TypeScript source writes it: the compiler turns `new BigNumber('0')` into
 * `new bignumber_js_1.default('0')`, which no reader writes; the rest of a default reads the same in both.
 */
export function sourceDefault(compiled: string): string {
  return compiled.replace(/\bnew bignumber_js_\d+\.default\(/g, 'new BigNumber(').replace(/\s+/g, ' ');
}
