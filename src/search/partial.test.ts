// The search box's partial matches (./partial.ts), over a stand-in for the plugin's worker: a small set of sections,
// each found by a query only when it holds every word (as the worker's query of two words asks).
import { describe, expect, it } from 'vitest';
import { partialSearch, queryWords, MAX_PARTIAL_WORDS } from './partial';
import { DOCUMENT_TYPE, type PluginResult } from './results';

interface Section {
  id: number;
  type: number;
  title: string;
  words: string[];
}

const SECTIONS: readonly Section[] = [
  { id: 1, type: DOCUMENT_TYPE.content, title: 'Numbers in examples', words: ['numeric', 'example', 'precision'] },
  { id: 2, type: DOCUMENT_TYPE.heading, title: 'Precision', words: ['numeric', 'precision', 'bignumber'] },
  { id: 3, type: DOCUMENT_TYPE.heading, title: 'Numeric ids', words: ['numeric', 'token'] },
  { id: 4, type: DOCUMENT_TYPE.title, title: 'Design', words: ['design', 'precision'] },
];

function result(section: Section): PluginResult {
  return { document: { i: section.id, t: section.title, u: '/page' }, type: section.type, metadata: {}, tokens: [], isLastOfTree: true };
}

/** The worker's way: every word of the query held, in the order of the sections above; and the queries it was asked. */
function worker(): { ask: (text: string, limit: number) => Promise<PluginResult[]>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    ask: (text, limit) => {
      asked.push(text);
      const words = queryWords(text);
      return Promise.resolve(
        SECTIONS.filter((section) => words.every((word) => section.words.includes(word)))
          .slice(0, limit)
          .map(result),
      );
    },
  };
}

const titles = (results: PluginResult[] | null): string[] => (results ?? []).map((found) => found.document.t);

describe('partial matches in the search box', () => {
  it('keeps the plugin answer when it fills the limit, or the query is one word', async () => {
    const { ask, asked } = worker();
    expect(titles(await partialSearch(ask, 'numeric', 8))).toEqual(['Numbers in examples', 'Precision', 'Numeric ids']);
    expect(titles(await partialSearch(ask, 'numeric precision', 1))).toEqual(['Numbers in examples']);
    expect(asked).toEqual(['numeric', 'numeric precision']);
  });

  it('answers a query one of whose words nothing holds with the sections holding the others, most words first', async () => {
    const { ask, asked } = worker();
    const results = await partialSearch(ask, 'numeric precision flibbertigibbet', 8);
    // Two words held: the heading above the passage of text; then one word: headings and titles first.
    expect(titles(results)).toEqual(['Precision', 'Numbers in examples', 'Numeric ids', 'Design']);
    expect(asked).toEqual(['numeric precision flibbertigibbet', 'numeric', 'precision', 'flibbertigibbet', 'numeric precision']);
    // Results moved out of the plugin's order are shown flat, not as a page's tree.
    expect(results?.every((found) => found.isLastOfTree === false)).toBe(true);
  });

  it('puts what the whole query found first, then the rest by the words they hold', async () => {
    const { ask } = worker();
    expect(titles(await partialSearch(ask, 'bignumber precision', 8))).toEqual(['Precision', 'Design', 'Numbers in examples']);
  });

  it('finds nothing when no word matches, and stops when a newer query has come', async () => {
    const { ask, asked } = worker();
    expect(await partialSearch(ask, 'zzz yyy', 8)).toEqual([]);
    let newer = false;
    const stopped = partialSearch(
      async (text, limit) => {
        newer = true;
        return ask(text, limit);
      },
      'numeric zzz',
      8,
      () => newer,
    );
    expect(await stopped).toBeNull();
    expect(asked).toEqual(['zzz yyy', 'zzz', 'yyy', 'numeric zzz']);
  });

  it(`asks at most ${MAX_PARTIAL_WORDS} words alone, whatever the query's length`, async () => {
    const { ask, asked } = worker();
    await partialSearch(ask, Array.from({ length: 40 }, (_, at) => `word${at}`).join(' '), 8);
    expect(asked.length).toBe(1 + MAX_PARTIAL_WORDS);
  });
});
