// The Ocean reference pages held against the SDK and the chain. For each endpoint section of a generated page
// (docs/ocean/reference/<category>.mdx and its data) it reads what a reader sees: the WhaleApiClient snippet, the curl request and the
// example response. `runOceanExample` runs the snippet as printed (only its host swapped for a stand-in Ocean that
// answers with the page's response) and lists where the request the client sent differs from the curl, where the
// value it returned departs from the documented type, and, for list endpoints, where the next-page request or the
// page token differ from what the Ocean server (apps/whale-api at the pinned tag) sends and expects.
// `checkOceanValues` holds the example's values against the chain: addresses, hashes, raw transactions, pool ratios.
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import BigNumber from 'bignumber.js';
import { SmartBuffer } from 'smart-buffer';
import ts from 'typescript';
import { fromAddress } from '@defichain/jellyfish-address';
import type { NetworkName } from '@defichain/jellyfish-network';
import { CTransaction, CTransactionSegWit } from '@defichain/jellyfish-transaction';
import type { OceanEndpoint, OceanReference, RpcReference, TypeDeclaration, TypeExpr } from '../../generator/model/types';
import { checkExampleValues } from './example-values-check';
import { resolvedReturnType } from '../../generator/extract/rpc/examples';
import { checkRuntimeValue, isFault } from '../../generator/model/runtime-types';
import { readGeneratedPage } from './page-text';
import { runSnippet } from './run-snippet';
import type { OceanRequest, StandInOcean } from './stand-in-ocean';

const ROOT = path.resolve(__dirname, '../..');
const OCEAN_PAGES = path.join(ROOT, 'docs/ocean/reference');

// ---------------------------------------------------------------------------------------------------------------
// The model: the Ocean client's types, with the api-core types it borrows resolved from the RPC model

export interface OceanModel {
  reference: OceanReference;
  /** Declarations by id: the Ocean model's, and the RPC model's for the types the client imports from api-core. */
  types: Readonly<Record<string, TypeDeclaration>>;
}

const API_CORE = '@defichain/jellyfish-api-core';

/** A copy of `value` in which every reference to an api-core type points at that type's declaration in the RPC model. */
function resolveBorrowed<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (Array.isArray(value)) return value.map((entry: unknown) => resolveBorrowed(entry, ids)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const target = record.target as { kind?: string; module?: string; name?: string } | undefined;
  if (record.kind === 'reference' && target?.kind === 'external' && target.module === API_CORE && target.name !== undefined) {
    const id = ids.get(target.name);
    if (id !== undefined) return { ...record, target: { kind: 'declared', id }, typeArguments: resolveBorrowed(record.typeArguments, ids) } as T;
  }
  return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, resolveBorrowed(entry, ids)])) as T;
}

export function loadOceanModel(root = ROOT): OceanModel {
  const reference = JSON.parse(fs.readFileSync(path.join(root, 'generated/ocean-model.json'), 'utf8')) as OceanReference;
  const rpc = JSON.parse(fs.readFileSync(path.join(root, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
  const ids = new Map<string, string>();
  for (const [id, declaration] of Object.entries(rpc.types)) if (!ids.has(declaration.name)) ids.set(declaration.name, id);
  const resolved = resolveBorrowed(reference, ids);
  return { reference: resolved, types: { ...rpc.types, ...resolved.types } };
}

function findEndpoint(model: OceanModel, category: string, method: string): OceanEndpoint | undefined {
  return model.reference.categories.find((entry) => entry.name === category)?.endpoints.find((endpoint) => endpoint.name === method);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the pages

export interface OceanPageExample {
  category: string;
  method: string;
  /** The snippet's title: `address.getBalance.ts`. */
  file: string;
  /** The section's anchor: `getbalance`. */
  anchor: string;
  /** The WhaleApiClient tab, as printed. */
  typescript: string;
  /** The curl tab, as printed ('' when the section shows none). */
  curl: string;
  /** The "Example response" block, as printed ('' when the section shows none). */
  response: string;
}

const FENCE = /```(\w+)(?: title="([^"]*)")?\n([\s\S]*?)\n```/g;
const SECTION_HEADING = /^## .*\{\/\* #([\w-]+) \*\/\}/;

export function readOceanPageExamples(dir = OCEAN_PAGES): OceanPageExample[] {
  const examples: OceanPageExample[] = [];
  const pages = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.mdx') && !name.startsWith('_'))
    .sort();
  for (const page of pages) {
    const category = path.basename(page, '.mdx');
    for (const section of readGeneratedPage(path.join(dir, page)).split(/\n(?=## )/)) {
      const anchor = SECTION_HEADING.exec(section)?.[1];
      if (anchor === undefined) continue;
      const blocks = [...section.matchAll(FENCE)].map((match) => ({ lang: match[1] ?? '', title: match[2] ?? '', code: match[3] ?? '' }));
      const snippet = blocks.find((block) => block.lang === 'ts' && block.title.startsWith(`${category}.`) && block.title.endsWith('.ts'));
      if (snippet === undefined) continue;
      examples.push({
        category,
        method: snippet.title.slice(category.length + 1, -'.ts'.length),
        file: snippet.title,
        anchor,
        typescript: snippet.code,
        curl: blocks.find((block) => block.lang === 'bash' && /^curl\s/.test(block.code))?.code ?? '',
        response: blocks.find((block) => block.lang === 'json' && block.title === 'Example response')?.code ?? '',
      });
    }
  }
  return examples;
}

// ---------------------------------------------------------------------------------------------------------------
// The curl request, read as the shell would

interface CurlRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body `-d` sends, or null when there is none. */
  body: string | null;
}

/** Splits a command into words: single and double quotes, backslash escapes and line continuations. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let index = 0; index < command.length; index += 1) {
    const char = command.charAt(index);
    if (char === "'") {
      const end = command.indexOf("'", index + 1);
      if (end < 0) throw new Error(`unclosed single quote in: ${command}`);
      word += command.slice(index + 1, end);
      index = end;
      inWord = true;
    } else if (char === '"') {
      let end = index + 1;
      for (; end < command.length && command.charAt(end) !== '"'; end += 1) {
        const next = command.charAt(end + 1);
        if (command.charAt(end) === '\\' && '"\\$`'.includes(next) && next !== '') {
          word += next;
          end += 1;
        } else word += command.charAt(end);
      }
      if (end >= command.length) throw new Error(`unclosed double quote in: ${command}`);
      index = end;
      inWord = true;
    } else if (char === '\\') {
      const next = command.charAt(index + 1);
      index += 1;
      if (next === '\n' || next === '') continue;
      word += next;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

function parseCurl(command: string): CurlRequest {
  const words = shellWords(command);
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${command}`);
  let method: string | undefined;
  let url: string | undefined;
  let body: string | null = null;
  const headers: [string, string][] = [];
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const value = (): string => {
      index += 1;
      const next = words[index];
      if (next === undefined) throw new Error(`${word} without a value in: ${command}`);
      return next;
    };
    if (word === '-X' || word === '--request') method = value().toUpperCase();
    else if (word === '-H' || word === '--header') {
      const header = value();
      const colon = header.indexOf(':');
      headers.push([header.slice(0, colon).trim(), header.slice(colon + 1).trim()]);
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(word)) body = value();
    else if (word.startsWith('-')) continue;
    else if (url === undefined) url = word;
    else throw new Error(`two URLs in: ${command}`);
  }
  if (url === undefined) throw new Error(`no URL in: ${command}`);
  return { method: method ?? (body === null ? 'GET' : 'POST'), url, headers, body };
}

// ---------------------------------------------------------------------------------------------------------------
// What the snippet says

/** The base URL the snippet gives WhaleApiClient (`url: '…'`): the one piece the run swaps for the stand-in's. */
function snippetBaseUrl(source: string): string | undefined {
  return /new WhaleApiClient\(\{[^}]*\burl: '([^']+)'/.exec(source)?.[1];
}

/** The network the snippet gives WhaleApiClient; the client's default (mainnet) when it names none. */
function snippetNetwork(source: string): string {
  return /new WhaleApiClient\(\{[^}]*\bnetwork: '([^']+)'/.exec(source)?.[1] ?? 'mainnet';
}

interface SnippetCall {
  /** Whether the snippet calls `client.<category>.<method>`. */
  found: boolean;
  /** Its type arguments as written (`rpc.call<number>` → ['number']). */
  typeArguments: string[];
  /** The constant that holds what the call returns, when the snippet keeps it. */
  result: string | undefined;
  /** The constant that holds `await client.paginate(<result>)`, when the snippet asks for the next page. */
  nextPage: string | undefined;
}

function snippetCall(source: string, category: string, method: string): SnippetCall {
  const file = ts.createSourceFile('snippet.ts', source, ts.ScriptTarget.ES2022, true);
  const call: SnippetCall = { found: false, typeArguments: [], result: undefined, nextPage: undefined };
  const unwrap = (node: ts.Expression | undefined): ts.CallExpression | undefined => {
    const inner = node !== undefined && ts.isAwaitExpression(node) ? node.expression : node;
    return inner !== undefined && ts.isCallExpression(inner) ? inner : undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.getText(file) === `client.${category}.${method}`) {
      call.found = true;
      call.typeArguments = node.typeArguments?.map((argument) => argument.getText(file)) ?? [];
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const init = unwrap(node.initializer);
      const callee = init?.expression.getText(file);
      if (callee === `client.${category}.${method}`) call.result = node.name.text;
      if (callee === 'client.paginate') call.nextPage = node.name.text;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return call;
}

const INTRINSIC = new Set(['string', 'number', 'boolean', 'null', 'undefined', 'void', 'unknown', 'any', 'object']);

/** A type argument as written in a snippet, in the model's form; undefined when it names nothing the model knows. */
function typeFromText(text: string, types: Readonly<Record<string, TypeDeclaration>>): TypeExpr | undefined {
  const trimmed = text.trim();
  if (trimmed.endsWith('[]')) {
    const element = typeFromText(trimmed.slice(0, -2), types);
    return element === undefined ? undefined : { kind: 'array', element };
  }
  if (INTRINSIC.has(trimmed)) return { kind: 'intrinsic', name: trimmed };
  if (trimmed === 'BigNumber')
    return { kind: 'reference', name: 'BigNumber', target: { kind: 'external', module: 'bignumber.js', name: 'BigNumber' }, typeArguments: [] };
  const id = Object.keys(types).find((key) => types[key]?.name === trimmed);
  return id === undefined ? undefined : { kind: 'reference', name: trimmed, target: { kind: 'declared', id }, typeArguments: [] };
}

/** `type` with the method's type parameters replaced by the snippet's type arguments. */
function bindTypeParameters(type: TypeExpr, bindings: ReadonlyMap<string, TypeExpr>): TypeExpr {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    if (record.kind === 'typeParameter' && typeof record.name === 'string' && bindings.has(record.name)) return bindings.get(record.name);
    return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, walk(entry)]));
  };
  return walk(type) as TypeExpr;
}

// ---------------------------------------------------------------------------------------------------------------
// The Ocean server's pages (apps/whale-api at v4.0.7): which token it hands out, and how many items make a full page

const SERVER_SOURCE = 'https://github.com/BirthdayResearch/jellyfishsdk/blob/v4.0.7/apps/whale-api/src/module.api';

interface ServerPage {
  /** The token the server gives for the page after this one: made from the page's last item (and the request's `next`). */
  next: (last: Record<string, unknown>, data: readonly unknown[], requestNext: string | undefined) => string | undefined;
  /** The token's form, as the server writes it. */
  format: string;
  /** The most items the endpoint returns in one page, where that is below PaginationQuery's 200. */
  cap?: number;
  /** The server drops items after cutting the page (poolpairs.list leaves out BURN- pools), so a page can be short. */
  filtered?: boolean;
  /** Where the server builds the page. */
  source: string;
}

/** A field of an item as text (`block.height` reads a nested field); undefined when absent. */
function field(item: Record<string, unknown>, name: string): string | undefined {
  let value: unknown = item;
  for (const key of name.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function byField(name: string, source: string, options: Pick<ServerPage, 'cap' | 'filtered'> = {}): ServerPage {
  return { next: (last) => field(last, name), format: `the last item's ${name}`, source: `${SERVER_SOURCE}/${source}`, ...options };
}

/**
 * Every list endpoint's page, read from the controllers: each ends in `ApiPagedResponse.of(items, limit, nextProvider)`,
 * which sets `page.next = nextProvider(last item)` exactly when `items.length === limit` (_core/api.paged.response.ts#L88).
 * The limit is the `size` query (PaginationQuery: default 30, above 200 taken as 200; _core/api.query.ts), lowered
 * further where noted; the token comes back as the `next` query parameter.
 */
export const SERVER_PAGES: Readonly<Record<string, ServerPage>> = {
  'address.listAccountHistory': {
    next: (last) => {
      const [txid, type, height] = [field(last, 'txid'), field(last, 'type'), field(last, 'block.height')];
      return txid === undefined || type === undefined || height === undefined ? undefined : `${txid}-${type}-${height}`;
    },
    format: "`${txid}-${type}-${block.height}` of the last item (read back as split('-'))",
    source: `${SERVER_SOURCE}/address.controller.ts#L124`,
  },
  'address.listToken': byField('id', 'address.controller.ts#L169'),
  'address.listVault': byField('vaultId', 'loan.vault.service.ts#L46', { cap: 30 }),
  'address.listTransaction': byField('id', 'address.controller.ts#L190'),
  'address.listTransactionUnspent': byField('sort', 'address.controller.ts#L203'),
  'poolpairs.list': byField('id', 'poolpair.controller.ts#L63', { filtered: true }),
  'poolpairs.listPoolSwaps': byField('sort', 'poolpair.controller.ts#L102'),
  'poolpairs.listPoolSwapsVerbose': byField('sort', 'poolpair.controller.ts#L119', { cap: 20 }),
  'poolpairs.listPoolSwapAggregates': byField('bucket', 'poolpair.controller.ts#L164'),
  'transactions.getVins': byField('id', 'transaction.controller.ts#L38'),
  'transactions.getVouts': byField('n', 'transaction.controller.ts#L47'),
  'tokens.list': byField('id', 'token.controller.ts#L38'),
  'masternodes.list': byField('sort', 'masternode.controller.ts#L35'),
  'blocks.list': byField('height', 'block.controller.ts#L31'),
  'blocks.getTransactions': byField('order', 'block.controller.ts#L55'),
  'oracles.list': byField('id', 'oracle.controller.ts#L20'),
  'oracles.getPriceFeed': byField('sort', 'oracle.controller.ts#L32'),
  'prices.list': byField('sort', 'price.controller.ts#L29'),
  'prices.getFeed': byField('sort', 'price.controller.ts#L47'),
  'prices.getFeedActive': byField('sort', 'price.controller.ts#L58'),
  'prices.getFeedWithInterval': byField('sort', 'price.controller.ts#L88'),
  'prices.getOracles': byField('oracleId', 'price.controller.ts#L106'),
  'loan.listScheme': byField('id', 'loan.controller.ts#L67'),
  'loan.listCollateralToken': byField('tokenId', 'loan.controller.ts#L105'),
  'loan.listLoanToken': byField('tokenId', 'loan.controller.ts#L143'),
  'loan.listVault': byField('vaultId', 'loan.vault.service.ts#L46', { cap: 30 }),
  'loan.listVaultAuctionHistory': byField('sort', 'loan.controller.ts#L213'),
  'loan.listAuction': {
    next: (last) => {
      const [vaultId, height] = [field(last, 'vaultId'), field(last, 'liquidationHeight')];
      return vaultId === undefined || height === undefined ? undefined : `${vaultId}${height}`;
    },
    format: '`${vaultId}${liquidationHeight}` of the last item (read back as the first 64 characters and the rest)',
    cap: 30,
    source: `${SERVER_SOURCE}/loan.vault.service.ts#L88`,
  },
  'governance.listGovProposals': byField('proposalId', 'governance.service.ts#L38', { cap: 30 }),
  'governance.listGovProposalVotes': {
    // The votes' token is a position: the index of the page's last vote (the first page starts at 0).
    next: (_last, data, requestNext) => (requestNext === undefined ? String(data.length - 1) : String(Number(requestNext) + data.length)),
    format: 'the position of the last vote: data.length - 1 on the first page, next + data.length after',
    cap: 30,
    source: `${SERVER_SOURCE}/governance.service.ts#L101`,
  },
};

/** Where the example's page and token differ from what the server would answer to the page's request. */
export function serverPageProblems(key: string, response: Record<string, unknown>, query: Readonly<Record<string, string>>): string[] {
  const rule = SERVER_PAGES[key];
  if (rule === undefined) return [`no server rule for ${key} (add it to SERVER_PAGES from apps/whale-api)`];
  const problems: string[] = [];
  const data = Array.isArray(response.data) ? (response.data as unknown[]) : [];
  const page = response.page as { next?: unknown } | undefined;
  const next = page?.next;
  const size = Math.min(query.size === undefined ? 30 : Number(query.size), 200);
  const limit = query.all === 'true' ? 0 : Math.min(size, rule.cap ?? size);
  const full = limit > 0 && data.length === limit;
  if (next !== undefined && typeof next !== 'string') problems.push(`page.next is ${typeof next}; the server sends a string`);
  if (typeof next === 'string') {
    if (rule.filtered ? data.length > limit : !full) {
      problems.push(
        `page.next is shown with ${data.length} items, but the server gives a token only on a full page of ${limit} (the request's size${rule.cap ? `, at most ${rule.cap} on this endpoint` : ''}; ${rule.source})`,
      );
    }
    const last = data.at(-1);
    const expected = typeof last === 'object' && last !== null ? rule.next(last as Record<string, unknown>, data, query.next) : undefined;
    if (expected === undefined) problems.push(`the server's token is ${rule.format}, and the page's last item has none (${rule.source})`);
    else if (expected !== next) problems.push(`page.next is "${next}"; the server makes it ${rule.format}: "${expected}" (${rule.source})`);
  } else if (full && !rule.filtered) {
    problems.push(`the page is full (${limit} items, the request's size), so the server sends page.next with it; the example shows none (${rule.source})`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Running a snippet against the stand-in

export interface OceanOutcome {
  /** Where the request the client sent differs from the page's curl (or the snippet did not run). */
  request: string[];
  /** Where the value the client returned departs from the documented response type. */
  response: string[];
  /** List endpoints: where `client.paginate` and the page's token differ from what the server sends and expects. */
  pagination: string[];
}

export interface RunOptions {
  /** What the stand-in answers instead of the page's response (to show a check failing). */
  answer?: string;
}

function queryText(query: Readonly<Record<string, string>>): string {
  return new URLSearchParams(Object.entries(query)).toString();
}

/** Where the request the client sent differs from the curl request the page prints. */
function requestProblems(sent: OceanRequest, curl: CurlRequest, base: string): string[] {
  const problems: string[] = [];
  if (!curl.url.startsWith(`${base}/`)) problems.push(`the curl request goes to ${curl.url}, not below the snippet's base URL ${base}`);
  const url = new URL(curl.url);
  if (sent.method !== curl.method) problems.push(`the client sent ${sent.method}, the curl request is ${curl.method}`);
  if (sent.path !== url.pathname) problems.push(`the client requested path ${sent.path}, the curl request's path is ${url.pathname}`);
  const curlQuery = Object.fromEntries(url.searchParams.entries());
  if ([...url.searchParams.keys()].length !== Object.keys(curlQuery).length) problems.push(`the curl request repeats a query parameter: ${url.search}`);
  if (!isDeepStrictEqual(sent.query, curlQuery))
    problems.push(`the client sent the query ?${queryText(sent.query)}, the curl request ?${queryText(curlQuery)}`);
  if (curl.body === null) {
    if (sent.rawBody !== '') problems.push(`the client sent a body (${sent.rawBody}), the curl request none`);
  } else {
    let curlBody: unknown;
    try {
      curlBody = JSON.parse(curl.body);
    } catch {
      problems.push(`the curl body is not JSON: ${curl.body}`);
    }
    if (curlBody !== undefined && !isDeepStrictEqual(sent.body, curlBody))
      problems.push(`the client sent the body ${sent.rawBody || '(none)'}, the curl request ${curl.body}`);
  }
  for (const [name, value] of curl.headers) {
    const header = sent.headers[name.toLowerCase()];
    if (header !== value)
      problems.push(`the curl request sends ${name}: ${value}, the client ${header === undefined ? 'no such header' : `${name}: ${String(header)}`}`);
  }
  return problems;
}

function isPagedResponse(type: TypeExpr): type is Extract<TypeExpr, { kind: 'reference' }> {
  return type.kind === 'reference' && type.target.kind === 'declared' && type.target.id === 'whale.api.response.ApiPagedResponse';
}

/** Where the returned value departs from the method's return type (an ApiPagedResponse is checked as the array it is). */
function returnedProblems(model: OceanModel, endpoint: OceanEndpoint, typeArguments: readonly string[], value: unknown): string[] {
  const problems: string[] = [];
  const bindings = new Map<string, TypeExpr>();
  endpoint.signature.typeParameters.forEach((parameter, index) => {
    const text = typeArguments[index];
    const bound = text === undefined ? undefined : typeFromText(text, model.types);
    if (text !== undefined && bound === undefined) problems.push(`the snippet's type argument ${text} names no type the model knows`);
    if (bound !== undefined) bindings.set(parameter.name, bound);
  });
  let type = bindTypeParameters(resolvedReturnType(endpoint.signature.returns), bindings);
  let checked = value;
  if (isPagedResponse(type)) {
    if (!Array.isArray(value) || (value as object).constructor.name !== 'ApiPagedResponse') {
      return [...problems, `the client returned ${Array.isArray(value) ? 'a plain array' : typeof value}, the page declares an ApiPagedResponse`];
    }
    type = { kind: 'array', element: type.typeArguments[0] ?? { kind: 'intrinsic', name: 'unknown' } };
    checked = [...(value as unknown[])];
  }
  for (const finding of checkRuntimeValue(model.types, type, checked).filter(isFault)) {
    problems.push(`the returned value at ${finding.path || '(root)'} is ${finding.actual}, the documented type says ${finding.expected}`);
  }
  return problems;
}

function parseResponse(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Runs one page example against the stand-in and lists every way the page and the SDK (or the server) disagree. */
export async function runOceanExample(ocean: StandInOcean, example: OceanPageExample, model: OceanModel, options: RunOptions = {}): Promise<OceanOutcome> {
  const outcome: OceanOutcome = { request: [], response: [], pagination: [] };
  const endpoint = findEndpoint(model, example.category, example.method);
  const base = snippetBaseUrl(example.typescript);
  const call = snippetCall(example.typescript, example.category, example.method);
  const response = parseResponse(example.response);
  if (endpoint === undefined) outcome.request.push(`client.${example.category}.${example.method} is no endpoint of the model`);
  if (base === undefined) outcome.request.push('the snippet gives WhaleApiClient no url');
  if (!call.found) outcome.request.push(`the snippet does not call client.${example.category}.${example.method}`);
  if (example.curl === '') outcome.request.push('the section shows no curl request');
  if (response === undefined) outcome.request.push('the section shows no example response (a JSON object)');
  if (endpoint === undefined || base === undefined || !call.found || example.curl === '' || response === undefined) return outcome;
  let curl: CurlRequest;
  try {
    curl = parseCurl(example.curl);
  } catch (error) {
    outcome.request.push(error instanceof Error ? error.message : String(error));
    return outcome;
  }

  const answer = options.answer ?? example.response;
  ocean.setRoutes([{ path: /^\//, reply: { status: 200, text: answer, contentType: 'application/json; charset=utf-8' } }]);
  const before = ocean.requests.length;
  let values: Record<string, unknown>;
  try {
    ({ values } = await runSnippet(example.typescript, { [base]: ocean.url }));
  } catch (error) {
    outcome.request.push(`the snippet failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    return outcome;
  }
  const sent = ocean.requests.slice(before);
  const first = sent[0];
  const expectedCount = call.nextPage === undefined ? 1 : 2;
  if (first === undefined) {
    outcome.request.push('the client sent no request');
    return outcome;
  }
  if (sent.length !== expectedCount) outcome.request.push(`the snippet sent ${sent.length} requests, it shows ${expectedCount}`);
  outcome.request.push(...requestProblems(first, curl, base));

  const returned = call.result === undefined ? undefined : values[call.result];
  if (call.result !== undefined || !(endpoint.dataType.kind === 'intrinsic' && endpoint.dataType.name === 'void')) {
    if (call.result === undefined) outcome.response.push('the snippet keeps no value of the call, so the page shows no returned value to check');
    else outcome.response.push(...returnedProblems(model, endpoint, call.typeArguments, returned));
  }

  if (endpoint.response === 'list') {
    const next = (response.page as { next?: unknown } | undefined)?.next;
    const paged = returned as { nextToken?: unknown; hasNext?: unknown } | undefined;
    if (typeof next !== 'string') {
      outcome.pagination.push('the example response shows no page.next, so the page shows no next-page request (client.paginate) to prove');
    } else {
      if (paged?.nextToken !== next) outcome.pagination.push(`the client kept the token ${String(paged?.nextToken)}, the page shows page.next "${next}"`);
      const second = sent[1];
      if (call.nextPage === undefined) outcome.pagination.push('the snippet does not call client.paginate on the result');
      else if (second === undefined) outcome.pagination.push('client.paginate sent no request');
      else {
        if (second.method !== first.method || second.path !== first.path) {
          outcome.pagination.push(`client.paginate sent ${second.method} ${second.path}, the first request was ${first.method} ${first.path}`);
        }
        // The server reads the token from the `next` query parameter (PaginationQuery.next); the rest of the query stays.
        const expected = { ...first.query, next };
        if (!isDeepStrictEqual(second.query, expected)) {
          outcome.pagination.push(
            `client.paginate sent ?${queryText(second.query)}; the server expects the page's token back as next: ?${queryText(expected)}`,
          );
        }
      }
    }
    outcome.pagination.push(
      ...serverPageProblems(`${example.category}.${example.method}`, response, Object.fromEntries(new URL(curl.url).searchParams.entries())),
    );
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------------------------
// The example's values against the chain

const NETWORKS: NetworkName[] = ['mainnet', 'testnet', 'regtest'];

function isAddressOf(text: string, network: NetworkName): boolean {
  try {
    return fromAddress(text, network) !== undefined;
  } catch {
    return false;
  }
}

/** Every string in a JSON value, keys included, with where it is. */
function strings(value: unknown, at: string): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((entry, index) => strings(entry, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, entry]) => [{ at: `${at}{key}`, text: key }, ...strings(entry, `${at}.${key}`)]);
  }
  return [];
}

/** Amount text with up to 8 decimals in satoshis; undefined when it is not one. */
function satoshis(text: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return undefined;
  return BigInt(match[1] ?? '0') * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'));
}

/** a / b as the node prints `reserveA/reserveB`: integer division of satoshi amounts, so truncated at 8 decimals. */
function nodeRatio(a: bigint, b: bigint): BigNumber {
  if (b === 0n) return new BigNumber(0);
  return new BigNumber(((a * 100_000_000n) / b).toString()).shiftedBy(-8);
}

/** Pool pairs anywhere in a value: each `priceRatio` held against its reserves. */
function poolRatioProblems(value: unknown, at: string): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => poolRatioProblems(entry, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const problems = Object.entries(record).flatMap(([key, entry]) => poolRatioProblems(entry, `${at}.${key}`));
  const ratio = record.priceRatio as { ab?: unknown; ba?: unknown } | undefined;
  const reserveA = (record.tokenA as { reserve?: unknown } | undefined)?.reserve;
  const reserveB = (record.tokenB as { reserve?: unknown } | undefined)?.reserve;
  if (ratio === undefined || typeof reserveA !== 'string' || typeof reserveB !== 'string') return problems;
  const a = satoshis(reserveA);
  const b = satoshis(reserveB);
  const name = typeof record.symbol === 'string' ? record.symbol : at;
  if (a === undefined || b === undefined) return [...problems, `${name}: the reserves ${reserveA} / ${reserveB} are not amounts with at most 8 decimals`];
  for (const [side, shown, expected] of [
    ['ab', ratio.ab, nodeRatio(a, b)],
    ['ba', ratio.ba, nodeRatio(b, a)],
  ] as const) {
    const number = typeof shown === 'string' || typeof shown === 'number' ? new BigNumber(shown) : new BigNumber(NaN);
    if (!number.isEqualTo(expected)) {
      problems.push(
        `${name} (${at}): priceRatio.${side} is ${String(shown)}, its reserves (${reserveA} ${side === 'ab' ? '/' : '\\'} ${reserveB}) give ${expected.toFixed(8)} (reserve${side === 'ab' ? 'A/reserveB' : 'B/reserveA'} to 8 decimals, truncated as the node computes it)`,
      );
    }
  }
  return problems;
}

export interface DecodedTransaction {
  txid: string;
  problem: string | null;
}

/** Decodes a raw transaction with jellyfish-transaction: every byte consumed, and encoding it again gives the same hex. */
export function decodeRawTransaction(hex: string): DecodedTransaction {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return { txid: '', problem: 'is not hex' };
  const bytes = Buffer.from(hex, 'hex');
  const buffer = SmartBuffer.fromBuffer(bytes);
  const segwit = bytes[4] === 0x00 && bytes[5] === 0x01;
  let tx: CTransaction | CTransactionSegWit;
  try {
    tx = segwit ? new CTransactionSegWit(buffer) : new CTransaction(buffer);
  } catch (error) {
    return { txid: '', problem: `does not decode as a ${segwit ? 'segwit ' : ''}transaction: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (buffer.remaining() > 0) return { txid: tx.txId, problem: `decodes with ${buffer.remaining()} of ${bytes.length} bytes left over` };
  if (tx.vin.length === 0 || tx.vout.length === 0) return { txid: tx.txId, problem: `has ${tx.vin.length} inputs and ${tx.vout.length} outputs` };
  if (tx.toHex() !== hex.toLowerCase()) return { txid: tx.txId, problem: 'does not encode back to the same bytes' };
  return { txid: tx.txId, problem: null };
}

/** The path parameters of a request path, by name, read against the endpoint's template (`address/{address}/balance`). */
function pathParameters(endpoint: OceanEndpoint, pathname: string): Record<string, string> {
  const template = endpoint.path.split('/');
  const actual = pathname.split('/').slice(-template.length);
  const params: Record<string, string> = {};
  template.forEach((piece, index) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    const value = actual[index];
    if (name !== undefined && value !== undefined) params[name] = decodeURIComponent(value);
  });
  return params;
}

/**
 * The example's values against the chain: every address valid (checksum) for the network the page's client uses,
 * every txid and hash 64 hex digits and amounts at most 8 decimals (tests/support/example-values-check.ts), every raw
 * transaction decodes completely (and its txid is the one the example pairs it with), every pool pair's priceRatio
 * what its reserves give.
 */
export function checkOceanValues(example: OceanPageExample, model: OceanModel): string[] {
  const endpoint = findEndpoint(model, example.category, example.method);
  const response = parseResponse(example.response);
  if (endpoint === undefined || response === undefined || example.curl === '') return ['the section lacks its endpoint, curl request or response'];
  const curl = parseCurl(example.curl);
  const url = new URL(curl.url);
  const params = pathParameters(endpoint, url.pathname);
  const query = Object.fromEntries(url.searchParams.entries());
  const body: unknown = curl.body === null ? undefined : JSON.parse(curl.body);
  const request = { ...params, ...query, ...(body === undefined ? {} : { body }) };
  const problems: string[] = [];

  for (const found of checkExampleValues({ request, response })) problems.push(`${found.path}: ${found.value} ${found.problem}`);

  const network = snippetNetwork(example.typescript) as NetworkName;
  const seen = new Set<string>();
  for (const { at, text } of [...strings(request, 'request'), ...strings(response, 'response')]) {
    if (text.length < 26 || text.length > 90 || !/^[0-9A-Za-z]+$/.test(text) || seen.has(text)) continue;
    seen.add(text);
    const valid = NETWORKS.filter((candidate) => isAddressOf(text, candidate));
    if (valid.length > 0 && !valid.includes(network)) problems.push(`${at}: ${text} is an address of ${valid.join(', ')}; the page's client uses ${network}`);
  }

  if (example.category === 'rawtx') {
    const hex = (body as { hex?: unknown } | undefined)?.hex;
    const sentTx = typeof hex === 'string' ? decodeRawTransaction(hex) : undefined;
    if (sentTx?.problem) problems.push(`request body hex: the raw transaction ${sentTx.problem}`);
    if (example.method === 'send' && sentTx && !sentTx.problem && typeof response.data === 'string' && response.data !== sentTx.txid) {
      problems.push(`response data: rawtx.send answers txid ${response.data}, the transaction it sends has txid ${sentTx.txid}`);
    }
    if (example.method === 'get' && typeof response.data === 'string') {
      const got = decodeRawTransaction(response.data);
      if (got.problem) problems.push(`response data: the raw transaction ${got.problem}`);
      else if (params.txid !== undefined && params.txid !== got.txid)
        problems.push(`response data: rawtx.get asks for ${params.txid}, the transaction it answers has txid ${got.txid}`);
    }
  }

  problems.push(...poolRatioProblems(response, 'response'));
  return problems;
}
