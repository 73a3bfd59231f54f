// Usage examples of an RPC method, from its data file: a TypeScript call through JsonRpcClient, the raw JSON-RPC request the SDK sent, and the node's answer.
import type { ExampleValue, RpcCategory, RpcExample, RpcMethod, RpcReference, TypeExpr } from '../model/types';
import { enumMemberValue, resolvedReturnType } from '../model/queries';
import { typeToText, type ReferenceNamer } from './types';

/** Constants of the examples, from FACTS.md: JSON-RPC 1.0 over HTTP with basic auth, mainnet port. */
const EXAMPLE_RPC_URL = 'http://127.0.0.1:8554/';
export const EXAMPLE_CLIENT_URL = 'http://user:pass@127.0.0.1:8554';
const EXAMPLE_BASIC_AUTH = 'user:pass';
const JSONRPC_PACKAGE = '@defichain/jellyfish-api-jsonrpc';

interface MethodExample {
  /** File name (without directory) for the type-checked copy. */
  fileName: string;
  typescript: string;
  curl: string;
}

function variableNameFor(method: string, taken: ReadonlySet<string>): string {
  const match = /^(?:get|list)([A-Z].*)$/.exec(method);
  const base = match?.[1] ? match[1].charAt(0).toLowerCase() + match[1].slice(1) : 'result';
  let name = base;
  while (taken.has(name) || RESERVED.has(name)) name = `${name}Result`;
  return name;
}

const RESERVED = new Set([
  'client',
  'await',
  'delete',
  'new',
  'function',
  'default',
  'import',
  'export',
  'class',
  'var',
  'let',
  'const',
  'in',
  'of',
  'package',
  'private',
  'public',
]);

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

// ---- Examples from the data files (generator/examples/rpc), run through the SDK at generate time ----

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Lines longer than this are broken over several. */
const LINE_WIDTH = 96;

function quoteString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** TypeScript source of an example argument (tags become `new BigNumber(…)` and enum members). */
function valueToCode(value: ExampleValue, enumCode: (tag: string) => string, indent = ''): string {
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
function requestBody(example: RpcExample): string {
  return `{"jsonrpc":"1.0","id":"docs","method":${JSON.stringify(example.rpcMethod)},"params":${example.params}}`;
}

/** The node's whole answer to the request, as curl prints it (pretty). */
function responseBody(example: RpcExample): string {
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
  const call =
    flatCall.length <= LINE_WIDTH || argumentCode.length === 0
      ? flatCall
      : `await client.${category.name}.${method.name}(\n  ${argumentCode.map((code) => code.replace(/\n/g, '\n  ')).join(',\n  ')}\n)`;
  const returned = resolvedReturnType(signature.returns);
  let statement: string;
  let resultVariable: string | null = null;
  if (returned.kind === 'intrinsic' && (returned.name === 'void' || returned.name === 'undefined')) {
    statement = `${call};`;
  } else {
    resultVariable = variableNameFor(method.name, new Set([...taken, ...signature.parameters.map((parameter) => parameter.name)]));
    statement = containsTypeParameter(returned)
      ? `const ${resultVariable} = ${call};`
      : `const ${resultVariable}: ${typeToText(returned, imports.namer)} = ${call};`;
  }
  const body = [`const client = new JsonRpcClient('${EXAMPLE_CLIENT_URL}');`, ''];
  if (constants.length > 0) body.push(...constants, '');
  body.push(statement);
  const typescript = [...imports.lines(), '', ...body, ''].join('\n');
  const curl = [
    `curl --user ${EXAMPLE_BASIC_AUTH} --header 'Content-Type: application/json' \\`,
    `  --data-binary ${shellQuote(requestBody(example))} \\`,
    `  ${EXAMPLE_RPC_URL}`,
    '',
  ].join('\n');
  return {
    fileName: `${category.name}.${method.name}${index === 0 ? '' : `.${index}`}.ts`,
    typescript,
    curl,
    resultVariable,
    response: responseBody(example),
  };
}
