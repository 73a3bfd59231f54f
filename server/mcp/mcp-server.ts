// The MCP server of the docs, the same for both transports: the tool table (./tools) and three resources (the OpenRPC
// and OpenAPI documents and llms.txt), answering from DocsData only.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool as ToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { BUILD_FILES, type DocsData } from './docs-data';
import { TOOLS } from './tools';
import { isMiss } from './tools/tool';

/** The longest answer a tool gives, in characters of JSON; every real answer is far below it (tests/build/mcp-*.test.ts). */
export const MAX_ANSWER_CHARS = 64 * 1024;

export const SERVER_NAME = 'jellyfish-docs';

/** The tools as tools/list describes them: computed once, the same for every connection. */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: z.toJSONSchema(tool.input, { target: 'draft-2020-12' }) as ToolDefinition['inputSchema'],
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
  return { content: [{ type: 'text', text }] };
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
  return mcp;
}
