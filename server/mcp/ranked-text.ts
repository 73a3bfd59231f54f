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

/**
 * Where a word stands, and what a match there weighs: the heading (and the words of its id), the lead (the first
 * sentence of the doc of the method, endpoint or type the section documents), the page's title and route, the text.
 */
const FIELD_WEIGHT = { title: 4, lead: 2.5, page: 1.5, parameters: 2, body: 1 } as const;
type Field = keyof typeof FIELD_WEIGHT;
const FIELDS = Object.keys(FIELD_WEIGHT) as Field[];

/** How close a word of the index is to the query's word. */
const MATCH_WEIGHT = { exact: 1, form: 0.9, compound: 0.9, synonym: 0.8, prefix: 0.6, near: 0.5 } as const;

/** How fully a match in each field covers the query's word (a match in the text counts less the longer the text). */
const PLACED = { title: 1, lead: 0.9, page: 0.85, parameters: 0.75, text: 0.6 } as const;

/** What the share of a heading the query names weighs in a score (the rest: how much of the query the section holds). */
const HEADING_SHARE = 0.3;

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
  /** Milliseconds of the thread's CPU the scoring may take before it stops with what it has. */
  deadlineMs: 250,
} as const;

/**
 * The clock of the deadline: the CPU time of the thread that scores (Node.js's `process.threadCpuUsage`), so that a
 * busy host, which stretches the wall clock but not the work, never cuts an ordinary query short and the same query
 * gets the same answer however loaded the machine is; the wall clock where that is missing.
 */
const threadCpuUsage = typeof process === 'undefined' ? undefined : (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
function cpuNow(): number {
  if (threadCpuUsage === undefined) return performance.now();
  const { user, system } = threadCpuUsage.call(process);
  return (user + system) / 1000;
}

/** The release pages (/node/releases/v3, /ecosystem/packages/releases/v0). */
const RELEASE_NOTES = /\/releases\/v\d+$/;

const STOP_WORDS = new Set(
  (
    'a an and are as at be by can do does for from has have how i if in into is it its me my of on or so that the their them then there ' +
    'these this to was we what when where which who why will with you your should would could get use using one another whether much'
  ).split(' '),
);

/**
 * Words readers use for what the docs say otherwise: verbs (`fetch` a transaction is `get` one, `broadcast` is
 * `send`), the SDK's short names (`gov`, `tx`), and words the docs say differently (`peers` are `connections`, the
 * Whale API of the package names is `ocean`).
 * Each maps a query word (in its form) to words of the index it also stands for.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = (() => {
  const pairs: Array<[string, string[]]> = [
    ['fetch', ['get']],
    ['retrieve', ['get']],
    ['read', ['get']],
    ['lookup', ['get']],
    ['broadcast', ['send']],
    ['submit', ['send']],
    ['simulate', ['test']],
    ['several', ['multiple']],
    ['peer', ['connection']],
    ['governance', ['gov']],
    ['transaction', ['tx']],
    ['information', ['info']],
    ['off', ['disable']],
    ['many', ['count', 'number']],
    ['borrow', ['loan']],
    ['generate', ['create', 'new']],
    ['whale', ['ocean']],
  ];
  const table: Record<string, string[]> = {};
  for (const [word, others] of pairs) table[word] = others;
  return table;
})();

/** Endings that make another form of the same word (`valid` → validate, validation; `connect` → connections). */
const SUFFIXES = new Set('s es ed ing ings er ers ion ions ation ations ate ates ated ating ment ments ity ities al ly ive e'.split(' '));

/** Verbs whose past the endings do not make, by their past (`sent` → send): a reader asks "sending", the docs say "sent". */
const IRREGULAR: ReadonlyMap<string, string> = new Map(
  'sent:send spent:spend paid:pay built:build held:hold sold:sell bought:buy made:make got:get gotten:get lent:lend kept:keep'
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/** A word's other form: a plural's singular, a verb's stem (`swaps` → `swap`, `signing` → `sign`, `created` → `creat`, `sent` → `send`). */
export function wordForm(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.endsWith('e') && word.length > 4) return word.slice(0, -1);
  return word;
}

/** The parts of a camelCase name: `getBlockCount` → get, Block, Count; an acronym's plural stays one (`UTXOs`). */
function camelParts(name: string): string[] {
  return name.match(/[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [];
}

/**
 * The words of a text, one group per name or word of it: lower case, a dotted name and then its parts
 * (`blockchain.getBlock`), a camelCase name and then its parts unless `parts` is false (`takeLoan` → takeloan, take,
 * loan), versions and codes whole (`3.x`, `4.0`, `-32600`).
 */
function textGroups(text: string, limit = Number.POSITIVE_INFINITY, parts = true): string[][] {
  const groups: string[][] = [];
  let count = 0;
  for (const match of text.matchAll(/-?\d+(?:\.(?:\d+|x))+|[A-Za-z0-9_$]+(?:\.[A-Za-z0-9_$]+)*/g)) {
    if (count >= limit) break;
    const raw = match[0];
    const lower = raw.toLowerCase();
    const words: string[] = [];
    if (/^-?\d+(?:\.(?:\d+|x))+$/.test(lower) || /^v\d+(?:\.\d+)+$/.test(lower)) {
      words.push(lower.replace(/^v/, ''));
    } else {
      const pieces = raw.split('.');
      for (const part of pieces.length > 1 ? [raw, ...pieces] : pieces) {
        const low = part.toLowerCase();
        if (low !== '') words.push(low);
        const camel = part === raw && pieces.length > 1 ? [] : camelParts(part);
        if (parts && camel.length > 1) for (const piece of camel) words.push(piece.toLowerCase());
      }
    }
    count += words.length;
    groups.push(words);
  }
  return groups;
}

/** The words of a text (textGroups, one after the other). */
export function textWords(text: string, limit = Number.POSITIVE_INFINITY, parts = true): string[] {
  return textGroups(text, limit, parts).flat();
}

/**
 * The query's words that can match, a group per word of the query (a name first whole, then its parts): no stop
 * words, each once, at most LIMITS.maxWords in all.
 */
function queryGroups(query: string): string[][] {
  const seen = new Set<string>();
  const groups: string[][] = [];
  let count = 0;
  for (const group of textGroups(query.slice(0, 2000), 200)) {
    const words = group.filter((word) => !STOP_WORDS.has(word) && word.replace(/^-/, '') !== '' && !seen.has(word));
    const kept = words.slice(0, LIMITS.maxWords - count);
    for (const word of kept) seen.add(word);
    if (kept.length > 0) groups.push(kept);
    count += kept.length;
    if (count >= LIMITS.maxWords) break;
  }
  return groups;
}

/** The query's words that can match: no stop words, each once, at most LIMITS.maxWords. */
export function queryWords(query: string): string[] {
  return queryGroups(query).flat();
}

/** The words of a heading a query may name: names in their parts (`getBlockCount` → block, count), no stop words or single letters. */
function headingTerms(title: string): Set<string> {
  const terms = new Set<string>();
  for (const match of title.matchAll(/[A-Za-z0-9_$]+/g)) {
    const parts = camelParts(match[0]);
    for (const part of parts.length > 0 ? parts : [match[0]]) {
      const word = part.toLowerCase();
      if (word.length > 1 && !STOP_WORDS.has(word)) terms.add(wordForm(word));
    }
  }
  return terms;
}

/** The words of a route and of a heading's id: `/ocean/blocks` → ocean, blocks; `#the-client` → the, client. */
function pathWords(path: string): string {
  return path.replace(/[/#-]+/g, ' ').trim();
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

/** Postings of one word: for each section that holds it, how often in each field (FIELDS' order). */
type Postings = Map<number, number[]>;

/** How one query word stands in one section: what it adds to the score, how fully it is covered, whether in the heading. */
interface WordHit {
  value: number;
  placed: number;
  heading: boolean;
}

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
  /** How many words each section's heading has (stop words aside), for the share of it a query names. */
  private readonly headingSize: number[] = [];

  /**
   * `parts`: the documents of each of the plugin's document types, as src/overrides/full-text-query reads them;
   * `leads`: the first sentence of the doc of the method, endpoint or type a section documents, by `url#id`.
   */
  constructor(
    parts: ReadonlyArray<readonly SerializedDocument[]>,
    leads: ReadonlyMap<string, string> = new Map(),
    parameters: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {
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
      // The heading's id and the page's route name the section too (`#recipient` under "Invalid address", `/ocean/`).
      const texts: Record<Field, string> = {
        title: `${section.title} ${pathWords(section.hash)}`,
        lead: leads.get(`${section.url}${section.hash}`) ?? '',
        page: `${section.page} ${pathWords(section.url)}`,
        parameters: (parameters.get(`${section.url}${section.hash}`) ?? []).join(' '),
        body: section.body,
      };
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
              counts = FIELDS.map(() => 0);
              postings.set(index, counts);
            }
            counts[slot] = (counts[slot] ?? 0) + 1;
          }
        }
      });
      this.headingSize.push(headingTerms(section.title).size);
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

  /**
   * The index's words one query word stands for, each with how close it is: the word, its form, its synonyms, the
   * names it makes with the query's next or previous word (`pay back` → payback), the longer words it starts, or
   * (when nothing else) words one edit off.
   */
  private matches(word: string, compounds: readonly string[], deadline: number): Map<string, number> {
    const found = new Map<string, number>();
    const put = (term: string, weight: number): void => {
      if ((found.get(term) ?? 0) < weight) found.set(term, weight);
    };
    if (this.postings.has(word)) put(word, MATCH_WEIGHT.exact);
    const form = wordForm(word);
    if (form !== word && this.postings.has(form)) put(form, MATCH_WEIGHT.form);
    for (const other of SYNONYMS[word] ?? SYNONYMS[form] ?? []) if (this.postings.has(other)) put(other, MATCH_WEIGHT.synonym);
    for (const compound of compounds) if (this.postings.has(compound)) put(compound, MATCH_WEIGHT.compound);
    if (word.length > LIMITS.maxMatchLength || /\d/.test(word)) return found;
    if (word.length >= 3) {
      for (const stem of new Set([word, form])) {
        if (stem.length < 3) continue;
        // Binary search for the first word at or after the prefix, then the words that start with it.
        let low = 0;
        let high = this.sorted.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if ((this.sorted[middle] ?? '') < stem) low = middle + 1;
          else high = middle;
        }
        for (let at = low, taken = 0; at < this.sorted.length && taken < LIMITS.maxPrefixCandidates; at += 1, taken += 1) {
          const term = this.sorted[at] ?? '';
          if (!term.startsWith(stem)) break;
          // The same word with an ending (`valid` → validate, `connect` → connections) is one of its forms; another
          // longer word that starts with it is closer the less it adds.
          const ending = term.slice(stem.length);
          put(term, ending === '' ? MATCH_WEIGHT.exact : SUFFIXES.has(ending) ? MATCH_WEIGHT.form : MATCH_WEIGHT.prefix * (stem.length / term.length) ** 0.5);
        }
      }
    }
    if (word.length >= 4 && found.size === 0) {
      let compared = 0;
      for (const length of [word.length, word.length - 1, word.length + 1]) {
        for (const term of this.byLength.get(length) ?? []) {
          if (compared >= LIMITS.maxNearCandidates || cpuNow() > deadline) return found;
          // Near words keep the first letter (a typo rarely falls there) and so most comparisons end at once.
          if (term[0] !== word[0]) continue;
          compared += 1;
          if (withinOneEdit(word, term)) put(term, MATCH_WEIGHT.near);
        }
      }
    }
    return found;
  }

  /** Where one query word stands in each section that holds it, and its weight (how rare it is, in every form it matched). */
  private hits(word: string, compounds: readonly string[], deadline: number): { weight: number; sections: Map<number, WordHit> } {
    const total = this.sections.length;
    const sections = new Map<number, WordHit>();
    for (const [term, closeness] of this.matches(word, compounds, deadline)) {
      const postings = this.postings.get(term);
      if (postings === undefined) continue;
      const idf = Math.log(1 + total / postings.size);
      for (const [section, counts] of postings) {
        let value = 0;
        // In the text, a word counts less the longer the text is (as BM25 weighs it).
        const length = this.bodyLength[section] ?? 1;
        counts.forEach((count, slot) => {
          const field = FIELDS[slot] ?? 'body';
          if (count > 0) value = Math.max(value, (FIELD_WEIGHT[field] * (1 + Math.log(count) / 8)) / (field === 'body' ? 0.5 + 0.5 * length : 1));
        });
        // A word in the heading, the lead or the page title covers the query more than one in the text.
        const inText = PLACED.text / Math.max(1, length) ** 0.25;
        const [title = 0, lead = 0, page = 0, parameter = 0] = counts;
        const placed =
          closeness *
          (title > 0 ? PLACED.title : lead > 0 ? PLACED.lead : page > 0 ? PLACED.page : parameter > 0 ? Math.max(PLACED.parameters, inText) : inText);
        value *= closeness * idf;
        const current = sections.get(section);
        const heading = title > 0 || current?.heading === true;
        if (current === undefined) sections.set(section, { value, placed, heading });
        else {
          current.value = Math.max(current.value, value);
          current.placed = Math.max(current.placed, placed);
          current.heading = heading;
        }
      }
    }
    // How rare the word is, in all the forms it matched: `fetch` standing for `get` weighs as little as get does.
    return { weight: Math.log(1 + total / Math.max(1, sections.size)), sections };
  }

  /**
   * The sections ranked for `query`, best first: a section holding more of the query's words comes first, then the
   * one holding them in its heading, then the rarer words. Sections holding none of the words are never listed.
   */
  search(query: string, limit: number, deadlineMs: number = LIMITS.deadlineMs): RankedSection[] {
    const deadline = cpuNow() + deadlineMs;
    const groups = queryGroups(query);
    if (groups.length === 0) return [];
    // Neighbouring words of the query written as one name (`pay back` → payback, `pool pair` → poolpair).
    const singles = groups.map((group) => (group.length === 1 ? group[0] : undefined));
    const compoundsOf = (at: number): string[] => {
      const word = singles[at];
      if (word === undefined) return [];
      return [singles[at - 1], singles[at + 1]].flatMap((other, side) =>
        other === undefined ? [] : [side === 0 ? `${other}${word}` : `${word}${other}`, side === 0 ? `${other}${wordForm(word)}` : `${word}${wordForm(other)}`],
      );
    };
    const scores = new Map<number, { sum: number; covered: number; matched: number; inHeading: number }>();
    // Each group's weight: its heaviest word's. A name's group (`JsonRpcClient`: the name, json, rpc, client) covers
    // the query as the name does, or as the share of its parts a section holds (and each part its heading holds
    // counts toward the share of the heading the query names).
    const weights: number[] = [];
    for (const [at, group] of groups.entries()) {
      if (cpuNow() > deadline) break;
      const [whole = '', ...parts] = group;
      const wholeHits = this.hits(whole, compoundsOf(at), deadline);
      const partHits = parts.map((part) => this.hits(part, [], deadline));
      weights.push(Math.max(wholeHits.weight, ...partHits.map((hit) => hit.weight)));
      const merged = new Map<number, WordHit & { named: number }>();
      for (const [section, hit] of wholeHits.sections) merged.set(section, { ...hit, named: hit.heading ? 1 : 0 });
      if (partHits.length > 0) {
        const share = new Map<number, WordHit & { named: number }>();
        for (const { sections } of partHits) {
          for (const [section, hit] of sections) {
            const sum = share.get(section) ?? { value: 0, placed: 0, heading: false, named: 0 };
            sum.value += hit.value / partHits.length;
            sum.placed += hit.placed / partHits.length;
            if (hit.heading) sum.named += 1;
            share.set(section, sum);
          }
        }
        for (const [section, hit] of share) {
          const current = merged.get(section);
          merged.set(section, {
            value: Math.max(hit.value, current?.value ?? 0),
            placed: Math.max(hit.placed, current?.placed ?? 0),
            heading: hit.named > 0 || current?.heading === true,
            named: Math.max(hit.named, current?.named ?? 0),
          });
        }
      }
      const weight = weights[weights.length - 1] ?? 0;
      for (const [section, { value, placed, named }] of merged) {
        const score = scores.get(section) ?? { sum: 0, covered: 0, matched: 0, inHeading: 0 };
        score.sum += value;
        score.covered += weight * placed;
        score.matched += 1;
        score.inHeading += named;
        scores.set(section, score);
      }
    }
    const ranked: RankedSection[] = [];
    // The most a section can score: every word in its heading; and the weight of the whole query.
    const whole = weights.reduce((sum, weight) => sum + weight, 0);
    const ceiling = whole * FIELD_WEIGHT.title;
    for (const [index, { sum, covered, matched, inHeading }] of scores) {
      const section = this.sections[index];
      if (section === undefined || whole === 0) continue;
      // The share of the query it holds, rare words counting more, squared so that holding more words comes first;
      // then where it holds them (a heading above the text) and how closely.
      const coverage = covered / whole;
      // A release's notes name what changed in it and rarely answer a question: below the page that explains it.
      const prior = RELEASE_NOTES.test(section.url) ? 0.75 : 1;
      // How much of its heading the query names: `futureSwap` answers "place a future swap" better than `withdrawFutureSwap`.
      const size = this.headingSize[index] ?? 0;
      const named = size === 0 ? 0 : Math.min(1, inHeading / size);
      const score = prior * coverage * coverage * (0.4 + 0.6 * Math.min(1, sum / ceiling)) * (1 - HEADING_SHARE + HEADING_SHARE * named);
      ranked.push({ section, score, matched, words: groups.length });
    }
    ranked.sort((a, b) => b.score - a.score || a.section.url.length - b.section.url.length);
    return ranked.slice(0, limit);
  }
}
