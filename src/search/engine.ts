// Ranks the symbol index (generator/emit/search-index.ts) for a query: an exact name first, then a name the query begins,
// then a name holding the query, then names whose words hold every word of the query; a word of five letters or more
// may be one edit off (a letter wrong, missing, added, or two swapped). `rpc:`, `ocean:`, `type:` and `dftx:` keep one
// kind; `pkg:<package>` keeps the symbols of one package, and alone lists its exports; `since:3.0` keeps the symbols
// that first appeared in that version or later (generator/history). Error messages match on their own terms: a
// message pasted whole, with the values the node filled in, finds the entry whose every word it holds; two or more
// words typed find the messages that hold them all; `error:` keeps them alone.
import { KINDS, camelWords, type SymbolIndex, type SymbolKind } from '../../contract/symbol-index';
import { withoutPlaceholders } from '../../contract/error-message';

/** Numeric parts of a version or its start (`3`, `3.16`, `3.16.0`), for comparing: [3, 16, 0]. */
function versionKey(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`. */
export function compareVersionKeys(a: string, b: string): number {
  const [x, y] = [versionKey(a), versionKey(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The filters a reader types before the query, and the kinds each keeps. */
const FILTERS: Readonly<Record<string, readonly SymbolKind[]>> = {
  rpc: ['method'],
  ocean: ['endpoint'],
  type: ['type', 'enum'],
  dftx: ['dftx'],
  error: ['error'],
};

export interface ParsedQuery {
  /** The kinds the filter keeps, or null without one. */
  kinds: readonly SymbolKind[] | null;
  /** The oldest first version a symbol may have (`since:3.0`), or null without that filter. */
  since: string | null;
  /** The package `pkg:` names (as typed, lower case, without `@defichain/`), or null without one. */
  pkg: string | null;
  /** The query without its filters. */
  text: string;
}

/** Filters typed before the query, in any order: one kind filter (`rpc:`), one `since:` with a version (`since:3.16`). */
export function parseQuery(input: string): ParsedQuery {
  let rest = input;
  let kinds: readonly SymbolKind[] | null = null;
  let since: string | null = null;
  let pkg: string | null = null;
  for (;;) {
    const version = /^\s*since:\s*(\d+(?:\.\d+){0,2})(?=\s|$)\s*/i.exec(rest);
    if (version && since === null) {
      since = version[1] ?? null;
      rest = rest.slice(version[0].length);
      continue;
    }
    const pkgMatch = /^\s*pkg:\s*(?:@defichain\/)?([a-z0-9-]*)(?:\s+|$)/i.exec(rest);
    if (pkgMatch && pkg === null) {
      pkg = (pkgMatch[1] ?? '').toLowerCase();
      rest = rest.slice(pkgMatch[0].length);
      continue;
    }
    const match = /^\s*([a-z]+):\s*/i.exec(rest);
    const filter = match ? FILTERS[(match[1] ?? '').toLowerCase()] : undefined;
    if (match && filter && kinds === null) {
      kinds = filter;
      rest = rest.slice(match[0].length);
      continue;
    }
    break;
  }
  return { kinds, since, pkg, text: rest.trim() };
}

/**
 * Which package names `pkg:` picks: the one named exactly (`jellyfish-address`, or `address` for it), else those the
 * name begins (as typed so far, `pkg:jellyfish-wal`).
 */
function matchPackages(wanted: string, packages: Iterable<string>): Set<string> {
  const all = [...new Set(packages)];
  const exact = all.filter((name) => name === wanted || name === `jellyfish-${wanted}`);
  if (exact.length > 0 || wanted === '') return new Set(exact);
  return new Set(all.filter((name) => name.startsWith(wanted) || name.startsWith(`jellyfish-${wanted}`)));
}

export interface SymbolHit {
  name: string;
  kind: SymbolKind;
  /** Route of the page. */
  url: string;
  /** `#id` of the heading the hit opens ('' for the top of the page). */
  hash: string;
  pageTitle: string;
  /** The heading's text. */
  section: string;
  score: number;
  /** Matched by name (exactly, by prefix, inside, or one edit off), or every word by a main symbol. */
  strong: boolean;
  /** The version that first has it, for a symbol of the references newer than the first covered release. */
  since?: string;
}

/** Scores of the kinds of match; the kind of symbol and its page's strength are added to them. */
const SCORE = { exact: 1000, prefix: 700, fuzzyName: 600, pastedError: 500, allWords: 450, inside: 400, words: 200 } as const;
const KIND_BONUS: Readonly<Record<SymbolKind, number>> = {
  method: 40,
  endpoint: 40,
  type: 35,
  section: 30,
  package: 30,
  class: 25,
  member: 25,
  function: 35,
  constant: 30,
  enum: 35,
  dftx: 35,
  // Below what is published under the same name: a reader on an old release finds it, others the current one first.
  removed: 20,
  parameter: -150,
  // Below a parameter of the same name: a parameter is what a reader passes, a field what a type holds.
  field: -155,
  // Below every main symbol matched by its words: `pool pair` lists the pool pair methods before the messages.
  error: -60,
};

/** Kinds a reader looks for by their words as well as by name; parameters, fields, classes and members by name. */
const MAIN_KINDS: ReadonlySet<SymbolKind> = new Set(['method', 'endpoint', 'type', 'section', 'package', 'function', 'constant', 'enum', 'dftx']);

/** Whether `a` and `b` differ by at most one edit: a letter changed, added or dropped, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The singular of a plural word, for matching `swap` with `swaps` (not for short words or `-ss`). */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The words of an error message without its placeholders (`Vault <{vaultId}> not found` → vault, not, found). */
export function errorWords(message: string): Set<string> {
  return new Set(camelWords(withoutPlaceholders(message)).map(singular));
}

/** What a pasted error says: its message, and the RPC (lower case) or the URL the client names beside it. */
function readThrown(text: string): { message: string; method?: string; url?: string } {
  const rpc = /RpcApiError: '([\s\S]*)', code: -?\d+, method: ([\w.-]+)/.exec(text);
  if (rpc) return { message: rpc[1] ?? '', method: (rpc[2] ?? '').toLowerCase() };
  const ocean = /\b\d{3} - \w* ?(?:\(([^)\s]*)\))?: ([\s\S]*)$/.exec(text);
  if (ocean) return { message: ocean[2] ?? '', ...(ocean[1] ? { url: ocean[1] } : {}) };
  return { message: text };
}

const pathPatterns = new Map<string, RegExp>();

/** An Ocean endpoint's path (`/tokens/{id}`) as a pattern of the URLs the client asks (`/v0/mainnet/tokens/15`). */
function pathPattern(path: string): RegExp {
  let pattern = pathPatterns.get(path);
  if (pattern === undefined) {
    const parts = path.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
    pattern = new RegExp(`^(?:https?://[^/]+)?/v\\d+/[^/]+${parts.join('[^/?#]+')}(?:[?#]|$)`);
    pathPatterns.set(path, pattern);
  }
  return pattern;
}

/** First position in sorted `list` whose item is not less than `key`. */
function lowerBound(list: readonly string[], key: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] ?? '') < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

function postings(map: Map<string, number[]>, key: string, entry: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [entry]);
  else if (list[list.length - 1] !== entry) list.push(entry);
}

export class SymbolEngine {
  private readonly names = new Map<string, number[]>();
  private readonly sortedNames: string[];
  private readonly words = new Map<string, number[]>();
  private readonly sortedWords: string[];
  /** Number of distinct words of each entry's own name (for preferring the name the query covers most of). */
  private readonly wordCounts: number[] = [];
  /** The error messages, by entry, with their words; they are matched apart from the names (see `errorScores`). */
  private readonly errors: { entry: number; words: Set<string>; context: string[] }[] = [];

  constructor(private readonly index: SymbolIndex) {
    index.entries.forEach(([name, kind, , anchor, , alt, extra], entry) => {
      if (KINDS[kind] === 'error') {
        // Where it is said: the RPCs or the Ocean path the index gives, else the heading id (an RPC method's is the
        // node's name of it).
        this.errors.push({ entry, words: errorWords(name), context: extra === '' ? [anchor] : extra.split(' ') });
        this.wordCounts.push(0);
        return;
      }
      const allNames = [name, ...(alt === '' ? [] : alt.split('|'))];
      const own = new Set<string>();
      for (const each of allNames) {
        postings(this.names, each.toLowerCase(), entry);
        for (const word of camelWords(each)) own.add(singular(word));
      }
      for (const word of extra === '' ? [] : extra.split(' ')) own.add(singular(word));
      for (const word of own) postings(this.words, word, entry);
      this.wordCounts.push(new Set(camelWords(name).map(singular)).size);
    });
    this.sortedNames = [...this.names.keys()].sort();
    this.sortedWords = [...this.words.keys()].sort();
  }

  get size(): number {
    return this.index.entries.length;
  }

  /** The version an entry first appears in, or undefined. */
  private sinceOf(entry: number): string | undefined {
    const at = this.index.entries[entry]?.[8];
    return at === undefined ? undefined : this.index.versions?.[at];
  }

  /** The pages of the packages `pkg:` picks, or null without the filter. */
  private packagePages(wanted: string | null): Set<number> | null {
    if (wanted === null) return null;
    const names = matchPackages(
      wanted,
      this.index.pages.flatMap(([, , pkg]) => (pkg === undefined ? [] : [pkg])),
    );
    const pages = new Set<number>();
    this.index.pages.forEach(([, , pkg], page) => {
      if (pkg !== undefined && names.has(pkg)) pages.add(page);
    });
    return pages;
  }

  /** A hit for an entry of the index, with its score. */
  private hit(entry: number, score: number, strong: boolean): SymbolHit | null {
    const row = this.index.entries[entry];
    if (row === undefined) return null;
    const [name, kindIndex, page, anchor, section, , , strength] = row;
    const kind = KINDS[kindIndex] ?? 'field';
    const [url, pageTitle] = this.index.pages[page] ?? ['/', ''];
    const since = this.sinceOf(entry);
    return {
      name,
      kind,
      url,
      hash: anchor === '' ? '' : `#${anchor}`,
      pageTitle,
      section: section === '' ? name : section,
      score: score + KIND_BONUS[kind] + 2 * strength,
      strong,
      ...(since === undefined ? {} : { since }),
    };
  }

  /**
   * Error messages for a query. A message pasted as the clients throw it is read apart first: RpcApiError's
   * `'<message>', code: <n>, method: <rpc>` and WhaleApiException's `<status> - <type> (<url>): <message>` give the
   * message and the RPC or URL it came from. A message whose every word (two or more, placeholders left out) is in the
   * pasted one is a match, ranked by how many words it has and how much of the pasted message it explains, and, among
   * those sharing it, first at the section of the RPC or path the error names. A message holding every word of the
   * query but those with a digit (values: ids, amounts), the last one perhaps half typed, is one a reader is typing or
   * a part of one pasted (its last line); three such words or more rank with the names. Without `error:`, a query of
   * one word looks for a name, not a message.
   */
  private errorScores(text: string, filtered: boolean): Map<number, { score: number; strong: boolean }> {
    const found = new Map<number, { score: number; strong: boolean }>();
    const thrown = readThrown(text);
    const tokens = [...errorWords(thrown.message)];
    if (tokens.length === 0 || (tokens.length < 2 && !filtered)) return found;
    const query = new Set(tokens);
    const last = camelWords(thrown.message).map(singular).at(-1) ?? '';
    // Part of a message, its values in: the words without a digit (`Vault <351d74…> has loans` → vault, has, loans).
    const plain = tokens.filter((token) => !/\d/.test(token));
    const typedWords = plain.length >= (filtered ? 1 : 2) ? plain : [];
    for (const { entry, words, context } of this.errors) {
      let inQuery = 0;
      for (const word of words) if (query.has(word)) inQuery += 1;
      if (words.size >= 2 && inQuery === words.size) {
        const named = context.some((place) => (place.startsWith('/') ? pathPattern(place).test(thrown.url ?? '') : place === thrown.method)) ? 50 : 0;
        found.set(entry, { score: SCORE.pastedError + 15 * Math.min(words.size, 20) + Math.round((100 * inQuery) / query.size) + named, strong: true });
        continue;
      }
      if (typedWords.length === 0) continue;
      const typed = typedWords.every((token) => words.has(token) || (token === last && token.length >= 2 && [...words].some((word) => word.startsWith(token))));
      if (typed)
        found.set(entry, {
          score: SCORE.words + Math.round((100 * typedWords.length) / Math.max(typedWords.length, words.size)),
          strong: typedWords.length >= 3,
        });
    }
    return found;
  }

  search(input: string, limit: number): SymbolHit[] {
    const { kinds, since, pkg, text } = parseQuery(input);
    const query = text.toLowerCase();
    const pages = this.packagePages(pkg);
    /** Whether an entry is as new as `since:` asks (always, without the filter). */
    const newEnough = (entry: number): boolean => {
      if (since === null) return true;
      const first = this.sinceOf(entry);
      return first !== undefined && compareVersionKeys(first, since) >= 0;
    };
    if (query === '' && pages !== null) {
      // `pkg:<package>` alone: its exports, in page order.
      const listed: SymbolHit[] = [];
      this.index.entries.forEach((row, entry) => {
        const kind = KINDS[row[1]] ?? 'field';
        if (
          listed.length >= limit ||
          !pages.has(row[2]) ||
          row[7] < 10 ||
          !(MAIN_KINDS.has(kind) || kind === 'class') ||
          (kinds !== null && !kinds.includes(kind)) ||
          !newEnough(entry)
        )
          return;
        const found = this.hit(entry, 0, true);
        if (found !== null) listed.push(found);
      });
      return listed;
    }
    if (query === '' && since === null) return [];
    const scores = new Map<number, { score: number; strong: boolean }>();
    if (query === '') {
      // `since:x` alone: the methods, endpoints, types and package exports that version and later added, newest first.
      this.index.entries.forEach((row, entry) => {
        const kind = KINDS[row[1]] ?? 'field';
        if (this.sinceOf(entry) !== undefined && kind !== 'section' && kind !== 'package' && (MAIN_KINDS.has(kind) || kind === 'class'))
          scores.set(entry, { score: SCORE.words, strong: true });
      });
    }
    const kindOf = (entry: number): SymbolKind => KINDS[this.index.entries[entry]?.[1] ?? 0] ?? 'field';
    const raise = (entry: number, score: number, strong: boolean): void => {
      const current = scores.get(entry);
      if (current === undefined || current.score < score) scores.set(entry, { score, strong: strong || (current?.strong ?? false) });
    };

    // The query as a name: exact, the start of a name, inside a name, one edit off a name.
    // Words with spaces between them may spell a main symbol's name (`get block count`), not a parameter's.
    const compact = query.replace(/\s+/g, '');
    for (const entry of compact === query ? [] : (this.names.get(compact) ?? [])) if (MAIN_KINDS.has(kindOf(entry))) raise(entry, SCORE.exact, true);
    for (const key of [query]) {
      for (const entry of this.names.get(key) ?? []) raise(entry, SCORE.exact, true);
      if (key.length >= 2) {
        for (let at = lowerBound(this.sortedNames, key); at < this.sortedNames.length; at += 1) {
          const name = this.sortedNames[at] ?? '';
          if (!name.startsWith(key)) break;
          for (const entry of this.names.get(name) ?? []) raise(entry, SCORE.prefix + Math.round((100 * key.length) / name.length), true);
        }
      }
      const long = key.length >= 5;
      if (key.length >= 4) {
        for (const name of this.sortedNames) {
          if (name.length > key.length && name.includes(key) && !name.startsWith(key)) {
            // A path fragment (`paths/best`) inside an endpoint's path counts as much as the start of a name.
            const base = key.includes('/') ? SCORE.prefix : SCORE.inside;
            for (const entry of this.names.get(name) ?? []) raise(entry, base + Math.round((100 * key.length) / name.length), true);
          } else if (long && name !== key && Math.abs(name.length - key.length) <= 1 && withinOneEdit(key, name)) {
            for (const entry of this.names.get(name) ?? []) raise(entry, SCORE.fuzzyName, true);
          }
        }
      }
    }

    // The query as words: every word must match a word of the symbol, exactly (3), as its start (2) or one edit off (1).
    const tokens = [...new Set(camelWords(text).map(singular))];
    if (tokens.length > 0 && (kinds === null || kinds.some((kind) => kind !== 'error'))) {
      let matched: Map<number, number> | null = null;
      for (const token of tokens) {
        const quality = new Map<number, number>();
        const mark = (word: string, value: number): void => {
          for (const entry of this.words.get(word) ?? []) if ((quality.get(entry) ?? 0) < value) quality.set(entry, value);
        };
        mark(token, 3);
        if (token.length >= 2) {
          for (let at = lowerBound(this.sortedWords, token); at < this.sortedWords.length; at += 1) {
            const word = this.sortedWords[at] ?? '';
            if (!word.startsWith(token)) break;
            if (word !== token) mark(word, 2);
          }
        }
        if (token.length >= 5) {
          for (const word of this.sortedWords) if (word !== token && Math.abs(word.length - token.length) <= 1 && withinOneEdit(token, word)) mark(word, 1);
        }
        const previous: Map<number, number> | null = matched;
        const next = new Map<number, number>();
        for (const [entry, value] of quality) {
          if (previous === null) next.set(entry, value);
          else if (previous.has(entry)) next.set(entry, (previous.get(entry) ?? 0) + value);
        }
        matched = next;
        if (matched.size === 0) break;
      }
      for (const [entry, total] of matched ?? []) {
        const main = MAIN_KINDS.has(kindOf(entry));
        const coverage = tokens.length / Math.max(tokens.length, this.wordCounts[entry] ?? 1);
        // Every word (exactly, as a start, or one edit off) in a main symbol: above a name that merely holds the query.
        raise(entry, (main ? SCORE.allWords : SCORE.words) + Math.round((30 * total) / tokens.length + 100 * coverage), main);
      }
    }

    if (kinds === null || kinds.includes('error')) for (const [entry, { score, strong }] of this.errorScores(text, kinds !== null)) raise(entry, score, strong);

    const hits: SymbolHit[] = [];
    for (const [entry, { score, strong }] of scores) {
      const row = this.index.entries[entry];
      if (row === undefined || (pages !== null && !pages.has(row[2])) || !newEnough(entry)) continue;
      const found = this.hit(entry, score, strong);
      if (found === null || (kinds !== null && !kinds.includes(found.kind))) continue;
      hits.push(found);
    }
    if (query === '') hits.sort((a, b) => compareVersionKeys(b.since ?? '0', a.since ?? '0') || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    else hits.sort((a, b) => b.score - a.score || a.name.length - b.name.length || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    // One hit per section: the best.
    const seen = new Set<string>();
    const unique: SymbolHit[] = [];
    for (const hit of hits) {
      const key = `${hit.url}${hit.hash}`;
      if (seen.has(key)) continue;
      seen.add(key);
      unique.push(hit);
      if (unique.length >= limit) break;
    }
    return unique;
  }
}
