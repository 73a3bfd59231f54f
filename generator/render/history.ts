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

/** One change in words: `2.50.0: added \`verbose?: boolean\``, `3.23.2: \`string\` → \`VoteResult\``. */
function changePieces(change: HistoryChange): Piece[] {
  const part = changedPart(change.before, change.after);
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
export function historyLine(history: ItemHistory | undefined, extra: readonly HistoryExtra[] = [], source?: string): string | null {
  const parts: Piece[][] = [];
  if (history?.since) parts.push([`Since ${history.since}`]);
  if (history !== undefined && history.changed.length > 0) parts.push(['changed in ', ...changesPieces(history.changed)]);
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
