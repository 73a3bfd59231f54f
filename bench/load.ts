// Bounded load test on loopback: 200 connections for 10 s against the production server, over a mix of pages, the
// assets the home page loads and calls of the MCP server at /mcp (a tool list and three tools). Prints latency and throughput (never asserted) and fails on any error or status that is
// not 2xx/3xx. Then a page's latency alone and while 8 clients send hostile searches (a 500-letter word each). `npm run bench:load` starts `npm run serve`'s server itself; `-- --url <base>` targets one already running.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['parentNode'] | DefaultTreeAdapterMap['childNode'];

/** Pages of each kind: home, area landing, hand-written guide, generated references, the search page. */
export const LOAD_PAGES = [
  '/',
  '/ecosystem/',
  '/node/',
  '/node/usage',
  '/node/design',
  '/node/jellyfish/api/blockchain',
  '/node/jellyfish/api/poolpair',
  '/ocean/poolpairs',
  '/testing/testcontainers',
  '/search?q=getblockcount',
] as const;

/** JSON-RPC calls POSTed to /mcp, as an assistant's client sends them (the server is stateless: no initialize needed). */
export const LOAD_MCP_CALLS: readonly Record<string, unknown>[] = [
  { method: 'tools/list' },
  { method: 'tools/call', params: { name: 'search', arguments: { query: 'pool swap' } } },
  { method: 'tools/call', params: { name: 'get_rpc_method', arguments: { name: 'getblock' } } },
  { method: 'tools/call', params: { name: 'get_ocean_endpoint', arguments: { endpoint: 'GET /v0/mainnet/poolpairs' } } },
];

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export interface LoadOptions {
  connections?: number;
  durationSeconds?: number;
  paths?: readonly string[];
  /** JSON-RPC messages to POST to /mcp among the pages (LOAD_MCP_CALLS unless given; [] for none). */
  mcpCalls?: readonly Record<string, unknown>[];
  /** Where the summary lines go; console.log unless given (bench/run.ts passes its own logger). */
  log?: (line: string) => void;
}

export interface LoadResult {
  paths: string[];
  mcpCalls: number;
  /** MCP answers with status 200 that are a JSON-RPC error or a tool error. */
  mcpErrors: number;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Answers with a status outside 2xx and 3xx, by status. */
  badStatuses: Record<string, number>;
  ok: boolean;
}

/** Same-origin scripts, stylesheets and images the page at `pageUrl` loads (read with parse5). */
export async function assetsOf(pageUrl: string): Promise<string[]> {
  const response = await fetch(pageUrl);
  if (!response.ok) throw new Error(`GET ${pageUrl} answered ${response.status}`);
  const origin = new URL(pageUrl).origin;
  const assets = new Set<string>();
  const visit = (node: Node): void => {
    if ('tagName' in node) {
      const attr = (name: string): string | undefined => node.attrs.find((a) => a.name === name)?.value;
      const ref =
        node.tagName === 'script'
          ? attr('src')
          : node.tagName === 'link' && attr('rel') === 'stylesheet'
            ? attr('href')
            : node.tagName === 'img'
              ? attr('src')
              : undefined;
      if (ref) {
        const url = new URL(ref, pageUrl);
        if (url.origin === origin) assets.add(`${url.pathname}${url.search}`);
      }
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(await response.text()));
  return [...assets].sort();
}

/** Runs the load test against `baseUrl` (e.g. http://127.0.0.1:3000/) and prints a summary. */
export async function runLoadTest(baseUrl: string, options: LoadOptions = {}): Promise<LoadResult> {
  const connections = options.connections ?? 200;
  const durationSeconds = options.durationSeconds ?? 10;
  const paths = [...(options.paths ?? [...LOAD_PAGES, ...(await assetsOf(new URL('/', baseUrl).toString()))])];
  const mcpCalls = options.mcpCalls ?? LOAD_MCP_CALLS;
  let mcpErrors = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    // Browsers ask for compressed answers; the server has precompressed twins for them.
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [
      ...paths.map((p) => ({ method: 'GET' as const, path: p })),
      ...mcpCalls.map((call, id) => ({
        method: 'POST' as const,
        path: '/mcp',
        headers: MCP_HEADERS,
        body: JSON.stringify({ jsonrpc: '2.0', id, ...call }),
        // A JSON-RPC error or a tool error comes with status 200: read the answer.
        onResponse: (status: number, body: string) => {
          if (status === 200 && !/^\{"result":\{/.test(body)) mcpErrors += 1;
          else if (status === 200 && body.includes('"isError":true')) mcpErrors += 1;
        },
      })),
    ],
  });
  const badStatuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    if (!/^[23]\d\d$/.test(status)) badStatuses[status] = stat.count ?? 0;
  }
  const requests = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const summary: LoadResult = {
    paths,
    mcpCalls: mcpCalls.length,
    mcpErrors,
    connections,
    durationSeconds: result.duration,
    requests,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    badStatuses,
    ok: result.errors === 0 && result.timeouts === 0 && Object.keys(badStatuses).length === 0 && mcpErrors === 0 && requests > 0,
  };
  printLoadResult(summary, options.log);
  return summary;
}

export function printLoadResult(result: LoadResult, log: (line: string) => void = (line) => console.log(line)): void {
  const bad = Object.entries(result.badStatuses);
  log(`load: ${result.connections} connections for ${result.durationSeconds.toFixed(1)} s over ${result.paths.length} paths and ${result.mcpCalls} MCP calls`);
  log(`load: ${result.requests} answers, ${result.requestsPerSecond.toFixed(0)} requests/s`);
  log(`load: latency p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms`);
  log(
    `load: errors ${result.errors} (timeouts ${result.timeouts}), non-2xx/3xx ${bad.length === 0 ? 0 : bad.map(([s, n]) => `${n}×${s}`).join(', ')}, MCP errors ${result.mcpErrors}`,
  );
  log(`load: ${result.ok ? 'PASS' : 'FAIL'}`);
}

/** A search no reader asks: one 500-letter word of made-up letters (`seed` varies it, so that no answer is cached). */
export function hostileQuery(seed: number): string {
  let state = seed + 1;
  let word = '';
  for (let at = 0; at < 500; at += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    word += String.fromCharCode(97 + (state % 26));
  }
  return word;
}

export interface HostileResult {
  /** Page GET latency alone and while the hostile searches run: p50 and p99, in ms. */
  alone: { p50: number; p99: number };
  during: { p50: number; p99: number };
  hostileAnswered: number;
  hostileP50Ms: number;
  /** Hostile searches not answered 200 with a result. */
  hostileFailed: number;
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0) * 10) / 10;
}

/** `count` GETs of a page, one after the other, each timed. */
async function pageTimes(baseUrl: string, page: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let at = 0; at < count; at += 1) {
    const start = performance.now();
    const response = await fetch(new URL(page, baseUrl), { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Page latency with and without hostile MCP searches: 200 GETs of a reference page alone, then 200 more while
 * `parallel` clients each send searches of one 500-letter word, one after the other, until the GETs are done.
 */
export async function runHostileTest(baseUrl: string, log: (line: string) => void = (line) => console.log(line), parallel = 8): Promise<HostileResult> {
  const page = '/node/jellyfish/api/blockchain';
  await pageTimes(baseUrl, page, 20);
  const alone = await pageTimes(baseUrl, page, 200);
  let running = true;
  let seed = 0;
  const hostileTimes: number[] = [];
  let hostileFailed = 0;
  const client = async (): Promise<void> => {
    while (running) {
      seed += 1;
      const body = JSON.stringify({ jsonrpc: '2.0', id: seed, method: 'tools/call', params: { name: 'search', arguments: { query: hostileQuery(seed) } } });
      const start = performance.now();
      const response = await fetch(new URL('/mcp', baseUrl), { method: 'POST', headers: MCP_HEADERS, body });
      const text = await response.text();
      hostileTimes.push(performance.now() - start);
      if (response.status !== 200 || !text.startsWith('{"result":{')) hostileFailed += 1;
    }
  };
  const clients = Array.from({ length: parallel }, client);
  // The hostile searches first reach the server, then the pages are timed among them.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const during = await pageTimes(baseUrl, page, 200);
  running = false;
  await Promise.all(clients);
  const result: HostileResult = {
    alone: { p50: percentile(alone, 0.5), p99: percentile(alone, 0.99) },
    during: { p50: percentile(during, 0.5), p99: percentile(during, 0.99) },
    hostileAnswered: hostileTimes.length,
    hostileP50Ms: percentile(hostileTimes, 0.5),
    hostileFailed,
  };
  log(`hostile: GET ${page} alone p50 ${result.alone.p50} ms, p99 ${result.alone.p99} ms`);
  log(
    `hostile: with ${parallel} clients searching one 500-letter word each: p50 ${result.during.p50} ms, p99 ${result.during.p99} ms (${result.hostileAnswered} searches answered, p50 ${result.hostileP50Ms} ms, ${result.hostileFailed} failed)`,
  );
  return result;
}

/** Starts the server of `npm run serve` (server/cli.ts) on a free port; resolves with its URL and process. */
export function startServeProcess(buildDir = 'build'): Promise<{ url: string; child: ChildProcess }> {
  const root = path.resolve(__dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli.ts'), '--port', '0', '--dir', buildDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = /Serving .* at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve({ url: match[1], child });
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run serve exited with status ${code ?? 'unknown'} before listening:\n${output}`)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf('--url');
  const given = urlAt === -1 ? undefined : args[urlAt + 1];
  const server = given === undefined ? await startServeProcess() : undefined;
  try {
    const url = given ?? (server as { url: string }).url;
    const result = await runLoadTest(url);
    const hostile = await runHostileTest(url);
    process.exitCode = result.ok && hostile.hostileFailed === 0 ? 0 : 1;
  } finally {
    if (server) await stopProcess(server.child);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('load test failed:', error);
    process.exit(1);
  });
}
