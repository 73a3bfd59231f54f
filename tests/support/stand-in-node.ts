// A stand-in DeFiChain node for tests: an HTTP server on loopback that records each JSON-RPC request and answers
// with what the test gives it. The SDK's own JsonRpcClient talks to it as it would to defid.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StandInAnswer {
  status: number;
  body: string;
  contentType?: string;
}

export interface StandInNode {
  /** `http://user:pass@127.0.0.1:<port>`: the URL a client is given. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** What the next requests get, in turn; the last one repeats. */
  answer(...answers: StandInAnswer[]): void;
  /** Answers each request with what `responder` makes of it (until `answer` is called again). */
  respond(responder: (request: RecordedRequest) => StandInAnswer): void;
  close(): Promise<void>;
}

/** A JSON-RPC answer carrying `result` (text as the node prints it). */
export function resultAnswer(resultText: string, id: unknown = 'docs'): StandInAnswer {
  return { status: 200, body: `{"result":${resultText},"error":null,"id":${JSON.stringify(id)}}` };
}

/** The node's error answer: HTTP 500 with a JSON-RPC error body. */
export function errorAnswer(code: number, message: string): StandInAnswer {
  return { status: 500, body: JSON.stringify({ result: null, error: { code, message }, id: 'docs' }) };
}

/**
 * A JSON-RPC error as the node sends it (src/httprpc.cpp JSONErrorReply): the status that goes with the code (400 for
 * -32600, 404 for -32601, else 500) or the one given, and the error object in the body.
 */
export function rpcErrorAnswer(code: number, message: string, status = code === -32600 ? 400 : code === -32601 ? 404 : 500): StandInAnswer {
  return { status, body: JSON.stringify({ result: null, error: { code, message }, id: 'docs' }) };
}

/** An HTTP answer without a body, as the node sends 401 (no or wrong credentials) and 403 (outside rpcallowip). */
export function emptyAnswer(status: number): StandInAnswer {
  return { status, body: '', contentType: 'text/html; charset=ISO-8859-1' };
}

export async function startStandInNode(): Promise<StandInNode> {
  const requests: RecordedRequest[] = [];
  let queue: StandInAnswer[] = [resultAnswer('null')];
  let responder: ((request: RecordedRequest) => StandInAnswer) | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const next = responder === null ? (queue.length > 1 ? queue.shift() : queue[0]) : responder(recorded);
      const answer = next ?? resultAnswer('null');
      response.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://user:pass@127.0.0.1:${port}`,
    port,
    requests,
    answer: (...answers) => {
      responder = null;
      queue = answers.length > 0 ? answers : [resultAnswer('null')];
    },
    respond: (next) => {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
