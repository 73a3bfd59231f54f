// The full text of the build ranked for questions as people ask them: every section of every page (the local-search
// plugin's title, heading, description and content documents, build/search-index.json), scored by how much of the
// query it covers, where the words stand (a heading above the page title above the text) and how rare they are.
// A word matches as it is, in another form (`swaps` and `swap`, `signing` and `sign`), as the start of a longer word
// (`addr` for `address`), or one edit off; version tokens (`3.x`, `4.0`, `v4.0.9`) stay whole. The cost is bounded
// whatever the words: at most MAX_WORDS words are read, a word longer than MAX_MATCH_LENGTH only matches as it is,
// prefixes and near words come from sorted lists with a cap on the candidates, and a deadline stops the scoring.

/** The plugin's document types, in the order its file lists them (src/search/results.ts DOCUMENT_TYPE). */
const TITLE = 0;
const HEADING = 1;
const DESCRIPTION = 2;
const CONTENT = 4;

interface SerializedDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  s?: string;
  p?: number;
}

/** One section of a page: the heading it opens with (the page title for the top of a page) and its text. */
export interface TextSection {
  url: string;
  /** `#id`, or '' for the top of the page. */
  hash: string;
  title: string;
  page: string;
  body: string;
}

export interface RankedSection {
  section: TextSection;
  /** Relevance: 0 to 1, 1 for a section whose heading holds every word of the query. */
  score: number;
  /** How many of the query's words it holds. */
  matched: number;
  words: number;
}

/** Where a word stands, and what a match there weighs. */
const FIELD_WEIGHT = { title: 4, page: 1.5, body: 1 } as const;
type Field = keyof typeof FIELD_WEIGHT;
const FIELDS = Object.keys(FIELD_WEIGHT) as Field[];

/** How close a word of the index is to the query's word. */
const MATCH_WEIGHT = { exact: 1, form: 0.9, prefix: 0.6, near: 0.5 } as const;

/** Bounds of one query's cost. */
export const LIMITS = {
  /** Words of the query read; the rest are left out. */
  maxWords: 16,
  /** A longer word matches only as it is (no prefix, no near words). */
  maxMatchLength: 24,
  /** Words of the index a prefix may stand for. */
  maxPrefixCandidates: 64,
  /** Words of the index compared with one word for a near match. */
  maxNearCandidates: 400,
  /** Milliseconds the scoring may take before it stops with what it has. */
  deadlineMs: 250,
} as const;

/** The release pages (/node/releases/v3, /ecosystem/packages/releases/v0). */
const RELEASE_NOTES = /\/releases\/v\d+$/;

const STOP_WORDS = new Set(
  (
    'a an and are as at be by can do does for from has have how i if in into is it its me my of on or so that the their them then there ' +
    'these this to was we what when where which who why will with you your should would could get use using'
  ).split(' '),
);

/** A word's other form: a plural's singular, a verb's stem (`swaps` → `swap`, `signing` → `sign`, `created` → `creat`). */
export function wordForm(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.endsWith('e') && word.length > 4) return word.slice(0, -1);
  return word;
}

/**
 * The words of a text: lower case, dotted names also in their parts (`blockchain.getBlock`), camelCase names also in
 * theirs unless `parts` is false (`takeLoan` → takeloan, take, loan), versions and codes whole (`3.x`, `4.0`, `-32600`).
 */
export function textWords(text: string, limit = Number.POSITIVE_INFINITY, parts = true): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/-?\d+(?:\.(?:\d+|x))+|[A-Za-z0-9_$]+(?:\.[A-Za-z0-9_$]+)*/g)) {
    if (words.length >= limit) break;
    const raw = match[0];
    const lower = raw.toLowerCase();
    if (/^-?\d+(?:\.(?:\d+|x))+$/.test(lower) || /^v\d+(?:\.\d+)+$/.test(lower)) {
      words.push(lower.replace(/^v/, ''));
      continue;
    }
    const pieces = raw.split('.');
    for (const part of pieces.length > 1 ? [raw, ...pieces] : pieces) {
      const low = part.toLowerCase();
      if (low !== '') words.push(low);
      const camel = part === raw && pieces.length > 1 ? [] : (part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []);
      if (parts && camel.length > 1) for (const piece of camel) words.push(piece.toLowerCase());
    }
  }
  return words;
}

/** The query's words that can match: no stop words, each once, at most LIMITS.maxWords. */
export function queryWords(query: string): string[] {
  const words = textWords(query.slice(0, 2000), 200).filter((word) => !STOP_WORDS.has(word) && word.replace(/^-/, '') !== '');
  return [...new Set(words)].slice(0, LIMITS.maxWords);
}

/** Whether `a` and `b` differ by one letter changed, added or dropped, or two neighbours swapped. */
function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Postings of one word: for each section that holds it, how often in each field. */
type Postings = Map<number, [number, number, number]>;

export class RankedText {
  readonly sections: TextSection[] = [];
  /** Sections by `url#id` (the url alone for the top of a page). */
  private readonly at = new Map<string, number>();
  private readonly postings = new Map<string, Postings>();
  /** The index's words, sorted (for prefixes). */
  private readonly sorted: string[];
  /** The index's words by length (for near words). */
  private readonly byLength = new Map<number, string[]>();
  /** Each section's text length against the average: a long text (a page of examples) holds any word more easily. */
  private readonly bodyLength: number[] = [];

  /** `parts`: the documents of each of the plugin's document types, as src/overrides/full-text-query reads them. */
  constructor(parts: ReadonlyArray<readonly SerializedDocument[]>) {
    const serialized = parts.map((documents) => ({ documents }));
    const pages = new Map<number, SerializedDocument>();
    for (const document of serialized[TITLE]?.documents ?? []) pages.set(document.i, document);
    const at = this.at;
    const sectionOf = (url: string, hash: string, title: string, page: string): number => {
      const key = `${url}${hash}`;
      let index = at.get(key);
      if (index === undefined) {
        index = this.sections.length;
        this.sections.push({ url, hash, title, page, body: '' });
        at.set(key, index);
      }
      return index;
    };
    for (const document of serialized[TITLE]?.documents ?? []) sectionOf(document.u, '', document.t, document.t);
    for (const document of serialized[HEADING]?.documents ?? []) {
      const page = document.p === undefined ? undefined : pages.get(document.p);
      sectionOf(document.u, document.h ?? '', document.t, page?.t ?? '');
    }
    for (const type of [DESCRIPTION, CONTENT]) {
      for (const document of serialized[type]?.documents ?? []) {
        const page = document.p === undefined ? undefined : pages.get(document.p);
        const index = sectionOf(document.u, document.h ?? '', document.s ?? page?.t ?? '', page?.t ?? document.s ?? '');
        const section = this.sections[index];
        if (section !== undefined) section.body = section.body === '' ? document.t : `${section.body}\n${document.t}`;
      }
    }
    this.sections.forEach((section, index) => {
      const texts: Record<Field, string> = { title: section.title, page: section.page, body: section.body };
      FIELDS.forEach((field, slot) => {
        // Names in the text stay whole (an example's `MnemonicHdNodeProvider` is not the word mnemonic); headings split them.
        for (const word of textWords(texts[field], Number.POSITIVE_INFINITY, field !== 'body')) {
          for (const form of new Set([word, wordForm(word)])) {
            let postings = this.postings.get(form);
            if (postings === undefined) {
              postings = new Map();
              this.postings.set(form, postings);
            }
            let counts = postings.get(index);
            if (counts === undefined) {
              counts = [0, 0, 0];
              postings.set(index, counts);
            }
            counts[slot] = (counts[slot] ?? 0) + 1;
          }
        }
      });
    });
    const average = this.sections.reduce((sum, section) => sum + section.body.length, 0) / Math.max(1, this.sections.length);
    for (const section of this.sections) this.bodyLength.push(Math.max(0.25, section.body.length / Math.max(1, average)));
    this.sorted = [...this.postings.keys()].sort();
    for (const word of this.sorted) {
      const list = this.byLength.get(word.length) ?? [];
      list.push(word);
      this.byLength.set(word.length, list);
    }
  }

  /** The section a URL and hash (`#id`, '' for the top of the page) open. */
  section(url: string, hash: string): TextSection | undefined {
    const index = this.at.get(`${url}${hash}`);
    return index === undefined ? undefined : this.sections[index];
  }

  /** The index's words one query word stands for, each with how close it is. */
  private matches(word: string, deadline: number): Map<string, number> {
    const found = new Map<string, number>();
    const put = (term: string, weight: number): void => {
      if ((found.get(term) ?? 0) < weight) found.set(term, weight);
    };
    if (this.postings.has(word)) put(word, MATCH_WEIGHT.exact);
    const form = wordForm(word);
    if (form !== word && this.postings.has(form)) put(form, MATCH_WEIGHT.form);
    if (word.length > LIMITS.maxMatchLength || /\d/.test(word)) return found;
    if (word.length >= 3) {
      // Binary search for the first word at or after the prefix, then the words that start with it.
      let low = 0;
      let high = this.sorted.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((this.sorted[middle] ?? '') < word) low = middle + 1;
        else high = middle;
      }
      for (let at = low, taken = 0; at < this.sorted.length && taken < LIMITS.maxPrefixCandidates; at += 1, taken += 1) {
        const term = this.sorted[at] ?? '';
        if (!term.startsWith(word)) break;
        // A longer word that starts with the query's: closer the less it adds.
        put(term, term === word ? MATCH_WEIGHT.exact : MATCH_WEIGHT.prefix * (word.length / term.length) ** 0.5);
      }
    }
    if (word.length >= 4 && found.size === 0) {
      let compared = 0;
      for (const length of [word.length, word.length - 1, word.length + 1]) {
        for (const term of this.byLength.get(length) ?? []) {
          if (compared >= LIMITS.maxNearCandidates || performance.now() > deadline) return found;
          // Near words keep the first letter (a typo rarely falls there) and so most comparisons end at once.
          if (term[0] !== word[0]) continue;
          compared += 1;
          if (withinOneEdit(word, term)) put(term, MATCH_WEIGHT.near);
        }
      }
    }
    return found;
  }

  /**
   * The sections ranked for `query`, best first: a section holding more of the query's words comes first, then the
   * one holding them in its heading, then the rarer words. Sections holding none of the words are never listed.
   */
  search(query: string, limit: number, deadlineMs: number = LIMITS.deadlineMs): RankedSection[] {
    const deadline = performance.now() + deadlineMs;
    const words = queryWords(query);
    if (words.length === 0) return [];
    const total = this.sections.length;
    const scores = new Map<number, { sum: number; covered: number; matched: number }>();
    // Each word's weight: the rarity of the rarest word of the index it stands for (the rarest of all when none).
    const weights: number[] = [];
    for (const word of words) {
      if (performance.now() > deadline) break;
      const best = new Map<number, { value: number; placed: number }>();
      let weight = Math.log(1 + total);
      let rarest = 0;
      for (const [term, closeness] of this.matches(word, deadline)) {
        const postings = this.postings.get(term);
        if (postings === undefined) continue;
        const idf = Math.log(1 + total / postings.size);
        rarest = Math.max(rarest, idf);
        for (const [section, counts] of postings) {
          let value = 0;
          // In the text, a word counts less the longer the text is (as BM25 weighs it).
          const length = this.bodyLength[section] ?? 1;
          counts.forEach((count, slot) => {
            const field = FIELDS[slot] ?? 'body';
            if (count > 0) value = Math.max(value, (FIELD_WEIGHT[field] * (1 + Math.log(count) / 8)) / (field === 'body' ? 0.5 + 0.5 * length : 1));
          });
          // A word in the heading or the page title covers the query more than one in the text.
          const inText = 0.7 / Math.max(1, length) ** 0.25;
          const placed = closeness * ((counts[0] ?? 0) > 0 ? 1 : (counts[1] ?? 0) > 0 ? 0.85 : inText);
          value *= closeness * idf;
          const current = best.get(section);
          if (current === undefined || current.value < value) best.set(section, { value, placed: Math.max(placed, current?.placed ?? 0) });
        }
      }
      if (rarest > 0) weight = rarest;
      weights.push(weight);
      for (const [section, { value, placed }] of best) {
        const score = scores.get(section) ?? { sum: 0, covered: 0, matched: 0 };
        score.sum += value;
        score.covered += weight * placed;
        score.matched += 1;
        scores.set(section, score);
      }
    }
    const ranked: RankedSection[] = [];
    // The most a section can score: every word in its heading; and the weight of the whole query.
    const whole = weights.reduce((sum, weight) => sum + weight, 0);
    const ceiling = whole * FIELD_WEIGHT.title;
    for (const [index, { sum, covered, matched }] of scores) {
      const section = this.sections[index];
      if (section === undefined || whole === 0) continue;
      // The share of the query it holds, rare words counting more, squared so that holding more words comes first;
      // then where it holds them (a heading above the text) and how closely.
      const coverage = covered / whole;
      // A release's notes name what changed in it and rarely answer a question: below the page that explains it.
      const prior = RELEASE_NOTES.test(section.url) ? 0.75 : 1;
      const score = prior * coverage * coverage * (0.4 + 0.6 * Math.min(1, sum / ceiling));
      ranked.push({ section, score, matched, words: words.length });
    }
    ranked.sort((a, b) => b.score - a.score || a.section.url.length - b.section.url.length);
    return ranked.slice(0, limit);
  }
}
