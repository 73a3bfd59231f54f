// The OpenAPI stage on a small Ocean model of our own: paths, parameters, envelopes, borrowed types, validation.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../generator/emit/openapi';
import { oceanEndpointPath } from '../../generator/model/queries';
import { readEnvelopeSchemas } from '../../generator/extract/ocean/envelope';
import type { EnvelopeSchemas } from '../../generator/model/types';
import { invalidSchemas, unresolvedRefs, validateOpenApi } from '../support/spec-validate';
import type { Doc, MethodSignature, OceanEndpoint, OceanParameter, OceanReference, RpcReference, TypeDeclaration, TypeExpr } from '../../generator/model/types';

const doc = (text: string, deprecated: string | null = null): Doc => ({ text, deprecated, see: [], examples: [] });
const str: TypeExpr = { kind: 'intrinsic', name: 'string' };
const num: TypeExpr = { kind: 'intrinsic', name: 'number' };
const declared = (id: string): TypeExpr => ({ kind: 'reference', name: id.split('.')[1] ?? id, target: { kind: 'declared', id }, typeArguments: [] });
const borrowed = (name: string): TypeExpr => ({
  kind: 'reference',
  name,
  target: { kind: 'external', module: '@defichain/jellyfish-api-core', name },
  typeArguments: [],
});

function signature(text: string, extra: Partial<MethodSignature> = {}): MethodSignature {
  return { typeParameters: [], parameters: [], returns: str, returnsDescription: '', doc: doc(text), source: null, ...extra };
}

function parameter(name: string, where: 'path' | 'query', type: TypeExpr, extra: Partial<OceanParameter> = {}): OceanParameter {
  return { name, in: where, type, required: where === 'path', defaultValue: null, description: '', argument: name, ...extra };
}

function endpoint(
  name: string,
  httpMethod: string,
  route: string,
  response: OceanEndpoint['response'],
  dataType: TypeExpr,
  extra: Partial<OceanEndpoint> = {},
): OceanEndpoint {
  return {
    name,
    httpMethod,
    path: route,
    response,
    clientMethod: 'requestData',
    parameters: [],
    body: null,
    dataType,
    signature: signature(`${name} doc`),
    pathNotes: [],
    // A list's pages as the server makes them (generator/examples/ocean/pagination.json holds the real ones).
    ...(response === 'list' ? { paging: { key: 'id of the last item', source: 'server.ts', maxSize: 200, maxSizeSource: 'query.ts#L14', notes: [] } } : {}),
    ...extra,
  };
}

const oceanTypes: Record<string, TypeDeclaration> = {
  'address.Balance': {
    id: 'address.Balance',
    name: 'Balance',
    module: 'address',
    doc: doc('A balance.'),
    source: null,
    typeParameters: [],
    kind: 'interface',
    extends: [],
    indexSignatures: [],
    fields: [{ name: 'amount', optional: false, readonly: false, type: str, doc: doc('With 8 decimals.') }],
  },
  'rawtx.RawTxReq': {
    id: 'rawtx.RawTxReq',
    name: 'RawTxReq',
    module: 'rawtx',
    doc: doc(''),
    source: null,
    typeParameters: [],
    kind: 'interface',
    extends: [],
    indexSignatures: [],
    fields: [{ name: 'hex', optional: false, readonly: false, type: str, doc: doc('') }],
  },
};

const ocean: OceanReference = {
  package: { name: '@example/whale', version: '9.9.9', repositoryUrl: 'https://example.org', tag: 'v9.9.9' },
  defaults: { url: 'https://{network}.ocean.example.org', version: 'v0', network: 'mainnet', timeout: 60000, urlLayout: ['url', 'version', 'network', 'path'] },
  types: oceanTypes,
  namespaceExports: {},
  modulePaths: {},
  rpcWhitelist: { source: '', methods: [] },
  warnings: [],
  categories: [
    {
      name: 'address',
      className: 'Address',
      module: 'address',
      doc: doc('Address endpoints.'),
      typeIds: [],
      source: { path: 'address.ts', line: null },
      endpoints: [
        endpoint('getBalance', 'GET', 'address/{address}/balance', 'item', str, {
          parameters: [parameter('address', 'path', str, { description: 'to look up' })],
        }),
        endpoint('listBalances', 'GET', 'address/{address}/balances', 'list', declared('address.Balance'), {
          parameters: [
            parameter('address', 'path', str),
            parameter('size', 'query', num, { defaultValue: { kind: 'value', value: 30, text: '30' } }),
            parameter('next', 'query', str),
          ],
        }),
      ],
    },
    {
      name: 'governance',
      className: 'Governance',
      module: 'governance',
      doc: doc(''),
      typeIds: [],
      source: { path: 'governance.ts', line: null },
      endpoints: [
        endpoint('listProposals', 'GET', 'governance/proposals', 'list', str, {
          parameters: [
            parameter('status', 'query', borrowed('ProposalStatus'), {
              defaultValue: { kind: 'enumMember', enum: 'ProposalStatus', member: 'ALL', text: 'ProposalStatus.ALL' },
            }),
          ],
          signature: signature('Old listing.', { doc: doc('Old listing.', 'Use listGovProposals') }),
        }),
      ],
    },
    {
      name: 'prices',
      className: 'Prices',
      module: 'prices',
      doc: doc(''),
      typeIds: [],
      source: { path: 'prices.ts', line: null },
      endpoints: [
        endpoint('get', 'GET', 'prices/{token}-{currency}', 'item', num, {
          parameters: [parameter('token', 'path', str), parameter('currency', 'path', str)],
          pathNotes: ['`{token}-{currency}` is one path segment.'],
        }),
      ],
    },
    {
      name: 'rawtx',
      className: 'Rawtx',
      module: 'rawtx',
      doc: doc(''),
      typeIds: [],
      source: { path: 'rawtx.ts', line: null },
      endpoints: [
        endpoint('send', 'POST', 'rawtx/send', 'item', str, {
          body: { argument: 'rawTx', type: declared('rawtx.RawTxReq'), description: 'to submit', serializer: null },
        }),
      ],
    },
  ],
};

const rpc: RpcReference = {
  package: { name: '@example/api-core', version: '9.9.9', repositoryUrl: 'https://example.org', tag: 'v9.9.9' },
  categories: [],
  namespaceExports: {},
  modulePaths: {},
  warnings: [],
  types: {
    'governance.ProposalStatus': {
      id: 'governance.ProposalStatus',
      name: 'ProposalStatus',
      module: 'governance',
      doc: doc('Status filter.'),
      source: null,
      typeParameters: [],
      kind: 'enum',
      members: [
        { name: 'ALL', value: 'all', doc: doc('') },
        { name: 'VOTING', value: 'voting', doc: doc('') },
      ],
    },
  },
};

const envelope: EnvelopeSchemas = {
  schemas: {
    ApiPage: { type: 'object', properties: { next: { type: 'string' } } },
    WhaleApiError: {
      type: 'object',
      properties: { code: { type: 'number' }, type: { $ref: '#/components/schemas/WhaleApiErrorType' } },
      required: ['code', 'type'],
    },
    WhaleApiErrorType: { type: 'string', enum: ['NotFound', 'UnknownError'] },
  },
};

const document = buildOpenApi(ocean, rpc, envelope, { siteUrl: 'https://docs.example.org', license: { name: 'MIT', identifier: 'MIT' } });
const operation = (route: string, method = 'get') => {
  const found = document.paths[route]?.[method];
  if (!found) throw new Error(`no ${method} ${route}`);
  return found as Record<string, unknown>;
};

describe('buildOpenApi', () => {
  it('is a valid OpenAPI 3.1 document; its $refs resolve and its schemas compile', async () => {
    expect(await validateOpenApi(document as unknown as Record<string, unknown>)).toEqual([]);
    expect(unresolvedRefs(document)).toEqual([]);
    expect(await invalidSchemas(document.components.schemas, 'https://docs.example.org/ocean/openapi.json')).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has one operation per endpoint, at the path the pages show', () => {
    const operations = Object.entries(document.paths).flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`));
    expect(operations.sort()).toEqual([
      'GET /v0/{network}/address/{address}/balance',
      'GET /v0/{network}/address/{address}/balances',
      'GET /v0/{network}/governance/proposals',
      'GET /v0/{network}/prices/{token}-{currency}',
      'POST /v0/{network}/rawtx/send',
    ]);
    expect(oceanEndpointPath(ocean, ocean.categories[0]!.endpoints[0]!)).toBe('/v0/{network}/address/{address}/balance');
  });

  it('serves from the client default base URL, with the network as a variable and a path parameter', () => {
    expect(document.servers).toEqual([
      expect.objectContaining({ url: 'https://{network}.ocean.example.org', variables: { network: expect.objectContaining({ default: 'mainnet' }) } }),
    ]);
    expect(document.components.parameters.network).toMatchObject({ in: 'path', required: true, schema: { default: 'mainnet' } });
  });

  it('wraps a list in { data, page } and one item in { data }, and answers errors with the error envelope', () => {
    const list = operation('/v0/{network}/address/{address}/balances');
    expect(list.responses).toEqual({
      '200': {
        description: expect.stringContaining('page.next'),
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Balance' } }, page: { $ref: '#/components/schemas/ApiPage' } },
              required: ['data'],
            },
          },
        },
      },
      '4XX': { $ref: '#/components/responses/ClientError' },
      default: { $ref: '#/components/responses/Error' },
    });
    // The framework's 404 for a path without a route is no envelope: error is a string (NestJS's default body).
    expect(document.components.responses.ClientError).toEqual({
      description: expect.stringContaining('Not Found') as unknown,
      content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/ErrorEnvelope' }, { $ref: '#/components/schemas/NoRouteError' }] } } },
    });
    expect(document.components.schemas.NoRouteError).toMatchObject({ properties: { error: { type: 'string', const: 'Not Found' } } });
    const item = operation('/v0/{network}/address/{address}/balance');
    expect((item.responses as Record<string, { content: unknown }>)['200']?.content).toEqual({
      'application/json': { schema: { type: 'object', properties: { data: { type: 'string' } }, required: ['data'] } },
    });
    expect(document.components.schemas.ErrorEnvelope).toMatchObject({
      properties: { error: { $ref: '#/components/schemas/WhaleApiError' } },
      required: ['error'],
    });
  });

  it('writes path and query parameters with their defaults, names the operation and links its section', () => {
    const list = operation('/v0/{network}/address/{address}/balances');
    expect(list.parameters).toEqual([
      { $ref: '#/components/parameters/network' },
      { name: 'address', in: 'path', required: true, schema: { type: 'string' } },
      // No `maximum`: the server lowers a larger size to its cap instead of refusing it, as the description says.
      {
        name: 'size',
        in: 'query',
        required: false,
        description:
          'How many items to return, from 1 (a smaller or fractional value is refused with 422). The server serves at most 200 per page and lowers a larger size to 200 instead of refusing it.',
        schema: { type: 'integer', minimum: 1, default: 30 },
        'x-ocean-size-cap': 200,
      },
      { name: 'next', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    // A path parameter has no default, even where the client fills in '' (the URL always carries the segment).
    expect(JSON.stringify(document.paths)).not.toMatch(/"in":"path","required":true[^}]*"default"/);
    expect(document.security).toEqual([]);
    expect(list).toMatchObject({
      operationId: 'address.listBalances',
      summary: 'List address balances',
      tags: ['address'],
      externalDocs: { url: 'https://docs.example.org/ocean/address#listbalances' },
      'x-whale-api-client': 'client.address.listBalances',
    });
  });

  it('takes types the client borrows from api-core from the RPC model, with enum defaults resolved', () => {
    const listing = operation('/v0/{network}/governance/proposals');
    expect(listing.deprecated).toBe(true);
    expect(listing.parameters).toContainEqual({
      name: 'status',
      in: 'query',
      required: false,
      schema: { allOf: [{ $ref: '#/components/schemas/ProposalStatus' }], default: 'all' },
    });
    expect(document.components.schemas.ProposalStatus).toEqual({
      title: 'ProposalStatus',
      description: 'Status filter.',
      enum: ['all', 'voting'],
      type: 'string',
    });
  });

  it('keeps a joined path segment and says how the client builds it', () => {
    const price = operation('/v0/{network}/prices/{token}-{currency}');
    expect(price.description).toContain('is one path segment');
    expect((price.parameters as Array<{ name?: string }>).map((entry) => entry.name ?? 'network')).toEqual(['network', 'token', 'currency']);
  });

  it('sends a POST body as JSON', () => {
    expect(operation('/v0/{network}/rawtx/send', 'post').requestBody).toEqual({
      required: true,
      description: 'to submit',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/RawTxReq' } } },
    });
  });

  it('fails validation for a broken document', async () => {
    const broken = structuredClone(document) as unknown as Record<string, unknown>;
    delete (broken.info as Record<string, unknown>).title;
    expect((await validateOpenApi(broken)).length).toBeGreaterThan(0);
    expect(await invalidSchemas({ Bad: { type: 'nope' } }, 'https://x.test/a.json')).not.toEqual([]);
  });
});

describe('readEnvelopeSchemas', () => {
  it('reads ApiPage and WhaleApiError from the installed client', () => {
    const packageDir = path.dirname(require.resolve('@defichain/whale-api-client/package.json'));
    const { schemas } = readEnvelopeSchemas(packageDir);
    expect(schemas.ApiPage).toMatchObject({ type: 'object', properties: { next: { type: 'string' } } });
    expect(schemas.WhaleApiError).toMatchObject({
      type: 'object',
      required: ['code', 'type', 'at'],
      properties: { type: { $ref: '#/components/schemas/WhaleApiErrorType' } },
    });
    expect(schemas.WhaleApiErrorType).toMatchObject({ type: 'string', enum: expect.arrayContaining(['NotFound', 'ValidationError']) });
  });

  it("answers each status of an endpoint's errors (its own and its groups') with the envelope and an example per case", async () => {
    const withErrors: typeof ocean = structuredClone(ocean);
    withErrors.errors = {
      source: { repository: 'https://github.com/BirthdayResearch/jellyfishsdk', tag: 'v4.0.7' },
      groups: [
        {
          id: 'unknown-error',
          title: 'Unknown error',
          scope: 'every',
          summary: 'x',
          errors: [{ status: 500, type: 'UnknownError', message: null, condition: 'It failed.', source: 'a.ts:1' }],
        },
        {
          id: 'no-route',
          title: 'No such path',
          scope: 'every',
          summary: 'x',
          errors: [{ status: 404, type: '', message: 'Cannot {method} {url}', condition: 'No route.', source: 'a.ts:2' }],
        },
      ],
    };
    const endpoint = withErrors.categories[0]?.endpoints[0];
    if (!endpoint) throw new Error('no endpoint');
    endpoint.errors = {
      handler: 'a.ts:3',
      groups: [],
      errors: [{ status: 404, type: 'NotFound', message: 'Unable to find {address}', condition: 'Nothing there.', source: 'a.ts:4' }],
    };
    const built = buildOpenApi(withErrors, rpc, envelope, { siteUrl: 'https://docs.example.org', license: { name: 'MIT', identifier: 'MIT' } });
    const responses = (built.paths['/v0/{network}/address/{address}/balance']?.get as { responses: Record<string, unknown> }).responses;
    // The framework's 404 without an envelope is no answer of the operation; the endpoint's own 404 and every endpoint's 500 are.
    expect(responses['404']).toEqual({
      description: 'NotFound: Unable to find {address}',
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorEnvelope' },
          examples: {
            case1: {
              summary: 'Nothing there.',
              value: {
                error: {
                  code: 404,
                  type: 'NotFound',
                  at: expect.any(Number),
                  message: expect.stringMatching(/^Unable to find /),
                  url: expect.stringMatching(/^\/v0\/mainnet\/address\//),
                },
              },
            },
          },
        },
      },
    });
    expect(responses['500']).toMatchObject({ description: 'UnknownError' });
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '404', '500', '4XX', 'default']));
    expect(await validateOpenApi(built as unknown as Record<string, unknown>)).toEqual([]);
  });
});

describe('x-since (the release history, generator/history)', () => {
  it("is each operation's first published version; one of the first covered release says that release", () => {
    const dated: OceanReference = structuredClone(ocean);
    dated.history = { first: '0.2.4', latest: '9.9.9', versions: 2, removed: [] };
    const [endpoint] = dated.categories[0]?.endpoints ?? [];
    if (!endpoint) throw new Error('the small model has an endpoint');
    endpoint.history = { since: '3.5.2', changed: [], deprecated: null };
    const paths = buildOpenApi(dated, rpc, envelope, { siteUrl: 'https://docs.example.org', license: { name: 'MIT', identifier: 'MIT' } }).paths;
    const operations = Object.values(paths).flatMap((byMethod) => Object.values(byMethod));
    const sinceOf = (name: string): unknown => operations.find((each) => each['x-whale-api-client'] === `client.address.${name}`)?.['x-since'];
    expect(sinceOf(endpoint.name)).toBe('3.5.2');
    expect(operations.filter((each) => each['x-since'] === '0.2.4')).toHaveLength(operations.length - 1);
    expect(
      Object.values(document.paths)
        .flatMap((byMethod) => Object.values(byMethod))
        .every((each) => each['x-since'] === undefined),
    ).toBe(true);
  });
});
