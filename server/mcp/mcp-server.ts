// The MCP server of the docs, the same for both transports: the tool table (./tools) and three resources (the OpenRPC
// and OpenAPI documents and llms.txt), answering from DocsData only.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool as ToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { BUILD_FILES, type DocsData } from './docs-data';
import { TOOLS } from './tools';
import { isMiss } from './tools/tool';

/** The longest answer a tool gives, in characters of JSON; every real answer is far below it (tests/build/mcp-*.test.ts). */
export const MAX_ANSWER_CHARS = 64 * 1024;

export const SERVER_NAME = 'jellyfish-docs';

/** A tool's output schema as JSON Schema draft 7, without the `$schema` key some validators refuse. */
function outputSchemaOf(output: z.ZodObject): ToolDefinition['outputSchema'] {
  const schema = z.toJSONSchema(output, { target: 'draft-7', io: 'output' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema as ToolDefinition['outputSchema'];
}

/** The tools as tools/list describes them: computed once, the same for every connection. */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: z.toJSONSchema(tool.input, { target: 'draft-2020-12' }) as ToolDefinition['inputSchema'],
  // Draft 7, which every client's validator reads (the SDK's client checks each answer's structuredContent with it).
  outputSchema: outputSchemaOf(tool.output),
  annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
}));

/** The documents of the build offered as resources. */
export const RESOURCES = [
  {
    name: 'openrpc',
    path: BUILD_FILES.openrpc,
    title: 'Full Node RPC (OpenRPC)',
    description: 'OpenRPC document of every node RPC method the JsonRpcClient reference covers, with parameter and result schemas and examples',
    mimeType: 'application/json',
  },
  {
    name: 'openapi',
    path: BUILD_FILES.openapi,
    title: 'Ocean REST API (OpenAPI)',
    description: 'OpenAPI 3.1 document of every Ocean endpoint WhaleApiClient calls, with the response envelope, pagination and examples',
    mimeType: 'application/json',
  },
  {
    name: 'llms-txt',
    path: BUILD_FILES.llmsTxt,
    title: 'llms.txt',
    description: 'Index of every page of the docs with its Markdown twin, for language models (llmstxt.org)',
    mimeType: 'text/plain',
  },
] as const;

/** The scheme of the resource templates: one resource per method, endpoint, type and page, beside the whole documents. */
const SCHEME = 'jellyfish-docs';

/**
 * One resource per method, endpoint, type and page (the whole documents above are larger than an assistant reads at
 * once): each is the answer of the tool that answers for it, as JSON. The variable is percent-encoded
 * (`jellyfish-docs://page/%2Fnode%2Fdesign`).
 */
export const RESOURCE_TEMPLATES = [
  {
    name: 'rpc-method',
    uriTemplate: `${SCHEME}://rpc-method/{name}`,
    title: 'Full Node RPC method',
    description: 'One JsonRpcClient method by `category.method` (blockchain.getBlock): what get_rpc_method answers',
    tool: 'get_rpc_method',
    argument: 'name',
    list: (docs: DocsData): string[] => docs.rpc.categories.flatMap((category) => category.methods.map((method) => `${category.name}.${method.name}`)),
  },
  {
    name: 'ocean-endpoint',
    uriTemplate: `${SCHEME}://ocean-endpoint/{name}`,
    title: 'Ocean REST API endpoint',
    description: 'One WhaleApiClient endpoint by `category.method` (poolpairs.list): what get_ocean_endpoint answers',
    tool: 'get_ocean_endpoint',
    argument: 'endpoint',
    list: (docs: DocsData): string[] => docs.ocean.categories.flatMap((category) => category.endpoints.map((endpoint) => `${category.name}.${endpoint.name}`)),
  },
  {
    name: 'type',
    uriTemplate: `${SCHEME}://type/{name}`,
    title: 'Type of the RPC or Ocean client',
    description: 'One type by name or `module.Name` (blockchain.Block): what get_type answers',
    tool: 'get_type',
    argument: 'name',
    list: undefined,
  },
  {
    name: 'page',
    uriTemplate: `${SCHEME}://page/{route}`,
    title: 'Page of the docs',
    description: 'One page by its route, percent-encoded (%2Fnode%2Fdesign), or a section of it (%2Fnode%2Fdesign%23bignumber): what get_page answers',
    tool: 'get_page',
    argument: 'page',
    list: (docs: DocsData): string[] => [...docs.pages.values()].map((page) => page.route),
  },
] as const;

function instructions(docs: DocsData): string {
  return [
    `Documentation of Jellyfish, the TypeScript SDK for DeFiChain, as published at ${docs.siteUrl}; answers describe ${docs.sdk}.`,
    'Start with `search` (names, words, or `rpc:`/`ocean:`/`type:` filters), then ask get_rpc_method, get_ocean_endpoint or get_type',
    'for a signature, parameters, examples and notes, get_symbol for an export of the other SDK packages (addresses, keys,',
    'transactions, the builder, wallets, testing), get_custom_transaction for the byte layout of a DeFi custom transaction,',
    'or get_page for a page (or one section of it) as Markdown.',
    'Every example ran through the SDK against a stand-in node or Ocean; values are illustrative, on mainnet.',
  ].join(' ');
}

/** A JSON-RPC error with its code; its message goes to the client as it is (McpError would prefix it). */
class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The protocol's code for a resource the server cannot read. */
const RESOURCE_NOT_FOUND = -32002;

/** Answers kept per data set: the data never changes while a server runs, so an answer is a function of the question. */
const ANSWER_CACHE_SIZE = 256;
const answerCache = new WeakMap<DocsData, Map<string, CallToolResult>>();

/** Runs one tool call: a JSON-RPC error for an unknown tool or bad arguments, a tool error for a question the docs cannot answer. */
export function callTool(docs: DocsData, name: string, args: unknown): CallToolResult {
  const tool = TOOLS.find((candidate) => candidate.name === name);
  if (tool === undefined) {
    throw new JsonRpcError(ErrorCode.InvalidParams, `Unknown tool "${name}"; the tools are ${TOOLS.map((candidate) => candidate.name).join(', ')}.`);
  }
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) throw new JsonRpcError(ErrorCode.InvalidParams, `Invalid arguments for ${name}: ${z.prettifyError(parsed.error)}`);
  const key = `${name}\n${JSON.stringify(parsed.data)}`;
  let cache = answerCache.get(docs);
  if (cache === undefined) {
    cache = new Map();
    answerCache.set(docs, cache);
  }
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const answer = answerOf(docs, tool.run(docs, parsed.data));
  // The oldest answer goes first once the cache is full (a Map keeps insertion order).
  if (cache.size >= ANSWER_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, answer);
  return answer;
}

function answerOf(docs: DocsData, result: ReturnType<(typeof TOOLS)[number]['run']>): CallToolResult {
  if (isMiss(result)) return { isError: true, content: [{ type: 'text', text: JSON.stringify({ sdk: docs.sdk, ...result }) }] };
  const text = JSON.stringify(result);
  if (text.length > MAX_ANSWER_CHARS) {
    const miss = { sdk: docs.sdk, miss: `The answer is longer than ${MAX_ANSWER_CHARS} characters; ask for less (one section of a page, one type by id).` };
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(miss) }] };
  }
  // The same answer as structured content (checked against the tool's outputSchema by clients that read it) and as
  // text, for clients that read only text.
  return { content: [{ type: 'text', text }], structuredContent: result };
}

/** A server for one connection (stdio) or one request (stateless HTTP); the data is shared and loaded once. */
export function createDocsServer(docs: DocsData): McpServer {
  const mcp = new McpServer(
    { name: SERVER_NAME, title: 'Jellyfish SDK documentation', version: docs.rpc.package.version, websiteUrl: docs.siteUrl },
    { instructions: instructions(docs) },
  );
  // The tools are a fixed table with handlers of our own (McpServer's registerTool would turn an unknown tool or bad
  // arguments into a tool result; the protocol makes them JSON-RPC errors), so the list never changes.
  mcp.server.registerCapabilities({ tools: { listChanged: false } });
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...TOOL_DEFINITIONS] }));
  mcp.server.setRequestHandler(CallToolRequestSchema, (request) => callTool(docs, request.params.name, request.params.arguments));
  for (const resource of RESOURCES) {
    const uri = docs.url(resource.path);
    mcp.registerResource(resource.name, uri, { title: resource.title, description: resource.description, mimeType: resource.mimeType }, () => {
      const text = docs.buildText(resource.path);
      if (text === undefined) throw new JsonRpcError(RESOURCE_NOT_FOUND, `${resource.path} is not in this server's build: run \`npm run build\`.`);
      return { contents: [{ uri, mimeType: resource.mimeType, text }] };
    });
  }
  for (const template of RESOURCE_TEMPLATES) {
    const list = template.list;
    mcp.registerResource(
      template.name,
      new ResourceTemplate(template.uriTemplate, {
        list:
          list === undefined
            ? undefined
            : () => ({
                resources: list(docs).map((name) => ({
                  uri: template.uriTemplate.replace(/\{\w+\}$/, encodeURIComponent(name)),
                  name,
                  mimeType: 'application/json',
                })),
              }),
      }),
      { title: template.title, description: template.description, mimeType: 'application/json' },
      (uri, variables) => {
        const raw = Object.values(variables)[0];
        const value = decodeURIComponent(Array.isArray(raw) ? raw.join('/') : (raw ?? ''));
        const answer = callTool(docs, template.tool, { [template.argument]: value });
        const text = answer.content[0]?.type === 'text' ? answer.content[0].text : '';
        if (answer.isError === true) throw new JsonRpcError(RESOURCE_NOT_FOUND, `No resource at ${uri.href}: ${text}`);
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
      },
    );
  }
  return mcp;
}
