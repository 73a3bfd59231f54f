// A stand-in Ocean for tests: an HTTP server on loopback that records every request and answers from a route table
// the test supplies, in the shapes Ocean (apps/whale-api) uses. WhaleApiClient talks to it as it would to
// https://{network}.ocean.jellyfishsdk.com once the snippet's base URL is swapped for `ocean.url`.
//
//   const ocean = await startStandInOcean([
//     { method: 'GET', path: '/v0/testnet/fee/estimate', reply: { data: 0.00005 } },
//     { path: '/v0/testnet/address/:address/tokens', reply: (request) => ({ data: tokensOf(request.params.address) }) },
//     { method: 'POST', path: '/v0/testnet/rawtx/send', reply: { status: 400, error: { type: 'BadRequest', message: 'Absurdly high fee' } } },
//   ]);
//   ... run the code under test against ocean.url ...
//   expect(ocean.requests.map((r) => `${r.method} ${r.path}`)).toEqual([...]);
//   await ocean.close();
//
// A request no route matches is recorded with `route: undefined`, so a test can assert that nothing unexpected was
// called (`ocean.unmatched()`), and gets what a NestJS app such as Ocean answers for a path it has no handler for:
// 404 with `{ statusCode, message: 'Cannot GET /…', error: 'Not Found' }`. That body is NestJS's default, not Ocean's
// `{ error: {…} }` envelope (Ocean's interceptors only see requests that reached a controller). Pass
// `{ unmatched }` to answer something else.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the stand-in received it. */
export interface OceanRequest {
  method: string;
  /** The path as sent, without the query string and still percent-encoded: `/v0/testnet/rawtx/send`. */
  path: string;
  /** Path and query as sent: what Ocean writes into an error envelope's `url`. */
  url: string;
  /** Query parameters by name (the last value wins when a name repeats). */
  query: Record<string, string>;
  /** The body parsed as JSON; `undefined` when the body is empty or is not JSON (see `rawBody`). */
  body: unknown;
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  /** Values of the route's `:name` segments, percent-decoded. Empty for a RegExp route's unnamed groups. */
  params: Record<string, string>;
  /** Index in the route table of the route that answered, or `undefined` when none matched. */
  route: number | undefined;
}

/**
 * Ocean's error object (`ApiError` in apps/whale-api). `code` defaults to the reply's status, `at` to now and `url` to
 * the request's URL, query included, as Ocean fills it in.
 */
interface OceanError {
  code?: number;
  type: string;
  at?: number;
  message?: string;
  url?: string;
  /** Extra fields Ocean adds for some types, e.g. `validation` on a 422 ValidationError. */
  [field: string]: unknown;
}

/**
 * What a route answers:
 * - `{ data, page? }`: HTTP 200 with exactly that envelope (list endpoints carry `page.next` when there is more);
 *   `{ data: undefined }` goes out as `{}`, which is how Ocean answers when a controller returns nothing;
 * - `{ status, error }`: that HTTP status with the body `{ "error": { code, type, at, message?, url? } }`;
 * - `{ status, text, contentType? }`: that status with a body that is not Ocean's JSON (a proxy's HTML page, say).
 */
export type OceanReply =
  { data: unknown; page?: { next?: string } } | { status: number; error: OceanError } | { status: number; text: string; contentType?: string };

export interface OceanRoute {
  /** HTTP method to match (any when left out). */
  method?: string;
  /**
   * The full path to match, query excluded: a string whose `:name` segments match any one segment
   * (`/v0/testnet/address/:address/tokens`), or a RegExp tested against the path.
   */
  path: string | RegExp;
  /** The answer, or a function of the recorded request that returns it (it may be async). */
  reply: OceanReply | ((request: OceanRequest) => OceanReply | Promise<OceanReply>);
}

export interface StandInOceanOptions {
  /** The answer to a request no route matches; NestJS's default 404 when left out. */
  unmatched?: (request: OceanRequest) => OceanReply;
}

/**
 * The envelope type Ocean gives an HTTP status (apps/whale-api/src/module.api/_core/api.error.ts: NestJSApiException
 * maps the status of NestJS's exceptions, and its own NotFound/BadRequest/Validation exceptions carry the same pairs).
 */
export function oceanErrorType(status: number): string {
  const types: Record<number, string> = {
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
    408: 'TimeoutError',
    409: 'Conflict',
    422: 'ValidationError',
    503: 'BadGateway',
  };
  return types[status] ?? 'UnknownError';
}

/** NestJS's answer to a path without a handler (its NotFoundException, through the default exception filter). */
function nestNotFound(request: OceanRequest, url: string): OceanReply {
  const body = { statusCode: 404, message: `Cannot ${request.method} ${url}`, error: 'Not Found' };
  return { status: 404, text: JSON.stringify(body), contentType: 'application/json; charset=utf-8' };
}

export interface StandInOcean {
  /** `http://127.0.0.1:<port>`: give it to WhaleApiClient as `url` (the client appends `/{version}/{network}/…`). */
  url: string;
  port: number;
  /** Every request received so far, in order, matched or not. */
  requests: OceanRequest[];
  /** Replaces the route table; the recorded requests are kept. */
  setRoutes(routes: readonly OceanRoute[]): void;
  /** The recorded requests that no route matched. */
  unmatched(): OceanRequest[];
  close(): Promise<void>;
}

interface CompiledRoute {
  method: string | undefined;
  match: (path: string) => Record<string, string> | undefined;
  reply: OceanRoute['reply'];
}

function compilePath(pattern: string | RegExp): CompiledRoute['match'] {
  if (pattern instanceof RegExp) {
    return (path) => {
      const found = pattern.exec(path);
      return found === null ? undefined : { ...(found.groups ?? {}) };
    };
  }
  const expected = pattern.split('/');
  return (path) => {
    const actual = path.split('/');
    if (actual.length !== expected.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < expected.length; i++) {
      const want = expected[i] ?? '';
      const got = actual[i] ?? '';
      if (want.startsWith(':') && got !== '') params[want.slice(1)] = decodeURIComponent(got);
      else if (want !== got) return undefined;
    }
    return params;
  };
}

function compile(routes: readonly OceanRoute[]): CompiledRoute[] {
  return routes.map((route) => ({ method: route.method?.toUpperCase(), match: compilePath(route.path), reply: route.reply }));
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function send(response: http.ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function write(response: http.ServerResponse, reply: OceanReply, url: string): void {
  if ('text' in reply) {
    send(response, reply.status, reply.contentType ?? 'text/plain; charset=utf-8', reply.text);
  } else if ('error' in reply) {
    const error = { ...reply.error, code: reply.error.code ?? reply.status, at: reply.error.at ?? Date.now(), url: reply.error.url ?? url };
    send(response, reply.status, 'application/json; charset=utf-8', JSON.stringify({ error }));
  } else {
    send(response, 200, 'application/json; charset=utf-8', JSON.stringify(reply));
  }
}

/** Starts a stand-in Ocean on 127.0.0.1 at a free port, answering from `routes` (first match wins). */
export async function startStandInOcean(routes: readonly OceanRoute[] = [], options: StandInOceanOptions = {}): Promise<StandInOcean> {
  const requests: OceanRequest[] = [];
  let table = compile(routes);

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = (request.method ?? 'GET').toUpperCase();
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const recorded: OceanRequest = {
        method,
        path: url.pathname,
        url: request.url ?? url.pathname,
        query: Object.fromEntries(url.searchParams.entries()),
        body: parseJson(rawBody),
        rawBody,
        headers: request.headers,
        params: {},
        route: undefined,
      };
      requests.push(recorded);

      let found: CompiledRoute | undefined;
      for (const [index, route] of table.entries()) {
        if (route.method !== undefined && route.method !== method) continue;
        const params = route.match(url.pathname);
        if (params === undefined) continue;
        recorded.params = params;
        recorded.route = index;
        found = route;
        break;
      }
      const fullUrl = request.url ?? url.pathname;
      if (found === undefined) {
        write(response, options.unmatched?.(recorded) ?? nestNotFound(recorded, fullUrl), fullUrl);
        return;
      }
      const reply = found.reply;
      Promise.resolve(typeof reply === 'function' ? reply(recorded) : reply)
        .then((answer) => write(response, answer, fullUrl))
        .catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          write(response, { status: 500, error: { type: 'UnknownError', message: `stand-in route failed: ${message}` } }, fullUrl);
        });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setRoutes: (next) => {
      table = compile(next);
    },
    unmatched: () => requests.filter((request) => request.route === undefined),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface PagedListOptions<T> {
  /** The token the server makes of an item for `page.next` (its id, its sort key, ...). */
  tokenOf: (item: T) => string;
  /** The most items a page holds (PaginationQuery's 200, or the endpoint's lower cap). */
  maxSize?: number;
  /**
   * Items the server drops from a page after cutting it (poolpairs.list leaves out `BURN-` pools): the page keeps its
   * token, since the server decided on it before dropping them.
   */
  dropAfterCut?: (item: T) => boolean;
}

/**
 * A list route that pages `items` as Ocean does (apps/whale-api at v4.0.7). `size` comes from the query (30 when
 * absent, PaginationQuery's default); below 1 or not a whole number it is refused with 422 `ValidationError`
 * (@Min(1), @IsInt; api.validation.pipe.ts), above the cap it is lowered to the cap, not refused
 * (_core/api.query.ts#L14). The page holds the items after the one whose token is `next` (an unknown token gives an
 * empty page), and `page.next` is the last item's token exactly when the page is full (ApiPagedResponse.of,
 * _core/api.paged.response.ts#L89): a full last page carries one, and the request made with it answers `{ data: [] }`.
 */
export function pagedList<T>(items: readonly T[], options: PagedListOptions<T>): (request: OceanRequest) => OceanReply {
  const maxSize = options.maxSize ?? 200;
  return (request) => {
    const asked = request.query.size === undefined ? 30 : Number(request.query.size);
    const constraints = [...(asked >= 1 ? [] : ['size must not be less than 1']), ...(Number.isInteger(asked) ? [] : ['size must be an integer number'])];
    if (constraints.length > 0) {
      const value = Number.isNaN(asked) ? undefined : asked;
      return { status: 422, error: { type: 'ValidationError', validation: { properties: [{ property: 'size', value, constraints }] } } };
    }
    const size = Math.min(asked, maxSize);
    const next = request.query.next;
    const start = next === undefined ? 0 : items.findIndex((item) => options.tokenOf(item) === next) + 1 || items.length;
    const cut = items.slice(start, start + size);
    const last = cut.at(-1);
    const data = options.dropAfterCut === undefined ? cut : cut.filter((item) => !(options.dropAfterCut?.(item) ?? false));
    return cut.length === size && last !== undefined ? { data, page: { next: options.tokenOf(last) } } : { data };
  };
}
