// The MCP endpoint of the production server (/mcp, server/mcp/http.ts) over a small build folder of our own and the
// generated model: the SDK's own client, every kind of bad request (a JSON-RPC error with a 4xx, never a 500 or a
// crash), the bounds on bodies and batches, the security headers, the discovery document, a missing model.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcReference } from '../../generator/model/types';
import { DEFAULT_SOURCES } from '../../server/mcp/docs-data';
import { TOOL_DEFINITIONS } from '../../server/mcp/mcp-server';
import { writeHeadersFile } from '../../server/security-headers';
import { startServer, type RunningServer } from '../../server/server';
import { PAGE_TEXT, decodeBody, makeBuildFolder, request } from './server-helpers';

const model = JSON.parse(fs.readFileSync(path.join(DEFAULT_SOURCES.generated, 'rpc-model.json'), 'utf8')) as RpcReference;

let root: string;
let running: RunningServer;
let securityHeaders: Record<string, string>;

beforeAll(async () => {
  root = makeBuildFolder();
  securityHeaders = writeHeadersFile(root)[0]?.headers ?? {};
  running = await startServer({ root, port: 0 });
});

afterAll(async () => {
  await running.close(100);
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(`${root}-secret.txt`, { force: true });
});

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Sends a request with a body as given (a string, or chunks sent without a declared length). */
function send(method: string, target: string, headers: http.OutgoingHttpHeaders, body?: string | string[]): Promise<Answer> {
  const base = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, method, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (Array.isArray(body)) {
      for (const chunk of body) req.write(chunk);
      req.end();
    } else {
      req.end(body);
    }
  });
}

function jsonRpcError(answer: Answer): { code: number; message: string } {
  const parsed = JSON.parse(answer.text) as { jsonrpc: string; error: { code: number; message: string }; id: null };
  expect(parsed.jsonrpc).toBe('2.0');
  expect(parsed.id).toBeNull();
  expect(answer.headers['content-type']).toBe('application/json');
  return parsed.error;
}

async function connect(): Promise<Client> {
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', running.url)));
  return client;
}

describe('the SDK client over Streamable HTTP', () => {
  it('initializes, lists the tools and calls one, answering from the model', async () => {
    const client = await connect();
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'jellyfish-docs', version: model.package.version });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(TOOL_DEFINITIONS.map((tool) => tool.name));
      const result = await client.callTool({ name: 'get_rpc_method', arguments: { name: 'getblockcount' } });
      expect(result.isError).toBeFalsy();
      const answer = JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '{}') as Record<string, unknown>;
      const method = model.categories.find((category) => category.name === 'blockchain')?.methods.find((each) => each.name === 'getBlockCount');
      expect(answer).toMatchObject({ sdk: `${model.package.name}@${model.package.version}`, method: 'blockchain.getBlockCount', nodeRpc: method?.rpc.names });
      // This build folder has no pages: the answer says where the examples are instead of inventing them.
      expect(answer.examples).toBeUndefined();
      expect(answer.examplesMissing).toMatch(/npm run build/);
    } finally {
      await client.close();
    }
  });

  it('answers an unknown tool and bad arguments with JSON-RPC errors, and a name the docs lack with a tool error', async () => {
    const client = await connect();
    try {
      const rejection = (promise: Promise<unknown>) =>
        promise.then(
          () => undefined,
          (error: unknown) => error,
        );
      const unknown = await rejection(client.callTool({ name: 'get_everything', arguments: {} }));
      expect(unknown).toBeInstanceOf(McpError);
      expect(unknown).toMatchObject({ code: -32602 });
      expect((unknown as Error).message).toMatch(/Unknown tool "get_everything"/);
      for (const [name, args, pattern] of [
        ['search', {}, /query/],
        ['search', { query: 'x'.repeat(501) }, /500 characters/],
        ['search', { query: 'block', limit: 1000 }, /limit/],
        ['get_page', { page: '/node/design', offset: -1 }, /offset/],
        ['get_type', { name: 'Block', extra: true }, /extra/],
      ] as const) {
        const error = await rejection(client.callTool({ name, arguments: args }));
        expect(error, `${name} ${JSON.stringify(args)}`).toMatchObject({ code: -32602 });
        expect((error as Error).message).toMatch(pattern);
      }
      const miss = await client.callTool({ name: 'get_rpc_method', arguments: { name: 'getblockcont' } });
      expect(miss.isError).toBe(true);
      const text = JSON.parse((miss.content as Array<{ text: string }>)[0]?.text ?? '{}') as { miss: string; suggestions: string[] };
      expect(text.miss).toMatch(/getblockcont/);
      expect(text.suggestions[0]).toMatch(/^getBlockCount /);
    } finally {
      await client.close();
    }
  });
});

describe('bad requests to /mcp', () => {
  it.each(['GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'])('%s → 405 naming POST', async (method) => {
    const answer = await send(method, '/mcp', { Accept: 'text/event-stream' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
    if (method !== 'HEAD') expect(jsonRpcError(answer).code).toBe(-32000);
  });

  it('a body that is not JSON → 400 parse error (-32700); JSON that is no JSON-RPC message → 400 invalid request (-32600)', async () => {
    expect(jsonRpcError(await send('POST', '/mcp', JSON_HEADERS, '{"jsonrpc":'))).toMatchObject({ code: -32700 });
    for (const body of [
      '{"hello":"world"}',
      '[1, 2]',
      '"text"',
      '{"jsonrpc":"1.0","method":"ping","id":1}',
      '[{"jsonrpc":"2.0","method":"ping","id":1}, {}]',
    ]) {
      const notRpc = await send('POST', '/mcp', JSON_HEADERS, body);
      expect(notRpc.status, body).toBe(400);
      expect(jsonRpcError(notRpc).code, body).toBe(-32600);
    }
    const empty = await send('POST', '/mcp', JSON_HEADERS, '');
    expect(empty.status).toBe(400);
  });

  it('a content type other than JSON → 415; an Accept without both types → 406', async () => {
    const text = await send('POST', '/mcp', { ...JSON_HEADERS, 'Content-Type': 'text/plain' }, LIST_TOOLS);
    expect(text.status).toBe(415);
    expect(jsonRpcError(text).code).toBe(-32000);
    const accept = await send('POST', '/mcp', { ...JSON_HEADERS, Accept: 'application/json' }, LIST_TOOLS);
    expect(accept.status).toBe(406);
  });

  it('an Origin other than the server’s own → 403; none, or the server’s own, is answered', async () => {
    const foreign = await send('POST', '/mcp', { ...JSON_HEADERS, Origin: 'https://attacker.example' }, LIST_TOOLS);
    expect(foreign.status).toBe(403);
    expect(jsonRpcError(foreign).code).toBe(-32000);
    const own = await send('POST', '/mcp', { ...JSON_HEADERS, Origin: running.url.replace(/\/$/, '') }, LIST_TOOLS);
    expect(own.status).toBe(200);
    expect((await send('POST', '/mcp', JSON_HEADERS, LIST_TOOLS)).status).toBe(200);
    // An origin the server is told to allow.
    const allowing = await startServer({ root, port: 0, mcp: { allowedOrigins: ['https://docs.example'] } });
    try {
      const url = new URL('/mcp', allowing.url);
      const ask = (origin: string): Promise<number> =>
        new Promise((resolve, reject) => {
          const req = http.request(url, { method: 'POST', headers: { ...JSON_HEADERS, Origin: origin } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end(LIST_TOOLS);
        });
      expect(await ask('https://docs.example')).toBe(200);
      expect(await ask('https://other.example')).toBe(403);
    } finally {
      await allowing.close(100);
    }
  });

  it('a session the server never issued → 404 "Session not found"', async () => {
    const answer = await send('POST', '/mcp', { ...JSON_HEADERS, 'Mcp-Session-Id': 'f00d' }, LIST_TOOLS);
    expect(answer.status).toBe(404);
    expect(jsonRpcError(answer).code).toBe(-32001);
  });

  it('an unsupported protocol version → 400', async () => {
    const answer = await send('POST', '/mcp', { ...JSON_HEADERS, 'MCP-Protocol-Version': '1999-01-01' }, LIST_TOOLS);
    expect(answer.status).toBe(400);
    expect(jsonRpcError(answer).message).toMatch(/protocol version/i);
  });

  // The bounds the README states: 64 KiB a body, 4 messages a batch.
  it('a body over 64 KiB → 413, declared or streamed; one just under is read', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'x'.repeat(64 * 1024) } } });
    const declared = await send('POST', '/mcp', JSON_HEADERS, big);
    expect(declared.status).toBe(413);
    expect(jsonRpcError(declared).code).toBe(-32000);
    const chunks = Array.from({ length: 40 }, () => 'x'.repeat(4096));
    const streamed = await send('POST', '/mcp', { ...JSON_HEADERS, 'Transfer-Encoding': 'chunked' }, chunks);
    expect(streamed.status).toBe(413);
    const padded = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { pad: 'x'.repeat(60 * 1024) } } });
    expect((await send('POST', '/mcp', JSON_HEADERS, padded)).status).toBe(200);
  });

  it('a batch of more than 4 messages, or none → 400; a batch of 4 is answered', async () => {
    const message = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const tooMany = await send('POST', '/mcp', JSON_HEADERS, JSON.stringify(Array.from({ length: 5 }, (_, id) => message(id))));
    expect(tooMany.status).toBe(400);
    expect(jsonRpcError(tooMany).code).toBe(-32600);
    expect((await send('POST', '/mcp', JSON_HEADERS, '[]')).status).toBe(400);
    const batch = await send('POST', '/mcp', JSON_HEADERS, JSON.stringify([1, 2, 3, 4].map(message)));
    expect(batch.status).toBe(200);
    expect((JSON.parse(batch.text) as unknown[]).length).toBe(4);
  });

  it('a notification alone → 202 with no body', async () => {
    const answer = await send('POST', '/mcp', JSON_HEADERS, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
  });

  it('every answer carries the security headers of the rest of the server, and none is cached', async () => {
    const answers = [
      await send('POST', '/mcp', JSON_HEADERS, LIST_TOOLS),
      await send('GET', '/mcp', {}),
      await send('POST', '/mcp', JSON_HEADERS, '{'),
      await send('GET', '/.well-known/mcp', {}),
    ];
    for (const answer of answers) {
      for (const [name, value] of Object.entries(securityHeaders)) expect(answer.headers[name.toLowerCase()], `${answer.status} ${name}`).toBe(value);
    }
    expect(answers[0]?.headers['cache-control']).toBe('no-store');
  });

  it('leaves the server up: pages and the endpoint still answer after all of the above, and under 40 calls at once', async () => {
    const page = await request(running.url, '/guide/');
    expect(page.status).toBe(200);
    expect(decodeBody(page)).toContain(PAGE_TEXT.guide);
    const call = (id: number) =>
      send(
        'POST',
        '/mcp',
        JSON_HEADERS,
        JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search', arguments: { query: 'rpc:getblock' } } }),
      );
    const answers = await Promise.all(Array.from({ length: 40 }, (_, id) => call(id)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  });
});

describe('/.well-known/mcp', () => {
  it('describes the endpoint, its transport, tools and the stdio command', async () => {
    for (const target of ['/.well-known/mcp', '/.well-known/mcp.json']) {
      const answer = await send('GET', target, { Host: 'docs.example:8080' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const document = JSON.parse(answer.text) as Record<string, unknown>;
      expect(document).toMatchObject({
        name: 'jellyfish-docs',
        version: model.package.version,
        transport: 'streamable-http',
        url: 'http://docs.example:8080/mcp',
        stdio: { command: 'npm run --silent mcp' },
      });
      expect((document.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual(TOOL_DEFINITIONS.map((tool) => tool.name));
    }
  });

  it('names no host it cannot trust, and takes GET and HEAD only', async () => {
    const odd = JSON.parse((await send('GET', '/.well-known/mcp', { Host: 'evil.example/<script>' })).text) as { url: string };
    expect(odd.url).toBe('/mcp');
    const post = await send('POST', '/.well-known/mcp', JSON_HEADERS, '{}');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('a server without the generated model', () => {
  it('answers /mcp with 503 and a JSON-RPC error, and keeps serving pages', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-no-model-'));
    const server = await startServer({ root, port: 0, mcp: { generated: empty } });
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const answer = await fetch(new URL('/mcp', server.url), { method: 'POST', headers: JSON_HEADERS, body: LIST_TOOLS });
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { error: { code: number } }).error.code).toBe(-32603);
      expect(errors.join(' ')).toMatch(/npm run generate/);
      expect((await request(server.url, '/guide/')).status).toBe(200);
    } finally {
      console.error = log;
      await server.close(100);
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('leaves /mcp to the file server when the endpoint is turned off', async () => {
    const server = await startServer({ root, port: 0, mcp: false });
    try {
      expect((await request(server.url, '/mcp', { method: 'POST' })).status).toBe(405);
      expect((await request(server.url, '/mcp')).status).toBe(404);
    } finally {
      await server.close(100);
    }
  });
});
