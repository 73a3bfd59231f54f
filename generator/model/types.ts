// The typed, plain-JSON model that extractors produce and renderers (MDX, OpenRPC, search) consume.
// Generic parts (types, docs, parameters) are shared by every source; RPC-specific parts are at the end.
import type { ItemHistory, ReferenceHistory } from './history';

export type { ReferenceHistory } from './history';

/** Where a type reference points. */
export type TypeTarget =
  /** A declaration extracted into the model's `types` table. */
  | { kind: 'declared'; id: string }
  /** A declaration in another npm package (e.g. `BigNumber` from bignumber.js). */
  | { kind: 'external'; module: string; name: string }
  /** A built-in of the language (Promise, Array, Record, ...). */
  | { kind: 'global'; name: string };

/** A type expression as the package writes it, with references resolved. */
export type TypeExpr =
  | { kind: 'intrinsic'; name: string }
  | { kind: 'literal'; value: string | number | boolean | null; text: string }
  | { kind: 'reference'; name: string; target: TypeTarget; typeArguments: TypeExpr[] }
  | { kind: 'typeParameter'; name: string }
  | { kind: 'array'; element: TypeExpr }
  | { kind: 'tuple'; elements: TypeExpr[] }
  | { kind: 'union'; types: TypeExpr[] }
  | { kind: 'intersection'; types: TypeExpr[] }
  | { kind: 'object'; fields: Field[]; indexSignatures: IndexSignature[] }
  | { kind: 'function'; parameters: Parameter[]; returns: TypeExpr }
  | { kind: 'operator'; operator: 'keyof' | 'readonly' | 'unique'; type: TypeExpr }
  | { kind: 'indexedAccess'; object: TypeExpr; index: TypeExpr }
  /** Anything the converter does not model, verbatim as written in the declaration file. */
  | { kind: 'text'; text: string };

/** Documentation read from a doc comment. Empty strings mean the comment says nothing. */
export interface Doc {
  /** Main text, as written (unescaped). */
  text: string;
  /** `null` when not deprecated; otherwise the reason or replacement given ('' when none). */
  deprecated: string | null;
  /** `@see` targets: the referenced name, or the text as written. */
  see: string[];
  /** `@example` texts, as written (absent when a source has none to offer). */
  examples?: string[];
  /** `@throws` texts, as written (absent when the comment has none). */
  throws?: string[];
  /** The `@default` tag's text (`60000 ms`), absent when the comment has none. */
  defaultText?: string;
  /** The `@return`/`@returns` text of a declaration that is not itself a signature (a function-typed field), else absent. */
  returns?: string;
  /** Other block tags (`@remarks`, `@warning`): the tag as written and its text; absent when the comment has none. */
  notes?: { tag: string; text: string }[];
}

export interface Field {
  name: string;
  optional: boolean;
  readonly: boolean;
  type: TypeExpr;
  doc: Doc;
  /** Release history (generator/history): absent when it has been there, unchanged, since the first covered version. */
  history?: ItemHistory;
}

export interface IndexSignature {
  keyName: string;
  keyType: TypeExpr;
  type: TypeExpr;
}

export interface TypeParameter {
  name: string;
  constraint: TypeExpr | null;
  default: TypeExpr | null;
}

/** A JSON value: what a default or a constant of the package's code stands for on the wire. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A value the package's compiled code writes (a parameter's default, a value the client always sends), read by the
 * extractor so that no consumer reads code. `text` is how the TypeScript source writes it, for the pages.
 */
export type CodeValue =
  /** A literal, a negative number, an array or object of them, `new BigNumber('0')` (its number). */
  | { kind: 'value'; value: JsonValue; text: string }
  /** A member of an enum (`EstimateMode.CONSERVATIVE`): its value is the member's in the model's `types`. */
  | { kind: 'enumMember'; enum: string; member: string; text: string }
  /** Code the extractor does not evaluate (a constant of the package, a call). */
  | { kind: 'expression'; text: string };

export interface Parameter {
  name: string;
  type: TypeExpr;
  optional: boolean;
  rest: boolean;
  /** Default value, read from the compiled implementation; `null` when none. */
  defaultValue: CodeValue | null;
  /** Text of the matching `@param` tag ('' when none). */
  description: string;
  /** Rows for dotted `@param a.b` tags that document fields of this parameter. */
  fieldDocs: ParameterFieldDoc[];
  /** Release history (generator/history): absent when it has been there, unchanged, since the first covered version. */
  history?: ItemHistory;
}

export interface ParameterFieldDoc {
  /** Dotted path below the parameter, e.g. `options.indexedAmounts`. */
  path: string;
  /** The JSDoc type expression text without braces ('' when none). */
  typeText: string;
  optional: boolean;
  /** Default read from the implementation (destructuring default), `null` when none. */
  defaultValue: CodeValue | null;
  description: string;
}

export interface EnumMember {
  name: string;
  value: string | number | null;
  doc: Doc;
  /** Release history (generator/history): absent when it has been there, unchanged, since the first covered version. */
  history?: ItemHistory;
}

export interface SourceLocation {
  /** Path inside the source repository. */
  path: string;
  /** 1-based line, only when derived from a source map. */
  line: number | null;
}

/** A named declaration the model lists once and links to. */
export type TypeDeclaration = {
  /** Unique across the model: `<module>.<name>`. */
  id: string;
  name: string;
  /** Module key (declaration file without extension, e.g. `blockchain`). */
  module: string;
  doc: Doc;
  typeParameters: TypeParameter[];
  source: SourceLocation | null;
  /** Release history (generator/history): absent when it has been there, unchanged, since the first covered version. */
  history?: ItemHistory;
} & (
  | { kind: 'interface'; extends: TypeExpr[]; fields: Field[]; indexSignatures: IndexSignature[] }
  | { kind: 'enum'; members: EnumMember[] }
  | { kind: 'alias'; type: TypeExpr }
);

// ---- Full node RPC ----

export interface MethodSignature {
  typeParameters: TypeParameter[];
  parameters: Parameter[];
  returns: TypeExpr;
  /** Text of the `@return`/`@returns` tag ('' when none). */
  returnsDescription: string;
  doc: Doc;
  source: SourceLocation | null;
  /** Release history of an overload after the first (generator/history); absent as for fields. */
  history?: ItemHistory;
}

/** One element of the params array a method sends, read from the compiled code. `text`: the code, as written there. */
export type RpcArgument =
  | { kind: 'parameter'; name: string }
  | { kind: 'literal'; value: JsonValue }
  /** A field of a parameter (`options.utxos`, `path` = ['utxos']), or of a name that is not one. */
  | { kind: 'field'; parameter: string; path: string[]; text: string }
  /** A field of a parameter merged over defaults: `(Object.assign({ send: true }, options)).send`. */
  | { kind: 'defaultedField'; parameter: string; field: string; defaults: { [key: string]: JsonValue }; text: string }
  /** A parameter merged over defaults (`Object.assign({ limit: 100 }, pagination)`); `opaque` when some are held in a constant. */
  | { kind: 'defaulted'; parameter: string; defaults: { [key: string]: JsonValue }; opaque: boolean; text: string }
  /**
   * A conditional value built from parameters: `parameter` is the one it stands for (`operatorAddress ?? ownerAddress`),
   * `others` the ones it falls back to, `integer` when it rounds to a whole number (`Math.floor(ts / 1e3)`).
   */
  | { kind: 'derived'; parameter: string; others: string[]; integer: boolean; text: string }
  /** Parameters wrapped in an array: `[signedTx]`. */
  | { kind: 'array'; parameters: string[]; text: string }
  /** An object whose fields are parameters: `{ start: startIndex, limit }`. */
  | { kind: 'object'; fields: { key: string; parameter: string }[]; text: string }
  /** `...(x !== undefined ? [x] : [])`: a trailing param sent only when given. */
  | { kind: 'optional'; argument: RpcArgument; text: string }
  /** Any other expression; `name` when it is a local's name (`dummy`), else `null`. */
  | { kind: 'expression'; text: string; name: string | null };

/** The node RPCs a method calls, read from the package's compiled JavaScript. */
export interface RpcCalls {
  /** Distinct literal RPC names, in order of appearance. */
  names: string[];
  /** True when at least one call passes a computed (non-literal) name. */
  computed: boolean;
  /** Params of the call when the method makes exactly one call with an array literal. */
  arguments: RpcArgument[] | null;
  /** True when the node answers a list and the method returns its first item (`testMempoolAccept`). */
  firstItem?: boolean;
}

export interface RpcMethod {
  name: string;
  /** Overloads in declaration order (one element when not overloaded). */
  signatures: MethodSignature[];
  rpc: RpcCalls;
  /** Worked examples from generator/examples/rpc, each run through the SDK's own category class at generate time. */
  examples: RpcExample[];
  /** Sentences the example data adds for the reader (what a value means to the node, the order on the wire). */
  exampleNotes: string[];
  /** Release history (generator/history): absent when it has been there, unchanged, since the first covered version. */
  history?: ItemHistory;
  /** How the node refuses the RPC, from generator/errors/rpc.json (attached by `npm run generate`). */
  errors?: RpcMethodErrors;
  /** Where the method and the node's help of its RPC differ (generator/node-rpcs/sdk-vs-node.json); absent where they agree. */
  nodeDifferences?: SdkNodeDifference[];
}

/** One side of a comparison of a method with its RPC's help: the node's (`src/...:line`) or the SDK's (`packages/...:line`). */
export interface SdkNodeSide {
  name: string;
  type: string;
  /** The node's argument: `required`, `optional` or `default <value>`. */
  presence?: string;
  source: string;
}

/**
 * A difference between a method and its RPC's help at the pinned node (scripts/derive-sdk-vs-node.ts), or a mapping
 * told as it is: `fixed` (a fixed value sent for an argument), `options-object` (one object where the help lists
 * positional arguments), `argument-shape` (an object or array where the help names another type, or the reverse).
 * Positions count from 0. `by: 'hand'` marks one read from the handler's code by a person
 * (generator/node-rpcs/sdk-vs-node-by-hand.json), with the `note` its section adds.
 */
export type SdkNodeDifference = { by?: 'hand'; note?: string } & (
  | { kind: 'node-argument'; position: number; node: SdkNodeSide }
  | { kind: 'sdk-argument'; position: number; sdk: SdkNodeSide }
  | { kind: 'argument-type'; position: number; node: SdkNodeSide; sdk: SdkNodeSide }
  | { kind: 'argument-required'; position: number; node: SdkNodeSide; sdk: SdkNodeSide }
  | { kind: 'argument-shape'; position: number; node: SdkNodeSide; sdk: SdkNodeSide }
  | { kind: 'fixed'; position: number; node: SdkNodeSide; sdk: SdkNodeSide }
  | { kind: 'options-object'; position: number; nodeArgs: SdkNodeSide[]; sdk: SdkNodeSide & { fields: string[] } }
  | { kind: 'result-field'; node: SdkNodeSide; sdk: SdkNodeSide }
  | { kind: 'result-field-type'; node: SdkNodeSide; sdk: SdkNodeSide }
  /** A field the node may leave out that the declared result always has. */
  | { kind: 'result-field-optional'; node: SdkNodeSide; sdk: SdkNodeSide }
  /** A key of the object the method sends that the node does not read, where it reads the node side's name. */
  | { kind: 'option-ignored'; position: number; node: SdkNodeSide; sdk: SdkNodeSide }
);

/**
 * An argument of an example, as the data file writes it: plain JSON, or a tag for a value JSON cannot hold
 * (`{ "$bignumber": "1.5" }`, `{ "$enum": "MasternodeState.ENABLED" }`, `{ "$undefined": true }`).
 */
export type ExampleValue = null | boolean | number | string | ExampleValue[] | { [key: string]: ExampleValue };

/**
 * Where the value the SDK returns is not of the type the package declares: a field it parses as a number although
 * the type says BigNumber, or a part the node prints differently from the declaration (with the data file's reason).
 */
export interface RuntimeTypeNote {
  /** Path from the returned value: `vout[].value`, `*` for every key of a map, '' for the value itself. */
  path: string;
  /** The declared type at that path ('' when the note covers a whole part, said in `reason`). */
  declared: string;
  /** What the value is at run time: `number`, `BigNumber`, `absent`, … ('' as for `declared`). */
  returned: string;
  /** Why, in a sentence ('' for a BigNumber parsed as a number: the page says why in general). */
  reason: string;
  /**
   * What the node sends at the path, as a JSON Schema (draft-07; `{ "$declared": true }` stands for the declared type
   * there), where the data file writes it from the node's code; absent where the gap says it all (a field left out, a
   * primitive of another type).
   */
  wire?: JsonValue;
  /** Where the node writes that part of its answer: a path in the node's sources (`RpcReference.node`), with lines. */
  wireSource?: string;
}

/** A gap between the node's answer and the declared type, as an example data file declares it. */
export interface TypeGap {
  reason: string;
  wire?: JsonValue;
  wireSource?: string;
}

export interface RpcExample {
  /** Index of the overload in `RpcMethod.signatures` that the call picks. */
  signature: number;
  /** Short label when a method has several examples ('' otherwise). */
  title: string;
  arguments: ExampleValue[];
  /** Comments on argument values only the reader knows, by argument index. */
  comments: Record<string, string>;
  /** The node RPC the client called, read by running the method. */
  rpcMethod: string;
  /** The params array the client sends, as JSON text, read by running the method. */
  params: string;
  /** The node's `result`, as JSON text with numbers as the data writes them (2-space indentation). */
  result: string;
  /** How the client parses the answer: a precision name, or a JSON object mapping paths to precisions. */
  precision: string;
  runtimeTypes: RuntimeTypeNote[];
}

export interface RpcCategory {
  /** Property name on `ApiClient`, e.g. `blockchain`: the page slug. */
  name: string;
  /** Class name, e.g. `Blockchain`. */
  className: string;
  module: string;
  doc: Doc;
  methods: RpcMethod[];
  /** Ids of every declared type the methods reference, transitively, sorted by name. */
  typeIds: string[];
  source: SourceLocation;
  /**
   * Pages beyond the category's own, for a category whose one page would outweigh the HTML budget
   * (generator/extract/rpc/pages.ts); absent or empty for one page. A method on none of them is on the category's own.
   */
  pages?: RpcSubPage[];
  /** With further pages: the types the methods left on the category's own page reference (else `typeIds`). */
  ownPageTypeIds?: string[];
}

/** A page of a category split into several: its slug below the category's route, its title, its methods and their types. */
interface RpcSubPage {
  /** Below the category's route: `vaults` of /node/jellyfish/api/loan/vaults. */
  slug: string;
  /** What the page holds, as its sidebar label and heading: `Vaults, loans and auctions`. */
  title: string;
  /** One line on what the page holds, for the category's own page. */
  summary: string;
  /** Names of its methods, in the category's order. */
  methods: string[];
  /** Ids of every declared type its methods reference, transitively, sorted by name. */
  typeIds: string[];
}

export interface PackageInfo {
  name: string;
  version: string;
  /** e.g. https://github.com/BirthdayResearch/jellyfishsdk */
  repositoryUrl: string;
  /** Git tag of the version, e.g. v4.0.7 */
  tag: string;
}

export interface RpcReference {
  package: PackageInfo;
  categories: RpcCategory[];
  types: Record<string, TypeDeclaration>;
  /** Module key -> name of the namespace the package's entry re-exports it as (`export * as x`). */
  namespaceExports: Record<string, string>;
  /** Module key -> import path of the module from the package's root (e.g. `@x/y/dist/category/vault`). */
  modulePaths: Record<string, string>;
  /** Missing docs and other things a maintainer should know, found while extracting. */
  warnings: string[];
  /** Release history of the package (generator/history), joined by `npm run generate`. */
  history?: ReferenceHistory;
  /** The error groups the methods refer to, and the sources they were read from (attached by `npm run generate`). */
  errors?: RpcErrorCatalog;
  /**
   * The node whose answers the examples describe: the sources of the defichain image @defichain/testcontainers runs
   * (`https://github.com/DeFiCh/ain`, `v4.0.9`), where `RuntimeTypeNote.wireSource` paths point (attached by generate).
   */
  node?: { repositoryUrl: string; tag: string };
  /** Every RPC the pinned node registers, typed by the SDK or not, and the node's release history (attached by generate). */
  nodeRpcs?: NodeRpcCatalog;
}

// ---- Errors: what the node and the Ocean server answer besides success (generator/errors/*.json) ----

/** Sources the errors were read from: a repository at a tag. */
export interface ErrorSource {
  repository: string;
  tag: string;
}

/** `every`: a group that applies to every call (said once, on the errors page); `method`: one the methods name. */
export type ErrorGroupScope = 'every' | 'method';

/** One way a node RPC fails. */
export interface RpcError {
  /** The JSON-RPC error code; null for an HTTP answer without a body (401, 403) or a code only known at run time. */
  code: number | null;
  /** The code's name in the node's src/rpc/protocol.h ('' when it has none). */
  codeName: string;
  /** The HTTP status the node answers with (src/httprpc.cpp: 400 for -32600, 404 for -32601, 500 otherwise). */
  httpStatus: number;
  /** The node's text, with `{name}` where the node fills in a value ('' for an empty body). */
  message: string;
  /** When it happens, in a reader's words. */
  condition: string;
  /** File and line in the node's sources at the tag: `src/rpc/blockchain.cpp:966`. */
  source: string;
  /** The further places that throw the same code and message (`src/rpc/util.cpp:114`), when there are any. */
  alsoAt?: string[];
}

/** Errors many methods share, under one id (the anchor of its section on /node/errors). */
interface RpcErrorGroup {
  id: string;
  title: string;
  scope: ErrorGroupScope;
  summary: string;
  errors: RpcError[];
}

export interface RpcErrorCatalog {
  source: ErrorSource;
  groups: RpcErrorGroup[];
}

export interface RpcMethodErrors {
  /** The node's handler of the RPC: `src/rpc/blockchain.cpp:946`. */
  handler: string;
  /** Ids of the groups of the catalog that apply to it, besides the groups of every call. */
  groups: string[];
  /** Its own errors. */
  errors: RpcError[];
  /**
   * For a group whose errors the RPC's handler throws itself rather than through a shared helper (the initial block
   * download check, insufficient funds): group id -> the places in the handler (`src/dfi/rpc_accounts.cpp:897`).
   */
  absorbedAt?: Record<string, string[]>;
}

/** A property a 422 ValidationError names, with the rules it broke. */
export interface OceanValidationProperty {
  property: string;
  constraints: string[];
}

/** One answer of an Ocean endpoint besides success: the `error` of the envelope it sends. */
export interface OceanError {
  /** The HTTP status, repeated as the envelope's `code`. */
  status: number;
  /** The envelope's `type` (`NotFound`, `BadRequest` ...); '' for the framework's own 404 without an envelope. */
  type: string;
  /** The envelope's `message`, with `{name}` where the server fills in a value; null when it sends none. */
  message: string | null;
  condition: string;
  /** File and line in apps/whale-api at the tag. */
  source: string;
  /** For a 422: the properties it names. */
  properties?: OceanValidationProperty[];
}

interface OceanErrorGroup {
  /** Stable id: the anchor of its section on the Ocean overview. */
  id: string;
  title: string;
  scope: ErrorGroupScope;
  summary: string;
  errors: OceanError[];
}

export interface OceanErrorCatalog {
  source: ErrorSource;
  groups: OceanErrorGroup[];
}

export interface OceanEndpointErrors {
  /** The controller method that answers: `apps/whale-api/src/module.api/token.controller.ts:49`. */
  handler: string;
  groups: string[];
  errors: OceanError[];
}

// ---- Ocean REST API ----

/** A value of an Ocean request that travels in the URL. */
export interface OceanParameter {
  /** Name in the URL: the path placeholder or the query key. */
  name: string;
  in: 'path' | 'query';
  type: TypeExpr;
  /** False when the client can leave it out (optional argument, or a default it fills in). */
  required: boolean;
  /** What the client sends when the argument is left out (`30`, `ListProposalsStatus.ALL`); `null` when none. */
  defaultValue: CodeValue | null;
  description: string;
  /** The client argument it comes from: `address`, or `option.size` for a field of an options object. */
  argument: string;
  /** Release history (generator/history): absent when it has been there, unchanged, since the first covered version. */
  history?: ItemHistory;
}

/** The JSON body of a POST. */
export interface OceanBody {
  /** Client argument sent as the body, or `null` when the client builds an object from several. */
  argument: string | null;
  type: TypeExpr;
  description: string;
  /** Function that serialises the body when it is not plain JSON.stringify (e.g. `JellyfishJSON.stringify`). */
  serializer: string | null;
}

export interface OceanEndpoint {
  /** Client method name, e.g. `getBalance`; lower-cased, the anchor of its section. */
  name: string;
  /** 'GET' or 'POST'. */
  httpMethod: string;
  /** Path below `/{version}/{network}/`, with `{name}` placeholders: `address/{address}/balance`. */
  path: string;
  /**
   * How the client reads the answer: `list` (requestList: one page of items and a `next` token),
   * `item` (requestData: the `data` of the envelope), `raw` (requestAsString: the method parses the body itself).
   */
  response: 'list' | 'item' | 'raw';
  /** The WhaleApiClient method the category method calls: requestList, requestData, requestAsString. */
  clientMethod: string;
  parameters: OceanParameter[];
  body: OceanBody | null;
  /** Type of `data`: the item type of a list (T of ApiPagedResponse<T>), or the type the method resolves to. */
  dataType: TypeExpr;
  signature: MethodSignature;
  /** How the path is built, where it is more than one plain template (a segment joined from two arguments, ...). */
  pathNotes: string[];
  /** The worked example from generator/examples/ocean (attached by `npm run generate`; absent while none is written). */
  example?: OceanEndpointExample;
  /** Release history (generator/history): absent when it has been there, unchanged, since the first covered version. */
  history?: ItemHistory;
  /** What the server answers besides success, from generator/errors/ocean.json (attached by `npm run generate`). */
  errors?: OceanEndpointErrors;
  /** How the server pages a list endpoint, from generator/examples/ocean/pagination.json (attached by `npm run generate`). */
  paging?: OceanPaging;
  /**
   * Where the package's doc comment is plainly another method's (the same words as `sameAs`'s): the server's own
   * description of the endpoint and where it is written (generator/examples/ocean/doc-corrections.json).
   */
  docCorrection?: OceanDocCorrection;
}

/** The description the server gives an endpoint whose client comment is another method's. */
export interface OceanDocCorrection {
  /** The client method whose comment the package repeats, `category.method`. */
  sameAs: string;
  /** The server's own comment on the endpoint's handler. */
  serverText: string;
  /** Where it is written: path#Llines in the SDK repository at the client's tag. */
  source: string;
}

/**
 * How the Ocean server (apps/whale-api at the client's tag) pages one list endpoint. Every list ends in
 * `ApiPagedResponse.of(items, limit, …)` (_core/api.paged.response.ts#L89), which sets `page.next` exactly when the
 * page holds `limit` items: a full last page carries it too, and the call after it answers an empty list.
 */
export interface OceanPaging {
  /** What the server makes `page.next` of, in words. */
  key: string;
  /** Where the server builds the page (path in the SDK repository). */
  source: string;
  /** The most items one page holds: a larger `size` is lowered to it, not refused. */
  maxSize: number;
  /** Where the server sets that cap (path#Lline in the SDK repository). */
  maxSizeSource: string;
  /** What else the server does with this list's pages: a sentence and where the server does it (path#Lline). */
  notes: { text: string; source: string }[];
}

/** An endpoint's example: the client arguments and the whole JSON body the API answers with. */
export interface OceanEndpointExample {
  arguments: Record<string, unknown>;
  response: Record<string, unknown>;
  typeArguments: string[];
}

export interface OceanCategory {
  /** Property name on `WhaleApiClient`, e.g. `address`: the page slug. */
  name: string;
  className: string;
  module: string;
  doc: Doc;
  endpoints: OceanEndpoint[];
  /** Ids of every declared type the endpoints reference, transitively, sorted by name. */
  typeIds: string[];
  source: SourceLocation;
}

/** The defaults WhaleApiClient applies, read from its compiled code. */
interface OceanClientDefaults {
  /** Base URL template with `{network}`: `https://{network}.ocean.jellyfishsdk.com`. */
  url: string;
  version: string;
  network: string;
  /** Milliseconds before the client aborts a request. */
  timeout: number;
  /** Order of the pieces of a request URL: ['url', 'version', 'network', 'path']. */
  urlLayout: string[];
}

export interface OceanReference {
  package: PackageInfo;
  defaults: OceanClientDefaults;
  categories: OceanCategory[];
  types: Record<string, TypeDeclaration>;
  /** Module key -> name of the namespace the package's entry re-exports it as (`export * as x`). */
  namespaceExports: Record<string, string>;
  /** Module key -> import path of the module from the package's root. */
  modulePaths: Record<string, string>;
  /** The node RPCs an Ocean server forwards through `rpc.call` (refusing any other with 403), and where that list is. */
  rpcWhitelist: OceanRpcWhitelist;
  warnings: string[];
  /** Release history of the package (generator/history), joined by `npm run generate`. */
  history?: ReferenceHistory;
  /** The error groups the endpoints refer to (attached by `npm run generate`). */
  errors?: OceanErrorCatalog;
}

/** A JSON Schema object as ts-json-schema-generator writes it. */
export type EnvelopeSchema = { [keyword: string]: EnvelopeJson };
type EnvelopeJson = string | number | boolean | null | EnvelopeJson[] | { [key: string]: EnvelopeJson };

/** The client package's envelope types, as JSON Schema: `ApiPage` and `WhaleApiError` with what they reference, by name. */
export interface EnvelopeSchemas {
  schemas: Record<string, EnvelopeSchema>;
}

export interface OceanRpcWhitelist {
  /** The server's source that holds the list, at the SDK's tag. */
  source: string;
  methods: string[];
}

// ---- The node's own RPCs (generator/node-rpcs, derived from DeFiCh/ain by scripts/derive-node-rpcs.ts) ----

/** A line of the node's sources at the catalog's tag. */
export interface NodeCite {
  path: string;
  line: number;
}

/** An argument as the node's help (`RPCArg`) declares it. */
export interface NodeRpcArg {
  name: string;
  /** The help's type: `STR`, `STR_HEX`, `NUM`, `AMOUNT`, `BOOL`, `OBJ`, `OBJ_USER_KEYS`, `ARR`, `RANGE`. */
  type: string;
  /** `required`; `optional` (left out when not given); `default` (the node uses `default` when not given). */
  presence: 'required' | 'optional' | 'default';
  default: string | null;
  description: string;
  /** The members of an object, the items of an array. */
  inner: NodeRpcArg[];
  at: NodeCite;
}

/** What an RPC needs of the node it runs on, and the line of the handler that says so. */
export interface NodeRpcNeed {
  need: 'wallet' | 'unlocked-wallet' | 'txindex' | 'acindex' | 'vaultindex' | 'spv' | 'governance-neutral';
  text: string;
  at: NodeCite;
}

/** A change of an RPC's entry in the node's RPC tables between two consecutive releases. */
export type NodeRpcChange =
  | { tag: string; kind: 'added'; args: string[] }
  | { tag: string; kind: 'removed' }
  | { tag: string; kind: 'category'; from: string; to: string }
  | { tag: string; kind: 'args'; before: string[]; after: string[]; added: string[]; removed: string[]; renamed: { from: string; to: string }[] };

export interface NodeRpc {
  name: string;
  /** The node's category (the RPC table's first column, as `help` groups them). */
  category: string;
  /** Whether a method of the SDK's client calls it. */
  typed: boolean;
  /**
   * The node-only page that tells it ('' when typed): its category, or `<category>-<n>` for the n-th part of a
   * category whose RPCs fill more than one page (NODE_ONLY_PAGE_SIZE each, for the page byte budget).
   */
  page: string;
  description: string;
  args: NodeRpcArg[];
  /** The help's results: each a text as the node prints it, with the condition it holds under ('' for always). */
  results: { condition: string; text: string }[];
  /** The help's examples, as the node prints them. */
  examples: string;
  needs: NodeRpcNeed[];
  /**
   * How the node refuses it, from generator/errors/rpc.json (attached by `npm run generate` to the RPCs no method calls;
   * a typed RPC's are its method's `errors`).
   */
  errors?: RpcMethodErrors;
  /** The table entry, the handler and its help. */
  source: { table: NodeCite; handler: NodeCite | null; help: NodeCite | null };
  /** The first release whose RPC tables list it. */
  added: string;
  /** Every change after `added`, releases newer than the catalog's tag included. */
  changes: NodeRpcChange[];
  /**
   * The argument names of the RPC table's entry at the catalog's tag (`name|alias` as written): the names the node
   * takes named parameters by, which for some RPCs are not the names its help prints.
   */
  tableArgs: string[];
  /** Release by release, the first that lists each argument of the table's entry at the catalog's tag. */
  argsSince: Record<string, string>;
  /**
   * A call built from the help's first `defi-cli` example (each word as JSON where it parses, else as a string), or
   * with no params when the RPC takes no required argument; null when neither gives one.
   */
  sample: {
    params: JsonValue[];
    /** The stand-in node's answer: the value the help's result text draws, as JSON text ('null' where it draws none). */
    result: string;
    /** Where the help's example does not fit the help's own argument types (the node's help is not checked by the node). */
    misfits: string[];
  } | null;
}

/** An RPC a release of the node registered that the catalog's tag no longer has. */
export interface NodeRpcGone {
  name: string;
  category: string;
  added: string;
  changes: NodeRpcChange[];
}

export interface NodeRpcCatalog {
  repository: string;
  /** The node the reference pins (`v4.0.9`): its RPCs are `rpcs`. */
  tag: string;
  /** Every release read, oldest first; those after `tag` are newer nodes. */
  tags: string[];
  /** How many RPCs each release registers. */
  counts: Record<string, number>;
  rpcs: NodeRpc[];
  /** RPCs of earlier releases that the pinned one does not register, and those only newer releases have. */
  others: NodeRpcGone[];
}
