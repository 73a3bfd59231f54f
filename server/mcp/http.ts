// Streamable HTTP at /mcp on the production server, stateless: every POST gets a fresh MCP server and transport over the
// shared, read-only data, so nothing is kept between requests (no sessions to expire or exhaust memory). Answers are
// JSON, never an event stream: a GET (the optional stream of server-sent events), a DELETE (ending a session) and any
// request naming a session are refused, as the protocol lets a server without sessions or streams do. Bodies are read
// up to MAX_BODY_BYTES; /.well-known/mcp describes the endpoint for clients that look for it. This thread only checks
// the request (Origin, headers, size, that the body is JSON-RPC); the answer is made in a worker thread (./worker.ts),
// so that the pages this process serves never wait on it.
import type http from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { DocsSources } from './docs-data';
import { RESOURCES, SERVER_NAME, TOOL_DEFINITIONS } from './mcp-server';
import { MCP_PATH, STDIO_COMMAND, WELL_KNOWN_PATHS } from './paths';
import { DeadlineError, McpWorker, type WorkerAnswer } from './worker';

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
  /** Stops the worker thread. */
  close(): Promise<void>;
}

export interface McpEndpointOptions {
  /**
   * Origins a browser page may call /mcp from, besides the server's own (the Host it was asked as): a request with
   * another Origin is refused with 403, against DNS rebinding. A request without Origin (an assistant, curl) is
   * answered. `MCP_ALLOWED_ORIGINS` (comma-separated) sets it for `npm run serve`.
   */
  allowedOrigins?: readonly string[];
  /** A JSON-RPC message's deadline in the worker thread (./worker.ts). */
  deadlineMs?: number;
}

/** Whether `value` is one JSON-RPC 2.0 message (a request, a notification or a response). */
function isJsonRpcMessage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return false;
  if (typeof message.method === 'string') return true;
  return 'id' in message && ('result' in message || 'error' in message);
}

/** Whether the request's Origin may call: none, the server's own (the Host asked for), or one allowed. */
function originAllowed(req: http.IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (req.headers.host !== undefined && parsed.host === req.headers.host) return true;
  return allowed.some((entry) => entry.replace(/\/+$/, '') === `${parsed.protocol}//${parsed.host}`);
}

export function createMcpEndpoint(sources: DocsSources, options: McpEndpointOptions = {}): McpEndpoint {
  const worker = new McpWorker(sources, options.deadlineMs);
  worker.warm();
  const allowed = options.allowedOrigins ?? [];

  const answerPost = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (!originAllowed(req, allowed)) {
      jsonRpcError(res, 403, -32000, 'Forbidden: this Origin may not call the MCP server (allow it with MCP_ALLOWED_ORIGINS)');
      return;
    }
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
    if (!(Array.isArray(message) ? message.every(isJsonRpcMessage) : isJsonRpcMessage(message))) {
      jsonRpcError(res, 400, ErrorCode.InvalidRequest, 'Invalid Request: the body is JSON but not a JSON-RPC 2.0 message');
      return;
    }
    const headers: Array<[string, string]> = [];
    for (let at = 0; at + 1 < req.rawHeaders.length; at += 2) headers.push([req.rawHeaders[at] ?? '', req.rawHeaders[at + 1] ?? '']);
    let answer: WorkerAnswer;
    try {
      answer = await worker.ask({ kind: 'message', headers, message });
    } catch (error) {
      if (!(error instanceof DeadlineError)) throw error;
      console.error(`serve: /mcp: ${error.message}`);
      jsonRpcError(res, 503, ErrorCode.InternalError, 'The request took too long and was stopped; try a shorter question.', { 'Retry-After': '1' });
      return;
    }
    if (answer.kind === 'unavailable') {
      console.error(`serve: /mcp: ${answer.message}`);
      jsonRpcError(res, 503, ErrorCode.InternalError, 'The documentation model is not available on this server.', { 'Retry-After': '60' });
      return;
    }
    if (answer.kind !== 'answer') throw new Error(answer.kind === 'failed' ? answer.message : `unexpected answer ${answer.kind}`);
    const out: http.OutgoingHttpHeaders = { 'Cache-Control': 'no-store' };
    for (const [name, value] of answer.headers) out[name] = value;
    if (answer.body !== '') out['content-length'] = Buffer.byteLength(answer.body);
    res.writeHead(answer.status, out);
    res.end(answer.body);
  };

  const answerWellKnown = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    let version: string | undefined;
    try {
      const answer = await worker.ask({ kind: 'version' });
      version = answer.kind === 'version' ? answer.version : undefined;
    } catch {
      version = undefined;
    }
    const body = JSON.stringify(wellKnownDocument(req, version), null, 2);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const failed = (req: http.IncomingMessage, res: http.ServerResponse) => (error: unknown) => {
    console.error(`serve: ${req.method} ${req.url ?? ''} failed:`, error);
    if (!res.headersSent) jsonRpcError(res, 500, ErrorCode.InternalError, 'Internal error');
    else res.destroy();
  };

  return {
    handle(req, res, pathname) {
      if ((WELL_KNOWN_PATHS as readonly string[]).includes(pathname)) {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          jsonRpcError(res, 405, -32000, 'Method not allowed: GET the discovery document', { Allow: 'GET, HEAD' });
          return true;
        }
        answerWellKnown(req, res).catch(failed(req, res));
        return true;
      }
      if (pathname !== MCP_PATH) return false;
      if (req.method !== 'POST') {
        // No event stream (GET) and no sessions to end (DELETE): the protocol's answer is 405.
        jsonRpcError(res, 405, -32000, 'Method not allowed: this MCP server answers POST only (stateless, JSON answers)', { Allow: 'POST' });
        return true;
      }
      answerPost(req, res).catch(failed(req, res));
      return true;
    },
    close: () => worker.close(),
  };
}
