// Usage examples of an RPC method: a TypeScript call through JsonRpcClient (type-checked in tests) and a raw JSON-RPC request.
import * as acorn from 'acorn';
import type { EnumMember, ExampleValue, MethodSignature, Parameter, RpcCategory, RpcExample, RpcMethod, RpcReference, TypeExpr } from '../model';
import { enumMemberValue, resolvedReturnType } from '../extract/rpc-examples';
import { fieldTypeAt } from '../extract/walk';
import { typeToText, type ReferenceNamer } from './types';

/** Constants of the examples, from FACTS.md: JSON-RPC 1.0 over HTTP with basic auth, mainnet port. */
export const EXAMPLE_RPC_URL = 'http://127.0.0.1:8554/';
export const EXAMPLE_CLIENT_URL = 'http://user:pass@127.0.0.1:8554';
export const EXAMPLE_BASIC_AUTH = 'user:pass';
export const JSONRPC_PACKAGE = '@defichain/jellyfish-api-jsonrpc';

/** A value the example can write out, with its JSON form for the raw request (undefined when JSON cannot hold it). */
interface KnownValue {
  kind: 'known';
  code: string;
  json: unknown;
  /** Namespace imports needed at run time (enums). */
  modules: string[];
}

/** A value the reader supplies: declared in TypeScript, a shell variable in the raw request. */
interface SuppliedValue {
  kind: 'supplied';
  name: string;
  type: TypeExpr;
}

type ArgumentValue = KnownValue | SuppliedValue;

export interface MethodExample {
  /** File name (without directory) for the type-checked copy. */
  fileName: string;
  typescript: string;
  curl: string;
}

function enumMember(reference: RpcReference, type: TypeExpr): { module: string; enumName: string; member: EnumMember } | null {
  if (type.kind !== 'reference' || type.target.kind !== 'declared') return null;
  const declaration = reference.types[type.target.id];
  if (!declaration || declaration.kind !== 'enum') return null;
  // `Enum.MEMBER` as a type names one member; the enum itself allows any, take the first.
  const memberName = type.name.includes('.') ? type.name.slice(type.name.lastIndexOf('.') + 1) : declaration.members[0]?.name;
  const member = declaration.members.find((candidate) => candidate.name === memberName);
  return member ? { module: declaration.module, enumName: declaration.name, member } : null;
}

/** Values with only one sensible choice per type: literals and enum members. Everything else is the reader's. */
function knownValue(reference: RpcReference, type: TypeExpr, qualifier: (module: string) => string | null): KnownValue | null {
  if (type.kind === 'literal') return { kind: 'known', code: type.text, json: type.value, modules: [] };
  if (type.kind === 'union' && type.types.length > 0 && type.types.every((member) => member.kind === 'literal')) {
    const first = type.types[0];
    return first ? knownValue(reference, first, qualifier) : null;
  }
  const found = enumMember(reference, type);
  if (found) {
    const namespace = qualifier(found.module);
    if (!namespace) return null;
    return { kind: 'known', code: `${namespace}.${found.enumName}.${found.member.name}`, json: found.member.value, modules: [found.module] };
  }
  return null;
}

/** Resolves `Name.MEMBER` in a default (an enum member) to its value, or undefined. */
export type MemberLookup = (objectName: string, member: string) => string | number | undefined;

/** Evaluates a default written in the compiled code when it is plain data (`true`, `{ limit: 100 }`, `[]`, `OwnerType.MINE`). */
export function evaluateDefault(source: string, lookup: MemberLookup = () => undefined): { ok: true; value: unknown } | { ok: false } {
  let node: acorn.Expression;
  try {
    node = acorn.parseExpressionAt(source, 0, { ecmaVersion: 'latest' });
  } catch {
    return { ok: false };
  }
  const evaluate = (expression: acorn.Expression | acorn.SpreadElement | null): { ok: true; value: unknown } | { ok: false } => {
    if (!expression) return { ok: false };
    switch (expression.type) {
      case 'Literal':
        return expression.regex || typeof expression.value === 'bigint' ? { ok: false } : { ok: true, value: expression.value };
      case 'MemberExpression': {
        if (expression.computed || expression.object.type !== 'Identifier' || expression.property.type !== 'Identifier') return { ok: false };
        const value = lookup(expression.object.name, expression.property.name);
        return value === undefined ? { ok: false } : { ok: true, value };
      }
      case 'UnaryExpression':
        if (expression.operator === '-' && expression.argument.type === 'Literal' && typeof expression.argument.value === 'number') return { ok: true, value: -expression.argument.value };
        return { ok: false };
      case 'ArrayExpression': {
        const values: unknown[] = [];
        for (const element of expression.elements) {
          const result = evaluate(element);
          if (!result.ok) return result;
          values.push(result.value);
        }
        return { ok: true, value: values };
      }
      case 'ObjectExpression': {
        const value: Record<string, unknown> = {};
        for (const property of expression.properties) {
          if (property.type !== 'Property' || property.computed || property.kind !== 'init') return { ok: false };
          const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : null;
          if (key === null) return { ok: false };
          const result = evaluate(property.value as acorn.Expression);
          if (!result.ok) return result;
          value[key] = result.value;
        }
        return { ok: true, value };
      }
      default:
        return { ok: false };
    }
  };
  return evaluate(node);
}

/** Enum members by `Enum.MEMBER`, preferring the enum declared in the category's own module. */
function enumLookup(reference: RpcReference, module: string): MemberLookup {
  return (objectName, member) => {
    const candidates = Object.values(reference.types).filter((declaration) => declaration.kind === 'enum' && declaration.name === objectName);
    const declaration = candidates.find((candidate) => candidate.module === module) ?? candidates[0];
    if (declaration?.kind !== 'enum') return undefined;
    const value = declaration.members.find((candidate) => candidate.name === member)?.value;
    return value === null ? undefined : value;
  };
}

function variableNameFor(method: string, taken: ReadonlySet<string>): string {
  const match = /^(?:get|list)([A-Z].*)$/.exec(method);
  const base = match?.[1] ? match[1].charAt(0).toLowerCase() + match[1].slice(1) : 'result';
  let name = base;
  while (taken.has(name) || RESERVED.has(name)) name = `${name}Result`;
  return name;
}

const RESERVED = new Set(['client', 'await', 'delete', 'new', 'function', 'default', 'import', 'export', 'class', 'var', 'let', 'const', 'in', 'of', 'package', 'private', 'public']);

/** Whether a type cannot be written at the call site (a type parameter, or text the model did not resolve). */
function containsTypeParameter(type: TypeExpr): boolean {
  const stack = [type];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.kind === 'typeParameter' || next.kind === 'text') return true;
    if (next.kind === 'reference' && next.target.kind === 'global' && next.name.includes('.')) return true;
    switch (next.kind) {
      case 'reference':
        stack.push(...next.typeArguments);
        break;
      case 'array':
        stack.push(next.element);
        break;
      case 'tuple':
        stack.push(...next.elements);
        break;
      case 'union':
      case 'intersection':
        stack.push(...next.types);
        break;
      case 'object':
        stack.push(...next.fields.map((field) => field.type), ...next.indexSignatures.map((signature) => signature.type));
        break;
      default:
        break;
    }
  }
  return false;
}

/** Import lines and the namer that writes declared types as the package exports them. */
class ExampleImports {
  private readonly namespaceValues = new Set<string>();
  private readonly namespaceTypes = new Set<string>();
  /** module path -> imported names */
  private readonly namedTypes = new Map<string, Set<string>>();
  /** module path -> imported values (enums of modules without a namespace, BigNumber) */
  private readonly namedValues = new Map<string, Set<string>>();

  constructor(private readonly reference: RpcReference) {}

  qualifier = (module: string): string | null => this.reference.namespaceExports[module] ?? null;

  useValue(module: string): void {
    const namespace = this.qualifier(module);
    if (namespace) this.namespaceValues.add(namespace);
  }

  useNamedValue(module: string, name: string): void {
    this.namedValues.set(module, new Set([...(this.namedValues.get(module) ?? []), name]));
  }

  namer: ReferenceNamer = (type) => {
    if (type.target.kind === 'declared') {
      const declaration = this.reference.types[type.target.id];
      const module = declaration?.module ?? '';
      const namespace = this.qualifier(module);
      const [head, ...rest] = type.name.split('.');
      if (namespace) {
        this.namespaceTypes.add(namespace);
        return { name: `${namespace}.${type.name}` };
      }
      const path = this.reference.modulePaths[module];
      if (path && head) {
        this.namedTypes.set(path, new Set([...(this.namedTypes.get(path) ?? []), head]));
        return { name: [head, ...rest].join('.') };
      }
      return { name: type.name };
    }
    if (type.target.kind === 'external') {
      const set = this.namedTypes.get(type.target.module) ?? new Set<string>();
      set.add(type.target.name);
      this.namedTypes.set(type.target.module, set);
      return { name: type.target.name };
    }
    return { name: type.name };
  };

  lines(): string[] {
    const lines = [`import { JsonRpcClient } from '${JSONRPC_PACKAGE}';`];
    const packageName = this.reference.package.name;
    const values = [...this.namespaceValues, ...(this.namedValues.get(packageName) ?? [])].sort();
    const typesOnly = [...this.namespaceTypes].filter((namespace) => !this.namespaceValues.has(namespace)).sort();
    if (values.length > 0) lines.push(`import { ${values.join(', ')} } from '${packageName}';`);
    if (typesOnly.length > 0) lines.push(`import type { ${typesOnly.join(', ')} } from '${packageName}';`);
    const modules = new Set([...this.namedTypes.keys(), ...this.namedValues.keys()]);
    modules.delete(packageName);
    for (const module of [...modules].sort()) {
      const valueNames = [...(this.namedValues.get(module) ?? [])].sort();
      const typeNames = [...(this.namedTypes.get(module) ?? [])].filter((name) => !valueNames.includes(name)).sort();
      if (valueNames.length > 0) lines.push(`import { ${valueNames.join(', ')} } from '${module}';`);
      if (typeNames.length > 0) lines.push(`import type { ${typeNames.join(', ')} } from '${module}';`);
    }
    return lines;
  }
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function isStringType(type: TypeExpr): boolean {
  return type.kind === 'intrinsic' && type.name === 'string';
}

/** The signature the example calls: the first overload. */
export function exampleSignature(method: RpcMethod): MethodSignature {
  const signature = method.signatures[0];
  if (!signature) throw new Error(`example: ${method.name} has no signature`);
  return signature;
}

export function renderMethodExample(reference: RpcReference, category: RpcCategory, method: RpcMethod): MethodExample {
  const signature = exampleSignature(method);
  const imports = new ExampleImports(reference);
  const lastRequired = signature.parameters.reduce((last, parameter, index) => (parameter.optional || parameter.rest ? last : index), -1);
  const passed = signature.parameters.slice(0, lastRequired + 1);
  const values = new Map<string, ArgumentValue>();
  const declarations: string[] = [];
  const argumentsCode: string[] = [];
  for (const parameter of passed) {
    const known = knownValue(reference, parameter.type, imports.qualifier);
    if (known) {
      known.modules.forEach((module) => imports.useValue(module));
      values.set(parameter.name, known);
      argumentsCode.push(known.code);
    } else {
      values.set(parameter.name, { kind: 'supplied', name: parameter.name, type: parameter.type });
      declarations.push(`declare const ${parameter.name}: ${typeToText(parameter.type, imports.namer)};`);
      argumentsCode.push(parameter.name);
    }
  }
  const call = `await client.${category.name}.${method.name}(${argumentsCode.join(', ')})`;
  const returned = signature.returns.kind === 'reference' && signature.returns.name === 'Promise' ? signature.returns.typeArguments[0] : undefined;
  // The result's name must not shadow a parameter or a namespace the example imports (`account`, `token`, ...).
  const taken = new Set([...values.keys(), ...Object.values(reference.namespaceExports)]);
  let statement: string;
  if (!returned || (returned.kind === 'intrinsic' && (returned.name === 'void' || returned.name === 'undefined'))) {
    statement = `${call};`;
  } else if (containsTypeParameter(returned)) {
    statement = `const ${variableNameFor(method.name, taken)} = ${call};`;
  } else {
    statement = `const ${variableNameFor(method.name, taken)}: ${typeToText(returned, imports.namer)} = ${call};`;
  }
  const body = [`const client = new JsonRpcClient('${EXAMPLE_CLIENT_URL}');`];
  if (declarations.length > 0) body.push('', '// Values you supply:', ...declarations);
  body.push('', statement);
  const typescript = [...imports.lines(), '', ...body, ''].join('\n');

  return {
    fileName: `${category.name}.${method.name}.ts`,
    typescript,
    curl: renderCurl(reference, category, method, signature, passed, values),
  };
}

function renderCurl(reference: RpcReference, category: RpcCategory, method: RpcMethod, signature: MethodSignature, passed: Parameter[], values: Map<string, ArgumentValue>): string {
  const lookup = enumLookup(reference, category.module);
  const rpcName = method.rpc.names.length === 1 && !method.rpc.computed ? method.rpc.names[0] : undefined;
  const comments: string[] = [];
  if (!rpcName) {
    return method.rpc.names.length > 1
      ? `# ${method.name} sends several node RPCs in turn: ${method.rpc.names.join(', ')}.\n# Each is a JSON-RPC request like the one below, with its own params.\ncurl --user ${EXAMPLE_BASIC_AUTH} --header 'Content-Type: application/json' \\\n  --data-binary '{"jsonrpc":"1.0","id":"docs","method":"${method.rpc.names[0] ?? ''}","params":[]}' \\\n  ${EXAMPLE_RPC_URL}\n`
      : `# ${method.name} computes the name of the node RPC at run time; see its source.\n`;
  }
  const shellVariables: { name: string; hint: string; quoted: boolean }[] = [];
  const json: string[] = [];
  const addSupplied = (name: string, type: TypeExpr | null, hint: string): string => {
    const variable = name.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'value';
    const quoted = type !== null && isStringType(type);
    if (!shellVariables.some((entry) => entry.name === variable)) shellVariables.push({ name: variable, hint, quoted });
    return quoted ? `"$${variable}"` : `$${variable}`;
  };
  const parameterValue = (name: string): string => {
    const value = values.get(name);
    const parameter = signature.parameters.find((candidate) => candidate.name === name);
    if (value?.kind === 'known') return JSON.stringify(value.json) ?? 'null';
    if (value?.kind === 'supplied') return addSupplied(name, value.type, typeToText(value.type));
    // Not passed by the example: the implementation's default, or undefined (sent as null).
    if (parameter?.defaultValue) {
      const evaluated = evaluateDefault(parameter.defaultValue, lookup);
      if (evaluated.ok) return JSON.stringify(evaluated.value) ?? 'null';
    }
    return 'null';
  };
  /** `param.a.b`: from the parameter's default when the example leaves it out, else the reader's value (a shell variable). */
  const memberValue = (text: string, base: string, path: string[]): string => {
    const parameter = signature.parameters.find((candidate) => candidate.name === base);
    if (parameter && !values.has(base) && parameter.defaultValue) {
      const evaluated = evaluateDefault(parameter.defaultValue, lookup);
      if (evaluated.ok) {
        let current: unknown = evaluated.value;
        for (const key of path) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
        // A destructuring default in the implementation (`const { deep = false } = options`) fills what the object lacks.
        const fieldDefault = parameter.fieldDocs.find((field) => field.path === text)?.defaultValue;
        const fallback = current === undefined && fieldDefault ? evaluateDefault(fieldDefault, lookup) : null;
        if (fallback?.ok) current = fallback.value;
        return JSON.stringify(current) ?? 'null';
      }
    }
    const fieldType = parameter ? (fieldTypeAt(reference.types, parameter.type, path)?.type ?? null) : null;
    // A field whose type is one literal has that value whatever the reader passes.
    if (fieldType?.kind === 'literal') return JSON.stringify(fieldType.value);
    return addSupplied(text, fieldType, `${fieldType ? typeToText(fieldType) : 'a JSON value'} (the client sends ${text})`);
  };
  /** JSON text of an expression of the compiled code, with the reader's values as shell variables. */
  const expressionValue = (node: acorn.Expression, text: string): string => {
    switch (node.type) {
      case 'Literal':
        return node.regex || typeof node.value === 'bigint' ? addSupplied(text, null, `a JSON value (the client sends ${text})`) : (JSON.stringify(node.value) ?? 'null');
      case 'Identifier':
        return signature.parameters.some((candidate) => candidate.name === node.name) ? parameterValue(node.name) : addSupplied(node.name, null, `a JSON value (the client sends ${node.name})`);
      case 'ArrayExpression':
        return `[${node.elements.map((element) => (element && element.type !== 'SpreadElement' ? expressionValue(element, text.slice(element.start - node.start, element.end - node.start)) : 'null')).join(',')}]`;
      case 'ObjectExpression': {
        const entries: string[] = [];
        for (const property of node.properties) {
          if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') return addSupplied(`arg${position}`, null, `a JSON value (the client sends ${text})`);
          entries.push(`${JSON.stringify(property.key.name)}:${expressionValue(property.value as acorn.Expression, text.slice(property.value.start - node.start, property.value.end - node.start))}`);
        }
        return `{${entries.join(',')}}`;
      }
      case 'MemberExpression': {
        const path: string[] = [];
        let object: acorn.Expression | acorn.Super = node;
        while (object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier') {
          path.unshift(object.property.name);
          object = object.object;
        }
        if (object.type === 'Identifier') return memberValue(text, object.name, path);
        return addSupplied(text, null, `a JSON value (the client sends ${text})`);
      }
      default:
        // Anything computed (e.g. `Object.assign({}, defaults, options)`) is the reader's to write out as JSON.
        return addSupplied(`arg${position}`, null, `a JSON value (the client sends ${text})`);
    }
  };
  let position = 0;
  const args = method.rpc.arguments;
  if (args) {
    for (const argument of args) {
      position += 1;
      if (argument.kind === 'parameter') json.push(parameterValue(argument.name));
      else if (argument.kind === 'literal') json.push(JSON.stringify(argument.value));
      else {
        let node: acorn.Expression | null;
        try {
          node = acorn.parseExpressionAt(argument.text, 0, { ecmaVersion: 'latest' });
        } catch {
          node = null;
        }
        json.push(node ? expressionValue(node, argument.text) : addSupplied(argument.text, null, `a JSON value (the client sends ${argument.text})`));
      }
    }
  } else {
    comments.push(`# The client assembles ${method.name}'s params at run time; this request sends the values the TypeScript example passes.`);
    for (const parameter of passed) json.push(parameterValue(parameter.name));
  }
  const body = `{"jsonrpc":"1.0","id":"docs","method":${JSON.stringify(rpcName)},"params":[${json.join(',')}]}`;
  const lines = [...comments];
  if (shellVariables.length > 0) {
    lines.push('# Set these shell variables first (JSON values; strings without quotes):');
    for (const variable of shellVariables) lines.push(`#   ${variable.name}: ${variable.hint}`);
    lines.push(`curl --user ${EXAMPLE_BASIC_AUTH} --header 'Content-Type: application/json' \\`, `  --data-binary @- ${EXAMPLE_RPC_URL} <<EOF`, body, 'EOF');
  } else {
    lines.push(`curl --user ${EXAMPLE_BASIC_AUTH} --header 'Content-Type: application/json' \\`, `  --data-binary ${shellQuote(body)} \\`, `  ${EXAMPLE_RPC_URL}`);
  }
  return `${lines.join('\n')}\n`;
}

// ---- Examples from the data files (generator/examples/rpc), run through the SDK at generate time ----

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Lines longer than this are broken over several. */
const LINE_WIDTH = 96;

function quoteString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** TypeScript source of an example argument (tags become `new BigNumber(…)` and enum members). */
export function valueToCode(value: ExampleValue, enumCode: (tag: string) => string, indent = ''): string {
  const inner = `${indent}  `;
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return quoteString(value);
  if (Array.isArray(value)) {
    const items = value.map((entry) => valueToCode(entry, enumCode, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length + indent.length <= LINE_WIDTH && !flat.includes('\n') ? flat : `[\n${items.map((entry) => `${inner}${entry}`).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0]?.startsWith('$')) {
    const tag = value[keys[0]];
    if (keys[0] === '$bignumber' && typeof tag === 'string') return `new BigNumber(${quoteString(tag)})`;
    if (keys[0] === '$enum' && typeof tag === 'string') return enumCode(tag);
    if (keys[0] === '$undefined') return 'undefined';
  }
  if (keys.length === 0) return '{}';
  const entries = Object.entries(value).map(([key, entry]) => `${IDENTIFIER.test(key) ? key : quoteString(key)}: ${valueToCode(entry, enumCode, inner)}`);
  const flat = `{ ${entries.join(', ')} }`;
  return flat.length + indent.length <= LINE_WIDTH && !flat.includes('\n') ? flat : `{\n${entries.map((entry) => `${inner}${entry}`).join(',\n')}\n${indent}}`;
}

function usesBigNumber(value: ExampleValue): boolean {
  if (Array.isArray(value)) return value.some(usesBigNumber);
  if (value !== null && typeof value === 'object') return '$bignumber' in value || Object.values(value).some(usesBigNumber);
  return false;
}

/** The JSON-RPC request body the client sends, with the fixed id the page uses. */
export function requestBody(example: RpcExample): string {
  return `{"jsonrpc":"1.0","id":"docs","method":${JSON.stringify(example.rpcMethod)},"params":${example.params}}`;
}

/** The node's whole answer to the request, as curl prints it (pretty). */
export function responseBody(example: RpcExample): string {
  const indented = example.result.replace(/\n/g, '\n  ');
  return `{\n  "result": ${indented},\n  "error": null,\n  "id": "docs"\n}\n`;
}

export interface RunExampleCode extends MethodExample {
  /** The name of the constant that holds what the call returns, or null when the call returns nothing. */
  resultVariable: string | null;
  response: string;
}

/** TypeScript, curl and the node's answer of one example that the generator ran through the SDK. */
export function renderRunExample(reference: RpcReference, category: RpcCategory, method: RpcMethod, example: RpcExample, index: number): RunExampleCode {
  const signature = method.signatures[example.signature];
  if (!signature) throw new Error(`example: ${method.name} has no overload ${example.signature}`);
  const imports = new ExampleImports(reference);
  const enumCode = (tag: string): string => {
    const found = enumMemberValue(reference, category.module, tag);
    if (!found) throw new Error(`example: ${category.name}.${method.name}: no enum member ${tag}`);
    const namespace = imports.qualifier(found.module);
    if (namespace) {
      imports.useValue(found.module);
      return `${namespace}.${found.enumName}.${found.member}`;
    }
    imports.useNamedValue(reference.modulePaths[found.module] ?? reference.package.name, found.enumName);
    return `${found.enumName}.${found.member}`;
  };
  const taken = new Set<string>(['client', ...Object.values(reference.namespaceExports)]);
  const constants: string[] = [];
  const argumentCode = example.arguments.map((argument, position) => {
    const comment = example.comments[String(position)];
    const code = valueToCode(argument, enumCode);
    if (comment === undefined) return code;
    let name = signature.parameters[position]?.name ?? `argument${position}`;
    while (taken.has(name) || RESERVED.has(name)) name = `${name}Value`;
    taken.add(name);
    constants.push(`// ${comment}`, `const ${name} = ${code};`);
    return name;
  });
  if (example.arguments.some(usesBigNumber)) imports.useNamedValue(reference.package.name, 'BigNumber');
  const flatCall = `await client.${category.name}.${method.name}(${argumentCode.join(', ')})`;
  const call = flatCall.length <= LINE_WIDTH || argumentCode.length === 0 ? flatCall : `await client.${category.name}.${method.name}(\n  ${argumentCode.map((code) => code.replace(/\n/g, '\n  ')).join(',\n  ')}\n)`;
  const returned = resolvedReturnType(signature.returns);
  let statement: string;
  let resultVariable: string | null = null;
  if (returned.kind === 'intrinsic' && (returned.name === 'void' || returned.name === 'undefined')) {
    statement = `${call};`;
  } else {
    resultVariable = variableNameFor(method.name, new Set([...taken, ...signature.parameters.map((parameter) => parameter.name)]));
    statement = containsTypeParameter(returned) ? `const ${resultVariable} = ${call};` : `const ${resultVariable}: ${typeToText(returned, imports.namer)} = ${call};`;
  }
  const body = [`const client = new JsonRpcClient('${EXAMPLE_CLIENT_URL}');`, ''];
  if (constants.length > 0) body.push(...constants, '');
  body.push(statement);
  const typescript = [...imports.lines(), '', ...body, ''].join('\n');
  const curl = [`curl --user ${EXAMPLE_BASIC_AUTH} --header 'Content-Type: application/json' \\`, `  --data-binary ${shellQuote(requestBody(example))} \\`, `  ${EXAMPLE_RPC_URL}`, ''].join('\n');
  return {
    fileName: `${category.name}.${method.name}${index === 0 ? '' : `.${index}`}.ts`,
    typescript,
    curl,
    resultVariable,
    response: responseBody(example),
  };
}
