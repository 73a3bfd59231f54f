// The OpenAPI 3.1 document of every Ocean endpoint, from the Ocean model and the client's envelope types
// (extract/ocean/envelope.ts); written to static/ocean/openapi.json (contract/generated-outputs.ts), which the site
// serves at /ocean/openapi.json.
import { SITE_URL } from '../../config/site';
import { oceanEndpointPath, withSubject } from '../model/queries';
import type {
  CodeValue,
  EnvelopeSchemas,
  OceanCategory,
  OceanEndpoint,
  OceanErrorCatalog,
  OceanParameter,
  OceanReference,
  RpcReference,
  TypeDeclaration,
} from '../model/types';
import { SchemaWriter, describe, docDescription, type JsonSchema, type JsonValue } from './json-schema';
import { endpointAnchor, OCEAN_ROUTE, oceanPageRoute } from '../model/routes';
import { endpointTitle } from '../model/titles';

const OPENAPI_VERSION = '3.1.0';

export interface OpenApiOptions {
  /** Absolute URL of the site, without a trailing slash. */
  siteUrl: string;
  /** OpenAPI 3.1 allows an SPDX identifier or a URL, not both. */
  license: { name: string; identifier: string };
}

type Operation = { [key: string]: JsonValue };

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: Array<{ url: string; description: string; variables: Record<string, { default: string; description: string }> }>;
  externalDocs: { description: string; url: string };
  tags: Array<{ name: string; description?: string; externalDocs: { url: string } }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonValue>;
    responses: Record<string, JsonValue>;
  };
}

const SCHEMAS = '#/components/schemas/';

/** The fee-rate cap of rawtx send and test when the request names none: `defaultMaxFeeRate` in rawtx.controller.ts. */
const DEFAULT_MAX_FEE_RATE = 0.1;
const API_CORE = '@defichain/jellyfish-api-core';

/** The value a default stands for: the value the extractor read, or the value of the enum member it names. */
function defaultValue(value: CodeValue, enums: ReadonlyMap<string, TypeDeclaration>): JsonValue | undefined {
  if (value.kind === 'value') return value.value;
  if (value.kind === 'enumMember') {
    const declaration = enums.get(value.enum);
    if (declaration?.kind === 'enum') return declaration.members.find((member) => member.name === value.member)?.value ?? undefined;
  }
  return undefined;
}

export function buildOpenApi(ocean: OceanReference, rpc: RpcReference, envelope: EnvelopeSchemas, options: OpenApiOptions): OpenApiDocument {
  // Types the Ocean client borrows from api-core are declared in the RPC model; name them once among the components.
  const rpcByName = new Map(Object.values(rpc.types).map((declaration) => [declaration.name, declaration]));
  const rpcWriter = new SchemaWriter(rpc.types, { dialect: '2020-12', refPrefix: SCHEMAS, externalSchema: otherPackageSchema });
  const borrowed = new Map<string, JsonSchema>();
  const writer = new SchemaWriter(ocean.types, {
    dialect: '2020-12',
    refPrefix: SCHEMAS,
    externalSchema: (module, name) => {
      const declaration = module === API_CORE ? rpcByName.get(name) : undefined;
      if (!declaration) return otherPackageSchema(module, name);
      borrowed.set(name, rpcWriter.declarationSchema(declaration));
      return { $ref: `${SCHEMAS}${name}` };
    },
  });
  const enums = new Map<string, TypeDeclaration>();
  for (const declaration of [...Object.values(rpc.types), ...Object.values(ocean.types)]) {
    if (declaration.kind === 'enum') enums.set(declaration.name, declaration);
  }

  const paths: OpenApiDocument['paths'] = {};
  for (const category of ocean.categories) {
    for (const endpoint of category.endpoints) {
      const route = oceanEndpointPath(ocean, endpoint);
      const method = endpoint.httpMethod.toLowerCase();
      const operations = (paths[route] ??= {});
      if (operations[method]) throw new Error(`openapi: two endpoints answer ${endpoint.httpMethod} ${route}`);
      operations[method] = operation(category, endpoint, writer, enums, options, ocean.errors, ocean.history?.first);
    }
  }

  const schemas: Record<string, JsonSchema> = {};
  const addSchema = (name: string, schema: JsonSchema): void => {
    const existing = schemas[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) throw new Error(`openapi: two different schemas are named ${name}`);
    schemas[name] = schema;
  };
  for (const [name, schema] of Object.entries(writer.components())) addSchema(name, schema);
  for (const [name, schema] of borrowed) addSchema(name, schema);
  for (const [name, schema] of Object.entries(rpcWriter.components())) addSchema(name, schema);
  for (const [name, schema] of Object.entries(envelope.schemas)) addSchema(name, schema);
  // The fee-rate cap of a raw transaction: what the number means and what the server uses when it is left out.
  const rawTx = schemas.RawTxReq as { properties?: Record<string, JsonSchema> } | undefined;
  if (rawTx?.properties?.maxFeeRate) {
    rawTx.properties.maxFeeRate = {
      ...rawTx.properties.maxFeeRate,
      description: `The highest fee rate to accept, in DFI per kilobyte (1000 bytes) of the transaction; the server uses ${DEFAULT_MAX_FEE_RATE} when it is left out, and 0 turns the check off.`,
      default: DEFAULT_MAX_FEE_RATE,
      minimum: 0,
    };
  }
  addSchema('ErrorEnvelope', {
    type: 'object',
    description: 'What a failed request answers, with an HTTP error status.',
    properties: { error: { $ref: `${SCHEMAS}WhaleApiError` } },
    required: ['error'],
  });
  // A 422 names the rejected properties besides (WhaleApiValidationException reads error.validation.properties).
  const apiError = envelope.schemas.WhaleApiError as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
  addSchema('WhaleApiValidationError', {
    type: 'object',
    description: 'The error of a 422 ValidationError: the properties the server rejected, with the rules each broke.',
    properties: {
      ...(apiError?.properties ?? {}),
      validation: {
        type: 'object',
        properties: {
          properties: {
            type: 'array',
            // The client's own type when the envelope schemas carry it (extract/ocean/envelope.ts reads it).
            items: envelope.schemas.ApiValidationProperty ? { $ref: `${SCHEMAS}ApiValidationProperty` } : { type: 'object', required: ['property'] },
          },
        },
        required: ['properties'],
      },
    },
    required: [...(apiError?.required ?? []), 'validation'],
  });
  // A path that matches no route never reaches Ocean's interceptors: NestJS answers its own 404 body, whose `error` is
  // a string (WhaleApiClient still throws a WhaleApiException, with code and type undefined).
  addSchema('NoRouteError', {
    type: 'object',
    description:
      "What a path that matches no route answers with HTTP 404: the web framework's own body, not the error envelope. `error` is the string `Not Found`, and `message` names the method and path.",
    properties: {
      statusCode: { type: 'integer', const: 404 },
      message: { type: 'string', examples: ['Cannot GET /v0/mainnet/rawtx/ab/cd'] },
      error: { type: 'string', const: 'Not Found' },
    },
    required: ['statusCode', 'message', 'error'],
  });
  addSchema('ValidationErrorEnvelope', {
    type: 'object',
    description: 'What a request that breaks a parameter rule answers, with HTTP 422.',
    properties: { error: { $ref: `${SCHEMAS}WhaleApiValidationError` } },
    required: ['error'],
  });

  const pkg = ocean.package;
  const defaults = ocean.defaults;
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Ocean REST API',
      version: pkg.version,
      description:
        `Every endpoint that ${pkg.name} ${pkg.version} calls, with its parameters and response types taken from the package. ` +
        'Answers come in an envelope: `data` holds the result, and list endpoints add `page.next` to every full page, the token for the next page (pass it back as `next`; after a full last page the next call answers an empty list). ' +
        'A failed request answers with an HTTP error status and an `error` object.' +
        (ocean.errors
          ? ` Each operation lists the statuses it answers besides success, read from ${ocean.errors.source.repository} (apps/whale-api) at ${ocean.errors.source.tag}, with an example per case whose summary says when it happens; {name} in a message marks a value the server fills in.`
          : '') +
        (ocean.history
          ? ` x-since is the first published version of ${pkg.name} with the operation's client method (of the ${ocean.history.versions} stable versions from ${ocean.history.first} to ${ocean.history.latest}).`
          : ''),
      license: options.license,
    },
    servers: [
      {
        url: defaults.url,
        description: `The client's default base URL (network ${defaults.network}).`,
        variables: { network: { default: defaults.network, description: 'The network whose Ocean to ask; the same name goes into the path.' } },
      },
    ],
    externalDocs: { description: 'Ocean REST API overview', url: `${options.siteUrl}${OCEAN_ROUTE}/` },
    tags: ocean.categories.map((category) => ({
      name: category.name,
      description: category.doc.text.trim() || `The endpoints that client.${category.name} (${category.className}) of WhaleApiClient calls.`,
      externalDocs: { url: `${options.siteUrl}${oceanPageRoute(category.name)}` },
    })),
    // The API is public: no operation asks for credentials.
    security: [],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      parameters: {
        network: {
          name: 'network',
          in: 'path',
          required: true,
          description: "The chain to query, from the client's `network` option.",
          schema: { type: 'string', default: defaults.network },
        },
      },
      responses: {
        Error: {
          description: 'The error envelope: the request failed (validation, not found, upstream or unknown error).',
          content: { 'application/json': { schema: { $ref: `${SCHEMAS}ErrorEnvelope` } } },
        },
        ClientError: {
          description:
            "The error envelope; or, for a path that matches no route (a path value holding a /, an unknown version or network), the web framework's own 404 body, whose `error` is the string `Not Found`.",
          content: { 'application/json': { schema: { oneOf: [{ $ref: `${SCHEMAS}ErrorEnvelope` }, { $ref: `${SCHEMAS}NoRouteError` }] } } },
        },
      },
    },
  };
}

/** The time of every example error (`at`, milliseconds since the Unix epoch). */
const EXAMPLE_ERROR_AT = 1717171717171;

/** A value of the endpoint's example arguments for a name of its path or message, when the example has one. */
function exampleArgument(endpoint: OceanEndpoint, name: string): string | undefined {
  const value = endpoint.example?.arguments[name] ?? endpoint.example?.arguments[endpoint.parameters.find((p) => p.name === name)?.argument ?? ''];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** `{name}` of a path or message filled from the endpoint's example arguments (left as written where it has none). */
function fillExample(endpoint: OceanEndpoint, template: string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => exampleArgument(endpoint, name) ?? whole);
}

/**
 * One response per status the endpoint answers besides success (its own errors and its groups', from the model), each
 * the error envelope with an example per case: the message, and when it happens as the example's summary. The
 * framework's 404 for a path without a route is not an answer of the operation, and has no envelope: left out.
 */
function errorResponses(endpoint: OceanEndpoint, catalog: OceanErrorCatalog | undefined): Record<string, JsonValue> {
  const errors = endpoint.errors;
  if (!errors || !catalog) return {};
  const grouped = catalog.groups.filter((group) => group.scope === 'every' || errors.groups.includes(group.id)).flatMap((group) => group.errors);
  const all = [...errors.errors, ...grouped].filter((error) => error.type !== '');
  const url = `/v0/mainnet/${fillExample(endpoint, endpoint.path)}`;
  const responses: Record<string, JsonValue> = {};
  for (const status of [...new Set(all.map((error) => error.status))].sort((a, b) => a - b)) {
    const cases = all.filter((error) => error.status === status);
    const examples: Record<string, JsonValue> = {};
    cases.forEach((error, index) => {
      const value: Record<string, JsonValue> = { code: error.status, type: error.type, at: EXAMPLE_ERROR_AT };
      if (error.message !== null) value.message = fillExample(endpoint, error.message);
      if (error.properties) value.validation = { properties: error.properties.map((p) => ({ property: p.property, constraints: p.constraints })) };
      value.url = url;
      examples[`case${index + 1}`] = { summary: error.condition, value: { error: value } };
    });
    responses[String(status)] = {
      description: cases.map((error) => `${error.type}${error.message === null ? '' : `: ${error.message}`}`).join('; '),
      content: { 'application/json': { schema: { $ref: `${SCHEMAS}${status === 422 ? 'ValidationErrorEnvelope' : 'ErrorEnvelope'}` }, examples } },
    };
  }
  return responses;
}

function otherPackageSchema(module: string, name: string): JsonSchema {
  return { description: `${name} from ${module}.` };
}

function parameterObject(endpoint: OceanEndpoint, parameter: OceanParameter, writer: SchemaWriter, enums: ReadonlyMap<string, TypeDeclaration>): JsonValue {
  const pageSize = parameter.in === 'query' && parameter.name === 'size' && endpoint.response === 'list';
  const cap = pageSize ? endpoint.paging?.maxSize : undefined;
  if (pageSize && cap === undefined) throw new Error(`openapi: no server paging for ${endpoint.path} (generator/examples/ocean/pagination.json)`);
  // `size` is a whole number from 1 (below is refused with 422). The server's cap is no `maximum`: a larger size is not
  // refused but lowered to the cap, which the description says and `x-ocean-size-cap` carries.
  const schema: JsonSchema = pageSize ? { type: 'integer', minimum: 1 } : writer.schemaOf(parameter.type);
  const description =
    cap === undefined
      ? withSubject(parameter.name, parameter.description)
      : [
          withSubject(parameter.name, parameter.description),
          `How many items to return, from 1 (a smaller or fractional value is refused with 422). The server serves at most ${cap} per page and lowers a larger size to ${cap} instead of refusing it.`,
        ]
          .filter(Boolean)
          .join(' ');
  // A path parameter has no default: the URL always carries one (a client that fills in '' asks for another path).
  const fallback = parameter.defaultValue === null || parameter.in === 'path' ? undefined : defaultValue(parameter.defaultValue, enums);
  const withDefault = fallback === undefined ? schema : '$ref' in schema ? { allOf: [schema], default: fallback } : { ...schema, default: fallback };
  return {
    name: parameter.name,
    in: parameter.in,
    // A path parameter is always part of the URL, even where the client fills in a default.
    required: parameter.in === 'path' ? true : parameter.required,
    ...(description ? { description } : {}),
    schema: withDefault,
    ...(cap === undefined ? {} : { 'x-ocean-size-cap': cap }),
  };
}

function operation(
  category: OceanCategory,
  endpoint: OceanEndpoint,
  writer: SchemaWriter,
  enums: ReadonlyMap<string, TypeDeclaration>,
  options: OpenApiOptions,
  catalog: OceanErrorCatalog | undefined,
  firstCovered: string | undefined,
): Operation {
  const doc = endpoint.signature.doc;
  // `T | undefined`: the server answers without `data` when it has nothing (the client then returns undefined).
  const dataType = endpoint.dataType;
  const isNothing = (type: typeof dataType): boolean => type.kind === 'intrinsic' && (type.name === 'undefined' || type.name === 'void');
  // A method that resolves to nothing (`rawtx.test`) gets `{}`: the server's envelope without `data`.
  const mayBeAbsent = isNothing(dataType) || (dataType.kind === 'union' && dataType.types.some(isNothing));
  const present = dataType.kind === 'union' ? dataType.types.filter((member) => !isNothing(member)) : isNothing(dataType) ? [] : [dataType];
  const data = present.length === 1 && present[0] ? writer.schemaOf(present[0]) : writer.schemaOf({ kind: 'union', types: present });
  const envelope: JsonSchema = {
    type: 'object',
    properties:
      endpoint.response === 'list' ? { data: { type: 'array', items: data }, page: { $ref: `${SCHEMAS}ApiPage` } } : present.length === 0 ? {} : { data },
    ...(mayBeAbsent ? {} : { required: ['data'] }),
  };
  const answer =
    endpoint.response === 'list'
      ? 'One page of items in `data`. `page.next` comes with every full page, the last one included, so the call after a full last page answers an empty `data` without `page`.'
      : endpoint.response === 'raw'
        ? 'The answer in `data`; the client parses the body itself, keeping the precision of numbers.'
        : 'The answer in `data`.';
  const correction = endpoint.docCorrection;
  // A comment that is another method's is flagged, with what the server's code says the endpoint does.
  const corrected =
    correction === undefined
      ? ''
      : `The package's comment above is the one of ${correction.sameAs}. The server describes this endpoint as: ${correction.serverText}`;
  const description = [docDescription(doc), corrected, ...endpoint.pathNotes].filter(Boolean).join('\n\n');
  const result: Operation = {
    operationId: `${category.name}.${endpoint.name}`,
    summary: endpointTitle(category, endpoint),
    ...(description ? { description } : {}),
    tags: [category.name],
    parameters: [{ $ref: '#/components/parameters/network' }, ...endpoint.parameters.map((parameter) => parameterObject(endpoint, parameter, writer, enums))],
    responses: {
      '200': {
        description: mayBeAbsent ? `${answer} Without \`data\` when there is nothing to answer.` : answer,
        content: {
          'application/json': {
            schema: describe(envelope, endpoint.signature.returnsDescription),
            ...(endpoint.example ? { example: endpoint.example.response as JsonValue } : {}),
          },
        },
      },
      ...errorResponses(endpoint, catalog),
      // Any other status answers the same envelope, but a 404 may also be the framework's body for a path without a route.
      '4XX': { $ref: '#/components/responses/ClientError' },
      default: { $ref: '#/components/responses/Error' },
    },
    externalDocs: {
      description: `${endpointTitle(category, endpoint)} in the Ocean REST API reference`,
      url: `${options.siteUrl}${oceanPageRoute(category.name)}#${endpointAnchor(endpoint)}`,
    },
    'x-whale-api-client': `client.${category.name}.${endpoint.name}`,
  };
  // The first published version of the client with this method (generator/history).
  const since = endpoint.history?.since ?? firstCovered;
  if (since !== undefined) result['x-since'] = since;
  if (doc.deprecated !== null) result.deprecated = true;
  if (endpoint.body) {
    result.requestBody = {
      required: true,
      ...(endpoint.body.description ? { description: endpoint.body.description } : {}),
      content: { 'application/json': { schema: writer.schemaOf(endpoint.body.type) } },
    };
  }
  return result;
}

/** The site's options. */
function siteOpenApiOptions(): OpenApiOptions {
  return { siteUrl: SITE_URL, license: { name: 'MIT', identifier: 'MIT' } };
}

/** The document as the site publishes it; reads the envelope types from the installed client. */
export function renderOpenApiJson(ocean: OceanReference, rpc: RpcReference, envelope: EnvelopeSchemas): string {
  return `${JSON.stringify(buildOpenApi(ocean, rpc, envelope, siteOpenApiOptions()), null, 2)}\n`;
}
