// The OpenRPC 1.x document of the node RPCs the reference documents, built from the RPC model alone; written to
// static/node/openrpc.json (contract/generated-outputs.ts), which the site serves at /node/openrpc.json.
import { MainNet, RegTest, TestNet } from '@defichain/jellyfish-network';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { LICENSE_URL, SITE_URL } from '../../config/site';
import type {
  CodeValue,
  Doc,
  MethodSignature,
  NodeRpc,
  NodeRpcArg,
  Parameter,
  RpcArgument,
  RpcCategory,
  RpcError,
  RpcMethod,
  RpcReference,
  RuntimeTypeNote,
  TypeDeclaration,
  TypeExpr,
} from '../model/types';
import { firstSentence, methodDeprecated, sourceUrl, withSubject } from '../model/queries';
import { SchemaWriter, describe, docDescription, type JsonSchema, type JsonValue } from './json-schema';
import { API_ROUTE, methodAnchor, NODE_ONLY_FOLDER, rpcMethodHref } from '../model/routes';
import { compareVersions } from '../model/history';

const OPENRPC_VERSION = '1.3.2';

/** Route of the Full Node RPC category pages. */
/** Where the method pages are (generator/model/routes.ts). */
const RPC_PAGES_ROUTE = API_ROUTE;

interface OpenRpcServer {
  name: string;
  url: string;
  summary?: string;
}

export interface OpenRpcOptions {
  /** Absolute URL of the site, without a trailing slash, e.g. https://jellyfishsdk.com */
  siteUrl: string;
  /** Route of the category pages: `${pagesRoute}/${category}`. */
  pagesRoute: string;
  servers: OpenRpcServer[];
  license: { name: string; url: string };
}

interface ContentDescriptor {
  name: string;
  schema: JsonSchema;
  description?: string;
  summary?: string;
  required?: boolean;
  deprecated?: boolean;
}

export interface OpenRpcMethod {
  name: string;
  summary?: string;
  description?: string;
  tags: Array<{ name: string }>;
  paramStructure: 'by-position';
  params: ContentDescriptor[];
  result: ContentDescriptor;
  deprecated?: boolean;
  externalDocs: { description: string; url: string };
  /** Every client method that calls this RPC, e.g. `client.vault.createVault` (none for an RPC the SDK does not type). */
  'x-jellyfish-methods': string[];
  /** False for an RPC of the node that no client method calls: described from the node's own help. */
  'x-typed'?: false;
  /** The first release of the node (DeFiCh/ain) whose RPC tables list the RPC. */
  'x-node-since'?: string;
  /** The first published version of the package with a client method that calls this RPC (generator/history). */
  'x-since'?: string;
  /** Example pairings: the params a client method sent and the node's answer, from the reference's examples. */
  examples?: OpenRpcExamplePairing[];
  /**
   * How the client parses the answer (`number`, `bignumber`, or the paths it reads as BigNumber): which numbers an SDK
   * user gets as BigNumber and which as plain numbers, whatever the package declares.
   */
  'x-jellyfish-precision'?: JsonValue;
  /** The errors the node answers the RPC with: the groups it shares (references) and its own. */
  errors?: Array<OpenRpcError | { $ref: string }>;
  /** When each of the method's own errors happens, the HTTP status and the node's source line (error objects hold code and message only). */
  'x-jellyfish-error-notes'?: OpenRpcErrorNote[];
}

/** An OpenRPC error object: the node's code and its text (`{name}` marks a value the node fills in). */
interface OpenRpcError {
  code: number;
  message: string;
}

interface OpenRpcErrorNote extends OpenRpcError {
  when: string;
  httpStatus: number;
  source: string;
}

interface OpenRpcExamplePairing {
  name: string;
  description?: string;
  params: Array<{ name: string; value: JsonValue }>;
  result: { name: string; value: JsonValue };
}

export interface OpenRpcDocument {
  openrpc: string;
  info: { title: string; version: string; description: string; license: { name: string; url: string } };
  servers: OpenRpcServer[];
  externalDocs: { description: string; url: string };
  methods: OpenRpcMethod[];
  components: {
    schemas: Record<string, JsonSchema>;
    errors?: Record<string, OpenRpcError>;
    /** When each shared error happens, keyed as components.errors. */
    'x-jellyfish-error-notes'?: Record<string, OpenRpcErrorNote>;
  };
}

/**
 * Names the node gives params that the client fills with a constant or builds from several of its own parameters, so
 * the document names them as the node's help does. Read from the RPC help texts in DeFiCh/ain: getbalance,
 * getbalances, getunconfirmedbalance and sendmany in src/wallet/rpcwallet.cpp; listprices in src/dfi/rpc_oracles.cpp;
 * burntokens in src/dfi/rpc_tokens.cpp; icx_claimdfchtlc in src/dfi/rpc_icxorderbook.cpp.
 */
const NODE_PARAM_NAMES: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  sendmany: { 0: 'dummy', 2: 'minconf' },
  icx_claimdfchtlc: { 0: 'claim' },
  getbalance: { 0: 'dummy' },
  getbalances: { 0: 'with_tokens' },
  getunconfirmedbalance: { 0: 'with_tokens' },
  listprices: { 0: 'pagination' },
  burntokens: { 0: 'metadata' },
};

/** A client method and the category it belongs to. */
interface ClientMethod {
  category: RpcCategory;
  method: RpcMethod;
}

/** Joins texts into one description, ending each with a full stop where its author left none. */
export function sentences(...parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (/[.!?:)`]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

/** The JSON value of a default the extractor could read (a literal, an array or object of them, a BigNumber), or undefined. */
function literalValue(value: CodeValue): JsonValue | undefined {
  return value.kind === 'value' ? value.value : undefined;
}

/** Builds the document: one OpenRPC method per node RPC, described by the client method that calls it. */
export function buildOpenRpc(reference: RpcReference, options: OpenRpcOptions): OpenRpcDocument {
  const writer = new SchemaWriter(reference.types, {
    dialect: 'draft-07',
    refPrefix: '#/components/schemas/',
    externalSchema: externalSchema,
  });
  const callers = new Map<string, ClientMethod[]>();
  for (const category of reference.categories) {
    for (const method of category.methods) {
      for (const name of method.rpc.names) {
        const list = callers.get(name) ?? [];
        list.push({ category, method });
        callers.set(name, list);
      }
    }
  }
  const shared = sharedErrors(reference);
  const typed = [...callers].map(([name, clients]) => buildMethod(name, clients, reference, writer, options, shared));
  const nodeSince = new Map((reference.nodeRpcs?.rpcs ?? []).map((rpc) => [rpc.name, rpc.added]));
  for (const method of typed) {
    const since = nodeSince.get(method.name);
    if (since !== undefined) method['x-node-since'] = since;
  }
  const untyped = (reference.nodeRpcs?.rpcs ?? []).filter((rpc) => !rpc.typed).map((rpc) => nodeOnlyMethod(rpc, options));
  const methods = [...typed, ...untyped].sort((a, b) => a.name.localeCompare(b.name));
  const pkg = reference.package;
  return {
    openrpc: OPENRPC_VERSION,
    info: {
      title: 'DeFiChain full node RPC',
      version: pkg.version,
      description:
        `The node RPCs that ${pkg.name} ${pkg.version} calls, with parameters and results as JSON Schema derived from the package's own TypeScript types. ` +
        'Calls are JSON-RPC 1.0 over HTTP with basic authentication; parameters are positional, and a position the client leaves empty travels as null, which the node reads as its default. ' +
        'Result schemas describe what the node sends. Where that departs from the type the package declares, the schema says what the node sends, ' +
        'with the reason and the node source in its description and the declared schema in x-jellyfish-declared (x-jellyfish-declared-required for a field the node may leave out). ' +
        "Decimal numbers travel as JSON numbers and should be parsed without loss of precision; whether the client hands one back as a BigNumber or a plain number is its precision, in each method's x-jellyfish-precision." +
        (reference.errors
          ? ` Each method lists the errors the node answers it with, read from ${reference.errors.source.repository} at ${reference.errors.source.tag}: ` +
            'those many methods share as references to components.errors, its own inline; {name} in a message marks a value the node fills in. ' +
            'When each happens, with the HTTP status the node sends and the source line, is in x-jellyfish-error-notes (of the method, or of components for shared ones). ' +
            'HTTP answers without a JSON-RPC error (401 without valid credentials, 403 outside rpcallowip) are not listed.'
          : '') +
        (reference.history
          ? ` x-since is the first published version of ${pkg.name} with a client method that calls the RPC (of the ${reference.history.versions} stable versions from ${reference.history.first} to ${reference.history.latest}).`
          : '') +
        (reference.nodeRpcs
          ? ` The RPCs of defid ${reference.nodeRpcs.tag} that no client method calls are listed too, marked x-typed: false and described from the node's own help (its argument types, and its result as text); they are reached with client.call. ` +
            `x-node-since is the first release of the node whose RPC tables list the RPC (of ${reference.nodeRpcs.tags.length} releases from ${reference.nodeRpcs.tags[0] ?? ''} to ${reference.nodeRpcs.tags.at(-1) ?? ''}).`
          : ''),
      license: options.license,
    },
    servers: options.servers,
    externalDocs: { description: 'Full Node RPC reference', url: `${options.siteUrl}${options.pagesRoute}/` },
    methods,
    components: {
      schemas: writer.components(),
      ...(shared.errors.size > 0
        ? {
            errors: Object.fromEntries([...shared.errors].map(([key, note]) => [key, { code: note.code, message: note.message }])),
            'x-jellyfish-error-notes': Object.fromEntries(shared.errors),
          }
        : {}),
    },
  };
}

/** Errors of the groups as components: `<group id>-<n>`, those with a JSON-RPC code (an HTTP-only answer has none). */
interface SharedErrors {
  errors: Map<string, OpenRpcErrorNote>;
  /** Group id -> the component keys of its errors. */
  keys: Map<string, string[]>;
  /** Groups that apply to every call. */
  every: string[];
}

function sharedErrors(reference: RpcReference): SharedErrors {
  const errors = new Map<string, OpenRpcErrorNote>();
  const keys = new Map<string, string[]>();
  for (const group of reference.errors?.groups ?? []) {
    const own: string[] = [];
    group.errors.forEach((error, index) => {
      if (error.code === null) return;
      const key = `${group.id}-${index + 1}`;
      errors.set(key, errorNote({ ...error, code: error.code }));
      own.push(key);
    });
    keys.set(group.id, own);
  }
  const every = (reference.errors?.groups ?? []).filter((group) => group.scope === 'every').map((group) => group.id);
  return { errors, keys, every };
}

function errorNote(error: RpcError & { code: number }): OpenRpcErrorNote {
  return { code: error.code, message: error.message, when: error.condition, httpStatus: error.httpStatus, source: error.source };
}

/** A method's errors: references to the groups of every call and to those it names, then its own. */
function methodErrors(method: RpcMethod, shared: SharedErrors): { errors: Array<OpenRpcError | { $ref: string }>; notes: OpenRpcErrorNote[] } {
  if (!method.errors) return { errors: [], notes: [] };
  const refs = [...shared.every, ...method.errors.groups].flatMap((id) => (shared.keys.get(id) ?? []).map((key) => ({ $ref: `#/components/errors/${key}` })));
  const notes = method.errors.errors.filter((error): error is RpcError & { code: number } => error.code !== null).map(errorNote);
  return { errors: [...refs, ...notes.map(({ code, message }) => ({ code, message }))], notes };
}

function externalSchema(module: string, name: string): JsonSchema {
  if (module === 'bignumber.js' && name === 'BigNumber') {
    // Neutral on purpose: the same type reads as a BigNumber in one method's answer and as a plain number in another's,
    // as each method's precision says (x-jellyfish-precision), so the shared schema claims neither.
    return {
      type: 'number',
      description: "A decimal number, which the package types as BigNumber; in a result the client returns it as the method's x-jellyfish-precision says.",
      'x-jellyfish-type': 'BigNumber',
    };
  }
  return { description: `${name} from ${module}.` };
}

/** The client method whose types describe an RPC: the first one that is not deprecated. */
function primaryCaller(clients: readonly ClientMethod[]): ClientMethod {
  const chosen = clients.find((client) => !methodDeprecated(client.method)) ?? clients[0];
  if (!chosen) throw new Error('openrpc: an RPC without a calling method');
  return chosen;
}

function buildMethod(
  name: string,
  clients: readonly ClientMethod[],
  reference: RpcReference,
  writer: SchemaWriter,
  options: OpenRpcOptions,
  shared: SharedErrors,
): OpenRpcMethod {
  const { category, method } = primaryCaller(clients);
  const doc = method.signatures.find((signature) => signature.doc.text !== '')?.doc ?? method.signatures[0]?.doc;
  const deprecated = clients.every((client) => methodDeprecated(client.method));
  const description = [
    doc ? docDescription(deprecated ? doc : { ...doc, deprecated: null }) : '',
    method.signatures.length > 1
      ? `The client method ${method.name} has ${method.signatures.length} overloads; the parameter and result schemas cover all of them.`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const returns = method.signatures.map((signature) => signature.returns);
  const returnsDescription = method.signatures.map((signature) => signature.returnsDescription).find(Boolean) ?? '';
  const returned = unionOf(returns.map((type) => writer.schemaOf(type)));
  const rpcExamples = clients.flatMap((client) => client.method.examples).filter((example) => example.rpcMethod === name);
  const gaps = [
    ...new Map(
      rpcExamples
        .flatMap((example) => example.runtimeTypes)
        .filter((note) => note.reason !== '')
        .map((note) => [note.path, note]),
    ).values(),
  ];
  // The node answers a list of which the client returns the first item: the wire result is the list.
  const declared: JsonSchema = method.rpc.firstItem === true ? { type: 'array', items: returned } : returned;
  const wire = gaps.reduce(
    (schema, gap) => foldGap(schema, method.rpc.firstItem === true ? `[]${gap.path === '' ? '' : `.${gap.path}`}` : gap.path, gap, writer, reference, name),
    declared,
  );
  const precision = clientPrecision(name, clients);
  const result: ContentDescriptor = { name: 'result', schema: wire };
  const precisionText =
    precision === undefined
      ? ''
      : 'one' in precision
        ? precisionSentence(precision.one)
        : precision.each.map(([call, each]) => `With ${call}: ${precisionSentence(each).replace(/^The client/, 'the client')}`).join('. ');
  const resultDescription = sentences(returnsDescription, precisionText);
  if (resultDescription) result.description = resultDescription;
  const summary = doc ? firstSentence(doc.text) : '';
  const params = positionalParams(method, reference, writer);
  const examples = examplePairings(name, [{ category, method }, ...clients.filter((client) => client.method !== method)], params);
  const errors = methodErrors(method, shared);
  return {
    name,
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    tags: [...new Set(clients.map((client) => client.category.name))].map((tag) => ({ name: tag })),
    paramStructure: 'by-position',
    params,
    result,
    ...(deprecated ? { deprecated: true } : {}),
    ...(examples.length > 0 ? { examples } : {}),
    ...(precision === undefined ? {} : { 'x-jellyfish-precision': 'one' in precision ? precision.one : Object.fromEntries(precision.each) }),
    ...(errors.errors.length > 0 ? { errors: errors.errors } : {}),
    ...(errors.notes.length > 0 ? { 'x-jellyfish-error-notes': errors.notes } : {}),
    externalDocs: {
      description: `client.${category.name}.${method.name}() in the Full Node RPC reference`,
      url: `${options.siteUrl}${options.pagesRoute}/${rpcMethodHref(reference, category.name, method.name).slice(API_ROUTE.length + 1)}`,
    },
    'x-jellyfish-methods': clients.map((client) => `client.${client.category.name}.${client.method.name}`),
    ...sinceOf(clients, reference),
  };
}

/** The JSON Schema of an argument as the node's help types it. */
function helpArgSchema(arg: NodeRpcArg): JsonSchema {
  const description = arg.description.replace(/\s+/g, ' ').trim();
  const base: JsonSchema = description === '' ? {} : { description };
  switch (arg.type) {
    case 'STR':
      return { ...base, type: 'string' };
    case 'STR_HEX':
      return { ...base, type: 'string', pattern: '^[0-9a-fA-F]*$' };
    case 'NUM':
      return { ...base, type: 'number' };
    case 'AMOUNT':
      return { ...base, type: ['number', 'string'] };
    case 'BOOL':
      return { ...base, type: 'boolean' };
    case 'RANGE':
      return { ...base, oneOf: [{ type: 'number' }, { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 }] };
    case 'ARR': {
      const items = arg.inner.map(helpArgSchema);
      const [only] = items;
      if (only === undefined) return { ...base, type: 'array' };
      return { ...base, type: 'array', items: items.length === 1 ? only : { anyOf: items } };
    }
    default: {
      const named = arg.inner.filter((inner) => inner.name !== '');
      if (arg.type === 'OBJ_USER_KEYS' || named.length === 0) return { ...base, type: 'object' };
      const required = named.filter((inner) => inner.presence === 'required').map((inner) => inner.name);
      return {
        ...base,
        type: 'object',
        properties: Object.fromEntries(named.map((inner) => [inner.name, helpArgSchema(inner)])),
        ...(required.length > 0 ? { required } : {}),
      };
    }
  }
}

/** An RPC the SDK does not type, from the node's help: its arguments' types, its result as the help's text. */
function nodeOnlyMethod(rpc: NodeRpc, options: OpenRpcOptions): OpenRpcMethod {
  const description = rpc.description.replace(/\s+/g, ' ').trim();
  const summary = firstSentence(description);
  const params: ContentDescriptor[] = rpc.args.map((arg) => ({
    name: arg.name,
    schema: arg.presence === 'default' && arg.default !== null ? { ...helpArgSchema(arg), 'x-node-default': arg.default } : helpArgSchema(arg),
    ...(arg.description.trim() === '' ? {} : { description: arg.description.replace(/\s+/g, ' ').trim() }),
    required: arg.presence === 'required',
  }));
  const resultText = rpc.results.map((result) => (result.condition === '' ? result.text : `${result.condition.trim()}:\n${result.text}`)).join('\n');
  const result: ContentDescriptor = {
    name: 'result',
    schema: {},
    ...(resultText.trim() === '' ? { description: 'null' } : { description: resultText.trim() }),
  };
  const sample = rpc.sample;
  // The help's example where it fits the help's own types (a pairing that contradicts the schemas misleads a tool).
  const examples: OpenRpcExamplePairing[] =
    sample === null || sample.misfits.length > 0
      ? []
      : [
          {
            name: `${rpc.name} (the node's help)`,
            params: sample.params.map((value, index) => ({ name: rpc.args[index]?.name ?? `param${index}`, value })),
            result: { name: 'result', value: JSON.parse(sample.result) as JsonValue },
          },
        ];
  return {
    name: rpc.name,
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    tags: [{ name: rpc.category }],
    paramStructure: 'by-position',
    params,
    result,
    ...(examples.length > 0 ? { examples } : {}),
    externalDocs: {
      description: `${rpc.name} in the Full Node RPC reference (node only)`,
      url: `${options.siteUrl}${options.pagesRoute}/${NODE_ONLY_FOLDER}/${rpc.page}#${methodAnchor(rpc)}`,
    },
    'x-jellyfish-methods': [],
    'x-typed': false,
    'x-node-since': rpc.added,
  };
}

/** The oldest version among the callers' (one of the first covered release counts as that release). */
function sinceOf(clients: readonly ClientMethod[], reference: RpcReference): { 'x-since'?: string } {
  const first = reference.history?.first;
  if (first === undefined) return {};
  const versions = clients.map((client) => client.method.history?.since ?? first);
  return { 'x-since': versions.reduce((oldest, version) => (compareVersions(version, oldest) < 0 ? version : oldest)) };
}

/**
 * How the client methods that call an RPC parse its answer, read from running their examples: one precision, or where
 * calls differ (getBlock's verbosity) the precision of each example by its name; undefined without any example.
 */
function clientPrecision(rpc: string, clients: readonly ClientMethod[]): { one: JsonValue } | { each: Array<[string, JsonValue]> } | undefined {
  const parsed = (text: string): JsonValue => (text.startsWith('{') ? (JSON.parse(text) as JsonValue) : text);
  const examples = clients.flatMap((client) =>
    client.method.examples
      .filter((example) => example.rpcMethod === rpc)
      .map(
        (example) => [`client.${client.category.name}.${client.method.name}${example.title === '' ? '' : ` (${example.title})`}`, example.precision] as const,
      ),
  );
  const distinct = [...new Set(examples.map(([, precision]) => precision))];
  if (distinct.length === 0) return undefined;
  if (distinct.length === 1) return { one: parsed(distinct[0] ?? '') };
  return { each: examples.map(([name, precision]) => [name, parsed(precision)]) };
}

/** `{ tx: { vout: { value: 'bignumber' } } }` → `tx.vout.value` for each path set to `bignumber`. */
function bigNumberPaths(precision: JsonValue, prefix = ''): string[] {
  if (typeof precision === 'string') return precision === 'bignumber' ? [prefix] : [];
  if (precision === null || typeof precision !== 'object' || Array.isArray(precision)) return [];
  return Object.entries(precision).flatMap(([key, inner]) => bigNumberPaths(inner, prefix === '' ? key : `${prefix}.${key}`));
}

/** What the precision means for the numbers an SDK user gets back. */
function precisionSentence(precision: JsonValue): string {
  if (precision === 'number')
    return 'The client parses the answer with precision number: every number, fields the package types as BigNumber included, comes back as a plain JavaScript number';
  if (precision === 'bignumber')
    return 'The client parses the answer with precision bignumber: every number, fields the package types as number included, comes back as a BigNumber';
  if (precision === 'lossless') return 'The client parses the answer with precision lossless: every number comes back as a LosslessNumber';
  const paths = bigNumberPaths(precision);
  return `The client returns the numbers at ${paths.map((path) => `\`${path}\``).join(', ')} as BigNumber (in a list, in each of its items), and every other number as a plain JavaScript number`;
}

/** `tx[].vin[]` → tx, [], vin, []; `*.size` → *, size; '' → none. */
function pathSegments(path: string): string[] {
  return path
    .replace(/\[\]/g, '.[]')
    .split('.')
    .filter((segment) => segment !== '');
}

function isSchema(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ "$declared": true }` nodes of a wire schema replaced by the declared schema at the same place. */
function withDeclared(wire: JsonValue, declared: JsonSchema): JsonValue {
  if (Array.isArray(wire)) return wire.map((entry) => withDeclared(entry, declared));
  if (!isSchema(wire)) return wire;
  if (wire.$declared === true) return declared;
  return Object.fromEntries(Object.entries(wire).map(([key, value]) => [key, withDeclared(value, declared)]));
}

/** What to do where a path ends: at a field (`onField` gets the object holding it), or at a value (`onValue`). */
interface Rewrite {
  onField: (object: JsonSchema, key: string) => JsonSchema;
  onValue: (schema: JsonSchema) => JsonSchema;
}

/**
 * Rewrites the schema at `segments` (a property name, `[]` the items of a list, `*` the values of a map) through
 * `$ref`s (copied, so the shared component stays as declared), `allOf` parts and `anyOf` branches. Null where the path
 * does not exist.
 */
function rewriteAt(schema: JsonSchema, segments: readonly string[], rewrite: Rewrite, writer: SchemaWriter): JsonSchema | null {
  // The place itself is handed over as written (a `$ref` stays one), so the declared schema kept beside it is too.
  if (segments.length === 0) return rewrite.onValue(schema);
  if (typeof schema.$ref === 'string') {
    const target = writer.referenced(schema.$ref);
    return target === undefined ? null : rewriteAt(target, segments, rewrite, writer);
  }
  const [head = '', ...rest] = segments;
  for (const combinator of ['anyOf', 'allOf'] as const) {
    const parts = schema[combinator];
    if (!Array.isArray(parts)) continue;
    const rewritten = parts.map((part) => (isSchema(part) ? rewriteAt(part, segments, rewrite, writer) : null));
    if (rewritten.every((part) => part === null)) return null;
    return { ...schema, [combinator]: rewritten.map((part, index) => part ?? (parts[index] as JsonValue)) };
  }
  if (head === '[]' || head === '*') {
    const slot = head === '[]' ? 'items' : 'additionalProperties';
    const child = schema[slot];
    const inner = isSchema(child) ? rewriteAt(child, rest, rewrite, writer) : null;
    return inner === null ? null : { ...schema, [slot]: inner };
  }
  const properties = schema.properties;
  const child = isSchema(properties) ? properties[head] : undefined;
  if (!isSchema(child) || !isSchema(properties)) return null;
  if (rest.length === 0) return rewrite.onField(schema, head);
  const inner = rewriteAt(child, rest, rewrite, writer);
  return inner === null ? null : { ...schema, properties: { ...properties, [head]: inner } };
}

/**
 * Folds one gap between the node's answer and the declared type into the result schema, so that the schema says
 * what the node sends: a field it may leave out is no longer required (x-jellyfish-declared-required keeps that the
 * package requires it); elsewhere the node's schema (from the example data, written from the node's code, or a
 * primitive of the type it sends) replaces the declared one, which x-jellyfish-declared keeps. The reason, and the
 * node's code where the data cites it, go into the description.
 */
function foldGap(schema: JsonSchema, path: string, gap: RuntimeTypeNote, writer: SchemaWriter, reference: RpcReference, rpc: string): JsonSchema {
  const where = `openrpc: ${rpc} ${path === '' ? '(the result)' : path}`;
  const source = gap.wireSource === undefined || reference.node === undefined ? '' : sourceUrl(reference.node, gap.wireSource, null);
  const said = sentences(gap.reason, source === '' ? '' : `The node writes it in ${source}`);
  const primitive = ['number', 'string', 'boolean'].includes(gap.returned) && /^(string|number|boolean|BigNumber|true|false)$/.test(gap.declared);
  const replaced = (declared: JsonSchema): JsonSchema => {
    const wire = gap.wire !== undefined ? withDeclared(gap.wire, declared) : primitive ? { type: gap.returned } : undefined;
    if (!isSchema(wire)) throw new Error(`${where}: a gap that is more than a field left out or a primitive of another type needs "wire" in its data`);
    return { ...wire, description: said, 'x-jellyfish-declared': declared };
  };
  // A field the node leaves out of some answers is optional; where it also differs in type, the data gives its schema.
  const leftOut = gap.returned === 'absent';
  const result = rewriteAt(
    schema,
    pathSegments(path),
    {
      onField: (object, key) => {
        const properties = object.properties as JsonSchema;
        const field = properties[key] as JsonSchema;
        if (!leftOut) return { ...object, properties: { ...properties, [key]: replaced(field) } };
        const kept: JsonSchema = gap.wire === undefined ? { ...('$ref' in field ? { allOf: [field] } : field), description: said } : replaced(field);
        const required = Array.isArray(object.required) ? object.required.filter((name) => name !== key) : [];
        const rest = Object.fromEntries(Object.entries(object).filter(([keyword]) => keyword !== 'required'));
        return {
          ...rest,
          properties: { ...properties, [key]: { ...kept, 'x-jellyfish-declared-required': true } },
          ...(required.length > 0 ? { required } : {}),
        };
      },
      onValue: (found) => {
        if (leftOut) throw new Error(`${where}: only a field can be left out`);
        return replaced(found);
      },
    },
    writer,
  );
  if (result === null) throw new Error(`${where}: no such place in the result schema`);
  return result;
}

/** One pairing per example of the client methods that call the RPC (the primary caller's first), named after the call. */
function examplePairings(rpc: string, clients: readonly ClientMethod[], params: readonly ContentDescriptor[]): OpenRpcExamplePairing[] {
  const pairings: OpenRpcExamplePairing[] = [];
  const seen = new Set<string>();
  for (const { category, method } of clients) {
    for (const example of method.examples) {
      if (example.rpcMethod !== rpc) continue;
      // Two callers of one RPC (loan.getVault and vault.getVault) often send the same request: list it once.
      const key = `${example.params}\u0000${example.result}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const values = JSON.parse(example.params) as JsonValue[];
      pairings.push({
        name: `client.${category.name}.${method.name}${example.title === '' ? '' : ` (${example.title})`}`,
        params: values.map((value, index) => ({ name: params[index]?.name ?? `param${index + 1}`, value })),
        // Read losslessly, so that the document writes the node's numbers as it prints them (`0.35000000`).
        result: { name: 'result', value: parseLossless(example.result) as JsonValue },
      });
    }
  }
  return pairings;
}

function unionOf(schemas: JsonSchema[]): JsonSchema {
  const unique = [...new Map(schemas.map((schema) => [JSON.stringify(schema), schema])).values()];
  return unique.length === 1 && unique[0] ? unique[0] : { anyOf: unique };
}

/** Parameters named `name` across the overloads, in order. */
function parametersNamed(method: RpcMethod, name: string): Parameter[] {
  return method.signatures.flatMap((signature: MethodSignature) => signature.parameters.filter((parameter) => parameter.name === name));
}

/**
 * The RPC's positional params, read from the array the client sends: a client parameter passed through, a field of
 * one (`options.utxos`), a constant, or a value the client computes.
 */
function positionalParams(method: RpcMethod, reference: RpcReference, writer: SchemaWriter): ContentDescriptor[] {
  const first = method.signatures[0];
  // Without one array literal to read, the client's parameters are the best description of the params.
  const args: RpcArgument[] = method.rpc.arguments ?? (first?.parameters ?? []).map((parameter) => ({ kind: 'parameter', name: parameter.name }));
  const params = args.map((arg, index): ContentDescriptor => {
    switch (arg.kind) {
      case 'parameter':
        return parameterDescriptor(arg.name, method, writer);
      case 'literal':
        return {
          name: NODE_PARAM_NAMES[method.rpc.names[0] ?? '']?.[index] ?? `param${index + 1}`,
          description: `The client always sends ${JSON.stringify(arg.value)}.`,
          required: true,
          schema: { const: arg.value },
        };
      default:
        return argumentDescriptor(arg, index, method, reference, writer);
    }
  });
  // An argument the caller may leave out travels as null in its position (JSON has no undefined in an array), and the
  // node reads null as its default: such a position accepts null. Not a constant, an object or list the client builds,
  // nor a position it sends only when given.
  const nullable = args.map((arg, index) => {
    const param = params[index];
    if (param === undefined || param.required === true) return false;
    // A parameter with a default in the implementation is never left empty: the client sends the default.
    if (arg.kind === 'parameter') return parametersNamed(method, arg.name).every((parameter) => parameter.defaultValue === null);
    if (arg.kind === 'field') return true;
    if (arg.kind === 'derived') return arg.others.length === 0;
    if (arg.kind === 'defaultedField') return arg.defaults[arg.field] === undefined;
    return false;
  });
  const withNull = params.map((param, index) => (nullable[index] === true ? acceptNull(param) : param));
  // OpenRPC wants required params first; the client always sends every position, so a param before a required one is sent too.
  const lastRequired = withNull.map((param) => param.required === true).lastIndexOf(true);
  return withNull.map((param, index) => (index < lastRequired && !param.required ? { ...param, required: true } : param));
}

/** A position that also accepts null, which the client sends for an argument left out and the node reads as its default. */
function acceptNull(param: ContentDescriptor): ContentDescriptor {
  const { default: fallback, description, deprecated, ...rest } = param.schema;
  if (Object.keys(rest).length === 0) return param;
  const anyOf = Array.isArray(rest.anyOf) && Object.keys(rest).length === 1 ? rest.anyOf : [rest];
  return {
    ...param,
    schema: {
      anyOf: [...anyOf, { type: 'null' }],
      ...(fallback === undefined ? {} : { default: fallback }),
      ...(description === undefined ? {} : { description }),
      ...(deprecated === undefined ? {} : { deprecated }),
    },
    description: sentences(param.description ?? '', 'When the argument is left out the client sends null here, and the node uses its default'),
  };
}

function parameterDescriptor(name: string, method: RpcMethod, writer: SchemaWriter): ContentDescriptor {
  const parameters = parametersNamed(method, name);
  const schema = unionOf(parameters.map((parameter) => writer.schemaOf(parameter.type)));
  const first = parameters[0];
  const defaultCode = parameters.map((parameter) => parameter.defaultValue).find((value) => value !== null) ?? null;
  const defaultValue = defaultCode === null ? undefined : literalValue(defaultCode);
  const descriptor: ContentDescriptor = {
    name,
    schema: defaultValue === undefined ? schema : '$ref' in schema ? { allOf: [schema], default: defaultValue } : { ...schema, default: defaultValue },
    // Required only when every overload takes it and none lets it be left out (`getRawTransaction`'s blockHash is in two of five).
    required: parameters.length === method.signatures.length && parameters.every((parameter) => !parameter.optional && parameter.defaultValue === null),
  };
  // A default that is code (e.g. a BigNumber) is compiled JavaScript: say there is one, not what it is.
  const description = sentences(
    withSubject(name, first?.description ?? ''),
    defaultCode !== null && defaultValue === undefined ? 'The client fills in a default when it is left out.' : '',
  );
  if (description) descriptor.description = description;
  return descriptor;
}

/** Finds a field of a type, looking through unions, declared interfaces and what they extend. */
function fieldOf(
  type: TypeExpr,
  name: string,
  types: Readonly<Record<string, TypeDeclaration>>,
  seen = new Set<string>(),
): { type: TypeExpr; optional: boolean; doc: Doc } | undefined {
  switch (type.kind) {
    case 'object':
      return type.fields.find((field) => field.name === name);
    case 'union':
      for (const member of type.types) {
        const found = fieldOf(member, name, types, seen);
        if (found) return found;
      }
      return undefined;
    case 'reference': {
      if (type.target.kind !== 'declared' || seen.has(type.target.id)) return undefined;
      seen.add(type.target.id);
      const declaration = types[type.target.id];
      if (!declaration) return undefined;
      if (declaration.kind === 'alias') return fieldOf(declaration.type, name, types, seen);
      if (declaration.kind !== 'interface') return undefined;
      const own = declaration.fields.find((field) => field.name === name);
      if (own) return own;
      for (const base of declaration.extends) {
        const found = fieldOf(base, name, types, seen);
        if (found) return found;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

type BuiltArgument = Exclude<RpcArgument, { kind: 'parameter' } | { kind: 'literal' }>;

/** A param the client builds: a field of a parameter, a parameter with defaults merged in, a value computed from some. */
function argumentDescriptor(arg: BuiltArgument, index: number, method: RpcMethod, reference: RpcReference, writer: SchemaWriter): ContentDescriptor {
  const text = arg.text;
  const computed: ContentDescriptor = {
    name: `param${index + 1}`,
    description: `Built by the client from \`${text}\`.`,
    required: false,
    schema: {},
  };
  switch (arg.kind) {
    // `...(options.timelock !== undefined ? [options.timelock] : [])`: a trailing param sent only when given.
    case 'optional': {
      const inner =
        arg.argument.kind === 'parameter' || arg.argument.kind === 'literal' ? computed : argumentDescriptor(arg.argument, index, method, reference, writer);
      return { ...inner, required: false, description: sentences(inner.description ?? '', 'The client sends this position only when the value is given.') };
    }
    // `(Object.assign({ send: true }, options)).send`: a field of a parameter, with the client's default.
    case 'defaultedField': {
      const found = fieldOf(parametersNamed(method, arg.parameter)[0]?.type ?? { kind: 'intrinsic', name: 'unknown' }, arg.field, reference.types);
      const fallback = arg.defaults[arg.field];
      const schema = found ? describe(writer.schemaOf(found.type), '') : fallback !== undefined ? { type: jsonType(fallback) } : {};
      return {
        name: arg.field,
        required: false,
        schema: fallback === undefined ? schema : '$ref' in schema ? { allOf: [schema], default: fallback } : { ...schema, default: fallback },
        description: sentences(
          found ? docDescription(found.doc) : '',
          `The client sends \`${arg.parameter}.${arg.field}\`${fallback === undefined ? '' : `, or ${JSON.stringify(fallback)} when it is left out`}.`,
        ),
      };
    }
    // A value computed from one parameter (`operatorAddress ?? ownerAddress`, a timestamp in seconds from milliseconds).
    case 'derived': {
      const descriptor = parameterDescriptor(arg.parameter, method, writer);
      return {
        ...descriptor,
        ...(arg.integer ? { schema: { type: 'integer' } } : {}),
        required: descriptor.required === true || arg.others.length > 0,
        description: sentences(
          descriptor.description ?? '',
          arg.others.length > 0 ? `When it is left out the client sends \`${arg.others.join('`, `')}\` in its place` : '',
          arg.integer ? 'The client sends a whole number: a 13-digit millisecond value is divided by 1000 and rounded down' : '',
        ),
      };
    }
    case 'field': {
      const parameters = parametersNamed(method, arg.parameter);
      // Each overload may type the field its own way (`{ indexedAmounts: true }` and `GetAccountOptions`): the union of them.
      const types: TypeExpr[] = [];
      let optional = parameters.length < method.signatures.length || parameters.some((parameter) => parameter.optional || parameter.defaultValue !== null);
      let doc: Doc | undefined;
      for (const parameter of parameters) {
        let type: TypeExpr | undefined = parameter.type;
        for (const field of arg.path) {
          const found: ReturnType<typeof fieldOf> = type ? fieldOf(type, field, reference.types) : undefined;
          type = found?.type;
          optional ||= found?.optional ?? true;
          doc ??= found?.doc;
        }
        if (type) types.push(type);
      }
      const name = arg.path[arg.path.length - 1] ?? arg.parameter;
      if (types.length === 0) return { ...computed, name };
      return {
        name,
        required: !optional,
        schema: unionOf(types.map((type) => describe(writer.schemaOf(type), ''))),
        description: sentences(doc ? docDescription(doc) : '', `The client sends \`${text}\`.`),
      };
    }
    case 'array': {
      const parameters = arg.parameters.flatMap((name) => parametersNamed(method, name).slice(0, 1));
      if (parameters.length !== arg.parameters.length || parameters.length === 0) return computed;
      return {
        name: arg.parameters.join('_'),
        required: parameters.every((parameter) => !parameter.optional),
        description: `The client wraps \`${arg.parameters.join('`, `')}\` in an array: \`${text}\`.`,
        schema: {
          type: 'array',
          items: unionOf(parameters.map((parameter) => writer.schemaOf(parameter.type))),
          minItems: parameters.length,
          maxItems: parameters.length,
        },
      };
    }
    case 'object': {
      const properties: { [name: string]: JsonValue } = {};
      const required: string[] = [];
      for (const field of arg.fields) {
        const parameter = parametersNamed(method, field.parameter)[0];
        if (!parameter) return computed;
        properties[field.key] = describe(writer.schemaOf(parameter.type), withSubject(parameter.name, parameter.description));
        if (!parameter.optional && parameter.defaultValue === null) required.push(field.key);
      }
      return {
        ...computed,
        name: NODE_PARAM_NAMES[method.rpc.names[0] ?? '']?.[index] ?? computed.name,
        required: required.length > 0,
        schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
        description: `An object the client builds from its parameters: \`${text.replace(/\s+/g, ' ')}\`.`,
      };
    }
    case 'defaulted': {
      const descriptor = parameterDescriptor(arg.parameter, method, writer);
      const filled = arg.opaque
        ? `The client merges its own defaults into it: \`${text}\`.`
        : Object.keys(arg.defaults).length > 0
          ? `Where the caller leaves them out, the client fills in ${JSON.stringify(arg.defaults)}`
          : '';
      return { ...descriptor, description: sentences(descriptor.description ?? '', filled) };
    }
    case 'expression':
      return arg.name === null ? computed : { ...computed, name: arg.name, description: `A value the client computes (\`${text}\`).` };
  }
}

/** The site's options: its URL, and a local node's RPC port on each network as jellyfish-network gives them. */
function siteOpenRpcOptions(): OpenRpcOptions {
  return {
    siteUrl: SITE_URL,
    pagesRoute: RPC_PAGES_ROUTE,
    servers: [MainNet, TestNet, RegTest].map((network) => ({
      name: network.name,
      url: `http://127.0.0.1:${network.ports.rpc}`,
      summary: `A local ${network.name} node (basic authentication with the node's rpcuser and rpcpassword).`,
    })),
    license: { name: 'MIT', url: LICENSE_URL },
  };
}

/** The document as the site publishes it. */
export function renderOpenRpcJson(reference: RpcReference, options: OpenRpcOptions = siteOpenRpcOptions()): string {
  // lossless-json writes the example results' numbers with the digits they were read with.
  return `${stringifyLossless(buildOpenRpc(reference, options), undefined, 2) ?? ''}\n`;
}
