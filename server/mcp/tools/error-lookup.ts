// find_error: from an error as a program met it (a code, an HTTP status, a message, or the whole line the client threw)
// to the catalog's groups that hold it and the methods and endpoints whose Errors lists name it, from the model the
// pages' lists are made from (generator/render/errors.ts).
import { z } from 'zod';
import { messageLine, withoutPlaceholders } from '../../../contract/error-message';
import type { DocsData } from '../docs-data';
import { errorGroupUrl } from './errors';
import { compact, defineTool, type Answer, type Miss } from './tool';

/** At most this many methods (or endpoints) are named; the answer says how many there are. */
const MAX_CALLERS = 80;

/** What the query says: a JSON-RPC code (negative), an HTTP status, and the words of a message. */
interface ErrorQuery {
  code: number | null;
  status: number | null;
  text: string;
}

/**
 * Reads a pasted error: `-4 Insufficient funds`, `RpcApiError: 'Insufficient funds', code: -4, method: send`,
 * `404`, `WhaleApiException: 404 NotFound - unable to find token`. A negative number is a JSON-RPC code, a number
 * from 400 to 599 an HTTP status; the rest, without the client's own words, is the message.
 */
export function parseErrorQuery(input: string): ErrorQuery {
  let text = input.slice(0, 500);
  let code: number | null = null;
  let status: number | null = null;
  const codeMatch = /(?:^|[\s,(:])(-\d{1,5})(?![\d.])/.exec(text);
  if (codeMatch?.[1] !== undefined) {
    code = Number(codeMatch[1]);
    text = text.replace(codeMatch[1], ' ');
  }
  const statusMatch = /(?:^|[\s,(:])([45]\d\d)(?!\d)/.exec(text);
  if (statusMatch?.[1] !== undefined) {
    status = Number(statusMatch[1]);
    text = text.replace(statusMatch[1], ' ');
  }
  text = text
    .replace(/\b(?:RpcApiError|WhaleApiException|WhaleClientException|ApiException|Error)\b:?/g, ' ')
    .replace(/\b(?:code|method|status|type)\s*:\s*\S*/gi, ' ')
    .replace(/['"`,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { code, status, text };
}

/** Whether a catalog message (with `{name}` placeholders) and the query's words are the same error. */
function messageMatches(message: string | null, text: string): boolean {
  if (message === null || text.length < 3) return false;
  const plain = withoutPlaceholders(messageLine(message)).replace(/\s+/g, ' ').trim().toLowerCase();
  if (plain.length < 3) return false;
  const asked = text.toLowerCase();
  if (plain.includes(asked)) return true;
  // The message with its values filled in: every literal piece in order.
  const pieces = messageLine(message)
    .toLowerCase()
    .split(/\{[^}]*\}/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  let at = 0;
  for (const piece of pieces) {
    const found = asked.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  return pieces.length > 0;
}

interface Scored<T> {
  item: T;
  score: number;
}

function byScore<T>(items: Scored<T>[]): T[] {
  return items
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.item);
}

/** What fit() reads of an error of either catalog. */
interface FitError {
  code?: number | null;
  status?: number;
  httpStatus?: number;
  message: string | null;
}

/** How well one catalog error fits the query: the code or status, and the message. */
function fit(error: FitError, query: ErrorQuery): number {
  const code = query.code !== null && error.code === query.code ? 2 : 0;
  const status = query.status !== null && (error.status === query.status || error.httpStatus === query.status) ? 1 : 0;
  const message = messageMatches(error.message, query.text) ? 2 : 0;
  if ((query.code !== null && code === 0 && query.status === null) || (query.status !== null && status === 0 && query.code === null)) return 0;
  return code + status + message;
}

interface ErrorLookup {
  rpcGroups: string[];
  oceanGroups: string[];
  rpcMethods: Array<{ category: string; method: string; via: string }>;
  oceanEndpoints: Array<{ category: string; method: string; via: string }>;
}

/**
 * The groups that hold the error, best first, and the methods and endpoints whose lists hold it as well as any error
 * does: their own error, or a group they name that holds it (the methods of a -4 group for `-4 Insufficient funds`,
 * not those of the -6 group with the same message).
 */
export function lookUpError(docs: DocsData, query: ErrorQuery): ErrorLookup {
  const groupScores = (groups: ReadonlyArray<{ id: string; errors: readonly FitError[] }> | undefined): Scored<string>[] =>
    (groups ?? []).map((group) => ({ item: group.id, score: Math.max(0, ...group.errors.map((error) => fit(error, query))) }));
  const rpcGroupScores = groupScores(docs.rpc.errors?.groups);
  const oceanGroupScores = groupScores(docs.ocean.errors?.groups);
  const callers = (
    categories: ReadonlyArray<{ name: string; items: ReadonlyArray<{ name: string; errors?: { groups: string[]; errors: readonly FitError[] } }> }>,
    scores: readonly Scored<string>[],
  ): ErrorLookup['rpcMethods'] => {
    const byGroup = new Map(scores.map((entry) => [entry.item, entry.score]));
    const found: Array<Scored<ErrorLookup['rpcMethods'][number]>> = [];
    for (const category of categories) {
      for (const item of category.items) {
        const own = Math.max(0, ...(item.errors?.errors ?? []).map((error) => fit(error, query)));
        const group = [...(item.errors?.groups ?? [])].sort((a, b) => (byGroup.get(b) ?? 0) - (byGroup.get(a) ?? 0))[0];
        const viaGroup = group === undefined ? 0 : (byGroup.get(group) ?? 0);
        if (own === 0 && viaGroup === 0) continue;
        found.push({ item: { category: category.name, method: item.name, via: own >= viaGroup ? 'own' : (group ?? 'own') }, score: Math.max(own, viaGroup) });
      }
    }
    const top = Math.max(0, ...found.map((entry) => entry.score));
    return found.filter((entry) => entry.score === top).map((entry) => entry.item);
  };
  const rpcMethods = callers(
    docs.rpc.categories.map((category) => ({ name: category.name, items: category.methods })),
    rpcGroupScores,
  );
  const oceanEndpoints = callers(
    docs.ocean.categories.map((category) => ({ name: category.name, items: category.endpoints })),
    oceanGroupScores,
  );
  return { rpcGroups: byScore(rpcGroupScores), oceanGroups: byScore(oceanGroupScores), rpcMethods, oceanEndpoints };
}

/** The errors of a group that fit the query best. */
function bestOf<E extends FitError>(errors: readonly E[], query: ErrorQuery): E[] {
  const top = Math.max(0, ...errors.map((error) => fit(error, query)));
  return errors.filter((error) => top > 0 && fit(error, query) === top);
}

function errorsAnswer(docs: DocsData, query: ErrorQuery): Answer | Miss {
  const found = lookUpError(docs, query);
  const rpcGroups = found.rpcGroups.flatMap((id) => docs.rpc.errors?.groups.filter((group) => group.id === id) ?? []);
  const oceanGroups = found.oceanGroups.flatMap((id) => docs.ocean.errors?.groups.filter((group) => group.id === id) ?? []);
  if (rpcGroups.length + oceanGroups.length + found.rpcMethods.length + found.oceanEndpoints.length === 0) {
    return {
      miss: 'No error of the node or of Ocean has that code or message in the docs.',
      suggestions: ['search with the words of the message', 'get_page /node/errors for every group of the node'],
    };
  }
  const callers = (list: ReadonlyArray<{ category: string; method: string; via: string }>): Answer =>
    compact({
      names: list.slice(0, MAX_CALLERS).map((entry) => `${entry.category}.${entry.method}${entry.via === 'own' ? '' : ` (${entry.via})`}`),
      count: list.length,
      more: list.length > MAX_CALLERS ? `${list.length - MAX_CALLERS} more; ask with the whole message to narrow them` : undefined,
    });
  return compact({
    sdk: docs.sdk,
    code: query.code ?? undefined,
    status: query.status ?? undefined,
    message: query.text,
    rpcGroups: rpcGroups.map((group) =>
      compact({
        id: group.id,
        title: group.title,
        url: errorGroupUrl(docs, group),
        summary: group.summary,
        errors: bestOf(group.errors, query).map((error) =>
          compact({
            code: error.code ?? undefined,
            codeName: error.codeName,
            httpStatus: error.httpStatus,
            message: messageLine(error.message),
            condition: error.condition,
          }),
        ),
      }),
    ),
    rpcMethods: found.rpcMethods.length === 0 ? undefined : callers(found.rpcMethods),
    oceanGroups: oceanGroups.map((group) =>
      compact({
        id: group.id,
        title: group.title,
        url: errorGroupUrl(docs, group),
        summary: group.summary,
        errors: bestOf(group.errors, query).map((error) =>
          compact({
            status: error.status,
            type: error.type,
            message: error.message === null ? undefined : messageLine(error.message),
            condition: error.condition,
          }),
        ),
      }),
    ),
    oceanEndpoints: found.oceanEndpoints.length === 0 ? undefined : callers(found.oceanEndpoints),
    next: 'get_rpc_method or get_ocean_endpoint with one of the names gives its whole Errors list; the group URLs open the page that explains each group.',
  });
}

export const findError = defineTool({
  name: 'find_error',
  title: 'Look up an error',
  description:
    'From an error a program met to where the docs explain it: give a JSON-RPC code (-4), an HTTP status (404), a message ' +
    "(Insufficient funds), or the line the client threw (RpcApiError: 'Insufficient funds', code: -4, method: sendtoaddress). " +
    "Answers with the node's or Ocean's error groups that hold it (title, summary, when each error happens, page URL), best " +
    'match first, and the methods and endpoints whose Errors lists name it.',
  input: z.strictObject({
    error: z.string().min(1).max(500).describe('A code, an HTTP status, a message, or the whole error line'),
  }),
  output: z.looseObject({
    sdk: z.string(),
    code: z.number().optional(),
    status: z.number().optional(),
    message: z.string().optional(),
    rpcGroups: z.array(z.looseObject({ id: z.string(), title: z.string() })).optional(),
    rpcMethods: z.looseObject({ names: z.array(z.string()), count: z.number() }).optional(),
    oceanGroups: z.array(z.looseObject({ id: z.string(), title: z.string() })).optional(),
    oceanEndpoints: z.looseObject({ names: z.array(z.string()), count: z.number() }).optional(),
  }),
  run(docs, { error }): Answer | Miss {
    const query = parseErrorQuery(error);
    if (query.code === null && query.status === null && query.text.length < 3) {
      return { miss: 'Give a code (-4), an HTTP status (404) or at least three letters of the message.' };
    }
    return errorsAnswer(docs, query);
  },
});
