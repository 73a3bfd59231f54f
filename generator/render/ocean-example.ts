// Usage examples of an Ocean endpoint: the call through WhaleApiClient (type-checked in tests) and the same request with curl.
import type { CodeValue, OceanCategory, OceanEndpointExample, OceanEndpoint, OceanReference, RpcReference, TypeDeclaration, TypeExpr } from '../model/types';
import { oceanBaseUrl } from '../model/queries';

export interface EndpointExample {
  /** File name (without directory) of the type-checked copy under generated/examples/ocean/. */
  fileName: string;
  typescript: string;
  curl: string;
  /** The request URL the example sends. */
  url: string;
  /** The example response body, pretty-printed. */
  responseJson: string;
}

/** Default base URL for the client's default network: `https://mainnet.ocean.jellyfishsdk.com`. */

/** Reads `option.id` from the example arguments. */
function argumentValue(example: OceanEndpointExample, argument: string): unknown {
  let value: unknown = example.arguments;
  for (const key of argument.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** An argument as the client puts it in a path or query: a number or a flag as its digits or word. */
function urlValue(example: OceanEndpointExample, argument: string): string | undefined {
  const value = argumentValue(example, argument);
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new Error(`ocean example: ${argument} is an object or a list, which no path or query parameter takes`);
}

function declarationOf(reference: OceanReference, type: TypeExpr): TypeDeclaration | undefined {
  return type.kind === 'reference' && type.target.kind === 'declared' ? reference.types[type.target.id] : undefined;
}

function stringLiteral(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(name);
}

/** An enum of another package (api-core's `MasternodeType`): where its namespace is imported from, and its members. */
export interface ExternalEnum {
  module: string;
  namespace: string;
  name: string;
  members: ReadonlyArray<{ name: string; value: string | number | null }>;
}

/** api-core's enums that a namespace export reaches (`governance.MasternodeType`), keyed `package#Name`, for Ocean snippets. */
export function rpcEnums(reference: RpcReference): Record<string, ExternalEnum> {
  const enums: Record<string, ExternalEnum> = {};
  for (const declaration of Object.values(reference.types)) {
    const namespace = reference.namespaceExports[declaration.module];
    if (declaration.kind !== 'enum' || namespace === undefined) continue;
    enums[`${reference.package.name}#${declaration.name}`] ??= {
      module: reference.package.name,
      namespace,
      name: declaration.name,
      members: declaration.members,
    };
  }
  return enums;
}

/** What a default of the client's code (`30`, `'mine'`, `ListProposalsStatus.ALL`) sends in a query. */
function defaultQueryValue(reference: OceanReference, value: CodeValue, externalEnums: Readonly<Record<string, ExternalEnum>>): string | number | boolean {
  if (value.kind === 'value' && (typeof value.value === 'string' || typeof value.value === 'number' || typeof value.value === 'boolean')) return value.value;
  if (value.kind === 'enumMember') {
    const own = Object.values(reference.types).find((declaration) => declaration.kind === 'enum' && declaration.name === value.enum);
    const members = own?.kind === 'enum' ? own.members : Object.values(externalEnums).find((candidate) => candidate.name === value.enum)?.members;
    const found = members?.find((candidate) => candidate.name === value.member)?.value;
    if (found !== undefined && found !== null) return found;
  }
  throw new Error(`ocean example: a default the curl cannot write: ${value.text}`);
}

/** Namespaces a snippet imports, by the module they come from. */
type Imports = Map<string, Set<string>>;

/** TypeScript source for a JSON value of a given type: enum values become enum members, objects keep their field types. */
function valueCode(
  reference: OceanReference,
  value: unknown,
  type: TypeExpr | undefined,
  namespaces: Set<string>,
  external: Readonly<Record<string, ExternalEnum>> = {},
  imports: Imports = new Map(),
): string {
  const recurse = (item: unknown, inner: TypeExpr | undefined): string => valueCode(reference, item, inner, namespaces, external, imports);
  if (type?.kind === 'reference' && type.target.kind === 'external') {
    const borrowed = external[`${type.target.module}#${type.target.name}`];
    const member = borrowed?.members.find((candidate) => candidate.value === value);
    if (borrowed && member) {
      imports.set(borrowed.module, new Set([...(imports.get(borrowed.module) ?? []), borrowed.namespace]));
      return `${borrowed.namespace}.${borrowed.name}.${member.name}`;
    }
  }
  const declaration = type === undefined ? undefined : declarationOf(reference, type);
  if (declaration?.kind === 'enum') {
    const member = declaration.members.find((candidate) => candidate.value === value);
    const namespace = reference.namespaceExports[declaration.module];
    if (member !== undefined && namespace !== undefined) {
      namespaces.add(namespace);
      return `${namespace}.${declaration.name}.${member.name}`;
    }
  }
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) {
    const element = type?.kind === 'array' ? type.element : undefined;
    return `[${value.map((item) => recurse(item, element)).join(', ')}]`;
  }
  if (typeof value === 'object') {
    const fields = declaration?.kind === 'interface' ? declaration.fields : type?.kind === 'object' ? type.fields : [];
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
      const fieldType = fields.find((field) => field.name === key)?.type;
      return `${isIdentifier(key) ? key : stringLiteral(key)}: ${recurse(item, fieldType)}`;
    });
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return 'undefined';
}

/** A variable name for the result: `getBalance` → `balance`, `list` on blocks → `blocks`. */
function resultName(category: OceanCategory, endpoint: OceanEndpoint): string {
  const match = /^(?:get|list)([A-Z]\w*)$/.exec(endpoint.name);
  if (match?.[1] !== undefined) return match[1].charAt(0).toLowerCase() + match[1].slice(1);
  if (endpoint.name === 'list') return category.name;
  return 'result';
}

/** Single quotes for the shell, with embedded single quotes closed and reopened. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function renderEndpointExample(
  reference: OceanReference,
  category: OceanCategory,
  endpoint: OceanEndpoint,
  example: OceanEndpointExample,
  externalEnums: Readonly<Record<string, ExternalEnum>> = {},
): EndpointExample {
  const known = new Set(endpoint.signature.parameters.map((parameter) => parameter.name));
  for (const name of Object.keys(example.arguments)) {
    if (!known.has(name)) throw new Error(`example ${category.name}.${endpoint.name}: "${name}" is not a parameter of the method`);
  }

  // The request: path placeholders and query values from the example's arguments.
  const base = oceanBaseUrl(reference);
  let path = endpoint.path;
  const query = new URLSearchParams();
  for (const parameter of endpoint.parameters) {
    const value = parameter.argument === '' ? undefined : urlValue(example, parameter.argument);
    if (parameter.in === 'path') {
      if (value !== undefined) path = path.split(`{${parameter.name}}`).join(encodeURIComponent(value));
    } else if (value !== undefined) {
      query.set(parameter.name, value);
    } else if (parameter.defaultValue !== null) {
      // A value the client sends when the caller leaves it out (or always sends): the curl sends it too.
      query.set(parameter.name, String(defaultQueryValue(reference, parameter.defaultValue, externalEnums)));
    }
  }
  const pieces = reference.defaults.urlLayout.map((piece) => {
    if (piece === 'url') return base;
    if (piece === 'version') return reference.defaults.version;
    if (piece === 'network') return reference.defaults.network;
    return path;
  });
  const queryText = query.toString();
  const url = `${pieces.join('/')}${queryText === '' ? '' : `?${queryText}`}`;

  const curl: string[] = [];
  if (endpoint.httpMethod === 'GET') {
    curl.push(`curl ${shellQuote(url)}`);
  } else {
    let body: unknown = undefined;
    if (endpoint.body?.argument !== null && endpoint.body?.argument !== undefined) body = argumentValue(example, endpoint.body.argument);
    else if (endpoint.body !== null && endpoint.body.type.kind === 'object') {
      body = Object.fromEntries(endpoint.body.type.fields.map((field) => [field.name, argumentValue(example, field.name)]));
    }
    curl.push(`curl -X ${endpoint.httpMethod} ${shellQuote(url)} \\`);
    curl.push(`  -H 'Content-Type: application/json' \\`);
    curl.push(`  -d ${shellQuote(JSON.stringify(body ?? {}))}`);
  }

  // The same call through the client.
  const namespaces = new Set<string>();
  const imports: Imports = new Map();
  const args = endpoint.signature.parameters.map((parameter) =>
    parameter.name in example.arguments
      ? valueCode(reference, example.arguments[parameter.name], parameter.type, namespaces, externalEnums, imports)
      : 'undefined',
  );
  while (args.at(-1) === 'undefined') args.pop();
  const typeArguments = example.typeArguments.length > 0 ? `<${example.typeArguments.join(', ')}>` : '';
  const result = resultName(category, endpoint);
  const lines = [
    `import { ${['WhaleApiClient', ...[...namespaces].sort()].join(', ')} } from '${reference.package.name}';`,
    ...[...imports].sort(([a], [b]) => a.localeCompare(b)).map(([module, names]) => `import { ${[...names].sort().join(', ')} } from '${module}';`),
    '',
    `const client = new WhaleApiClient({ url: ${stringLiteral(base)}, network: ${stringLiteral(reference.defaults.network)}, version: ${stringLiteral(reference.defaults.version)} });`,
    '',
  ];
  const call = `client.${category.name}.${endpoint.name}${typeArguments}(${args.join(', ')})`;
  const returnsNothing = endpoint.dataType.kind === 'intrinsic' && endpoint.dataType.name === 'void';
  if (returnsNothing) {
    lines.push(`await ${call};`);
  } else {
    lines.push(`const ${result} = await ${call};`);
    lines.push(`console.log(${result});`);
  }
  const page = example.response.page;
  if (endpoint.response === 'list' && typeof page === 'object' && page !== null && 'next' in page) {
    lines.push(
      '',
      '// The response holds one page; ask for the next one with the token it carries.',
      `const nextPage = await client.paginate(${result});`,
      'console.log(nextPage.length, nextPage.hasNext);',
    );
  }
  return {
    fileName: `${category.name}.${endpoint.name}.ts`,
    typescript: `${lines.join('\n')}\n`,
    curl: curl.join('\n'),
    url,
    responseJson: JSON.stringify(example.response, null, 2),
  };
}
