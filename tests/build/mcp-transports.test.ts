// Both transports of the MCP server, driven by the SDK's own Client against the production build: Streamable HTTP at
// /mcp of the production server, and stdio as `npm run --silent mcp` starts it. Each lists the tools and resources,
// answers a real question with every tool (checked against the model and the built pages), and answers bad input
// with JSON-RPC errors while staying up.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOURCES, DocsData, findSection } from '../../server/mcp/docs-data';
import { RESOURCES, RESOURCE_TEMPLATES, callTool } from '../../server/mcp/mcp-server';
import { STDIO_COMMAND } from '../../server/mcp/paths';
import { startServer, type RunningServer } from '../../server/server';
import { BUILD, answerJson, builtPage, placeOf } from '../support/mcp-pages';

const ROOT = path.resolve(__dirname, '../..');
const docs = new DocsData(DEFAULT_SOURCES);

interface Connection {
  client: Client;
  /** Errors the client saw on its own (a line on stdout that is not the protocol, a broken stream). */
  errors: Error[];
  close(): Promise<void>;
}

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ root: BUILD, port: 0 });
});

afterAll(async () => {
  await server.close(100);
});

async function overHttp(): Promise<Connection> {
  const client = new Client({ name: 'mcp-transports-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
  return { client, errors, close: () => client.close() };
}

async function overStdio(): Promise<Connection> {
  const [command = 'npm', ...args] = STDIO_COMMAND.split(' ');
  const transport = new StdioClientTransport({ command, args, cwd: ROOT, env: { ...process.env } as Record<string, string>, stderr: 'pipe' });
  const client = new Client({ name: 'mcp-transports-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, errors, close: () => client.close() };
}

async function call(connection: Connection, name: string, args: Record<string, unknown>): Promise<{ answer: Record<string, unknown>; isError: boolean }> {
  const result = await connection.client.callTool({ name, arguments: args });
  return { answer: answerJson(result), isError: result.isError === true };
}

function opensHeading(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  const { route, anchor } = placeOf(url);
  return builtPage(route).ids.has(anchor);
}

describe.each([
  ['Streamable HTTP', overHttp],
  ['stdio (npm run --silent mcp)', overStdio],
] as const)('over %s', (_, open) => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await open();
  }, 60_000);

  afterAll(async () => {
    await connection.close();
  });

  it('names the server and the SDK version, and lists the tools, read-only, with strict input schemas', async () => {
    expect(connection.client.getServerVersion()).toMatchObject({ name: 'jellyfish-docs', version: docs.rpc.package.version });
    expect(connection.client.getInstructions()).toContain(docs.sdk);
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'get_rpc_method', 'get_ocean_endpoint', 'get_type', 'get_symbol', 'get_custom_transaction', 'find_error', 'get_page', 'decode_transaction']);
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
      expect(tool.inputSchema, tool.name).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(80);
    }
  });

  it('search: a node RPC name finds its method first, words find guide sections, full text finds the rest', async () => {
    const byName = await call(connection, 'search', { query: 'rpc:getblockcount', limit: 3 });
    const [first] = byName.answer.results as Array<{ title: string; kind: string; url: string; excerpt?: string }>;
    expect(first).toMatchObject({ title: 'getBlockCount', kind: 'method' });
    expect(opensHeading(first?.url)).toBe(true);
    const method = docs.rpc.categories.flatMap((category) => category.methods).find((each) => each.name === 'getBlockCount');
    expect(first?.excerpt).toBe(method?.signatures[0]?.doc.text.trim());
    expect(byName.answer.sdk).toBe(docs.sdk);
    // In the order of the search box's engine.
    const ranked = await call(connection, 'search', { query: 'rpc:getblock', limit: 6 });
    expect((ranked.answer.results as Array<{ title: string; url: string }>).map((result) => `${result.title} ${placeOf(result.url).anchor}`)).toEqual(
      docs.engine.search('rpc:getblock', 6).map((hit) => `${hit.name} ${hit.hash.slice(1)}`),
    );

    const words = await call(connection, 'search', { query: 'subgraph swaps' });
    const urls = (words.answer.results as Array<{ url: string }>).map((result) => result.url);
    expect(urls.some((url) => url.includes('/legacy/dex#'))).toBe(true);
    for (const url of urls) expect(opensHeading(url) || placeOf(url).anchor === '', url).toBe(true);

    const text = await call(connection, 'search', { query: 'cookie file' });
    const kinds = (text.answer.results as Array<{ kind: string }>).map((result) => result.kind);
    expect(kinds).toContain('text');

    const packages = await call(connection, 'search', { query: 'wallet', kind: 'package' });
    const found = packages.answer.results as Array<{ kind: string; title: string }>;
    expect(found.length).toBeGreaterThan(0);
    for (const result of found) expect(result.kind).toBe('package');
  });

  it('search: an error message as the client threw it finds the method that answers with it, its code and cause', async () => {
    const pasted = "RpcApiError: 'Vault <351d74ca2d56636a628535a4f2d83b5733938d1038ee559e92980bb536627838> not found', code: -20, method: getvault";
    const { answer } = await call(connection, 'search', { query: pasted, limit: 3 });
    const [first] = answer.results as Array<{ title: string; kind: string; url: string; excerpt?: string }>;
    expect(first).toMatchObject({ title: 'Vault <{vaultId}> not found', kind: 'error' });
    expect(placeOf(first?.url ?? '')).toMatchObject({ route: '/node/jellyfish/api/vault', anchor: 'getvault' });
    const error = docs.rpc.categories
      .find((category) => category.name === 'vault')
      ?.methods.find((method) => method.name === 'getVault')
      ?.errors?.errors.find((each) => each.message === 'Vault <{vaultId}> not found');
    expect(error).toBeDefined();
    expect(first?.excerpt).toBe(`code ${error?.code}, HTTP ${error?.httpStatus}: ${error?.condition}`);
    // One word behind kind: only error messages.
    const kept = await call(connection, 'search', { query: 'liquidation', kind: 'error' });
    const messages = kept.answer.results as Array<{ kind: string; title: string }>;
    expect(messages.length).toBeGreaterThan(0);
    for (const result of messages) expect(result).toMatchObject({ kind: 'error', title: expect.stringMatching(/liquidation/i) });
  });

  it('get_rpc_method: the answer the server gives in process, with the page’s example', async () => {
    const { answer, isError } = await call(connection, 'get_rpc_method', { name: 'getblock' });
    expect(isError).toBe(false);
    expect(answer).toEqual(answerJson(callTool(docs, 'get_rpc_method', { name: 'getblock' })));
    expect(answer.method).toBe('blockchain.getBlock');
    const page = builtPage(placeOf(answer.url as string).route);
    const examples = answer.examples as Array<{ typescript: string; response: string }>;
    expect(examples.length).toBe(3);
    for (const example of examples) {
      expect(page.code.has(example.typescript)).toBe(true);
      expect(page.code.has(example.response)).toBe(true);
    }
  });

  it('get_ocean_endpoint: a real URL finds the endpoint, with its pagination and size cap', async () => {
    const { answer } = await call(connection, 'get_ocean_endpoint', { endpoint: 'GET /v0/mainnet/poolpairs?size=2' });
    expect(answer).toMatchObject({ endpoint: 'poolpairs.list', http: 'GET /v0/{network}/poolpairs', pagination: { defaultSize: '30', sizeCap: 200 } });
    const openapi = JSON.parse(fs.readFileSync(path.join(BUILD, 'ocean/openapi.json'), 'utf8')) as { paths: Record<string, { get?: { operationId: string } }> };
    expect(openapi.paths['/v0/{network}/poolpairs']?.get?.operationId).toBe('poolpairs.list');
    const [example] = answer.examples as Array<{ curl: string }>;
    expect(builtPage(placeOf(answer.url as string).route).code.has(example?.curl ?? '')).toBe(true);
  });

  it('get_type: the fields of the model, and where the type is used', async () => {
    const { answer } = await call(connection, 'get_type', { name: 'BlockchainInfo' });
    const declaration = docs.rpc.types['blockchain.BlockchainInfo'];
    expect(declaration?.kind).toBe('interface');
    expect((answer.fields as Array<{ name: string }>).map((field) => field.name)).toEqual(
      declaration?.kind === 'interface' ? declaration.fields.map((field) => field.name) : [],
    );
    expect(answer.usedBy).toEqual({ methods: ['blockchain.getBlockchainInfo'] });
    expect(opensHeading(answer.url)).toBe(true);
  });

  it('get_symbol: a class of an SDK package as its section shows it, an ambiguous name with its candidates, a member by `Class.member`', async () => {
    const { answer, isError } = await call(connection, 'get_symbol', { name: 'P2WPKHTransactionBuilder' });
    expect(isError).toBe(false);
    expect(answer).toEqual(answerJson(callTool(docs, 'get_symbol', { name: 'P2WPKHTransactionBuilder' })));
    expect(answer).toMatchObject({
      sdk: '@defichain/jellyfish-transaction-builder@4.0.7',
      package: '@defichain/jellyfish-transaction-builder',
      kind: 'class',
      signature: 'class P2WPKHTransactionBuilder extends P2WPKHTxnBuilder',
      url: 'https://jellyfishsdk.com/ecosystem/packages/jellyfish-transaction-builder#p2wpkhtransactionbuilder',
    });
    const twin = fs.readFileSync(path.join(BUILD, 'ecosystem/packages/jellyfish-transaction-builder.md'), 'utf8');
    const section = findSection(twin, 'P2WPKHTransactionBuilder')?.markdown ?? '';
    const [constructor] = (answer.classConstructor as { signatures: Array<{ signature: string }> }).signatures;
    expect(section).toContain(`\`\`\`ts\n${String(answer.signature)}\n\`\`\`\n\n**Constructor**, inherited from`);
    expect(section).toContain(`\`\`\`ts\n${constructor?.signature ?? ''}\n\`\`\``);
    const groups = (answer.members as Array<{ name: string; signature: string; url: string }>).map((member) => member.name);
    expect(groups).toEqual([...section.matchAll(/^### (\w+)$/gm)].map((match) => match[1]));
    expect(groups).toEqual(expect.arrayContaining(['utxo', 'account', 'dex', 'loans', 'vault']));
    for (const member of answer.members as Array<{ url: string }>) expect(opensHeading(member.url)).toBe(true);

    const eth = await call(connection, 'get_symbol', { name: 'Eth' });
    expect(eth.isError).toBe(false);
    expect((eth.answer.candidates as Array<{ package: string }>).map((candidate) => candidate.package)).toEqual([
      '@defichain/jellyfish-crypto',
      '@defichain/jellyfish-address',
    ]);
    const one = await call(connection, 'get_symbol', { name: 'Eth', package: 'jellyfish-address' });
    expect(one.answer).toMatchObject({ name: 'Eth', package: '@defichain/jellyfish-address', kind: 'constant' });
    expect(opensHeading(one.answer.url)).toBe(true);

    const takeLoan = await call(connection, 'get_symbol', { name: 'TxnBuilderLoans.takeLoan' });
    const [signature] = takeLoan.answer.signatures as Array<{ signature: string }>;
    expect(takeLoan.answer).toMatchObject({ owner: 'TxnBuilderLoans', name: 'takeLoan', kind: 'method' });
    expect(builtPage(placeOf(String(takeLoan.answer.url)).route).signatures.has(signature?.signature ?? '')).toBe(true);
    expect(opensHeading(takeLoan.answer.url)).toBe(true);
  });

  it('get_custom_transaction: a type byte finds its type, with the layout and the example the page shows', async () => {
    const { answer } = await call(connection, 'get_custom_transaction', { type: '0x73' });
    const model = docs.customTx?.types.find((type) => type.opCode === 0x73);
    expect(answer).toMatchObject({ className: model?.className, opName: model?.opName, builder: ['builder.dex.poolSwap'] });
    expect((answer.layout as Array<{ field: string }>).map((row) => row.field)).toEqual(
      docs.customTx?.structures[model?.className ?? '']?.fields.map((field) => field.names.join(', ')),
    );
    const example = answer.example as { payloadHex: string; decodecustomtx: string };
    const page = builtPage(placeOf(answer.url as string).route);
    expect(page.code.has(example.payloadHex)).toBe(true);
    expect(page.code.has(example.decodecustomtx)).toBe(true);
    expect(opensHeading(answer.url)).toBe(true);
  });

  it('get_page: one section of a page by the hash of its URL, as the twin has it', async () => {
    const { answer } = await call(connection, 'get_page', { page: 'https://jellyfishsdk.com/node/design#bignumber' });
    const twin = fs.readFileSync(path.join(BUILD, 'node/design.md'), 'utf8');
    expect(answer.markdown).toBe(findSection(twin, 'BigNumber')?.markdown);
    expect(answer.url).toBe('https://jellyfishsdk.com/node/design#bignumber');
  });

  it('resources: the OpenRPC and OpenAPI documents and llms.txt, as the build has them', async () => {
    const { resources } = await connection.client.listResources();
    const documents = resources.filter((resource) => resource.uri.startsWith('https://'));
    expect(documents.map((resource) => resource.name)).toEqual(RESOURCES.map((resource) => resource.name));
    for (const resource of RESOURCES) {
      const read = await connection.client.readResource({ uri: `https://jellyfishsdk.com${resource.path}` });
      const [content] = read.contents as Array<{ text: string; mimeType: string }>;
      expect(content?.mimeType).toBe(resource.mimeType);
      expect(content?.text).toBe(fs.readFileSync(path.join(BUILD, resource.path), 'utf8'));
    }
  });

  it('resource templates: one resource per method, endpoint, type and page, each the answer of its tool', async () => {
    const { resourceTemplates } = await connection.client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(RESOURCE_TEMPLATES.map((template) => template.uriTemplate));
    const { resources } = await connection.client.listResources();
    const listed = (name: string): number => resources.filter((resource) => resource.uri.startsWith(`jellyfish-docs://${name}/`)).length;
    expect(listed('rpc-method')).toBe(docs.rpc.categories.reduce((sum, category) => sum + category.methods.length, 0));
    expect(listed('ocean-endpoint')).toBe(docs.ocean.categories.reduce((sum, category) => sum + category.endpoints.length, 0));
    expect(listed('page')).toBe(docs.pages.size);
    const read = async (uri: string): Promise<Record<string, unknown>> => {
      const [content] = (await connection.client.readResource({ uri })).contents as Array<{ text: string; mimeType: string }>;
      expect(content?.mimeType).toBe('application/json');
      return JSON.parse(content?.text ?? '{}') as Record<string, unknown>;
    };
    expect(await read('jellyfish-docs://rpc-method/blockchain.getBlock')).toMatchObject({ method: 'blockchain.getBlock' });
    expect(await read('jellyfish-docs://ocean-endpoint/poolpairs.list')).toMatchObject({ endpoint: 'poolpairs.list' });
    expect(await read('jellyfish-docs://type/blockchain.Block')).toMatchObject({ name: 'Block', id: 'blockchain.Block' });
    const page = await read(`jellyfish-docs://page/${encodeURIComponent('/node/design#bignumber')}`);
    expect(page).toMatchObject({ section: expect.stringMatching(/BigNumber/) });
    await expect(connection.client.readResource({ uri: 'jellyfish-docs://rpc-method/noSuchMethod' })).rejects.toThrow(/noSuchMethod/);
  });

  it('structured answers: every tool has an outputSchema, and its answers are structuredContent the client checks against it', async () => {
    const { tools } = await connection.client.listTools();
    for (const tool of tools) expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
    const questions: Array<[string, Record<string, unknown>]> = [
      ['search', { query: 'how do I get a block by its hash' }],
      ['get_rpc_method', { name: 'getBlock' }],
      ['get_ocean_endpoint', { endpoint: 'GET /poolpairs' }],
      ['get_type', { name: 'Block' }],
      ['get_symbol', { name: 'Eth' }],
      ['get_custom_transaction', { type: '0x73' }],
      ['find_error', { error: '-4 Insufficient funds' }],
      ['get_page', { page: '/node/design' }],
      ['decode_transaction', { hex: `0014${'d9c7bfc9c42bad7ec93c9fe24d7bd50c3a09c5a4'}`, as: 'script' }],
    ];
    expect(questions.map(([name]) => name).sort()).toEqual(tools.map((tool) => tool.name).sort());
    for (const [name, args] of questions) {
      // The SDK's client throws when structuredContent does not match the tool's outputSchema.
      const result = await connection.client.callTool({ name, arguments: args });
      expect(result.isError, name).not.toBe(true);
      expect(result.structuredContent, name).toEqual(answerJson(result));
    }
  });

  it('one vocabulary of kinds: every kind a search result carries is one the kind filter takes, and the filter keeps it', async () => {
    const search = (await connection.client.listTools()).tools.find((tool) => tool.name === 'search');
    const kinds = (search?.inputSchema.properties?.kind as { enum: string[] }).enum;
    const seen = new Set<string>();
    for (const query of ['getblock', 'pool swap', 'Insufficient funds', 'Migrating from 3.x to 4.0', 'PoolSwap', 'cookie file', 'wallet', '-4']) {
      const { answer } = await call(connection, 'search', { query, limit: 20 });
      for (const result of answer.results as Array<{ kind: string }>) seen.add(result.kind);
    }
    expect(seen.size).toBeGreaterThan(5);
    for (const kind of seen) {
      expect(kinds, kind).toContain(kind);
      const { answer } = await call(connection, 'search', { query: kind === 'error' ? 'insufficient' : 'pool', kind, limit: 5 });
      for (const result of answer.results as Array<{ kind: string }>) expect(result.kind, kind).toBe(kind);
    }
  });

  it('answers bad input with JSON-RPC errors and unknown names with tool errors, and stays up', async () => {
    const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);
    const attempts = [
      connection.client.callTool({ name: 'get_everything', arguments: {} }),
      connection.client.callTool({ name: 'get_rpc_method', arguments: {} }),
      connection.client.callTool({ name: 'get_rpc_method', arguments: { name: 'x'.repeat(121) } }),
      connection.client.callTool({ name: 'get_ocean_endpoint', arguments: { endpoint: 42 } }),
      connection.client.callTool({ name: 'get_page', arguments: { page: '/node/design', offset: 1.5 } }),
      connection.client.callTool({ name: 'get_symbol', arguments: { name: '' } }),
      connection.client.callTool({ name: 'get_symbol', arguments: { name: 'x'.repeat(161) } }),
      connection.client.callTool({ name: 'get_symbol', arguments: { name: 'WIF', package: ['jellyfish-crypto'] } }),
    ];
    for (const attempt of attempts) {
      const error = await rejection(attempt);
      expect(error).toBeInstanceOf(McpError);
      expect(error).toMatchObject({ code: -32602 });
    }
    const unknownResource = await rejection(connection.client.readResource({ uri: 'https://jellyfishsdk.com/etc/passwd' }));
    expect(unknownResource).toBeInstanceOf(McpError);
    for (const [tool, args] of [
      ['get_rpc_method', { name: 'getblok' }],
      ['get_ocean_endpoint', { endpoint: 'GET /v0/mainnet/nothing/here' }],
      ['get_type', { name: 'NoSuchType' }],
      ['get_custom_transaction', { type: 'NoSuchTransaction' }],
      ['get_symbol', { name: 'NoSuchSymbol' }],
      ['get_symbol', { name: 'WIF', package: 'no-such-package' }],
      ['get_symbol', { name: 'P2WPKHTransactionBuilder.noSuchMember' }],
      ['get_page', { page: '/../../package.json' }],
      ['get_page', { page: '/node/design', section: 'No such heading' }],
    ] as const) {
      const { answer, isError } = await call(connection, tool, args);
      expect(isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(typeof answer.miss).toBe('string');
    }
    const suggestion = await call(connection, 'get_rpc_method', { name: 'getblok' });
    expect((suggestion.answer.suggestions as string[])[0]).toMatch(/^getBlock /);
    // A misspelt SDK name: the near match first, with its kind and package.
    const misspelt = await call(connection, 'get_symbol', { name: 'P2WPKHTransactionBuildr' });
    expect(misspelt.isError).toBe(true);
    expect((misspelt.answer.suggestions as string[])[0]).toBe('P2WPKHTransactionBuilder (class of @defichain/jellyfish-transaction-builder)');
    // A name of another package than the one asked: that package is named.
    const elsewhere = await call(connection, 'get_symbol', { name: 'WIF', package: 'jellyfish-address' });
    expect(elsewhere.answer.suggestions).toContain('WIF (constant of @defichain/jellyfish-crypto)');
    await expect(connection.client.ping()).resolves.toEqual({});
  });

  it('saw nothing on the wire but the protocol (no stray line on stdout, no broken message)', () => {
    expect(connection.errors).toEqual([]);
  });
});
