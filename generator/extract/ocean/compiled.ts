// Reads the compiled JavaScript of whale-api-client with acorn: what HTTP request each category method sends.
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';

/** Where a value in a request comes from: a method argument, or one property of an options-object argument. */
export interface ArgumentSource {
  /** Name of the JS parameter of the client method. */
  param: string;
  /** Property read from that parameter (`option.id`), when the parameter is an options object. */
  property?: string;
}

/** One value the client puts into the request. */
export type RequestValue =
  | { kind: 'argument'; source: ArgumentSource; default?: DefaultValue }
  | { kind: 'constant'; value: string | number | boolean }
  /** An expression this reader does not understand; `code` is its source text. */
  | { kind: 'unknown'; code: string };

/** A default the compiled code applies: a literal, or a member of an enum (`ListProposalsStatus.ALL`). */
export type DefaultValue = { kind: 'literal'; value: string | number | boolean | null } | { kind: 'member'; object: string; member: string };

/** A piece of a path: fixed text, or a value. */
export type PathPiece = { kind: 'text'; text: string } | { kind: 'value'; value: RequestValue };

interface QueryValue {
  name: string;
  value: RequestValue;
  /** How the client adds it: size/next/queryParam of requestList, or written into the path's query string. */
  via: 'requestList' | 'path';
}

/** The request body: the whole of one argument, or an object whose fields come from arguments. */
export type BodyValue =
  | { kind: 'argument'; source: ArgumentSource }
  | { kind: 'object'; fields: { name: string; value: RequestValue }[]; serializer?: string }
  | { kind: 'unknown'; code: string };

/** The request one client method sends, as its compiled code shows it. */
export interface CompiledCall {
  className: string;
  methodName: string;
  /** Name of the WhaleApiClient method it calls: requestList, requestData, requestAsString, ... */
  clientMethod: string;
  /** 'GET', 'POST', or undefined when not a literal. */
  httpMethod?: string;
  /** Path pieces before any `?`. */
  path: PathPiece[];
  query: QueryValue[];
  body?: BodyValue;
  /** Parts of the path the method composes in a local variable first: `key` = `{token}-{currency}`. */
  composed: { variable: string; pieces: PathPiece[] }[];
  /** JS parameters of the method, in order, with the defaults the compiled code declares. */
  params: { name: string; default?: DefaultValue }[];
  /** Problems met while reading: an unknown expression, several or no request calls. */
  warnings: string[];
}

type Node = acorn.AnyNode;
type Expression = acorn.Expression;

function parseScript(code: string): acorn.Program {
  return acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script' });
}

/** Every method of every class declared at the top level of a compiled module. */
export function readCompiledCalls(code: string): CompiledCall[] {
  const program = parseScript(code);
  const calls: CompiledCall[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ClassDeclaration' || statement.id === null) continue;
    for (const member of statement.body.body) {
      if (member.type !== 'MethodDefinition' || member.kind !== 'method' || member.static) continue;
      if (member.key.type !== 'Identifier') continue;
      calls.push(readMethod(code, statement.id.name, member.key.name, member.value));
    }
  }
  return calls;
}

interface MethodScope {
  code: string;
  params: Set<string>;
  locals: Map<string, Expression>;
  warnings: string[];
  composed: Map<string, PathPiece[]>;
}

function readMethod(code: string, className: string, methodName: string, fn: acorn.FunctionExpression): CompiledCall {
  const params: CompiledCall['params'] = [];
  for (const param of fn.params) {
    if (param.type === 'Identifier') params.push({ name: param.name });
    else if (param.type === 'AssignmentPattern' && param.left.type === 'Identifier') {
      params.push({ name: param.left.name, default: readDefault(param.right) });
    }
  }
  const scope: MethodScope = {
    code,
    params: new Set(params.map((p) => p.name)),
    locals: new Map(),
    warnings: [],
    composed: new Map(),
  };
  const requestCalls: acorn.CallExpression[] = [];
  walk.full(fn.body, (node: Node) => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init) {
      scope.locals.set(node.id.name, node.init);
    }
    if (node.type === 'CallExpression') {
      const name = clientMethodName(node);
      if (name !== undefined) requestCalls.push(node);
    }
  });

  const call: CompiledCall = {
    className,
    methodName,
    clientMethod: '',
    path: [],
    query: [],
    composed: [],
    params,
    warnings: scope.warnings,
  };
  if (requestCalls.length !== 1) {
    scope.warnings.push(`${className}.${methodName}: expected one request call, found ${requestCalls.length}`);
    if (requestCalls.length === 0) return call;
  }
  const request = requestCalls[0] as acorn.CallExpression;
  call.clientMethod = clientMethodName(request) ?? '';
  const [methodArg, pathArg, ...rest] = request.arguments;
  if (methodArg?.type === 'Literal' && typeof methodArg.value === 'string') call.httpMethod = methodArg.value;
  else scope.warnings.push(`${className}.${methodName}: the HTTP method is not a literal`);

  if (pathArg !== undefined && pathArg.type !== 'SpreadElement') {
    const pieces = readPieces(pathArg, scope);
    const split = splitQuery(pieces, scope, `${className}.${methodName}`);
    call.path = split.path;
    call.query.push(...split.query);
  }

  if (call.clientMethod === 'requestList') {
    const [size, next, queryParam] = rest;
    if (size !== undefined && size.type !== 'SpreadElement') {
      call.query.push({ name: 'size', value: readValue(size, scope), via: 'requestList' });
    }
    if (next !== undefined && next.type !== 'SpreadElement') {
      call.query.push({ name: 'next', value: readValue(next, scope), via: 'requestList' });
    }
    if (queryParam !== undefined && queryParam.type === 'ObjectExpression') {
      for (const prop of queryParam.properties) {
        if (prop.type !== 'Property' || prop.key.type !== 'Identifier') {
          scope.warnings.push(`${className}.${methodName}: a query parameter with a computed name`);
          continue;
        }
        call.query.push({ name: prop.key.name, value: readValue(prop.value, scope), via: 'requestList' });
      }
    } else if (queryParam !== undefined) {
      scope.warnings.push(`${className}.${methodName}: query parameters not given as an object literal`);
    }
  } else {
    const [bodyArg] = rest;
    if (bodyArg !== undefined && bodyArg.type !== 'SpreadElement') call.body = readBody(bodyArg, scope);
  }
  call.composed = [...scope.composed].map(([variable, pieces]) => ({ variable, pieces }));
  return call;
}

/** `this.client.requestX(...)` → 'requestX'. */
function clientMethodName(node: acorn.CallExpression): string | undefined {
  const callee = node.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const object = callee.object;
  if (object.type !== 'MemberExpression' || object.computed || object.property.type !== 'Identifier') return undefined;
  if (object.object.type !== 'ThisExpression' || object.property.name !== 'client') return undefined;
  return callee.property.name;
}

function source(scope: MethodScope, node: Node): string {
  return scope.code.slice(node.start, node.end);
}

function readDefault(node: Expression | acorn.Pattern): DefaultValue | undefined {
  if (node.type === 'Literal' && (typeof node.value !== 'object' || node.value === null)) {
    if (typeof node.value === 'bigint' || node.value === undefined) return undefined;
    return { kind: 'literal', value: node.value };
  }
  if (node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') {
    return { kind: 'literal', value: -node.argument.value };
  }
  // `governance_1.ListProposalsStatus.ALL`: an enum member, named without the module alias.
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const object = node.object;
    if (object.type === 'Identifier') return { kind: 'member', object: object.name, member: node.property.name };
    if (object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier') {
      return { kind: 'member', object: object.property.name, member: node.property.name };
    }
  }
  return undefined;
}

/** `void 0` */
function isUndefined(node: Node): boolean {
  return (node.type === 'UnaryExpression' && node.operator === 'void') || (node.type === 'Identifier' && node.name === 'undefined');
}

function isNullLiteral(node: Node): boolean {
  return node.type === 'Literal' && node.value === null;
}

/**
 * tsc's downlevelled optional property access: `o === null || o === void 0 ? void 0 : o.p` → { o, p }.
 */
function readOptionalMember(node: acorn.ConditionalExpression): { object: string; property: string } | undefined {
  const test = node.test;
  if (!isUndefined(node.consequent)) return undefined;
  if (test.type !== 'LogicalExpression' || test.operator !== '||') return undefined;
  const left = test.left;
  const right = test.right;
  if (left.type !== 'BinaryExpression' || right.type !== 'BinaryExpression') return undefined;
  if (left.left.type !== 'Identifier' || !isNullLiteral(left.right) || left.operator !== '===') return undefined;
  if (right.left.type !== 'Identifier' || !isUndefined(right.right) || right.operator !== '===') return undefined;
  const alt = node.alternate;
  if (alt.type !== 'MemberExpression' || alt.computed || alt.object.type !== 'Identifier' || alt.property.type !== 'Identifier') return undefined;
  if (alt.object.name !== left.left.name || alt.object.name !== right.left.name) return undefined;
  return { object: alt.object.name, property: alt.property.name };
}

/**
 * tsc's downlevelled nullish coalescing: `(_a = e) !== null && _a !== void 0 ? _a : d` → { e, d }.
 */
function readNullish(node: acorn.ConditionalExpression): { value: Expression; fallback: Expression } | undefined {
  const test = node.test;
  if (test.type !== 'LogicalExpression' || test.operator !== '&&') return undefined;
  const left = test.left;
  const right = test.right;
  if (left.type !== 'BinaryExpression' || left.operator !== '!==' || !isNullLiteral(left.right)) return undefined;
  if (right.type !== 'BinaryExpression' || right.operator !== '!==' || !isUndefined(right.right)) return undefined;
  if (left.left.type !== 'AssignmentExpression' || left.left.left.type !== 'Identifier') return undefined;
  const temp = left.left.left.name;
  if (right.left.type !== 'Identifier' || right.left.name !== temp) return undefined;
  if (node.consequent.type !== 'Identifier' || node.consequent.name !== temp) return undefined;
  return { value: left.left.right, fallback: node.alternate };
}

function readValue(node: Expression, scope: MethodScope): RequestValue {
  if (node.type === 'Identifier' && scope.params.has(node.name)) {
    return { kind: 'argument', source: { param: node.name } };
  }
  if (node.type === 'Literal' && (typeof node.value === 'string' || typeof node.value === 'number' || typeof node.value === 'boolean')) {
    return { kind: 'constant', value: node.value };
  }
  if (node.type === 'ConditionalExpression') {
    const optional = readOptionalMember(node);
    if (optional !== undefined && scope.params.has(optional.object)) {
      return { kind: 'argument', source: { param: optional.object, property: optional.property } };
    }
    const nullish = readNullish(node);
    if (nullish !== undefined) {
      const inner = readValue(nullish.value, scope);
      const fallback = readDefault(nullish.fallback);
      if (inner.kind === 'argument' && fallback !== undefined) return { ...inner, default: fallback };
    }
  }
  if (
    node.type === 'MemberExpression' &&
    !node.computed &&
    node.object.type === 'Identifier' &&
    node.property.type === 'Identifier' &&
    scope.params.has(node.object.name)
  ) {
    return { kind: 'argument', source: { param: node.object.name, property: node.property.name } };
  }
  scope.warnings.push(`an expression this reader does not follow: ${source(scope, node)}`);
  return { kind: 'unknown', code: source(scope, node) };
}

/** A path expression as pieces; a local variable holding a template literal is followed once. */
function readPieces(node: Expression, scope: MethodScope, seen: Set<string> = new Set()): PathPiece[] {
  if (node.type === 'Literal' && typeof node.value === 'string') return [{ kind: 'text', text: node.value }];
  if (node.type === 'TemplateLiteral') {
    const pieces: PathPiece[] = [];
    node.quasis.forEach((quasi, i) => {
      const text = quasi.value.cooked ?? quasi.value.raw;
      if (text !== '') pieces.push({ kind: 'text', text });
      const expression = node.expressions[i];
      if (expression !== undefined) pieces.push(...readPieces(expression, scope, seen));
    });
    return pieces;
  }
  if (node.type === 'Identifier' && !scope.params.has(node.name)) {
    const init = scope.locals.get(node.name);
    if (init !== undefined && !seen.has(node.name)) {
      const pieces = readPieces(init, scope, new Set([...seen, node.name]));
      scope.composed.set(node.name, pieces);
      return pieces;
    }
  }
  return [{ kind: 'value', value: readValue(node, scope) }];
}

/** Splits `fee/estimate?confirmationTarget=${x}` into the path and its query values. */
function splitQuery(pieces: PathPiece[], scope: MethodScope, where: string): { path: PathPiece[]; query: QueryValue[] } {
  const path: PathPiece[] = [];
  const query: QueryValue[] = [];
  let inQuery = false;
  let pendingName: string | undefined;
  for (const piece of pieces) {
    if (!inQuery) {
      if (piece.kind === 'text' && piece.text.includes('?')) {
        const [before, after] = [piece.text.slice(0, piece.text.indexOf('?')), piece.text.slice(piece.text.indexOf('?') + 1)];
        if (before !== '') path.push({ kind: 'text', text: before });
        inQuery = true;
        pendingName = readQueryNames(after, query);
      } else {
        path.push(piece);
      }
      continue;
    }
    if (piece.kind === 'text') {
      pendingName = readQueryNames(piece.text, query);
    } else if (pendingName !== undefined) {
      query.push({ name: pendingName, value: piece.value, via: 'path' });
      pendingName = undefined;
    } else {
      scope.warnings.push(`${where}: a query value without a name`);
    }
  }
  return { path, query };
}

/**
 * Reads `a=1&b=` — fixed pairs become constants; a trailing `name=` is returned, its value comes next.
 */
function readQueryNames(text: string, query: QueryValue[]): string | undefined {
  let trailing: string | undefined;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? '' : pair.slice(eq + 1);
    if (eq !== -1 && value === '') trailing = name;
    else query.push({ name, value: { kind: 'constant', value }, via: 'path' });
  }
  return trailing;
}

function readBody(node: Expression, scope: MethodScope): BodyValue {
  if (node.type === 'Identifier' && scope.params.has(node.name)) return { kind: 'argument', source: { param: node.name } };
  if (node.type === 'ObjectExpression') return { kind: 'object', fields: readFields(node, scope) };
  if (node.type === 'Identifier') {
    const init = scope.locals.get(node.name);
    // `const body = JellyfishJSON.stringify({ params: params })`: the body is that object, serialised.
    if (init !== undefined && init.type === 'CallExpression') {
      const [first] = init.arguments;
      if (first !== undefined && first.type === 'ObjectExpression') {
        return { kind: 'object', fields: readFields(first, scope), serializer: calleeName(init.callee, scope) };
      }
    }
    if (init !== undefined) return readBody(init, scope);
  }
  scope.warnings.push(`a request body this reader does not follow: ${source(scope, node)}`);
  return { kind: 'unknown', code: source(scope, node) };
}

function readFields(node: acorn.ObjectExpression, scope: MethodScope): { name: string; value: RequestValue }[] {
  const fields: { name: string; value: RequestValue }[] = [];
  for (const prop of node.properties) {
    if (prop.type === 'Property' && prop.key.type === 'Identifier') {
      fields.push({ name: prop.key.name, value: readValue(prop.value, scope) });
    } else {
      scope.warnings.push(`a body field this reader does not follow: ${source(scope, prop)}`);
    }
  }
  return fields;
}

/** `jellyfish_api_core_1.JellyfishJSON.stringify` → 'JellyfishJSON.stringify' (module alias dropped). */
function calleeName(node: Node, scope: MethodScope): string {
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const object = node.object;
    if (object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier') {
      return `${object.property.name}.${node.property.name}`;
    }
  }
  return source(scope, node);
}

/** The defaults the client applies, and how it joins base URL, version, network and path. */
export interface ClientDefaults {
  /** Template of the default base URL with `{network}` in it, e.g. `https://{network}.ocean.jellyfishsdk.com`. */
  url: string;
  version: string;
  network: string;
  timeout: number;
  /** Order in which requestAsString joins the URL, e.g. ['url', 'version', 'network', 'path']. */
  urlLayout: string[];
}

/** Reads `getDefaultOptions`, the constructor's default network and `requestAsString`'s URL from whale.api.client.js. */
export function readClientDefaults(code: string): ClientDefaults {
  const program = parseScript(code);
  let url: string | undefined;
  let version: string | undefined;
  let timeout: number | undefined;
  let network: string | undefined;
  let urlLayout: string[] | undefined;
  const scope: MethodScope = { code, params: new Set(), locals: new Map(), warnings: [], composed: new Map() };

  walk.full(program, (node: Node) => {
    if (node.type === 'FunctionDeclaration' && node.id?.name === 'getDefaultOptions') {
      const paramNames = node.params.flatMap((p) => (p.type === 'Identifier' ? [p.name] : []));
      walk.simple(node.body, {
        ReturnStatement(ret) {
          if (ret.argument?.type !== 'ObjectExpression') return;
          for (const prop of ret.argument.properties) {
            if (prop.type !== 'Property' || prop.key.type !== 'Identifier') continue;
            const value = prop.value;
            if (prop.key.name === 'url') url = templateText(value, paramNames, code);
            if (prop.key.name === 'version' && value.type === 'Literal' && typeof value.value === 'string') version = value.value;
            if (prop.key.name === 'timeout' && value.type === 'Literal' && typeof value.value === 'number') timeout = value.value;
          }
        },
      });
    }
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'getDefaultOptions') {
      const [arg] = node.arguments;
      if (arg !== undefined && arg.type === 'ConditionalExpression') {
        const nullish = readNullish(arg);
        const fallback = nullish === undefined ? undefined : readDefault(nullish.fallback);
        if (fallback?.kind === 'literal' && typeof fallback.value === 'string') network = fallback.value;
      }
    }
    if (node.type === 'MethodDefinition' && node.key.type === 'Identifier' && node.key.name === 'requestAsString') {
      walk.simple(node.value.body, {
        VariableDeclarator(decl) {
          if (decl.id.type !== 'Identifier' || decl.id.name !== 'url' || decl.init?.type !== 'TemplateLiteral') return;
          urlLayout = decl.init.expressions.map((e) => (e.type === 'Identifier' ? e.name : source(scope, e)));
        },
      });
    }
  });
  if (url === undefined || version === undefined || network === undefined || timeout === undefined || urlLayout === undefined) {
    throw new Error('whale.api.client.js: could not read the client defaults (getDefaultOptions, constructor, requestAsString)');
  }
  // requestAsString destructures `url: urlString`; name the pieces as the options call them.
  urlLayout = urlLayout.map((name) => (name === 'urlString' ? 'url' : name));
  return { url, version, network, timeout, urlLayout };
}

/** A template literal whose expressions are parameters: `https://${network}.x` → `https://{network}.x`. */
function templateText(node: Expression, paramNames: string[], code: string): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type !== 'TemplateLiteral') return undefined;
  let text = '';
  node.quasis.forEach((quasi, i) => {
    text += quasi.value.cooked ?? quasi.value.raw;
    const expression = node.expressions[i];
    if (expression === undefined) return;
    text +=
      expression.type === 'Identifier' && paramNames.includes(expression.name) ? `{${expression.name}}` : `{${code.slice(expression.start, expression.end)}}`;
  });
  return text;
}
