// The production server: sirv over node:http, with redirects, a real 404, cache policy and refusal of bad requests.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { HEADERS_FILE, HeadersFileError, headersFor, parseHeadersFile, type HeaderRule } from './security-headers';
import { DEFAULT_SOURCES } from './mcp/docs-data';
import { createMcpEndpoint } from './mcp/http';
import { ALLOWED_METHODS, MAX_URL_LENGTH, acceptedEncodings, cacheControlFor, judgeRequest } from './request';

/** Text files that sirv would send without a charset. */
const TEXT_TYPES: Readonly<Record<string, string>> = { '.md': 'text/markdown', '.txt': 'text/plain' };

export interface ServerOptions {
  /** The Docusaurus build folder. */
  root: string;
  /** How long a client may take to send its request headers (slowloris guard); 20 s unless set. */
  headersTimeoutMs?: number;
  port?: number;
  host?: string;
  /**
   * The MCP server at /mcp (server/mcp): where the generated model is (`npm run generate`'s folder unless set); it
   * reads the pages from `root`. `false` leaves /mcp and /.well-known/mcp to the file server.
   */
  mcp?: { generated?: string; allowedOrigins?: readonly string[] } | false;
}

export interface RunningServer {
  server: http.Server;
  /** Base URL with a trailing slash, e.g. http://127.0.0.1:3000/ */
  url: string;
  port: number;
  host: string;
  /** Stops accepting connections, lets requests in flight finish, then closes idle keep-alive sockets. */
  close: (graceMs?: number) => Promise<void>;
}

/** A problem with the build folder that prevents the server from starting; its message is for the operator. */
export class BuildFolderError extends Error {}

interface NotFoundPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readOptional(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The build's `_headers` rules (the file static hosts read), or none when the build has no such file. */
function readHeaderRules(root: string): HeaderRule[] {
  const text = readOptional(path.join(root, HEADERS_FILE));
  if (text === undefined) return [];
  try {
    return parseHeadersFile(text.toString('utf8'));
  } catch (error) {
    if (error instanceof HeadersFileError) throw new BuildFolderError(`${path.join(root, HEADERS_FILE)}: ${error.message}.`);
    throw error;
  }
}

/** Walks the build folder once: fails clearly when it is missing, empty or holds an entry that cannot be read. */
function indexBuildFolder(root: string): Map<string, string> {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(root);
  } catch {
    throw new BuildFolderError(`The build folder ${root} does not exist. Run \`npm run build\` first.`);
  }
  if (!stats.isDirectory()) throw new BuildFolderError(`${root} is not a folder. Run \`npm run build\` first.`);

  // Maps each file's device and inode to its path, so a request can be checked against the file sirv chose.
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of fs.readdirSync(dir)) {
      const abs = path.join(dir, name);
      let entry: fs.Stats;
      try {
        entry = fs.statSync(abs);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
        throw new BuildFolderError(`Cannot read ${abs} in the build folder (${code}). Rebuild with \`npm run build\`.`);
      }
      if (entry.isDirectory()) walk(abs);
      else files.set(`${entry.dev}:${entry.ino}`, abs);
    }
  };
  walk(root);
  if (files.size === 0) throw new BuildFolderError(`The build folder ${root} is empty. Run \`npm run build\` first.`);
  if (!fs.existsSync(path.join(root, '404.html'))) {
    throw new BuildFolderError(`The build folder ${root} has no 404.html: it is not a complete Docusaurus build.`);
  }
  return files;
}

function sendText(res: http.ServerResponse, status: number, text: string, headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** A file that vanished or became unreadable after start: the error to throw from sirv's header hook. */
class UnreadableFileError extends Error {
  constructor(readonly code: string) {
    super(`file cannot be read (${code})`);
  }
}

/** Builds the request handler and the http.Server (not yet listening) for a build folder. */
export function createServer(options: Pick<ServerOptions, 'root' | 'headersTimeoutMs' | 'mcp'>): http.Server {
  const root = path.resolve(options.root);
  const files = indexBuildFolder(root);
  const headerRules = readHeaderRules(root);
  const mcp =
    options.mcp === false
      ? undefined
      : createMcpEndpoint({ generated: options.mcp?.generated ?? DEFAULT_SOURCES.generated, build: root }, { allowedOrigins: options.mcp?.allowedOrigins });

  const notFound: NotFoundPage = {
    identity: fs.readFileSync(path.join(root, '404.html')),
    br: readOptional(path.join(root, '404.html.br')),
    gzip: readOptional(path.join(root, '404.html.gz')),
  };

  const sendNotFound = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const encodings = acceptedEncodings(req.headers['accept-encoding']);
    const encoding = encodings.find((name) => notFound[name] !== undefined);
    const body = encoding ? (notFound[encoding] as Buffer) : notFound.identity;
    res.writeHead(404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const serveFile = sirv(root, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    dotfiles: false,
    onNoMatch: sendNotFound,
    setHeaders(res, pathname, stats) {
      // sirv indexes files at start and streams them without an error handler: check the file is still readable.
      const abs = files.get(`${stats.dev}:${stats.ino}`);
      if (abs === undefined) throw new UnreadableFileError('ENOENT');
      // A pipe, socket or device is no page: opening a pipe would block one of libuv's few file threads forever.
      if (!stats.isFile()) throw new UnreadableFileError('ENOENT');
      try {
        fs.accessSync(abs, fs.constants.R_OK);
      } catch (error) {
        throw new UnreadableFileError((error as NodeJS.ErrnoException).code ?? 'EIO');
      }
      // Markdown twins and llms.txt are UTF-8; without a charset browsers guess Latin-1.
      const textType = TEXT_TYPES[path.extname(pathname)];
      if (textType) res.setHeader('Content-Type', `${textType}; charset=utf-8`);
    },
  });

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The same headers a static host adds from _headers, matched on the path as sent.
    const requestPath = (req.url ?? '/').replace(/^https?:\/\/[^/?#]*/i, '').split(/[?#]/)[0] || '/';
    for (const [name, value] of Object.entries(headersFor(headerRules, requestPath))) res.setHeader(name, value);
    // The MCP endpoint and its discovery document take their own methods (POST) and answer in JSON.
    if (mcp !== undefined && (req.url ?? '').length <= MAX_URL_LENGTH && mcp.handle(req, res, requestPath)) return;
    const verdict = judgeRequest(req.method, req.url);
    switch (verdict.kind) {
      case 'refuse': {
        const headers = verdict.status === 405 ? { Allow: ALLOWED_METHODS.join(', ') } : {};
        const statusText = http.STATUS_CODES[verdict.status] ?? 'Error';
        sendText(res, verdict.status, `${verdict.status} ${statusText}: ${verdict.reason}.\n`, headers);
        return;
      }
      case 'redirect':
        res.writeHead(301, { Location: verdict.location, 'Cache-Control': 'no-cache', 'Content-Length': 0 });
        res.end();
        return;
      case 'not-found':
        sendNotFound(req, res);
        return;
      case 'serve': {
        // Static hosts keep their headers file to themselves.
        if (decodeURIComponent(verdict.pathname).replace(/\/+$/, '') === `/${HEADERS_FILE}`) {
          sendNotFound(req, res);
          return;
        }
        // sirv reads req.url: give it the origin form even when the client sent the absolute form.
        req.url = `${verdict.pathname}${verdict.search}`;
        // sirv matches the bare words "br" and "gzip"; give it only what the client really accepts.
        req.headers['accept-encoding'] = acceptedEncodings(req.headers['accept-encoding']).join(', ');
        const range = req.headers.range;
        // sirv trusts any Range header; keep only one well-formed, ordered byte range.
        if (range !== undefined) {
          const match = /^bytes=(\d+)-(\d*)$/.exec(range);
          if (!match || (match[2] !== '' && Number(match[2]) < Number(match[1]))) delete req.headers.range;
        }
        res.setHeader('Cache-Control', cacheControlFor(verdict.pathname));
        res.setHeader('Vary', 'Accept-Encoding');
        // sirv answers a matching If-None-Match with a bare 304; a 304 should repeat the ETag it confirms.
        const ifNoneMatch = req.headers['if-none-match'];
        if (ifNoneMatch) {
          const writeHead = res.writeHead.bind(res);
          res.writeHead = (statusCode: number, ...rest: unknown[]) => {
            if (statusCode === 304) res.setHeader('ETag', ifNoneMatch);
            return (writeHead as (code: number, ...args: unknown[]) => http.ServerResponse)(statusCode, ...rest);
          };
        }
        // sirv pipes a file stream into the response without looking after it: close the file when the client
        // goes away mid-response (else its descriptor leaks), and end the response if reading fails.
        res.on('pipe', (source) => {
          source.on('error', (error) => {
            console.error(`serve: reading the file for ${req.url ?? ''} failed:`, error.message);
            res.destroy();
          });
          res.once('close', () => {
            if (!source.destroyed) source.destroy();
          });
        });
        try {
          serveFile(req, res);
        } catch (error) {
          if (error instanceof UnreadableFileError && error.code === 'ENOENT') {
            sendNotFound(req, res);
            return;
          }
          throw error;
        }
        return;
      }
    }
  };

  // A static site needs no slow uploads: drop clients that trickle their request (slowloris).
  const headersTimeout = options.headersTimeoutMs ?? 20_000;
  const timeouts: http.ServerOptions = {
    headersTimeout,
    requestTimeout: Math.max(headersTimeout, 30_000),
    connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(headersTimeout / 4))),
  };
  const server = http.createServer(timeouts, (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // A fault of the server or of the build folder: log it here, never send it to the client.
      console.error(`serve: ${req.method ?? ''} ${req.url ?? ''} failed:`, error);
      if (!res.headersSent) {
        res.removeHeader('Cache-Control');
        sendText(res, 500, '500 Internal Server Error.\n');
      } else {
        res.destroy();
      }
    }
  });
  // The MCP endpoint's worker thread stops with the server.
  server.on('close', () => void mcp?.close());
  return server;
}

/** Starts the server and resolves once it listens; port 0 picks a free port. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const close = (graceMs = 10_000): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
  return { server, url: `http://${urlHost}:${address.port}/`, port: address.port, host, close };
}
