// The pages docs/node/errors.mdx and docs/node/running-a-node.mdx print what the 4.0.7 clients throw and what the
// node's defaults are. This test holds them to it: every row of the failure tables is replayed with the real
// JsonRpcClient, WhaleApiClient and WhaleRpcClient against stand-ins on loopback that answer as defid and Ocean do
// (their sources: src/httprpc.cpp, src/httpserver.cpp and src/rpc/protocol.h of DeFiCh/ain; apps/whale-api and
// packages/whale-api-client of the SDK at v4.0.7), and the class, code and message thrown are compared with the
// text of the page. The samples of both pages that can run offline run here too.
//
// Browser rows run in headless Chromium (CHROMIUM_PATH, as for the e2e tests): the installed packages are bundled
// with esbuild for the browser, once as they are and once with the fix the page prints (cross-fetch aliased to the
// page's own module), and the calls are made inside the page. Without Chromium those rows are skipped, visibly.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientApiError, RpcApiError } from '@defichain/jellyfish-api-core';
import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';
import { Changi, DevNet, MainNet, RegTest, TestNet, type Network } from '@defichain/jellyfish-network';
import {
  WhaleApiClient,
  WhaleApiErrorType,
  WhaleApiException,
  WhaleApiValidationException,
  WhaleClientTimeoutException,
  WhaleRpcClient,
} from '@defichain/whale-api-client';
import { extractBlocksOfLanguage, extractCodeBlocks } from './code-blocks-checker';
import { runSnippet } from '../support/run-snippet';
import { errorAnswer, resultAnswer, startStandInNode, type StandInAnswer, type StandInNode } from '../support/stand-in-node';
import { startStandInOcean, type OceanReply, type OceanRoute, type StandInOcean } from '../support/stand-in-ocean';
import type { OceanReference } from '../../generator/model/types';

const ROOT = path.resolve(__dirname, '../..');
const ERRORS_PAGE = 'docs/node/errors.mdx';
const NODE_PAGE = 'docs/node/running-a-node.mdx';
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');

// ---------------------------------------------------------------------------------------------------------------
// Reading the page

/** The body rows of the first table under the heading whose explicit id is `#id`, as trimmed cells. */
export function tableAfter(markdown: string, id: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,6} /.test(line) && line.includes(`{/* #${id} */}`));
  if (start === -1) throw new Error(`no heading with the id #${id}`);
  const rows: string[][] = [];
  let fence = false;
  for (const line of lines.slice(start + 1)) {
    if (/^\s*```/.test(line)) fence = !fence;
    if (fence) continue;
    if (line.startsWith('|')) rows.push(splitRow(line));
    else if (rows.length > 0) break;
    else if (/^#{1,6} /.test(line)) break;
  }
  if (rows.length < 3) throw new Error(`no table under #${id}`);
  return rows.slice(2);
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's message as a pattern: `…` stands for text that varies (a port, the rest of an HTML page). */
function messagePattern(cell: string): RegExp | undefined {
  if (!cell.startsWith('`')) return undefined; // prose: the runtime words it, nothing fixed to compare
  const text = codeSpans(cell)[0] ?? '';
  return new RegExp(`^${text.split('…').map(escapeRegExp).join('[\\s\\S]*')}$`);
}

/** The first three-digit number of a cell: the HTTP status the page says the server answers with. */
const statusIn = (cell: string): number | undefined => {
  const found = /\b(\d{3})\b/.exec(cell);
  return found === null ? undefined : Number(found[1]);
};

// ---------------------------------------------------------------------------------------------------------------
// Comparing an outcome with a row

/** What a call rejected with, reduced to what the page can state; made where the error was thrown. */
interface Thrown {
  /** The constructor's name. */
  className: string;
  /** Whether the error is an instance of the class of that name (the SDK's export, or the runtime's global). */
  isClass: boolean;
  apiError: boolean;
  name: string;
  message: string;
  /** `error.code`: a system error code on a FetchError, the HTTP status on a WhaleApiException. */
  code?: unknown;
  /** `error.type` of a WhaleApiException. */
  type?: string;
}

interface Outcome {
  /** What the call rejected with; `undefined` when it resolved. */
  thrown: Thrown | undefined;
  /** The error itself, for the rows replayed in Node.js. */
  error?: unknown;
  /** The HTTP status the stand-in answered with, when it answered. */
  status?: number;
}

const IS: Record<string, (error: unknown) => boolean> = {
  ClientApiError: (error) => error instanceof ClientApiError,
  RpcApiError: (error) => error instanceof RpcApiError,
  SyntaxError: (error) => error instanceof SyntaxError,
  FetchError: (error) => error instanceof Error && error.constructor.name === 'FetchError',
  WhaleApiException: (error) => error instanceof WhaleApiException,
  WhaleApiValidationException: (error) => error instanceof WhaleApiValidationException,
  WhaleClientTimeoutException: (error) => error instanceof WhaleClientTimeoutException,
};
const API_ERRORS = new Set(['ClientApiError', 'RpcApiError']);

function describeThrown(error: unknown): Thrown | undefined {
  if (error === undefined) return undefined;
  const className = typeof error === 'object' && error !== null ? error.constructor.name : typeof error;
  const fields = error as { code?: unknown; type?: unknown };
  return {
    className,
    isClass: IS[className]?.(error) ?? false,
    apiError: error instanceof ApiError,
    name: error instanceof Error ? error.name : '',
    message: error instanceof Error ? error.message : JSON.stringify(error),
    code: fields.code,
    type: typeof fields.type === 'string' ? fields.type : undefined,
  };
}

const outcomeOf = (error: unknown, status?: number): Outcome => ({ thrown: describeThrown(error), error, status });

/**
 * Checks each row `[situation, answer, thrown, message]` against the outcome recorded under the row's first cell.
 * Returns the differences; empty when the page tells the truth. A scenario without a row is reported too.
 */
export function compareRows(rows: readonly string[][], outcomes: ReadonlyMap<string, Outcome>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [situation = '', answer = '', thrownCell = '', message = ''] of rows) {
    seen.add(situation);
    const row = `row ${situation}`;
    const outcome = outcomes.get(situation);
    if (outcome === undefined) {
      problems.push(`${row}: no scenario replays it`);
      continue;
    }
    const { thrown } = outcome;
    if (thrown === undefined) {
      problems.push(`${row}: the call did not fail`);
      continue;
    }
    const className = codeSpans(thrownCell)[0] ?? '';
    if (thrown.className !== className || !thrown.isClass) problems.push(`${row}: the page says ${className}, the client threw ${thrown.className}`);
    if (thrown.apiError !== API_ERRORS.has(className)) problems.push(`${row}: ${thrown.className} is ${thrown.apiError ? '' : 'not '}an ApiError`);
    const named = /named `([^`]+)`/.exec(thrownCell)?.[1];
    if (named !== undefined && thrown.name !== named) problems.push(`${row}: the page says named ${named}, the name is ${thrown.name}`);
    const code = /`code` `([^`]+)`/.exec(thrownCell)?.[1];
    if (code !== undefined && thrown.code !== code) problems.push(`${row}: the page says code ${code}, the code is ${String(thrown.code)}`);
    const status = statusIn(answer);
    if (status !== outcome.status) problems.push(`${row}: the page says HTTP ${String(status)}, the stand-in answered ${String(outcome.status)}`);
    if (className.startsWith('WhaleApi')) {
      if (thrown.code !== status) problems.push(`${row}: WhaleApiException.code is ${String(thrown.code)}, the page says ${String(status)}`);
      const type = codeSpans(answer)[0];
      if (type !== thrown.type) problems.push(`${row}: WhaleApiException.type is ${String(thrown.type)}, the page says ${String(type)}`);
    }
    const pattern = messagePattern(message);
    if (pattern !== undefined && !pattern.test(thrown.message))
      problems.push(`${row}: the page prints ${message}, the message is ${JSON.stringify(thrown.message)}`);
  }
  for (const key of outcomes.keys()) if (!seen.has(key)) problems.push(`row ${key}: replayed here, missing from the page`);
  return problems;
}

const BROWSER_ROW = /browser/;
/** The rows replayed in Node.js, or only those replayed in Chromium. */
const rowsIn = (rows: string[][], browser: boolean): string[][] => rows.filter((row) => BROWSER_ROW.test(row[0] ?? '') === browser);

// ---------------------------------------------------------------------------------------------------------------
// Stand-ins and helpers

interface SilentServer {
  url: string;
  /** How many requests have arrived; none is ever answered. */
  received(): number;
  close(): Promise<void>;
}

/** A server that accepts requests and never answers them: what a client sees from a node stuck on a long call. */
async function startSilentServer(): Promise<SilentServer> {
  let count = 0;
  const server = http.createServer(() => {
    count += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => count,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port on loopback where nothing listens (a server was there and is gone, and nobody ever connected to it). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Runs a call that will wait for an answer that never comes, and lets `timeoutMs` pass on a fake clock once the
 * request has reached the server. Resolves to what the call rejected with.
 */
async function rejectionAfterTimeout(call: () => Promise<unknown>, arrived: () => number, timeoutMs: number): Promise<unknown> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const before = arrived();
    let settled = false;
    const result = call().then(
      () => undefined,
      (error: unknown) => error,
    );
    void result.finally(() => {
      settled = true;
    });
    const giveUp = Date.now() + 10_000;
    while (arrived() === before && !settled && Date.now() < giveUp) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(timeoutMs);
    return await result;
  } finally {
    vi.useRealTimers();
  }
}

const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** The source of the code block with this title on a page. */
function sample(page: string, title: string): string {
  const block = extractCodeBlocks(read(page), page).find((candidate) => candidate.meta.includes(`title="${title}"`));
  if (block === undefined) throw new Error(`${page} has no block titled ${title}`);
  return block.code;
}

/** The `// …` comment that ends the line `console.log(<name>);` of a sample: what the page says it prints. */
function printedComment(code: string, name: string): string {
  const found = new RegExp(`console\\.log\\(${name}\\); // (.*)$`, 'm').exec(code);
  if (found === null) throw new Error(`no console.log(${name}) with a comment`);
  return found[1] ?? '';
}

const jsonRpcMethods = (node: StandInNode): string[] => node.requests.map((request) => (JSON.parse(request.body) as { method: string }).method);

// ---------------------------------------------------------------------------------------------------------------
// Chromium: the browser rows

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAS_CHROMIUM = fs.existsSync(CHROMIUM_PATH);

/** What a web app imports; exposed on `window` so that the test can call it inside the page. */
const BROWSER_ENTRY = [
  "import { ApiError } from '@defichain/jellyfish-api-core';",
  "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';",
  "import { WhaleApiClient } from '@defichain/whale-api-client';",
  'window.sdk = { ApiError, JsonRpcClient, WhaleApiClient };',
].join('\n');

/** The installed packages bundled for the browser; `fetchModule` (a file) stands in for cross-fetch when given. */
async function browserBundle(fetchModule?: string): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: BROWSER_ENTRY, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
    alias: fetchModule === undefined ? {} : { 'cross-fetch': fetchModule },
  });
  return result.outputFiles?.[0]?.text ?? '';
}

/** One call to make inside the page, against `origin` (the page's own server) or a port where nothing listens. */
interface BrowserCall {
  key: string;
  client: 'node' | 'ocean';
  target: 'silent' | 'closed';
}

interface BrowserArguments {
  calls: BrowserCall[];
  origin: string;
  closed: string;
  timeout: number;
}

/** Runs the calls in the page (the function is serialized: it may only use its argument and the page's globals). */
function callInPage({ calls, origin, closed, timeout }: BrowserArguments): Promise<Array<Thrown | undefined>> {
  type Sdk = {
    ApiError: new (...args: never[]) => Error;
    JsonRpcClient: new (url: string, options: object) => { blockchain: { getBlockCount(): Promise<number> } };
    WhaleApiClient: new (options: object) => { poolpairs: { list(): Promise<unknown> } };
  };
  const { sdk } = window as unknown as { sdk: Sdk };
  const describe = (error: unknown): Thrown | undefined => {
    if (error === undefined) return undefined;
    const className = typeof error === 'object' && error !== null ? error.constructor.name : typeof error;
    const global = (globalThis as unknown as Record<string, unknown>)[className];
    return {
      className,
      isClass: typeof global === 'function' && error instanceof (global as new () => unknown),
      apiError: error instanceof sdk.ApiError,
      name: error instanceof Error ? error.name : '',
      message: error instanceof Error ? error.message : JSON.stringify(error),
    };
  };
  const authorization = { Authorization: `Basic ${btoa('rpcuser:rpcpassword')}` };
  return Promise.all(
    calls.map(({ client, target }) => {
      const base = target === 'silent' ? origin : closed;
      const call =
        client === 'node'
          ? new sdk.JsonRpcClient(`${base}/`, { timeout, headers: authorization }).blockchain.getBlockCount()
          : new sdk.WhaleApiClient({ url: base, network: 'mainnet', timeout }).poolpairs.list();
      return call.then(
        () => undefined,
        (error: unknown) => describe(error),
      );
    }),
  );
}

/** The rows of both tables that run in Chromium: as installed, and with the page's fix. */
const AS_INSTALLED: BrowserCall[] = [
  { key: 'Any request from a browser bundle as installed', client: 'node', target: 'silent' },
  { key: 'any `ocean` call from a browser bundle as installed', client: 'ocean', target: 'silent' },
];
const WITH_FIX: BrowserCall[] = [
  { key: 'No answer within `timeout`, in a browser bundle with the fix', client: 'node', target: 'silent' },
  { key: 'Nothing listens, or CORS blocks the answer, in a browser bundle with the fix', client: 'node', target: 'closed' },
  { key: 'any `ocean` call without an answer within `timeout`, in a browser bundle with the fix', client: 'ocean', target: 'silent' },
];

/** Serves an empty page and never answers anything else; runs each set of calls in a page with its bundle. */
async function replayInChromium(): Promise<Map<string, Outcome>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'error-guide-'));
  const fix = path.join(scratch, 'fetch-for-browsers.js');
  fs.writeFileSync(fix, sample(ERRORS_PAGE, 'src/fetch-for-browsers.js'));
  const bundles = { installed: await browserBundle(), fixed: await browserBundle(fix) };
  fs.rmSync(scratch, { recursive: true, force: true });

  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><title>stand-in</title>');
    }
    // Anything else waits forever: the timeouts.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = `http://127.0.0.1:${await closedPort()}`;
  let browser: Browser | undefined;
  const outcomes = new Map<string, Outcome>();
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    for (const [bundle, calls] of [
      [bundles.installed, AS_INSTALLED],
      [bundles.fixed, WITH_FIX],
    ] as const) {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      await page.addScriptTag({ content: bundle });
      const thrown = await page.evaluate(callInPage, { calls: [...calls], origin, closed, timeout: 1_000 });
      calls.forEach((call, index) => outcomes.set(call.key, { thrown: thrown[index] }));
      await page.close();
    }
  } finally {
    await browser?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return outcomes;
}

// ---------------------------------------------------------------------------------------------------------------
// The node

const ADDRESS = 'bcrt1qyeuu9rvq8a67j86pzvh5897afdmdjpyankp4mu';
const SIGNED_HEX = '0400000000010100000000000000000000000000000000000000000000000000000000000000000000ffffffff00ffffffff0100000000000000000000000000';

/** Rows of the table under #node-http replayed in Node.js, by their first cell: the stand-in's answer and the call. */
async function replayNodeFailures(node: StandInNode): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const answered = async (key: string, answer: StandInAnswer, call: (client: JsonRpcClient) => Promise<unknown>, url = node.url): Promise<void> => {
    node.answer(answer);
    const client = new JsonRpcClient(url, { timeout: 10_000 });
    outcomes.set(key, outcomeOf(await rejection(call(client)), answer.status));
  };

  // src/rpc/server.cpp throws RPC_METHOD_NOT_FOUND; JSONErrorReply in src/httprpc.cpp sends it with HTTP 404.
  await answered(
    'An RPC name the node does not have',
    { status: 404, body: JSON.stringify({ result: null, error: { code: -32601, message: 'Method not found' }, id: 1 }) },
    (client) => client.call('listpoolpair', [], 'bignumber'),
  );
  // http_request_cb in src/httpserver.cpp: no handler for the path, HTTP_NOT_FOUND without a body.
  await answered('A URL path other than `/` and `/wallet/<name>`', { status: 404, body: '' }, (client) => client.blockchain.getBlockCount(), `${node.url}/rpc`);
  // HTTPReq_JSONRPC: a missing Authorization header, or a wrong one (after a pause), gets HTTP_UNAUTHORIZED without a body.
  await answered('No user and password', { status: 401, body: '' }, (client) => client.blockchain.getBlockCount(), node.url.replace(/\/\/[^@/]*@/, '//'));
  await answered('A wrong user or password', { status: 401, body: '' }, (client) => client.blockchain.getBlockCount());
  // http_request_cb: ClientAllowed() fails, HTTP_FORBIDDEN without a body.
  await answered('A caller outside every `rpcallowip` range', { status: 403, body: '' }, (client) => client.blockchain.getBlockCount());
  // src/rpc/blockchain.cpp getblockhash: RPC_INVALID_PARAMETER, sent with HTTP 500.
  await answered('Any RPC error, such as a height past the tip', errorAnswer(-8, 'Block height out of range'), (client) =>
    client.blockchain.getBlockHash(99_999_999),
  );
  // http_request_cb: the work queue refuses the item; libevent adds its default content type to the text reply.
  await answered(
    'More requests waiting than `rpcworkqueue` allows',
    { status: 500, body: 'Work queue depth exceeded', contentType: 'text/html; charset=ISO-8859-1' },
    (client) => client.blockchain.getBlockCount(),
  );
  await answered(
    'A proxy in front of the node fails',
    {
      status: 502,
      body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
      contentType: 'text/html',
    },
    (client) => client.blockchain.getBlockCount(),
  );

  const silent = await startSilentServer();
  try {
    const error = await rejectionAfterTimeout(
      () => new JsonRpcClient(`http://rpcuser:rpcpassword@${silent.url}`, { timeout: 60_000 }).blockchain.getBlockCount(),
      silent.received,
      60_000,
    );
    outcomes.set('No answer within `timeout`, in Node.js', outcomeOf(error));
  } finally {
    await silent.close();
  }

  const port = await closedPort();
  const refused = await rejection(new JsonRpcClient(`http://rpcuser:rpcpassword@127.0.0.1:${port}`, { timeout: 10_000 }).blockchain.getBlockCount());
  outcomes.set('Nothing listens at the address, in Node.js', outcomeOf(refused));
  return outcomes;
}

interface CodeCase {
  /** What the node sends: the message as the node's source writes it, with the status JSONErrorReply picks. */
  answer: StandInAnswer;
  call: (client: JsonRpcClient) => Promise<unknown>;
}

/** Rows of the table under #rpc-codes, by `code`; the messages are the node's (DeFiCh/ain v4.0.9 sources). */
const CODE_CASES: Record<string, CodeCase> = {
  // src/rpc/server.cpp CRPCTable::execute, the status text from src/init.cpp's InitMessage.
  '-28': { answer: errorAnswer(-28, 'Loading block index...'), call: (client) => client.blockchain.getBlockCount() },
  // src/wallet/rpcwallet.cpp EnsureWalletIsUnlocked.
  '-13': {
    answer: errorAnswer(-13, 'Error: Please enter the wallet passphrase with walletpassphrase first.'),
    call: (client) => client.wallet.sendToAddress(ADDRESS, 1.5),
  },
  // src/wallet/rpcwallet.cpp SendMoney.
  '-6': { answer: errorAnswer(-6, 'Insufficient funds'), call: (client) => client.wallet.sendToAddress(ADDRESS, 1.5) },
  // src/dfi/mn_rpc.cpp fund(): FundTransaction fails with the wallet's "Insufficient funds".
  '-4': { answer: errorAnswer(-4, 'Insufficient funds'), call: (client) => client.account.utxosToAccount({ [ADDRESS]: '10@DFI' }) },
  // src/dfi/mn_rpc.cpp execTestTx: RPC_INVALID_REQUEST, which JSONErrorReply sends with HTTP 400.
  '-32600': {
    answer: {
      status: 400,
      body: JSON.stringify({ result: null, error: { code: -32600, message: 'Test PoolSwapTx execution failed:\nPrice is higher than indicated.' }, id: 1 }),
    },
    call: (client) => client.poolpair.poolSwap({ from: ADDRESS, tokenFrom: 'DFI', amountFrom: 10, to: ADDRESS, tokenTo: 'BTC', maxPrice: 0.0001 }),
  },
  // src/validation.cpp AcceptToMemoryPoolWorker, through BroadcastTransaction and JSONRPCTransactionError.
  '-26': { answer: errorAnswer(-26, 'txn-mempool-conflict'), call: (client) => client.rawtx.sendRawTransaction(SIGNED_HEX) },
  '-25': { answer: errorAnswer(-25, 'Missing inputs'), call: (client) => client.rawtx.sendRawTransaction(SIGNED_HEX) },
  '-27': { answer: errorAnswer(-27, 'Transaction already in block chain'), call: (client) => client.rawtx.sendRawTransaction(SIGNED_HEX) },
  // src/rpc/rawtransaction.cpp sendrawtransaction.
  '-22': { answer: errorAnswer(-22, 'TX decode failed'), call: (client) => client.rawtx.sendRawTransaction('00') },
  // src/rpc/blockchain.cpp getblock and getblockhash.
  '-5': { answer: errorAnswer(-5, 'Block not found'), call: (client) => client.blockchain.getBlock('00'.repeat(32), 1) },
  '-8': { answer: errorAnswer(-8, 'Block height out of range'), call: (client) => client.blockchain.getBlockHash(99_999_999) },
};

interface CodeOutcome {
  error: unknown;
  status: number;
  /** The method name the client put into the request body. */
  sent: string;
}

async function replayCodes(node: StandInNode): Promise<Map<string, CodeOutcome>> {
  const outcomes = new Map<string, CodeOutcome>();
  for (const [code, { answer, call }] of Object.entries(CODE_CASES)) {
    node.answer(answer);
    const before = node.requests.length;
    const error = await rejection(call(new JsonRpcClient(node.url, { timeout: 10_000 })));
    const sent = jsonRpcMethods(node).slice(before)[0] ?? '';
    outcomes.set(code, { error, status: answer.status, sent });
  }
  return outcomes;
}

/** Checks each row `[code, meaning, example, fix]` of the codes table. */
export function compareCodes(rows: readonly string[][], outcomes: ReadonlyMap<string, CodeOutcome>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [codeCell = '', meaning = '', example = ''] of rows) {
    const code = codeSpans(codeCell)[0] ?? codeCell;
    seen.add(code);
    const row = `code ${code}`;
    const outcome = outcomes.get(code);
    if (outcome === undefined) {
      problems.push(`${row}: no scenario replays it`);
      continue;
    }
    const { error } = outcome;
    if (!(error instanceof RpcApiError)) {
      problems.push(`${row}: the client threw ${String(error)}, not an RpcApiError`);
      continue;
    }
    const [rpc = '', text = ''] = codeSpans(example);
    const pattern = messagePattern(`\`${text}\``);
    if (error.payload.code !== Number(code)) problems.push(`${row}: payload.code is ${error.payload.code}`);
    if (error.payload.method !== rpc) problems.push(`${row}: the page names ${rpc}, payload.method is ${error.payload.method}`);
    if (outcome.sent !== rpc) problems.push(`${row}: the page names ${rpc}, the client sent ${outcome.sent}`);
    if (pattern !== undefined && !pattern.test(error.payload.message))
      problems.push(`${row}: the page prints ${text}, the node's message is ${JSON.stringify(error.payload.message)}`);
    if (error.message !== `RpcApiError: '${error.payload.message}', code: ${code}, method: ${rpc}`) problems.push(`${row}: message ${error.message}`);
    const pageStatus = Number(/HTTP (\d{3})/.exec(meaning)?.[1] ?? 500);
    if (pageStatus !== outcome.status) problems.push(`${row}: the page implies HTTP ${pageStatus}, the node sends ${outcome.status}`);
  }
  for (const key of outcomes.keys()) if (!seen.has(key)) problems.push(`code ${key}: replayed here, missing from the page`);
  return problems;
}

describe('errors page, the node', () => {
  let node: StandInNode;
  let failures: Map<string, Outcome>;
  let codes: Map<string, CodeOutcome>;
  const page = read(ERRORS_PAGE);

  beforeAll(async () => {
    node = await startStandInNode();
    failures = await replayNodeFailures(node);
    codes = await replayCodes(node);
  });
  afterAll(async () => {
    await node.close();
  });

  it('every row of the failure table outside the browser is what the client throws', () => {
    const rows = rowsIn(tableAfter(page, 'node-http'), false);
    expect(rows.length).toBe(failures.size);
    expect(compareRows(rows, failures)).toEqual([]);
  });

  it('every row of the codes table arrives as an RpcApiError with that code, RPC and message', () => {
    expect(compareCodes(tableAfter(page, 'rpc-codes'), codes)).toEqual([]);
  });

  it('the message format the page spells out is the one RpcApiError uses', () => {
    const line = page.split('\n').find((text) => text.includes("`RpcApiError: '<payload.message>'")) ?? '';
    const format = codeSpans(line).find((span) => span.startsWith("RpcApiError: '<payload.message>'"));
    expect(format).toBeDefined();
    const error = codes.get('-8')?.error as RpcApiError;
    const filled = (format ?? '')
      .replace('<payload.message>', error.payload.message)
      .replace('<payload.code>', String(error.payload.code))
      .replace('<payload.method>', error.payload.method);
    expect(filled).toBe(error.message);
  });

  it("names all three ApiError classes 'Error', as the page warns", () => {
    const thrown = [...[...failures.values()].map((outcome) => outcome.error), ...[...codes.values()].map((outcome) => outcome.error)].filter(
      (error) => error instanceof ApiError,
    );
    expect(thrown.length).toBeGreaterThan(5);
    for (const error of thrown) expect(error.name).toBe('Error');
  });

  it('a FetchError repeats the URL with its password, as the page warns', () => {
    expect(failures.get('Nothing listens at the address, in Node.js')?.thrown?.message).toContain('rpcuser:rpcpassword@');
  });

  it('goes red when the page prints a wrong value', () => {
    const wrongMessage = page.replace(
      '| `ClientApiError` | `ClientApiError: 401 - Unauthorized` |',
      '| `ClientApiError` | `ClientApiError: 401 - Forbidden` |',
    );
    expect(wrongMessage).not.toBe(page);
    expect(compareRows(rowsIn(tableAfter(wrongMessage, 'node-http'), false), failures)).toEqual([
      'row No user and password: the page prints `ClientApiError: 401 - Forbidden`, the message is "ClientApiError: 401 - Unauthorized"',
    ]);
    const wrongClass = page.replace(
      '| 404, with a JSON body carrying `-32601` and `Method not found` | `ClientApiError` |',
      '| 404, with a JSON body carrying `-32601` and `Method not found` | `RpcApiError` |',
    );
    expect(compareRows(rowsIn(tableAfter(wrongClass, 'node-http'), false), failures).join('\n')).toMatch(
      /the page says RpcApiError, the client threw ClientApiError/,
    );
    const wrongCode = page.replace('| `-25` |', '| `-24` |');
    expect(compareCodes(tableAfter(wrongCode, 'rpc-codes'), codes)).toEqual([
      'code -24: no scenario replays it',
      'code -25: replayed here, missing from the page',
    ]);
  });

  it('the unlock sample meets a locked wallet as a DeFi transaction does: -25 at signing, then unlocks and sends again', async () => {
    const before = node.requests.length;
    // src/dfi/mn_rpc.cpp:197 sign(): the wallet could not sign; getwalletinfo's unlocked_until is 0 while it is locked.
    const cantSign = 'Can\'t sign TX: [{"txid":"' + 'ab'.repeat(32) + '","vout":1,"error":"Unable to sign input, invalid stack size (possibly missing key)"}]';
    node.answer(
      errorAnswer(-25, cantSign),
      resultAnswer('{"walletname":"","unlocked_until":0}'),
      resultAnswer('null'),
      resultAnswer('"6a5e7ae4b5d2bb0e0f6d4ebc2f6f0a0a9c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f"'),
    );
    const code = sample(ERRORS_PAGE, 'send-with-unlock.ts');
    const { values } = await runSnippet(code, { 'http://rpcuser:rpcpassword@127.0.0.1:8554': node.url });
    expect(values.txid).toBe('6a5e7ae4b5d2bb0e0f6d4ebc2f6f0a0a9c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f');
    const sent = node.requests.slice(before).map((request) => JSON.parse(request.body) as { method: string; params: unknown[] });
    expect(sent.map((request) => request.method)).toEqual(['poolswap', 'getwalletinfo', 'walletpassphrase', 'poolswap']);
    expect(sent[2]?.params).toEqual([process.env.WALLET_PASSPHRASE ?? '', 30]);

    const withUnlock = values.withUnlock as (send: () => Promise<unknown>) => Promise<unknown>;
    const wallet = new JsonRpcClient(node.url, { timeout: 10_000 });
    // A wallet send checks the lock first (src/wallet/rpcwallet.cpp:129): -13, unlocked without asking.
    const start = node.requests.length;
    node.answer(errorAnswer(-13, 'Error: Please enter the wallet passphrase with walletpassphrase first.'), resultAnswer('null'), resultAnswer('"ab"'));
    await expect(withUnlock(() => wallet.wallet.sendToAddress(ADDRESS, 1.5))).resolves.toBe('ab');
    expect(jsonRpcMethods(node).slice(start)).toEqual(['sendtoaddress', 'walletpassphrase', 'sendtoaddress']);
    // -25 from a wallet that is not locked (a key it lacks): no passphrase is sent, the error reaches the caller.
    const third = node.requests.length;
    node.answer(errorAnswer(-25, cantSign), resultAnswer('{"walletname":"","unlocked_until":1893456000}'));
    await expect(withUnlock(() => wallet.poolpair.poolSwap({ from: ADDRESS, tokenFrom: 'DFI', amountFrom: 1, to: ADDRESS, tokenTo: 'BTC' }))).rejects.toThrow(
      /Can't sign TX/,
    );
    expect(jsonRpcMethods(node).slice(third)).toEqual(['poolswap', 'getwalletinfo']);
  });

  it('the diagnose sample prints what the page says, and tells each failure apart', async () => {
    node.answer(errorAnswer(-8, 'Block height out of range'));
    const code = sample(ERRORS_PAGE, 'diagnose-node-error.ts');
    const { values } = await runSnippet(code, { 'http://rpcuser:rpcpassword@127.0.0.1:8554': node.url });
    expect(values.outcome).toBe(printedComment(code, 'outcome'));

    const diagnose = values.diagnose as (error: unknown) => string;
    const said = (key: string): string => diagnose(failures.get(key)?.error);
    expect(said('An RPC name the node does not have')).toBe('no such RPC on this node, or a wrong URL path');
    expect(said('A wrong user or password')).toBe('wrong RPC user or password, none, or a stale cookie');
    expect(said('No user and password')).toBe('wrong RPC user or password, none, or a stale cookie');
    expect(said('A caller outside every `rpcallowip` range')).toBe('this machine is not in rpcallowip');
    expect(said('More requests waiting than `rpcworkqueue` allows')).toMatch(/not JSON/);
    expect(said('No answer within `timeout`, in Node.js')).toMatch(/^no answer in time: ClientApiError: request aborted/);
    expect(said('Nothing listens at the address, in Node.js')).toBe('node unreachable: FetchError');
    expect(diagnose(codes.get('-28')?.error)).toMatch(/^defid is still starting/);
    expect(diagnose(codes.get('-13')?.error)).toBe('sendtoaddress needs the wallet unlocked');
    // The browser's error, made here: the branch the page's comment describes.
    expect(diagnose(new DOMException('signal is aborted without reason', 'AbortError'))).toBe('no answer in time (browser)');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Ocean

/** The methods Ocean's RpcController lets through, as the model holds them (generator/examples/ocean/rpc-whitelist.json). */
const OCEAN_WHITELIST: readonly string[] = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../generated/ocean-model.json'), 'utf8')) as OceanReference)
  .rpcWhitelist.methods;

const RPC_ERROR_TEXT = "RpcApiError: 'Block height out of range', code: -8, method: getblockhash";
const GATEWAY_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';
const NOT_FOUND: OceanReply = { status: 404, error: { type: 'NotFound', message: 'Unable to find token' } };
const INVALID_HEX: OceanReply = {
  status: 422,
  error: { type: 'ValidationError', validation: { properties: [{ property: 'hex', value: 'zz', constraints: ['hex must be a hexadecimal number'] }] } },
};
const jsonRpcReply = (body: object): OceanReply => ({ status: 201, text: JSON.stringify(body), contentType: 'application/json; charset=utf-8' });

/** Whether the stand-in Ocean's node is out of reach: rawtx.send then answers as Ocean does when its node call fails. */
let oceanNodeDown = false;

/** Routes answering as Ocean's controllers, pipes and interceptors do (apps/whale-api/src/module.api at v4.0.7). */
const OCEAN_ROUTES: OceanRoute[] = [
  // TokenController.get: NotFoundException, mapped by ExceptionInterceptor into the envelope.
  { method: 'GET', path: '/v0/mainnet/tokens/9999', reply: NOT_FOUND },
  // RawtxController.send: the ApiValidationPipe checks RawTxDto first; validate() decodes a hex starting 040000000001
  // and throws on one cut short (UnknownError, 500); any failure of the node call becomes BadRequest with the node's
  // message, none when the node did not answer (rawtx.controller.ts:51-69).
  {
    method: 'POST',
    path: '/v0/mainnet/rawtx/send',
    reply: (request) => {
      const { hex } = request.body as { hex?: string };
      if (hex === 'zz') return INVALID_HEX;
      if (hex === '040000000001') return { status: 500, error: { type: 'UnknownError' } };
      if (oceanNodeDown) return { status: 400, error: { type: 'BadRequest' } };
      return { status: 400, error: { type: 'BadRequest', message: 'Missing inputs' } };
    },
  },
  // RpcController.call: the MethodWhitelist pipe throws ForbiddenException; a node error becomes BadRequest.
  {
    method: 'POST',
    path: '/v0/mainnet/rpc/:method',
    reply: (request) =>
      OCEAN_WHITELIST.includes(request.params.method ?? '')
        ? { status: 400, error: { type: 'BadRequest', message: RPC_ERROR_TEXT } }
        : { status: 403, error: { type: 'Forbidden', message: 'RPC method not whitelisted' } },
  },
  // RpcController.post: @IsIn(whitelist) on the JSON-RPC body fails validation (422); the node's answers come back as
  // JSON-RPC objects with Nest's default status for POST, 201.
  {
    method: 'POST',
    path: '/v0/mainnet/rpc',
    reply: (request) => {
      const { method, params } = request.body as { method: string; params: unknown[] };
      if (!OCEAN_WHITELIST.includes(method)) {
        return {
          status: 422,
          error: { type: 'ValidationError', validation: { properties: [{ property: 'method', value: method, constraints: ['RPC method not whitelisted'] }] } },
        };
      }
      if (method === 'getblockcount') return jsonRpcReply({ result: 3456789, error: null, id: null });
      if (method === 'getblockhash' && params[0] === 3456789) return jsonRpcReply({ result: 'a'.repeat(64), error: null, id: null });
      if (method === 'getblock') return jsonRpcReply({ result: { hash: 'a'.repeat(64), height: 3456789, time: 1717171717, tx: [] }, error: null, id: null });
      return jsonRpcReply({ result: null, error: { code: -8, message: 'Block height out of range', method: 'getblockhash' }, id: null });
    },
  },
  { method: 'GET', path: '/v0/mainnet/stats', reply: { status: 502, text: GATEWAY_PAGE, contentType: 'text/html' } },
  // Never answered: the timeout row.
  { method: 'GET', path: '/v0/mainnet/poolpairs', reply: () => new Promise<OceanReply>(() => undefined) },
];

async function replayOcean(ocean: StandInOcean): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const client = new WhaleApiClient({ url: ocean.url, network: 'mainnet', version: 'v0', timeout: 10_000 });
  const rpc = new WhaleRpcClient(`${ocean.url}/v0/mainnet/rpc`, { timeout: 10_000 });
  const record = async (key: string, status: number, call: Promise<unknown>): Promise<void> => {
    outcomes.set(key, outcomeOf(await rejection(call), status));
  };
  await record("`ocean.tokens.get('9999')`", 404, client.tokens.get('9999'));
  await record("`ocean.rawtx.send({ hex: 'zz' })`", 422, client.rawtx.send({ hex: 'zz' }));
  await record('`ocean.rawtx.send({ hex })` with an input that is already spent', 400, client.rawtx.send({ hex: SIGNED_HEX }));
  oceanNodeDown = true;
  await record("`ocean.rawtx.send({ hex })` while Ocean's node is down or too slow to answer", 400, client.rawtx.send({ hex: SIGNED_HEX }));
  oceanNodeDown = false;
  await record("`ocean.rawtx.send({ hex: '040000000001' })`, a version 4 hex cut short", 500, client.rawtx.send({ hex: '040000000001' }));
  await record("`ocean.rpc.call('getbalance', [], 'number')`", 403, client.rpc.call('getbalance', [], 'number'));
  await record("`ocean.rpc.call('getblockhash', [99999999], 'number')`", 400, client.rpc.call('getblockhash', [99999999], 'number'));
  await record('`rpc.wallet.getBalance()`', 422, rpc.wallet.getBalance());
  await record('`rpc.blockchain.getBlockHash(99999999)`', 201, rpc.blockchain.getBlockHash(99999999));
  await record('`ocean.stats.get()` when a gateway in front of Ocean fails', 502, client.stats.get());

  const error = await rejectionAfterTimeout(
    () => new WhaleApiClient({ url: ocean.url, network: 'mainnet', timeout: 60_000 }).poolpairs.list(),
    () => ocean.requests.length,
    60_000,
  );
  outcomes.set('any `ocean` call without an answer within `timeout`, in Node.js', outcomeOf(error));
  return outcomes;
}

describe('errors page, Ocean', () => {
  let ocean: StandInOcean;
  let outcomes: Map<string, Outcome>;
  const page = read(ERRORS_PAGE);

  beforeAll(async () => {
    ocean = await startStandInOcean(OCEAN_ROUTES);
    outcomes = await replayOcean(ocean);
  });
  afterAll(async () => {
    await ocean.close();
  });

  it('every row of the Ocean table outside the browser is what the clients throw', () => {
    const rows = rowsIn(tableAfter(page, 'ocean-failures'), false);
    expect(rows.length).toBe(outcomes.size);
    expect(compareRows(rows, outcomes)).toEqual([]);
    expect(ocean.unmatched()).toEqual([]);
  });

  it("the envelopes the page shows are the ones the stand-in sends, and properties returns the 422's list", () => {
    const envelopes = extractBlocksOfLanguage(page, ERRORS_PAGE, 'json').map((block) => JSON.parse(block.code) as { error?: Record<string, unknown> });
    const byUrl = new Map(envelopes.map((envelope) => [envelope.error?.url, envelope.error]));
    for (const [url, reply] of [
      ['/v0/mainnet/tokens/9999', NOT_FOUND],
      ['/v0/mainnet/rawtx/send', INVALID_HEX],
    ] as const) {
      const shown = byUrl.get(url);
      expect(shown, url).toBeDefined();
      const { at, ...rest } = shown ?? {};
      expect(typeof at).toBe('number');
      if (!('error' in reply)) throw new Error('an error reply');
      expect(rest).toEqual({ ...reply.error, code: reply.status, url });
    }
    const validation = outcomes.get("`ocean.rawtx.send({ hex: 'zz' })`")?.error as WhaleApiValidationException;
    const shown422 = byUrl.get('/v0/mainnet/rawtx/send') as { validation: { properties: unknown } };
    expect(validation.properties).toEqual(shown422.validation.properties);
  });

  it('a WhaleClientTimeoutException carries the timeout', () => {
    const error = outcomes.get('any `ocean` call without an answer within `timeout`, in Node.js')?.error as WhaleClientTimeoutException;
    expect(error.timeout).toBe(60_000);
  });

  it('goes red when the page prints a wrong value', () => {
    const wrong = page.replace('| 403, `Forbidden` envelope | `WhaleApiException` |', '| 422, `ValidationError` envelope | `WhaleApiException` |');
    expect(compareRows(rowsIn(tableAfter(wrong, 'ocean-failures'), false), outcomes)).toEqual([
      "row `ocean.rpc.call('getbalance', [], 'number')`: the page says HTTP 422, the stand-in answered 403",
      "row `ocean.rpc.call('getbalance', [], 'number')`: WhaleApiException.code is 403, the page says 422",
      "row `ocean.rpc.call('getbalance', [], 'number')`: WhaleApiException.type is Forbidden, the page says ValidationError",
    ]);
  });

  it('the diagnose sample prints what the page says, and tells each failure apart', async () => {
    const code = sample(ERRORS_PAGE, 'diagnose-ocean-error.ts');
    const { values } = await runSnippet(code, { 'https://mainnet.ocean.jellyfishsdk.com': ocean.url });
    expect(values.outcome).toBe(printedComment(code, 'outcome'));

    const diagnose = values.diagnoseOcean as (error: unknown) => string;
    const said = (key: string): string => diagnose(outcomes.get(key)?.error);
    expect(said("`ocean.tokens.get('9999')`")).toBe('nothing at /v0/mainnet/tokens/9999');
    expect(said("`ocean.rpc.call('getbalance', [], 'number')`")).toBe('Ocean does not forward this RPC');
    expect(said('`ocean.rawtx.send({ hex })` with an input that is already spent')).toBe('BadRequest: Missing inputs');
    expect(said('any `ocean` call without an answer within `timeout`, in Node.js')).toBe('no answer within 60000 ms');
    expect(said('`ocean.stats.get()` when a gateway in front of Ocean fails')).toBe('not an Ocean answer: a gateway or proxy page');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Both tables, in the browser

describe.skipIf(!HAS_CHROMIUM)(`errors page, in Chromium (${CHROMIUM_PATH})`, () => {
  let outcomes: Map<string, Outcome>;
  const page = read(ERRORS_PAGE);

  beforeAll(async () => {
    outcomes = await replayInChromium();
  });

  it('every browser row of both tables is what the clients throw there, as installed and with the fix', () => {
    const rows = [...rowsIn(tableAfter(page, 'node-http'), true), ...rowsIn(tableAfter(page, 'ocean-failures'), true)];
    expect(rows.length).toBe(outcomes.size);
    expect(compareRows(rows, outcomes)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Running a node

// The HTTP statuses and the pause the node's guide pages state, against the error catalogue read from the node's
// source (generator/errors/rpc.json, src/httprpc.cpp at v4.0.9).
describe('HTTP statuses on the node pages agree with the error catalogue', () => {
  interface CatalogueError {
    code: number | null;
    httpStatus: number;
    condition: string;
    source: string;
  }
  const catalogue = JSON.parse(read('generator/errors/rpc.json')) as { groups: { id: string; errors: CatalogueError[] }[] };
  const group = (id: string): CatalogueError[] => catalogue.groups.find((candidate) => candidate.id === id)?.errors ?? [];
  const statusOf = (code: number): number[] => [
    ...new Set(
      group('request')
        .filter((error) => error.code === code)
        .map((error) => error.httpStatus),
    ),
  ];

  it('/node/ gives 400 for an invalid call and 500 for a body that is not JSON', () => {
    expect(statusOf(-32600)).toEqual([400]);
    expect(statusOf(-32700)).toEqual([500]);
    const overview = read('docs/node/index.mdx').replace(/\s+/g, ' ');
    expect(overview).toMatch(/400 when the body is JSON but not a valid call \(`-32600`/);
    expect(overview).toMatch(/500 for every other error, a body that is not JSON at all \(`-32700`\) included/);
    expect(overview).not.toMatch(/400 for a malformed request/);
  });

  it('/node/errors makes only wrong credentials wait 250 ms', () => {
    const authentication = group('authentication');
    const waits = authentication.filter((error) => /250 ms/.test(error.condition)).map((error) => error.source);
    expect(authentication).toHaveLength(2);
    expect(waits).toEqual(['src/httprpc.cpp:204']);
    const rows = tableAfter(read(ERRORS_PAGE), 'node-http').filter((row) => statusIn(row[1] ?? '') === 401);
    expect(rows.map((row) => [row[0], /250 ms/.test(row[1] ?? '')])).toEqual([
      ['No user and password', false],
      ['A wrong user or password', true],
    ]);
  });
});

describe('running-a-node page', () => {
  const page = read(NODE_PAGE);

  it('prints the ports of @defichain/jellyfish-network', () => {
    const exported: Record<string, Network> = { MainNet, TestNet, Changi, DevNet, RegTest };
    // Each row: `name (`Export`)`, then `rpc, p2p`.
    const rows = tableAfter(page, 'ports');
    expect(rows.map((row) => codeSpans(row[0] ?? '')[0]).sort()).toEqual(Object.keys(exported).sort());
    for (const [networkCell = '', portsCell = ''] of rows) {
      const network = exported[codeSpans(networkCell)[0] ?? ''];
      expect(network?.name, networkCell).toBe(networkCell.split(' ')[0]);
      const [rpc, p2p] = portsCell.split(',').map((port) => Number(port.trim()));
      expect({ rpc, p2p }, networkCell).toEqual(network?.ports);
    }
  });

  it('the warm-up sample waits through -28 and returns the block count', async () => {
    const node = await startStandInNode();
    try {
      node.answer(errorAnswer(-28, 'Loading block index...'), errorAnswer(-28, 'Verifying blocks...'), resultAnswer('1234'));
      const { values } = await runSnippet(sample(NODE_PAGE, 'wait-for-node.ts'), { 'http://jellyfish:rpcpassword@127.0.0.1:19554': node.url });
      expect(values.height).toBe(1234);
      expect(jsonRpcMethods(node)).toEqual(['getblockcount', 'getblockcount', 'getblockcount']);
    } finally {
      await node.close();
    }
  });

  it('the Ocean read sample works through WhaleRpcClient', async () => {
    const ocean = await startStandInOcean(OCEAN_ROUTES);
    try {
      const { values } = await runSnippet(sample(NODE_PAGE, 'read-without-a-node.ts'), { 'https://mainnet.ocean.jellyfishsdk.com': ocean.url });
      expect(values.tip).toBe(3456789);
      expect((values.block as { height: number }).height).toBe(3456789);
      expect(ocean.requests.map((request) => `${request.method} ${request.path} ${(request.body as { method: string }).method}`)).toEqual([
        'POST /v0/mainnet/rpc getblockcount',
        'POST /v0/mainnet/rpc getblockhash',
        'POST /v0/mainnet/rpc getblock',
      ]);
    } finally {
      await ocean.close();
    }
  });

  it("the rpcauth sample writes a line that defid's check accepts with the printed password", async () => {
    const { values } = await runSnippet(sample(NODE_PAGE, 'rpcauth.ts'));
    const line = `${String(values.user)}:${String(values.salt)}$${String(values.hash)}`;
    // multiUserAuthorized in src/httprpc.cpp: split on ':' and '$', HMAC-SHA256 keyed with the salt, in hex.
    const fields = line.split(/[:$]/);
    expect(fields).toHaveLength(3);
    const [, salt = '', hash] = fields;
    expect(createHmac('sha256', salt).update(String(values.password)).digest('hex')).toBe(hash);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Sending a DeFi transaction: the symptom table (#defi-tx) against the error data, and its retry column against the
// page's own isTransient sample.

/** A message as the page writes it (`…`, `<name>` for what varies, ⏎ for a line break) as a pattern. */
const pagePattern = (text: string): RegExp =>
  new RegExp(
    `^${text
      .split(/(…|<[^>]+>|⏎)/)
      .map((part) => (part === '…' || /^<[^>]+>$/.test(part) ? '.*' : part === '⏎' ? '\n' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    's',
  );
/** The same message with sample values in place of what varies, as a node would send it. */
const concrete = (text: string): string =>
  text
    .replace(/<Type>/g, 'PoolSwap')
    .replace(/…|<[^>]+>/g, 'x')
    .replace(/⏎/g, '\n');

interface SymptomRow {
  symptom: string;
  codes: number[];
  message: string;
  ocean: boolean;
  retry: boolean;
}

function symptomRows(markdown: string): SymptomRow[] {
  return tableAfter(markdown, 'defi-tx').map(([symptom = '', codeCell = '', , retry = '']) => {
    const spans = codeSpans(codeCell);
    const codes = spans.filter((span) => /^-\d+$/.test(span)).map(Number);
    return { symptom, codes, message: spans.at(-1) ?? '', ocean: codes.length === 0, retry: /^yes\b/.test(retry) };
  });
}

describe('errors page, sending a DeFi transaction', () => {
  const rpcData = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../generator/errors/rpc.json'), 'utf8')) as {
    groups: { id: string; errors: { code: number | null; message: string; condition: string }[] }[];
    methods: { groups: string[]; errors: { code: number | null; message: string; condition: string }[] }[];
  };
  const defi = rpcData.methods.filter((m) => m.groups.includes('test-run'));
  const linked = new Set(['warm-up', ...defi.flatMap((m) => m.groups)]);
  const listed = [...rpcData.groups.filter((group) => linked.has(group.id)).flatMap((group) => group.errors), ...defi.flatMap((m) => m.errors)];
  /**
   * Whether the data lists `code` with a message the page's text stands for (either side may hold what varies). An
   * entry whose message is only a placeholder (`{reason}`) stands for the page's text when its condition names it.
   */
  const inData = (code: number, text: string): boolean =>
    listed.some((error) => {
      if (error.code !== code) return false;
      if (/^\{\w+\}$/.test(error.message)) {
        const literal = text.split(/…|<[^>]+>|⏎/).reduce((longest, part) => (part.length > longest.length ? part : longest), '');
        return error.condition.includes(literal.trim());
      }
      return pagePattern(text).test(error.message.replace(/\{\w+\}/g, 'x')) || pagePattern(error.message.replace(/\{\w+\}/g, '…')).test(concrete(text));
    });

  it('names only codes and messages the error lists hold for the DeFi transaction methods', () => {
    const rows = symptomRows(read(ERRORS_PAGE));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const unknown = rows
      .filter((row) => !row.ocean)
      .flatMap((row) => row.codes.filter((code) => !inData(code, row.message)).map((code) => `${code} ${row.message}`));
    expect(unknown).toEqual([]);
    // And it fails on a message no list holds.
    expect(inData(-13, 'Wallet locked, unlock it first')).toBe(false);
    expect(inData(-6, 'Insufficient funds')).toBe(false);
    expect(inData(-5, 'Wrong owner <address>')).toBe(false);
  });

  it('calls transient exactly -28, -10, Missing inputs, a mempool conflict and Ocean’s 400 without message; the trial run permanent', () => {
    const rows = symptomRows(read(ERRORS_PAGE));
    const transient = rows.filter((row) => row.retry).map((row) => (row.ocean ? row.message : `${row.codes.join(',')} ${row.message}`));
    expect(transient.sort()).toEqual(
      [
        '-28 Loading block index...',
        '-10 Cannot create transactions while still in Initial Block Download',
        '-25 Missing inputs',
        '-26 txn-mempool-conflict',
        '400 - BadRequest (/v0/mainnet/rawtx/send)',
      ].sort(),
    );
    expect(rows.filter((row) => row.codes.includes(-32600)).every((row) => !row.retry)).toBe(true);
  });

  it("the page's isTransient agrees with the retry column on every row", async () => {
    const { values } = await runSnippet(sample(ERRORS_PAGE, 'retry-or-fix.ts'));
    const isTransient = values.isTransient as (err: unknown) => boolean;
    const errorsOf = (row: SymptomRow): unknown[] => {
      if (!row.ocean) return row.codes.map((code) => new RpcApiError({ code, message: concrete(row.message), method: 'poolswap' }));
      const message = /\): (.*)$/.exec(row.message)?.[1];
      return [
        new WhaleApiException({
          code: 400,
          type: WhaleApiErrorType.BadRequest,
          at: 1717171717171,
          url: '/v0/mainnet/rawtx/send',
          ...(message ? { message: concrete(message) } : {}),
        }),
      ];
    };
    const disagree = symptomRows(read(ERRORS_PAGE)).flatMap((row) =>
      errorsOf(row)
        .filter((err) => isTransient(err) !== row.retry)
        .map(() => row.symptom),
    );
    expect(disagree).toEqual([]);
  });
});
