// search: the search box's two indexes, ranked and merged as the box does (src/search): the symbol
// index through its engine, filters `rpc:`, `ocean:` and `type:` keeping one kind, and the full text of the build.
import { z } from 'zod';
import { parseQuery } from '../../../src/search/engine';
import { KINDS, KIND_LABELS } from '../../../contract/symbol-index';
import { messageLine } from '../../../contract/error-message';
import { DOCUMENT_TYPE, highlightTokens, mergeResults, symbolResult, type PluginResult } from '../../../src/search/results';
import type { DocsData } from '../docs-data';
import { firstSentence, methodDoc } from '../../../generator/model/queries';
import { compact, defineTool, excerpt, type Answer } from './tool';

/** What the box lists at most (config/site.ts SEARCH_RESULT_LIMITS), and what a caller may ask for. */
const DEFAULT_LIMIT = 8;
const MAX_LIMIT = 20;

const summariesCache = new WeakMap<DocsData, Map<string, string>>();

/** The first sentence of the doc of each method, endpoint and type, by the section it opens (`/route#anchor`). */
function summaries(docs: DocsData): Map<string, string> {
  let map = summariesCache.get(docs);
  if (map !== undefined) return map;
  map = new Map();
  const put = (place: { route: string; anchor: string } | undefined, text: string): void => {
    if (place !== undefined && text.trim() !== '') map?.set(`${place.route}#${place.anchor}`, excerpt(firstSentence(text), 240));
  };
  for (const category of docs.rpc.categories) {
    for (const method of category.methods) {
      put(docs.methodPlace({ category, method }), methodDoc(method).text);
    }
  }
  for (const category of docs.ocean.categories) {
    for (const endpoint of category.endpoints) put(docs.endpointPlace({ category, endpoint }), endpoint.signature.doc.text);
  }
  for (const [source, types] of [
    ['rpc', docs.rpc.types],
    ['ocean', docs.ocean.types],
  ] as const) {
    for (const declaration of Object.values(types)) put(docs.typePlace({ source, declaration }), declaration.doc.text);
  }
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

function resultAnswer(docs: DocsData, result: PluginResult): Answer {
  const document = result.document;
  const hash = document.h ?? '';
  const text = docs.textIndex();
  if (result.symbol) {
    // An error message: what it means there (code, condition), else the section's first sentence.
    const meaning = result.symbol.kind === 'error' ? errorDetails(docs).get(`${document.u}${hash}\u0000${document.t}`) : undefined;
    const summary = meaning ?? summaries(docs).get(`${document.u}${hash}`) ?? text?.sectionText(document.u, hash);
    const page = result.page === false || result.page === undefined ? undefined : result.page.t;
    return compact({
      title: document.t,
      kind: result.symbol.label,
      url: docs.url(document.u, hash.replace(/^#/, '')),
      page,
      excerpt: summary === undefined ? undefined : meaning === undefined ? around(summary, result.tokens) : excerpt(summary, 300),
    });
  }
  const pageTitle = result.page === false || result.page === undefined ? undefined : result.page.t;
  const isPage = result.type === DOCUMENT_TYPE.title;
  const section = document.s !== undefined && document.s !== '' ? document.s : isPage ? document.t : (pageTitle ?? document.t);
  const body = result.type === DOCUMENT_TYPE.content || result.type === DOCUMENT_TYPE.description ? document.t : text?.sectionText(document.u, hash);
  return compact({
    title: section,
    kind: isPage ? 'page' : 'text',
    url: docs.url(document.u, hash.replace(/^#/, '')),
    page: isPage ? undefined : pageTitle,
    excerpt: body === undefined ? undefined : around(body, result.tokens),
  });
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
    kind: z.enum(KINDS).optional().describe('Keep only symbols of this kind (`package` for packages, `section` for guide sections)'),
  }),
  run(docs, { query, limit = DEFAULT_LIMIT, kind }): Answer {
    const parsed = parseQuery(query);
    const tokens = highlightTokens(parsed.text);
    let results: PluginResult[];
    if (kind !== undefined) {
      // Error messages answer a one-word query only behind their filter (src/search/engine.ts).
      const hits = docs.engine.search(kind === 'error' && parsed.kinds === null ? `error:${query}` : query, 500).filter((hit) => hit.kind === kind);
      results = hits.slice(0, limit).map((hit, id) => symbolResult(hit, id, tokens));
    } else {
      const hits = docs.engine.search(query, limit);
      const symbols = hits.map((hit, id) => symbolResult(hit, id, tokens));
      if (parsed.kinds !== null) {
        results = symbols;
      } else {
        const full = docs.textIndex()?.search(parsed.text, limit) ?? [];
        results = mergeResults(
          symbols.filter((_, at) => hits[at]?.strong),
          full,
          symbols.filter((_, at) => !hits[at]?.strong),
          limit,
        );
      }
    }
    return {
      ...compact({ sdk: docs.sdk, query }),
      ...compact({
        filter: kind !== undefined ? KIND_LABELS[kind] : parsed.kinds === null ? undefined : parsed.kinds.map((each) => KIND_LABELS[each]).join(', '),
      }),
      results: results.map((result) => resultAnswer(docs, result)),
      ...compact({
        fullText: docs.textIndex() === undefined ? 'Only the symbol index answered: this server has no build (run `npm run build`).' : undefined,
        none: results.length === 0 ? 'Nothing matches; try fewer or other words, or a name without its filter.' : undefined,
      }),
    };
  },
});
