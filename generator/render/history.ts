// What the reference pages say of an item's release history (generator/history, joined to the model): a short line
// under a method's, endpoint's or type's heading ("Since 2.6.0 · changed in 2.50.0: … → …"), and facts in the rows of
// parameters and fields ("since 3.29.1"), each only where it tells the reader more than its container does.
import type { HistoryChange, ItemHistory } from '../model/history';
import { compareVersions } from '../model/history';
import { changedPart } from '../model/queries';
import { inlineCode, jsxText } from './mdx';

/** Running text, code and a link, written as Markdown (a row's facts) or as JSX (the line under a heading). */
type Piece = string | { code: string } | { href: string; text: string };

/** `inTable`: code spans escape `|` as a table cell (or a definition list's row, which unescapes it) needs. */
function toMarkdown(pieces: readonly Piece[], inTable = true): string {
  return pieces
    .map((piece) => (typeof piece === 'string' ? piece : 'code' in piece ? inlineCode(piece.code, inTable) : `[${piece.text}](${piece.href})`))
    .join('');
}

function pieceJsx(piece: Piece): string {
  if (typeof piece === 'string') return jsxText(piece);
  if ('code' in piece) return `<code>${jsxText(piece.code)}</code>`;
  // As Docusaurus's Link writes a link out of the site: a new tab, without the opener or the referrer.
  return `<a href=${JSON.stringify(piece.href)} target="_blank" rel="noopener noreferrer">${jsxText(piece.text)}</a>`;
}

/** JSX text and `<code>` only, so that MDX reads the line as one block element (no paragraph around it). */
function toJsx(pieces: readonly Piece[]): string {
  // Adjacent strings as one text (React would write a comment between two).
  const merged: Piece[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (typeof piece === 'string' && typeof last === 'string') merged[merged.length - 1] = last + piece;
    else if (piece !== '') merged.push(piece);
  }
  return merged.map(pieceJsx).join('');
}

/** Class of the line under a heading (src/css/custom.css): small, muted. */
const HISTORY_CLASS = 'since';

/** Brackets and separators of a declaration line, for splitting its lists. */
const OPENING = new Set(['(', '[', '{', '<']);
const CLOSING = new Set([')', ']', '}', '>']);
const SEPARATORS = new Set([',', ';']);

/** The longest code a change shows of one side; a longer text ends with `…`. */
const MAX_CODE = 80;
/** How many names a list of added, removed or retyped entries shows before "and N more". */
const MAX_NAMES = 3;

function shortCode(text: string): { code: string } {
  return { code: text.length <= MAX_CODE ? text : `${text.slice(0, MAX_CODE - 1).trimEnd()}…` };
}

/** A declaration line split at its first bracket group that holds a list: the text before, the entries, the text after. */
function listParts(line: string): { head: string; entries: Map<string, string>; tail: string } | null {
  let depth = 0;
  let open = -1;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index] ?? '';
    if (OPENING.has(char) && !(char === '<')) {
      if (depth === 0 && open < 0) open = index;
      depth += 1;
    } else if (CLOSING.has(char) && char !== '>' && line[index - 1] !== '=') {
      depth -= 1;
      if (depth === 0 && open >= 0) {
        const inner = line.slice(open + 1, index);
        const entries = new Map<string, string>();
        let level = 0;
        let current = '';
        for (const piece of inner) {
          if (OPENING.has(piece)) level += 1;
          if (CLOSING.has(piece) && !current.endsWith('=')) level -= 1;
          if (SEPARATORS.has(piece) && level === 0) {
            if (current.trim() !== '') entries.set(entryName(current), current.trim());
            current = '';
          } else current += piece;
        }
        if (current.trim() !== '') entries.set(entryName(current), current.trim());
        return { head: line.slice(0, open), entries, tail: line.slice(index + 1) };
      }
    }
  }
  return null;
}

/** The name of a parameter or member (`readonly a?: A` → a, `f(x: X): Y` → f, `...rest: T[]` → rest). */
function entryName(entry: string): string {
  return /^\s*(?:readonly\s+|static\s+)*(?:\.\.\.)?([\w$]+)/.exec(entry)?.[1] ?? entry.trim();
}

/** `a`, `b`, `c` and 4 more. */
function namesPieces(names: readonly string[]): Piece[] {
  const shown = names.slice(0, MAX_NAMES).flatMap((name, index) => [...(index === 0 ? [] : [', ']), shortCode(name)]);
  return names.length > MAX_NAMES ? [...shown, ` and ${names.length - MAX_NAMES} more`] : shown;
}

/**
 * A change to a list (the parameters of a signature, the members of an object type) as what it added, removed and
 * retyped, by name, bounded in length; null when the line holds no list or the text around it changed.
 */
function listChangePieces(before: string, after: string): Piece[] | null {
  const [a, b] = [listParts(before), listParts(after)];
  if (a === null || b === null || a.head.trim() !== b.head.trim()) return null;
  const added = [...b.entries.keys()].filter((name) => !a.entries.has(name));
  const removed = [...a.entries.keys()].filter((name) => !b.entries.has(name));
  const retyped = [...a.entries.keys()].filter((name) => b.entries.has(name) && a.entries.get(name) !== b.entries.get(name));
  const groups: Piece[][] = [];
  if (added.length > 0) groups.push(['added ', ...namesPieces(added)]);
  if (removed.length > 0) groups.push(['removed ', ...namesPieces(removed)]);
  if (retyped.length === 1 && retyped[0] !== undefined) {
    const part = changedPart(a.entries.get(retyped[0]) ?? '', b.entries.get(retyped[0]) ?? '');
    groups.push([shortCode(part.before), ' → ', shortCode(part.after)]);
  } else if (retyped.length > 1) groups.push(['retyped ', ...namesPieces(retyped)]);
  if (a.tail.trim() !== b.tail.trim()) {
    const part = changedPart(a.tail, b.tail);
    groups.push([shortCode(part.before === '' ? a.tail.trim() : part.before), ' → ', shortCode(part.after === '' ? b.tail.trim() : part.after)]);
  }
  if (groups.length === 0) return null;
  return groups.flatMap((group, index) => [...(index === 0 ? [] : ['; ']), ...group]);
}

/**
 * One change in words: `2.50.0: added \`verbose?: boolean\``, `3.23.2: \`string\` → \`VoteResult\``. A change
 * longer than a short code span on either side is told as the entries it added, removed and retyped.
 */
function changePieces(change: HistoryChange): Piece[] {
  const part = changedPart(change.before, change.after);
  if (part.before.length > MAX_CODE || part.after.length > MAX_CODE) {
    const differing = change.before.split('\n').findIndex((line, index) => line !== (change.after.split('\n')[index] ?? ''));
    const listed = listChangePieces(change.before.split('\n')[differing] ?? '', change.after.split('\n')[differing] ?? '');
    const more = part.moreLines === 0 ? '' : ` (and ${part.moreLines} more ${part.moreLines === 1 ? 'overload' : 'overloads'})`;
    if (listed !== null) return [`${change.version}: `, ...listed, more];
    return [`${change.version}: `, shortCode(part.before === '' ? '(none)' : part.before), ' → ', shortCode(part.after === '' ? '(none)' : part.after), more];
  }
  const what: Piece[] =
    part.before === '' && part.after === ''
      ? ['reordered']
      : part.before === ''
        ? ['added ', { code: part.after }]
        : part.after === ''
          ? ['dropped ', { code: part.before }]
          : [{ code: part.before }, ' → ', { code: part.after }];
  const more = part.moreLines === 0 ? '' : ` (and ${part.moreLines} more ${part.moreLines === 1 ? 'overload' : 'overloads'})`;
  return [`${change.version}: `, ...what, more];
}

function changesPieces(changes: readonly HistoryChange[]): Piece[] {
  return changes.flatMap((change, index) => [...(index === 0 ? [] : ['; ']), ...changePieces(change)]);
}

export function changeText(change: HistoryChange, inTable = true): string {
  return toMarkdown(changePieces(change), inTable);
}

/** The versions in which a container (a method, a type) changed: a member's change in one of them is said there. */
export type ChangedIn = ReadonlySet<string>;

/**
 * The facts of a row (parameter, field) as Markdown: "since x" when newer than its container, "changed in x: …" for
 * changes its container's line does not already show. Empty when there is nothing to add.
 */
export function historyFacts(history: ItemHistory | undefined, containerSince: string | null, containerChanges: ChangedIn = new Set()): string[] {
  if (history === undefined) return [];
  const facts: string[] = [];
  if (history.since !== null && (containerSince === null || compareVersions(history.since, containerSince) > 0)) facts.push(`since ${history.since}`);
  const own = history.changed.filter((change) => !containerChanges.has(change.version));
  if (own.length > 0) facts.push(toMarkdown(['changed in ', ...changesPieces(own)]));
  if (history.deprecated !== null) facts.push(`deprecated since ${history.deprecated}`);
  return facts;
}

/** Something else the line under a heading says (a method it replaces): text and code pieces. */
export type HistoryExtra = Piece[];

/**
 * The line under a heading, as one JSX block (`<p class="since">`): since when, what changed, what else the
 * caller adds (a method it replaces), and the link to its source at the pinned tag, as docs.rs puts "1.0.0 · source"
 * beside an item. Null when there is nothing to say. Deprecation is said by the warning below it, with its version.
 */
export function historyLine(
  history: ItemHistory | undefined,
  extra: readonly HistoryExtra[] = [],
  source?: string,
  maxChanges = Number.POSITIVE_INFINITY,
): string | null {
  const parts: Piece[][] = [];
  if (history?.since) parts.push([`Since ${history.since}`]);
  if (history !== undefined && history.changed.length > 0) {
    // The newest changes, when there are more than the line shows; the release pages list every one.
    const shown = history.changed.slice(-maxChanges);
    const earlier = history.changed.length - shown.length;
    parts.push(['changed in ', ...changesPieces(shown), ...(earlier > 0 ? [` (and ${earlier} earlier ${earlier === 1 ? 'change' : 'changes'})`] : [])]);
  }
  parts.push(...extra);
  if (source !== undefined) parts.push([{ href: source, text: parts.length === 0 ? 'Source' : 'source' }]);
  if (parts.length === 0) return null;
  const pieces = parts.flatMap((part, index) => [...(index === 0 ? [] : [' · ']), ...part]);
  const [first] = pieces;
  if (typeof first === 'string') pieces[0] = `${first.charAt(0).toUpperCase()}${first.slice(1)}`;
  return `<p className="${HISTORY_CLASS}">${toJsx(pieces)}</p>`;
}

/** The versions a history's changes happened in. */
export function changeVersions(history: ItemHistory | undefined): ChangedIn {
  return new Set((history?.changed ?? []).map((change) => change.version));
}
