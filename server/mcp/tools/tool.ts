// What a tool of the MCP server is: one entry of the table in ./index.ts. Adding a tool (as `get_symbol` and
// `get_custom_transaction` were added) is one module that exports a `Tool` and one line in that table.
import type { z } from 'zod';
import type { HistoryChange } from '../../../generator/model/history';
import { changedPart } from '../../../generator/model/queries';
import type { DocsData } from '../docs-data';

/** A JSON object the tool answers with (small, structured, naming the SDK version it describes). */
export type Answer = Record<string, unknown>;

/** The question could not be answered from the docs (an unknown name, a page without that section). */
export interface Miss {
  miss: string;
  /** Names or pages to try instead. */
  suggestions?: string[];
}

export interface Tool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** What the assistant reads to choose the tool: what it answers, from what, and what to pass. */
  description: string;
  input: Input;
  /**
   * What an answer holds (tools/list's outputSchema; the answer goes out as structuredContent too): the keys every
   * answer of the tool may carry, loose, since an answer says only what is there (a miss is a tool error instead).
   */
  output: z.ZodObject;
  run(docs: DocsData, args: z.infer<Input>): Answer | Miss;
}

export function isMiss(result: Answer | Miss): result is Miss {
  return typeof result.miss === 'string';
}

/** Keeps a tool's type while the table holds tools of different inputs. */
export function defineTool<Input extends z.ZodObject>(tool: Tool<Input>): Tool {
  return tool;
}

/** Collapses white space and cuts a text at a word boundary near `max` characters. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** Drops keys whose value is undefined, an empty string or an empty list: an answer says only what is there. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined || entry === '' || (Array.isArray(entry) && entry.length === 0)) continue;
    out[key] = entry;
  }
  return out as Partial<T>;
}

/** Names the symbol engine ranks first for `query`, with a filter (`rpc:`, `ocean:`, `type:`), for a miss. */
export function suggestionsFor(docs: DocsData, filter: string, query: string, limit = 5): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const hit of docs.engine.search(`${filter}${query}`, limit * 2)) {
    const key = `${hit.name} (${hit.url}${hit.hash})`;
    if (seen.has(hit.name)) continue;
    seen.add(hit.name);
    names.push(key);
    if (names.length >= limit) break;
  }
  return names;
}

/** What the model's release history says of an item, as the answers carry it. */
interface HistoryLike {
  since: string | null;
  changed: readonly HistoryChange[];
  deprecated: string | null;
}

/** The versions that changed an item, each with the part that changed as the page's line says it (changedPart). */
export function changesAnswer(changes: readonly HistoryChange[] | undefined): Answer[] | undefined {
  return changes?.map((change) => {
    const part = changedPart(change.before, change.after);
    return compact({ version: change.version, before: part.before, after: part.after, moreOverloads: part.moreLines || undefined });
  });
}

/**
 * An item's release history as an answer says it: since when (left out where it is its container's, as the page's
 * row leaves it out), the versions that changed it with what changed, and since when it is deprecated.
 */
export function historyAnswer(history: HistoryLike | undefined, containerSince: string | null = null): Answer {
  if (history === undefined) return {};
  return compact({
    since: history.since === null || history.since === containerSince ? undefined : history.since,
    changed: changesAnswer(history.changed),
    deprecatedSince: history.deprecated ?? undefined,
  });
}
