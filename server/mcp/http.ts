// Streamable HTTP at /mcp on the production server, stateless: every POST gets a fresh MCP server and transport over the
// shared, read-only data, so nothing is kept between requests (no sessions to expire or exhaust memory). Answers are
// JSON, never an event stream: a GET (the optional stream of server-sent events), a DELETE (ending a session) and any
// request naming a session are refused, as the protocol lets a server without sessions or streams do. Bodies are read
// up to MAX_BODY_BYTES; /.well-known/mcp describes the endpoint for clients that look for it.
import type http from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { DocsData, DocsDataError, type DocsSources } from './docs-data';
import { RESOURCES, SERVER_NAME, TOOL_DEFINITIONS, createDocsServer } from './mcp-server';
import { MCP_PATH, STDIO_COMMAND, WELL_KNOWN_PATHS } from './paths';

/** Largest request body read: a tool call with the longest arguments the tools accept is well under 2 KiB. */
const MAX_BODY_BYTES = 64 * 1024;
/** Most JSON-RPC messages one POST may carry (batches are from the 2025-03-26 protocol; later ones send one). */
const MAX_BATCH = 4;

/** The session-less server's error for a JSON-RPC request it cannot take. */
function jsonRpcError(res: http.ServerResponse, status: number, code: number, message: string, headers: http.OutgoingHttpHeaders = {}): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

type BodyResult = { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'aborted' };

/** Reads the request body up to `limit` bytes; stops reading (and says so) as soon as it is longer. */
function readBody(req: http.IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult): void => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop buffering; the answer closes the connection, so the rest is never read.
        req.removeAllListeners('data');
        req.pause();
        finish({ kind: 'too-large' });
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => finish({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => finish({ kind: 'aborted' }));
    req.on('close', () => finish({ kind: 'aborted' }));
  });
}

/** The discovery document: where the endpoint is, its transport, tools and resources, and the stdio command. */
function wellKnownDocument(req: http.IncomingMessage, version: string | undefined): Record<string, unknown> {
  const host = req.headers.host;
  const forwarded = req.headers['x-forwarded-proto'];
  const scheme = forwarded === 'https' ? 'https' : 'http';
  const origin = host !== undefined && /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host) ? `${scheme}://${host}` : undefined;
  const url = origin === undefined ? MCP_PATH : `${origin}${MCP_PATH}`;
  return {
    name: SERVER_NAME,
    title: 'Jellyfish SDK documentation',
    description:
      'Answers about the Jellyfish TypeScript SDK for DeFiChain (Full Node RPC client, Ocean REST API client, types, pages) from the checked model the docs are generated from.',
    ...(version === undefined ? {} : { version }),
    transport: 'streamable-http',
    url,
    servers: [{ name: SERVER_NAME, url, transport: 'streamable-http', authentication: 'none', sessions: false }],
    stdio: { command: STDIO_COMMAND, cwd: 'the docs repository, after npm run build' },
    tools: TOOL_DEFINITIONS.map((tool) => ({ name: tool.name, description: tool.description, annotations: tool.annotations })),
    resources: RESOURCES.map((resource) => ({ name: resource.name, path: resource.path, mimeType: resource.mimeType })),
  };
}

export interface McpEndpoint {
  /** Answers a request for /mcp or /.well-known/mcp; false when the path is neither. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean;
}

export function createMcpEndpoint(sources: DocsSources): McpEndpoint {
  let docs: DocsData | undefined;
  /** The data, read on the first request that needs it (a missing model is retried on the next). */
  const load = (): DocsData => {
    docs ??= new DocsData(sources);
    return docs;
  };

  const answerPost = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (req.headers['mcp-session-id'] !== undefined) {
      jsonRpcError(res, 404, -32001, 'Session not found: this server keeps no sessions; send requests without Mcp-Session-Id.');
      return;
    }
    if (!isJsonContentType(req.headers['content-type'] ?? null)) {
      jsonRpcError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
      return;
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too-large') {
      jsonRpcError(res, 413, -32000, `Request body larger than ${MAX_BODY_BYTES} bytes`, { Connection: 'close' });
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(body.text);
    } catch {
      jsonRpcError(res, 400, ErrorCode.ParseError, 'Parse error: the body is not JSON');
      return;
    }
    if (Array.isArray(message) && (message.length === 0 || message.length > MAX_BATCH)) {
      jsonRpcError(res, 400, ErrorCode.InvalidRequest, `Invalid Request: a batch holds 1 to ${MAX_BATCH} messages`);
      return;
    }
    let data: DocsData;
    try {
      data = load();
    } catch (error) {
      if (!(error instanceof DocsDataError)) throw error;
      console.error(`serve: /mcp: ${error.message}`);
      jsonRpcError(res, 503, ErrorCode.InternalError, 'The documentation model is not available on this server.', { 'Retry-After': '60' });
      return;
    }
    const headers = new Headers();
    for (let at = 0; at + 1 < req.rawHeaders.length; at += 2) headers.append(req.rawHeaders[at] ?? '', req.rawHeaders[at + 1] ?? '');
    const request = new Request(new URL(MCP_PATH, 'http://localhost'), { method: 'POST', headers });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = createDocsServer(data);
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request, { parsedBody: message });
      const text = response.body === null ? '' : await response.text();
      const out: http.OutgoingHttpHeaders = { 'Cache-Control': 'no-store' };
      response.headers.forEach((value, name) => {
        out[name] = value;
      });
      if (text !== '') out['content-length'] = Buffer.byteLength(text);
      res.writeHead(response.status, out);
      res.end(text);
    } finally {
      await transport.close();
      await server.close();
    }
  };

  return {
    handle(req, res, pathname) {
      if ((WELL_KNOWN_PATHS as readonly string[]).includes(pathname)) {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          jsonRpcError(res, 405, -32000, 'Method not allowed: GET the discovery document', { Allow: 'GET, HEAD' });
          return true;
        }
        let version: string | undefined;
        try {
          version = load().rpc.package.version;
        } catch {
          version = undefined;
        }
        const body = JSON.stringify(wellKnownDocument(req, version), null, 2);
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : body);
        return true;
      }
      if (pathname !== MCP_PATH) return false;
      if (req.method !== 'POST') {
        // No event stream (GET) and no sessions to end (DELETE): the protocol's answer is 405.
        jsonRpcError(res, 405, -32000, 'Method not allowed: this MCP server answers POST only (stateless, JSON answers)', { Allow: 'POST' });
        return true;
      }
      answerPost(req, res).catch((error: unknown) => {
        console.error(`serve: ${req.method} ${req.url ?? ''} failed:`, error);
        if (!res.headersSent) jsonRpcError(res, 500, ErrorCode.InternalError, 'Internal error');
        else res.destroy();
      });
      return true;
    },
  };
}
