// The full-text half of the MCP server's `search` (server/mcp): the index the local-search plugin writes into build/
// (search-index.json), read with the lunr the plugin wrote it with, and asked the way the plugin's worker asks it for
// an English query: every word required, then the last word as a prefix, then every word one edit off; title,
// heading, description, keywords and content documents in that order. Results take the plugin's result shape, so the
// search box's own merge (src/search/results.ts) ranks them against the symbol index.
//
// The index's format and the worker's queries are the plugin's private code (dist/server/server/utils/buildIndex.js,
// dist/client/client/theme/worker.js and the utils it calls), so this reader is an override: the version gate pins
// those files, and tests/unit/full-text-query.test.ts runs the plugin's own buildIndex and worker beside it (the same
// results and scores for English queries of one or two words). What the worker does beyond this reader: a last pass,
// the last word as a prefix one edit off (the test names what only that pass finds); for three words or more, the
// words less one each; and, Chinese being one of the site's languages, words split at every non-word character
// (`account.get` is two words there, one here).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PluginDocument, PluginResult } from '../../search/results';

/** The part of lunr 2 this module uses (lunr ships no types). */
interface LunrClause {
  presence?: number;
  wildcard?: number;
  editDistance?: number;
}
interface LunrIndex {
  query(
    build: (query: { term(term: string, clause: LunrClause): void }) => void,
  ): Array<{ ref: string; score: number; matchData: { metadata: Record<string, unknown> } }>;
}
interface Lunr {
  Index: { load(serialized: unknown): LunrIndex };
  Query: { presence: { REQUIRED: number }; wildcard: { NONE: number; TRAILING: number } };
  stopWordFilter(token: string): string | undefined;
}

/** lunr as the plugin resolves it: the index's format is that version's. */
function loadLunr(): Lunr {
  const plugin = require.resolve('@easyops-cn/docusaurus-search-local');
  return createRequire(plugin)('lunr') as Lunr;
}

interface SerializedPart {
  documents: PluginDocument[];
  index: unknown;
}

/** The plugin's document types, in the order its file lists them. */
const CONTENT = 4;

export class FullTextIndex {
  private readonly lunr = loadLunr();
  private readonly parts: Array<{ type: number; documents: Map<string, PluginDocument>; index: LunrIndex }>;
  private readonly pages = new Map<number, PluginDocument>();
  /** The text of each section (`/route#id`, or the route for a page's first section), from the content documents. */
  private readonly sections = new Map<string, string>();

  constructor(serialized: readonly SerializedPart[]) {
    this.parts = serialized.map((part, type) => ({
      type,
      documents: new Map(part.documents.map((document) => [String(document.i), document])),
      index: this.lunr.Index.load(part.index),
    }));
    for (const document of serialized[0]?.documents ?? []) this.pages.set(document.i, document);
    for (const document of serialized[CONTENT]?.documents ?? []) {
      const key = `${document.u}${document.h ?? ''}`;
      if (!this.sections.has(key)) this.sections.set(key, document.t);
    }
  }

  /** The documents of each of the plugin's document types, in the order its file lists them (title, heading, description, keywords, content). */
  documentsByType(): PluginDocument[][] {
    return this.parts.map((part) => [...part.documents.values()]);
  }

  static read(file: string): FullTextIndex {
    return new FullTextIndex(JSON.parse(fs.readFileSync(file, 'utf8')) as SerializedPart[]);
  }

  /** The text the index holds for a section (`#id` hash, '' for the top of the page). */
  sectionText(url: string, hash: string): string | undefined {
    return this.sections.get(`${url}${hash}`);
  }

  /** Words of the query as the plugin's tokenizer splits an English one, without stop words and edge punctuation. */
  words(text: string): string[] {
    const raw = text.toLowerCase().match(/[^-\s]+/g) ?? [];
    return raw.map((word) => word.replace(/^\W+|\W+$/g, '')).filter((word) => word !== '' && this.lunr.stopWordFilter(word) !== undefined);
  }

  search(text: string, limit: number): PluginResult[] {
    const words = this.words(text);
    if (words.length === 0) return [];
    const { REQUIRED } = this.lunr.Query.presence;
    const { NONE, TRAILING } = this.lunr.Query.wildcard;
    const passes: LunrClause[][] = [
      words.map(() => ({ presence: REQUIRED, wildcard: NONE })),
      words.map((_, at) => ({ presence: REQUIRED, wildcard: at === words.length - 1 ? TRAILING : NONE })),
      words.map((word) => ({ presence: REQUIRED, wildcard: NONE, ...(word.length > 1 ? { editDistance: 1 } : {}) })),
    ];
    const results: PluginResult[] = [];
    const seen = new Set<string>();
    for (const clauses of passes) {
      for (const part of this.parts) {
        const hits = part.index.query((query) => words.forEach((word, at) => query.term(word, clauses[at] ?? {})));
        for (const hit of hits) {
          const document = part.documents.get(hit.ref);
          if (document === undefined || seen.has(hit.ref)) continue;
          seen.add(hit.ref);
          const page = part.type === 0 || document.p === undefined ? undefined : this.pages.get(document.p);
          results.push({ document, type: part.type, page: page ?? false, metadata: hit.matchData.metadata, tokens: words, score: hit.score });
          if (results.length >= limit) return results;
        }
      }
    }
    return results;
  }
}
