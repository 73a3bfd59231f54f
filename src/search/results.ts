// The plugin's result shape, and how a symbol hit is written in it.
import { KIND_LABELS } from '../../contract/symbol-index';
import type { SymbolHit } from './engine';

/** The plugin's document types (its shared/interfaces). */
export const DOCUMENT_TYPE = { title: 0, heading: 1, description: 2, keywords: 3, content: 4 } as const;

export interface PluginDocument {
  /** Id: the plugin's are 0 and up; symbol hits take negative ids. */
  i: number;
  /** Title (or, for content, the text fragment). */
  t: string;
  /** Page route. */
  u: string;
  /** `#id` of the heading, when any. */
  h?: string;
  /** Section text of a content hit. */
  s?: string;
  /** Breadcrumbs. */
  b?: string[];
  /** Parent page id. */
  p?: number;
}

export interface PluginResult {
  document: PluginDocument;
  type: number;
  page?: PluginDocument | false | undefined;
  metadata: Record<string, unknown>;
  tokens: string[];
  score?: number;
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
  /** Ours: the symbol hit this result shows (absent for the plugin's own). */
  symbol?: { kind: string; label: string };
}

/** The words to mark on the page a result opens: the query's, lower-case, as the plugin passes them. */
export function highlightTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/**
 * Where the words of the query are in `text`, as the plugin's metadata gives them for the title field (its template
 * needs at least one position: an empty one at the start when no word is there, e.g. a name one letter off).
 */
export function titleMetadata(text: string, tokens: readonly string[]): Record<string, unknown> {
  const lower = text.toLowerCase();
  const positions: [number, number][] = [];
  for (const token of tokens) {
    const at = lower.indexOf(token);
    if (at >= 0) positions.push([at, token.length]);
  }
  if (positions.length === 0) positions.push([0, 0]);
  return { query: { t: { position: positions } } };
}

/** `text` as HTML, with its words (letters and digits) that a word of the query spells, in any case, marked. */
export function markWords(text: string, tokens: readonly string[]): string {
  const escape = (part: string): string => part.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const wanted = new Set(tokens.flatMap((token) => token.toLowerCase().split(/[^a-z0-9]+/)).filter((word) => word !== ''));
  return text
    .split(/([A-Za-z0-9]+)/)
    .map((part, at) => (at % 2 === 1 && wanted.has(part.toLowerCase()) ? `<mark>${escape(part)}</mark>` : escape(part)))
    .join('');
}

/** A symbol hit as the plugin's bar and results page show it: a heading result under its page, with its kind. */
export function symbolResult(hit: SymbolHit, id: number, tokens: string[], withSince = false): PluginResult {
  // Under a `since:` filter, each result says the version that added it.
  const label = withSince && hit.since !== undefined ? `${KIND_LABELS[hit.kind]}, since ${hit.since}` : KIND_LABELS[hit.kind];
  return {
    document: { i: -1 - id, t: hit.name, u: hit.url, h: hit.hash, s: hit.section, b: [] },
    type: DOCUMENT_TYPE.heading,
    page: { i: -1, t: hit.section === hit.name ? hit.pageTitle : `${hit.pageTitle} › ${hit.section}`, u: hit.url, b: [label] },
    metadata: titleMetadata(hit.name, tokens),
    tokens,
    symbol: { kind: hit.kind, label },
  };
}

/** Where a result opens: page and heading. */
function target(result: PluginResult): string {
  return `${result.document.u}${result.document.h ?? ''}`;
}

/**
 * Symbol hits matched by name, or by every word in a main symbol, first (leaving room for a few full-text results when
 * there are some); then the plugin's full-text results that open another section; then the other symbol hits;
 * `limit` in all.
 */
export function mergeResults(strong: readonly PluginResult[], text: readonly PluginResult[], weak: readonly PluginResult[], limit: number): PluginResult[] {
  const merged: PluginResult[] = [];
  const seen = new Set<string>();
  const take = (result: PluginResult): void => {
    if (merged.length >= limit || seen.has(target(result))) return;
    seen.add(target(result));
    merged.push(result);
  };
  const first = text.length > 0 ? Math.max(1, limit - 3) : limit;
  strong.slice(0, first).forEach(take);
  text.forEach(take);
  strong.slice(first).forEach(take);
  weak.forEach(take);
  return merged;
}
