// The search box's chunk, loaded on first use: the symbol index first, the plugin's full-text worker second, and the
// result template that says what kind of symbol a result is and names the section of a full-text hit.
import {
  fetchIndexesByWorker as fetchTextIndex,
  searchByWorker as searchText,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker.js';
import { SuggestionTemplate as pluginTemplate } from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js';
import type { SymbolEngine } from './engine';
import { partialSearch } from './partial';
import { DOCUMENT_TYPE, highlightTokens, markWords, mergeResults, symbolResult, titleMetadata, type PluginResult } from './results';

let engine: Promise<SymbolEngine> | undefined;

function symbols(): Promise<SymbolEngine> {
  engine ??= import('./load').then((module) => module.engine);
  return engine;
}

/**
 * Filters typed before the query, in any order (`pkg:<package>`, `rpc:`, `ocean:`, `type:`, `dftx:`, `error:`, `since:3.0`):
 * only symbols answer them.
 */
const FILTER = /^(?:\s*(?:pkg:\s*(?:@defichain\/)?[a-z0-9-]*(?=\s|$)|(?:rpc|ocean|type|dftx|error):|since:\s*\d+(?:\.\d+){0,2}(?=\s|$))\s*)+/i;
/** The `since:` filter: results then say their version. */
const SINCE = /(?:^|\s)since:\s*\d/i;

/** Loads both indexes (@public: ./search.ts calls it through the chunk's module object, which knip does not follow). */
export async function fetchIndexes(baseUrl: string, searchContext: string): Promise<void> {
  await Promise.all([fetchTextIndex(baseUrl, searchContext), symbols()]);
}

/** The full-text query the worker is answering, and the number of the newest query asked. */
let inFlight: Promise<unknown> = Promise.resolve();
let newest = 0;

/**
 * Asks the plugin's worker, one query at a time: a query that finds another in flight waits for it, and is dropped
 * (null) when a newer one has come meanwhile (before it starts, or between the queries of a partial match), so that
 * fast typing does not queue a query per keystroke in the worker ahead of the last one (the box shows only the answer
 * to what the box holds).
 */
async function textSearch(baseUrl: string, searchContext: string, text: string, limit: number): Promise<PluginResult[] | null> {
  newest += 1;
  const ticket = newest;
  await inFlight;
  if (ticket !== newest) return null;
  const started = performance.now();
  // The plugin's query of every word, filled up with sections holding some of them when it finds too few (./partial.ts).
  const answer = partialSearch(
    (words, count) => searchText(baseUrl, searchContext, words, count),
    text,
    limit,
    () => ticket !== newest,
  );
  inFlight = answer.catch(() => undefined);
  const results = await answer;
  performance.measure('search: full text', { start: started, end: performance.now() });
  return results;
}

/** Symbols first, then full text (@public: called through the chunk's module object by ./search.ts). */
export async function search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<PluginResult[]> {
  const match = FILTER.exec(input);
  const filter = match !== null && match[0].trim() !== '' ? match : null;
  const text = filter ? input.slice(filter[0].length) : input;
  const tokens = highlightTokens(text);
  const symbolEngine = await symbols();
  const started = performance.now();
  const hits = symbolEngine.search(input, limit);
  performance.measure('search: symbols', { start: started, end: performance.now() });
  const results = hits.map((hit, id) => symbolResult(hit, id, tokens, filter !== null && SINCE.test(filter[0])));
  if (filter) return results;
  const full = text.trim() === '' ? [] : ((await textSearch(baseUrl, searchContext, text, limit)) ?? []);
  return mergeResults(
    results.filter((_, at) => hits[at]?.strong),
    full,
    results.filter((_, at) => !hits[at]?.strong),
    limit,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The plugin's template, with two changes: a symbol result says its kind before its page and section, and a
 * full-text hit inside a section is titled by that section (the page's title when it has none) rather than by a
 * fragment of its text, which may be a line of a code block. @public: called through the chunk's module object by
 * ./suggestion.ts.
 */
export function suggestion(result: PluginResult): string {
  if (result.symbol) {
    const page = result.page ? { ...result.page, b: [] } : result.page;
    // The page's line already ends with the section (results.ts): the template would add it a second time.
    const section = result.document.s;
    const document = page && section !== undefined && section !== '' && page.t.endsWith(` › ${section}`) ? { ...result.document, s: page.t } : result.document;
    let html = pluginTemplate({ ...result, page, document }).replace('<mark></mark>', '');
    // An error message whole, its words the query holds marked: the template's title keeps 60 characters around
    // the first, which leaves out the end of a long message, where the node says why.
    if (result.symbol.kind === 'error')
      html = html.replace(
        /<span class="([^"]*)">(?:[^<]|<\/?mark>)*<\/span>/,
        `<span class="$1 search-result-message">${markWords(result.document.t, result.tokens)}</span>`,
      );
    // The path is the second span of the wrapper: the kind goes at its start.
    return html.replace(
      /(<span class="[^"]*">)(?=[^<]*<\/span><\/span><span class="[^"]*"><svg)/,
      `$1<span class="search-result-kind">${escapeHtml(result.symbol.label)}</span> `,
    );
  }
  if (result.type === DOCUMENT_TYPE.content && result.page) {
    const section = result.document.s !== undefined && result.document.s !== '' ? result.document.s : result.page.t;
    return pluginTemplate({ ...result, document: { ...result.document, t: section, s: section }, metadata: titleMetadata(section, result.tokens) }).replace(
      '<mark></mark>',
      '',
    );
  }
  return pluginTemplate(result);
}
