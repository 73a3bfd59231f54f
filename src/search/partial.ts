// Full-text results for a query only some of whose words the docs hold. The plugin's worker requires every word (and,
// for three words or more, every word but one), so a query with a word no page holds (a typo past its edit distance,
// a word of the reader's own) finds nothing. When its answer is short of the limit, each word is asked alone, the
// words that found something are asked together, and the results are ranked by how many of the query's words found
// them, a page title or heading above a passage of text where that is equal.
import { DOCUMENT_TYPE, type PluginResult } from './results';

/** Words of a query asked one by one at most; the rest are left to the plugin's query of the whole. */
export const MAX_PARTIAL_WORDS = 8;

/** Results asked for each word alone: enough that a section found by several words shows it. */
const PER_WORD = 24;

/** Asks the plugin's worker: the query and the number of results. */
export type AskText = (text: string, limit: number) => Promise<PluginResult[]>;

/** The words of a query as the plugin's tokenizer splits them (lower case, at spaces and hyphens), each once. */
export function queryWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[^-\s]+/g) ?? [])];
}

interface Found {
  result: PluginResult;
  /** The words that found it; every word for a result of the whole query. */
  words: Set<string>;
  whole: boolean;
  order: number;
}

/** A title or heading (0) above a description or passage of text (1). */
function placeRank(result: PluginResult): number {
  return result.type === DOCUMENT_TYPE.title || result.type === DOCUMENT_TYPE.heading ? 0 : 1;
}

/**
 * The plugin's answer to `text`, filled up to `limit` with sections that hold some of its words when the answer is
 * short: results of the whole query first (they hold every word, or all but one), then by how many of the words found
 * them, titles and headings first among equals. `stale` stops the extra queries when a newer query has come (null).
 */
export async function partialSearch(ask: AskText, text: string, limit: number, stale: () => boolean = () => false): Promise<PluginResult[] | null> {
  const whole = await ask(text, limit);
  const words = queryWords(text).slice(0, MAX_PARTIAL_WORDS);
  if (whole.length >= limit || words.length < 2) return whole;
  const found = new Map<number, Found>();
  let order = 0;
  const add = (result: PluginResult, by: readonly string[], isWhole = false): void => {
    const current = found.get(result.document.i);
    if (current === undefined) {
      found.set(result.document.i, { result, words: new Set(by), whole: isWhole, order: order++ });
      return;
    }
    for (const word of by) current.words.add(word);
  };
  for (const result of whole) add(result, words, true);
  const matching: string[] = [];
  for (const word of words) {
    if (stale()) return null;
    const results = await ask(word, PER_WORD);
    if (results.length > 0) matching.push(word);
    for (const result of results) add(result, [word]);
  }
  // The words that match something, together: what the whole query would have found without the others.
  if (matching.length >= 2 && matching.length < words.length) {
    if (stale()) return null;
    for (const result of await ask(matching.join(' '), limit)) add(result, matching);
  }
  return [...found.values()]
    .sort(
      (a, b) =>
        Number(b.whole) - Number(a.whole) ||
        (a.whole ? a.order - b.order : b.words.size - a.words.size || placeRank(a.result) - placeRank(b.result) || a.order - b.order),
    )
    .slice(0, limit)
    .map(({ result, whole: isWhole }) => (isWhole ? result : { ...result, isInterOfTree: false, isLastOfTree: false }));
}
