// search: the search box's two indexes, ranked and merged as the box does (src/search): the symbol
// index through its engine, filters `rpc:`, `ocean:` and `type:` keeping one kind, and the full text of the build.
import { z } from 'zod';
import { parseQuery } from '../../../src/search/engine';
import { KINDS } from '../../../contract/symbol-index';
import { messageLine } from '../../../contract/error-message';
import { highlightTokens, symbolResult, type PluginResult } from '../../../src/search/results';
import type { DocsData } from '../docs-data';
import { errorGroupUrl } from './errors';
import { lookUpError, parseErrorQuery } from './error-lookup';
import { queryWords } from '../ranked-text';
import { compact, defineTool, excerpt, type Answer } from './tool';

/** What the box lists at most (config/site.ts SEARCH_RESULT_LIMITS), and what a caller may ask for. */
const DEFAULT_LIMIT = 8;
const MAX_LIMIT = 20;

const summariesCache = new WeakMap<DocsData, Map<string, string>>();

/** The first sentence of the doc of each method, endpoint and type, by the section it opens (`/route#anchor`), cut for an excerpt. */
function summaries(docs: DocsData): Map<string, string> {
  let map = summariesCache.get(docs);
  if (map !== undefined) return map;
  map = new Map([...docs.leads()].map(([place, sentence]) => [place, excerpt(sentence, 240)]));
  summariesCache.set(docs, map);
  return map;
}

const errorsCache = new WeakMap<DocsData, Map<string, string>>();

/**
 * What an error message of the symbol index means at the section it opens, by `/route#anchor` and message: its
 * code (the JSON-RPC code and HTTP status, or the Ocean status and type) and when it happens.
 */
function errorDetails(docs: DocsData): Map<string, string> {
  const cached = errorsCache.get(docs);
  if (cached !== undefined) return cached;
  const details = new Map<string, string>();
  const put = (place: { route: string; anchor: string } | undefined, message: string, said: string): void => {
    if (place !== undefined) details.set(`${place.route}#${place.anchor}\u0000${messageLine(message)}`, said);
  };
  for (const category of docs.rpc.categories)
    for (const method of category.methods)
      for (const error of method.errors?.errors ?? [])
        put(
          docs.methodPlace({ category, method }),
          error.message,
          `${error.code === null ? '' : `code ${error.code}, `}HTTP ${error.httpStatus}: ${error.condition}`,
        );
  for (const category of docs.ocean.categories)
    for (const endpoint of category.endpoints)
      for (const error of endpoint.errors?.errors ?? [])
        if (error.message !== null) put(docs.endpointPlace({ category, endpoint }), error.message, `${error.status} ${error.type}: ${error.condition}`);
  errorsCache.set(docs, details);
  return details;
}

/** A window of `text` around the first word of the query it holds. */
function around(text: string, words: readonly string[], max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const at = Math.min(...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0), Number.POSITIVE_INFINITY);
  if (!Number.isFinite(at) || at < max / 2) return excerpt(flat, max);
  const start = flat.lastIndexOf(' ', at - max / 4);
  return `…${excerpt(flat.slice(start + 1), max - 1)}`;
}

/** A symbol hit as a result: an error message with what it means there (code, condition), else the section's first sentence. */
function resultAnswer(docs: DocsData, result: PluginResult): Answer {
  const document = result.document;
  const hash = document.h ?? '';
  const meaning = result.symbol?.kind === 'error' ? errorDetails(docs).get(`${document.u}${hash}\u0000${document.t}`) : undefined;
  const summary = meaning ?? summaries(docs).get(`${document.u}${hash}`) ?? docs.rankedText()?.section(document.u, hash)?.body;
  return compact({
    title: document.t,
    kind: result.symbol?.kind,
    url: docs.url(document.u, hash.replace(/^#/, '')),
    page: result.page === false || result.page === undefined ? undefined : result.page.t,
    excerpt: summary === undefined ? undefined : meaning === undefined ? around(summary, result.tokens) : excerpt(summary, 300),
  });
}

/**
 * The kinds a result says it is, and a filter keeps: the symbol index's (src/search/engine.ts) and the full text's
 * (`page` for the top of a page, `text` for a section found by its words). One list for both, so that every kind a
 * result carries can be asked for.
 */
const RESULT_KINDS = [...KINDS, 'page', 'text'] as const;

/** A place a result opens, as the key that merges a symbol hit with the text section it names. */
function keyOf(url: string, hash: string): string {
  return `${url}${hash === '' || hash.startsWith('#') ? hash : `#${hash}`}`;
}

/** What a symbol hit adds to the score of the section it opens: a name matched (strong) counts most, and earlier hits more. */
const SYMBOL_BONUS = { strong: 0.4, weak: 0.12 } as const;
/** Sections of the full text read for the merge: enough that a symbol hit finds its own section's score there. */
const RANKED_SECTIONS = 500;
/** Symbol hits read for the merge. */
const SYMBOL_HITS = 24;
/** Methods of the error's groups listed after the groups. */
const ERROR_METHODS = 4;

/** How a result's kind weighs its score: calls above the types, fields and parameters they use. */
const KIND_PRIOR: Readonly<Record<string, number>> = { method: 1.3, endpoint: 1.3, type: 0.8, field: 0.75, parameter: 0.75, member: 0.9 };

/**
 * How a section's page weighs its score: the pages that repeat a node call by name (the test harness's packages, the
 * custom transactions, the SDK packages' members) below the call's own section and the guides.
 */
function routePrior(key: string): number {
  if (key.startsWith('/testing/packages/')) return 0.8;
  if (key.startsWith('/ecosystem/custom-transactions/') || key.startsWith('/ecosystem/packages/')) return 0.9;
  return 1;
}

const kindsCache = new WeakMap<DocsData, Map<string, string>>();

/** The kind of each section the symbol index names (`/route#anchor` → `method`), the first entry's where several do. */
function sectionKinds(docs: DocsData): Map<string, string> {
  let kinds = kindsCache.get(docs);
  if (kinds !== undefined) return kinds;
  kinds = new Map();
  for (const [, kind, page, anchor] of docs.symbols.entries) {
    const route = docs.symbols.pages[page]?.[0];
    const key = route === undefined ? undefined : keyOf(route, anchor);
    if (key !== undefined && !kinds.has(key)) kinds.set(key, KINDS[kind] ?? '');
  }
  kindsCache.set(docs, kinds);
  return kinds;
}

const namesCache = new WeakMap<DocsData, Set<string>>();

/** Every name of the symbol index in lower case (`utxostoaccount`), for names a query writes as words. */
function symbolNames(docs: DocsData): Set<string> {
  let names = namesCache.get(docs);
  if (names === undefined) {
    names = new Set(docs.symbols.entries.map(([name]) => name.toLowerCase()));
    namesCache.set(docs, names);
  }
  return names;
}

/** Words of the query read for names written as words (the query's words are bounded the same way in ranked-text.ts). */
const SPELLED_WORDS = 16;

/**
 * The names of the symbol index a query writes as three words joined by a short word (`utxos to account`,
 * `account to utxos`): "convert UTXOs to account tokens" names utxosToAccount, which neither the symbol engine (every
 * word of the query in a name) nor the full text (stop words left out) sees. Two neighbouring words are the full
 * text's (ranked-text.ts reads them as one name).
 */
function spelledNames(docs: DocsData, query: string): string[] {
  const words = (query.toLowerCase().match(/[a-z0-9]+/g) ?? []).slice(0, SPELLED_WORDS);
  const names = symbolNames(docs);
  const found = new Set<string>();
  for (let at = 1; at + 1 < words.length; at += 1) {
    const joiner = words[at] ?? '';
    if (!JOINERS.has(joiner)) continue;
    const name = `${words[at - 1] ?? ''}${joiner}${words[at + 1] ?? ''}`;
    if (names.has(name)) found.add(name);
  }
  return [...found];
}

/** The short words between the parts of a name (`utxosToAccount`, `accountToUtxos`, `sendToAddress`). */
const JOINERS = new Set(['to', 'for', 'of', 'by', 'from', 'in', 'on', 'and', 'or']);

interface Candidate {
  score: number;
  answer: Answer;
  /** The section's text, for an excerpt made only if the candidate is answered. */
  body?: string;
}

/**
 * The results of a query without a filter, best first, each with its relevance: the full text's sections ranked by the
 * share of the query they hold (./ranked-text.ts), raised where the symbol index names the same section (a method
 * asked by its name first), the symbol hits no section holds, and, where the query holds an error code or an HTTP
 * status, the groups of that code and the methods that list them before everything else.
 */
function rankedResults(docs: DocsData, query: string, text: string, tokens: string[], limit: number): Answer[] {
  const candidates = new Map<string, Candidate>();
  const ranked = docs.rankedText()?.search(text, RANKED_SECTIONS) ?? [];
  for (const { section, score } of ranked) {
    const isPage = section.hash === '';
    candidates.set(keyOf(section.url, section.hash), {
      score,
      answer: compact({
        title: section.title,
        kind: isPage ? 'page' : 'text',
        url: docs.url(section.url, section.hash.replace(/^#/, '')),
        page: isPage ? undefined : section.page,
      }),
      body: section.body,
    });
  }
  const hits = docs.engine.search(query, SYMBOL_HITS);
  const words = new Set(queryWords(text));
  hits.forEach((hit, rank) => {
    const result = symbolResult(hit, rank, tokens);
    const key = keyOf(result.document.u, result.document.h ?? '');
    const bonus = (hit.strong ? SYMBOL_BONUS.strong : SYMBOL_BONUS.weak) * (1 - rank / (SYMBOL_HITS * 2));
    const found = candidates.get(key);
    const answer = resultAnswer(docs, result);
    if (found !== undefined) {
      found.score += bonus;
      // The symbol's answer names the section better than its heading alone: its kind (`method`), its name, and
      // what it is (the doc's first sentence, an error's code and cause).
      found.answer = answer;
      found.body = undefined;
      return;
    }
    // A hit no text section holds (a parameter, a field, an error message): scored by the share of the query its name holds.
    const named = queryWords(typeof answer.title === 'string' ? answer.title : '').filter((word) => words.has(word)).length;
    const coverage = words.size === 0 ? 0 : named / words.size;
    candidates.set(key, { score: 0.5 * coverage * coverage + bonus, answer });
  });
  // A name the query writes as words: the symbol the engine ranks first for it rises as a name matched, unless a name
  // of the query matched it already.
  const named = new Set(hits.filter((hit) => hit.strong).map((hit) => keyOf(hit.url, hit.hash)));
  for (const name of spelledNames(docs, text)) {
    const [top] = docs.engine.search(name, 1);
    if (top === undefined || !top.strong || top.name.toLowerCase() !== name) continue;
    const key = keyOf(top.url, top.hash);
    if (named.has(key)) continue;
    named.add(key);
    const found = candidates.get(key);
    const answer = resultAnswer(docs, symbolResult(top, 0, tokens));
    if (found === undefined) candidates.set(key, { score: SYMBOL_BONUS.strong, answer });
    else {
      found.score += SYMBOL_BONUS.strong;
      found.answer = answer;
      found.body = undefined;
    }
  }
  // A place found already (an error message pasted whole names its method's section) keeps its answer and rises.
  const raise = (url: string, base: number, rank: number, answer: Answer): void => {
    const found = [...candidates.values()].find((candidate) => candidate.answer.url === url);
    if (found === undefined) candidates.set(url, { score: base - rank / 100, answer });
    // Among the places the code raises, the order the words gave them stays.
    else found.score = base + found.score / 10;
  };
  const code = parseErrorQuery(query);
  if (code.code !== null || code.status !== null) {
    const found = lookUpError(docs, code);
    const groups = [
      ...found.rpcGroups.map((id) => docs.rpc.errors?.groups.find((group) => group.id === id)),
      ...found.oceanGroups.map((id) => docs.ocean.errors?.groups.find((group) => group.id === id)),
    ];
    groups.forEach((group, rank) => {
      const url = group === undefined ? undefined : errorGroupUrl(docs, group);
      if (group === undefined || url === undefined) return;
      raise(url, 3, rank, { title: group.title, kind: 'error', url, page: 'Errors', excerpt: excerpt(group.summary, 240) });
    });
    // The methods' sections, those the words found already first (in their order), then the catalog's order.
    const sections = found.rpcMethods.flatMap((entry) => {
      const category = docs.rpc.categories.find((candidate) => candidate.name === entry.category);
      const method = category?.methods.find((candidate) => candidate.name === entry.method);
      const place = category === undefined || method === undefined ? undefined : docs.methodPlace({ category, method });
      if (place === undefined) return [];
      const url = docs.url(place.route, place.anchor);
      const score = [...candidates.values()].find((candidate) => candidate.answer.url === url)?.score ?? -1;
      return [{ entry, place, url, score }];
    });
    sections.sort((a, b) => b.score - a.score);
    sections.slice(0, ERROR_METHODS).forEach(({ entry, place, url }, rank) => {
      raise(url, 2, rank, {
        title: `${entry.category}.${entry.method}`,
        kind: 'method',
        url,
        page: place.route,
        excerpt: `Lists it in its Errors (${entry.via === 'own' ? 'its own' : `the group ${entry.via}`}).`,
      });
    });
  }
  // What a reader asks for most: a call (method, endpoint) more than the types and fields it uses; the section's kind
  // as the symbol index files it, whether the words or a name found it.
  const kinds = sectionKinds(docs);
  for (const [key, candidate] of candidates) {
    if (candidate.score >= 2) continue;
    const kind = kinds.get(key) ?? String(candidate.answer.kind);
    candidate.score *= (KIND_PRIOR[kind] ?? 1) * routePrior(key);
  }
  // Keyed by URL as well, so a section found twice (by its text and as a symbol hit) is listed once.
  const byUrl = new Map<string, Candidate>();
  for (const candidate of candidates.values()) {
    const url = String(candidate.answer.url);
    const current = byUrl.get(url);
    if (current === undefined || current.score < candidate.score) byUrl.set(url, candidate);
  }
  return [...byUrl.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((candidate) => ({
      ...candidate.answer,
      ...(candidate.body === undefined ? {} : { excerpt: around(candidate.body, tokens) }),
      score: Math.round(Math.min(1, candidate.score) * 1000) / 1000,
    }));
}

export const search = defineTool({
  name: 'search',
  title: 'Search the docs',
  description:
    "Searches the Jellyfish docs the way the site's search box does: the symbol index (RPC methods by camelCase name, node RPC " +
    'name or `category.method`; Ocean endpoints by client method or `GET /path`; types, parameters, fields, guide sections, ' +
    'packages, error messages) ranked first, then the full text of every page. An error message pasted as the client threw it ' +
    '(RpcApiError, WhaleApiException) finds the methods and endpoints that answer with it, with its code and cause. Start the ' +
    'query with `rpc:`, `ocean:`, `type:` or `error:` to keep only RPC methods, Ocean endpoints, types or error messages, or pass `kind`. Answers with titles, kinds, page URLs and a short excerpt; follow up with ' +
    'get_rpc_method, get_ocean_endpoint, get_type, get_symbol or get_page.',
  input: z.strictObject({
    query: z
      .string()
      .min(1)
      .max(500)
      .describe('Words, a name, a filter and a name (`rpc:getblock`, `ocean:GET /poolpairs`, `type:Block`), or an error message as thrown'),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`How many results (default ${DEFAULT_LIMIT})`),
    kind: z
      .enum(RESULT_KINDS)
      .optional()
      .describe(
        'Keep only results of this kind, as results name it (`method`, `endpoint`, `type`, `error`, `package`, `section` for guide sections, `page`, `text`)',
      ),
  }),
  output: z.looseObject({
    sdk: z.string(),
    query: z.string(),
    filter: z.string().optional(),
    results: z.array(
      z.looseObject({
        title: z.string(),
        kind: z.enum(RESULT_KINDS).optional(),
        url: z.string(),
        page: z.string().optional(),
        excerpt: z.string().optional(),
        score: z.number().min(0).max(1).optional(),
      }),
    ),
    none: z.string().optional(),
  }),
  run(docs, { query, limit = DEFAULT_LIMIT, kind }): Answer {
    const parsed = parseQuery(query);
    const tokens = highlightTokens(parsed.text);
    let results: Answer[];
    if (kind === 'page' || kind === 'text') {
      results = rankedResults(docs, query, parsed.text, tokens, MAX_LIMIT * 5)
        .filter((result) => result.kind === kind)
        .slice(0, limit);
    } else if (kind !== undefined || parsed.kinds !== null) {
      // Error messages answer a one-word query only behind their filter (src/search/engine.ts).
      const hits =
        kind === undefined
          ? docs.engine.search(query, limit)
          : docs.engine.search(kind === 'error' && parsed.kinds === null ? `error:${query}` : query, 500).filter((hit) => hit.kind === kind);
      results = hits.slice(0, limit).map((hit, id) => resultAnswer(docs, symbolResult(hit, id, tokens)));
    } else {
      results = rankedResults(docs, query, parsed.text, tokens, limit);
    }
    return {
      ...compact({ sdk: docs.sdk, query }),
      ...compact({
        filter: kind ?? parsed.kinds?.join(', '),
      }),
      results,
      ...compact({
        fullText: docs.rankedText() === undefined ? 'Only the symbol index answered: this server has no build (run `npm run build`).' : undefined,
        none: results.length === 0 ? 'Nothing matches; try fewer or other words, or a name without its filter.' : undefined,
      }),
    };
  },
});
