// The release history and errors of the answers that are not methods or endpoints (tests/build/mcp-answers.test.ts
// holds those): get_type, get_symbol and get_custom_transaction say the since and the changed-in versions the line
// under their heading says, and find_error goes from a code or a message to the groups and the methods whose Errors
// lists hold it, as the model lists them.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOURCES, DocsData, findSection } from '../../server/mcp/docs-data';
import { callTool } from '../../server/mcp/mcp-server';
import { headings, sectionAt } from '../../server/mcp/markdown';
import { answerJson, placeOf } from '../support/mcp-pages';

let docs: DocsData;

beforeAll(() => {
  docs = new DocsData(DEFAULT_SOURCES);
});

function ask(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  return answerJson(callTool(docs, tool, args));
}

/** The line under a section's heading: `Since 0.14.0 · changed in 2.50.0: … ; 3.0.0: …`, as versions. */
function historyLineOf(markdown: string): { since: string | undefined; changed: string[]; earlier: number } {
  const line = /^#+ .*\n\n(Since [^\n]*|[Cc]hanged in [^\n]*)?/.exec(markdown)?.[1] ?? '';
  const since = /^Since ([\d.]+)/.exec(line)?.[1];
  const changedPart = /changed in (.*)$/i.exec(line)?.[1] ?? '';
  const changed = [...changedPart.matchAll(/(?:^|; )(\d+\.\d+\.\d+): /g)].map((match) => match[1] ?? '');
  // A long history shows its newest changes and counts the others: "(and 14 earlier changes)".
  const earlier = Number(/\(and (\d+) earlier changes?\)/.exec(changedPart)?.[1] ?? 0);
  return { since, changed, earlier };
}

/** The twin section an answer's URL opens: the heading whose text is `name` on that page. */
function sectionOf(url: unknown, name: string): string | undefined {
  if (typeof url !== 'string') return undefined;
  const page = docs.pageOf(placeOf(url).route)?.page;
  const markdown = page === undefined ? undefined : docs.twin(page);
  return markdown === undefined ? undefined : findSection(markdown, name, placeOf(url).anchor)?.markdown;
}

function historyProblems(label: string, answer: Record<string, unknown>, section: string | undefined): string[] {
  if (section === undefined) return [`${label}: no section`];
  const page = historyLineOf(section);
  const changed = ((answer.changed as Array<{ version: string }> | undefined) ?? []).map((change) => change.version);
  const problems: string[] = [];
  if (answer.since !== page.since) problems.push(`${label}: since ${String(answer.since)}, the page ${String(page.since)}`);
  // The answer holds every change; the page the newest ones, and how many came before them.
  const newest = changed.slice(changed.length - page.changed.length);
  if (JSON.stringify(newest) !== JSON.stringify(page.changed) || changed.length - page.changed.length !== page.earlier)
    problems.push(`${label}: changed in ${changed.join(', ')}, the page ${page.changed.join(', ')} and ${page.earlier} earlier`);
  return problems;
}

describe('release history in get_type, get_symbol and get_custom_transaction', () => {
  it('get_type: every type of both models says the since and the changes its section says', () => {
    const problems: string[] = [];
    let dated = 0;
    let shared = 0;
    for (const [source, types] of [
      ['rpc', docs.rpc.types],
      ['ocean', docs.ocean.types],
    ] as const) {
      for (const declaration of Object.values(types)) {
        const answer = ask('get_type', { name: declaration.id, source });
        const place = docs.typePlace({ source, declaration });
        if (answer.since !== undefined) dated += 1;
        // A type no page shows in a section of its own (the Ocean client's response envelope) has no line to hold.
        if (place === undefined && answer.url === undefined) continue;
        // The section under the only heading of its name on the page; a name two headings share is left out (counted).
        const page = place === undefined ? undefined : docs.pageOf(place.route)?.page;
        const markdown = page === undefined ? undefined : docs.twin(page);
        const same = markdown === undefined ? [] : headings(markdown).filter((heading) => heading.text === declaration.name);
        if (markdown !== undefined && same.length > 1) {
          shared += 1;
          continue;
        }
        const [only] = same;
        problems.push(...historyProblems(`${source} ${declaration.id}`, answer, markdown === undefined || only === undefined ? undefined : sectionAt(markdown, only).markdown));
      }
    }
    expect(problems).toEqual([]);
    expect(dated).toBeGreaterThan(100);
    expect(shared).toBeLessThan(20);
  });

  it('get_symbol: every export of the SDK packages says the since and the changes its section says', () => {
    const reference = docs.sdkReference;
    expect(reference).toBeDefined();
    const problems: string[] = [];
    let dated = 0;
    for (const pkg of reference?.packages ?? []) {
      for (const id of pkg.exports) {
        const symbol = reference?.symbols[id];
        if (symbol === undefined || symbol.kind === 'reexport' || symbol.kind === 'namespace') continue;
        const answer = ask('get_symbol', { name: symbol.name, package: pkg.name });
        if (answer.miss !== undefined || answer.name !== symbol.name) continue;
        if (answer.since !== undefined) dated += 1;
        problems.push(...historyProblems(`${pkg.short} ${symbol.name}`, answer, sectionOf(answer.url, symbol.name)));
      }
    }
    expect(problems).toEqual([]);
    expect(dated).toBeGreaterThan(200);
  });

  it('get_custom_transaction: the composer class’s since, and the Errors list of the node RPC that makes it', () => {
    const answer = ask('get_custom_transaction', { type: 'PoolSwap' });
    const symbol = ask('get_symbol', { name: 'CPoolSwap' });
    expect(answer.since).toBe('0.14.0');
    expect(answer.since).toBe(symbol.since);
    const errors = answer.errors as Array<{ call: string; errors: { own: Array<{ message: string }> } }>;
    expect(errors.map((entry) => entry.call)).toEqual(['client.poolpair.poolSwap']);
    const method = ask('get_rpc_method', { name: 'poolpair.poolSwap' });
    expect(errors[0]?.errors).toEqual(method.errors);
  });
});

describe('find_error', () => {
  /** The methods whose Errors list holds an error of `code` with `message`, or names a group that does. */
  function listing(code: number, message: string): string[] {
    const groups = new Set(
      (docs.rpc.errors?.groups ?? []).filter((group) => group.errors.some((error) => error.code === code && error.message === message)).map((group) => group.id),
    );
    return docs.rpc.categories.flatMap((category) =>
      category.methods
        .filter(
          (method) =>
            (method.errors?.errors ?? []).some((error) => error.code === code && error.message === message) ||
            (method.errors?.groups ?? []).some((id) => groups.has(id)),
        )
        .map((method) => `${category.name}.${method.name}`),
    );
  }

  const names = (answer: Record<string, unknown>): string[] =>
    ((answer.rpcMethods as { names: string[] } | undefined)?.names ?? []).map((name) => name.replace(/ \(.*\)$/, ''));

  it('a pasted `-4 Insufficient funds` ranks the -4 group first and names every method that lists it', () => {
    const answer = ask('find_error', { error: '-4 Insufficient funds' });
    const groups = answer.rpcGroups as Array<{ id: string; url: string; errors: Array<{ code: number }> }>;
    expect(groups[0]?.id).toBe('funding');
    expect(groups[0]?.url).toBe(docs.url('/node/errors', 'funding'));
    expect(groups[0]?.errors.every((error) => error.code === -4)).toBe(true);
    const expected = listing(-4, 'Insufficient funds');
    expect(expected.length).toBeGreaterThan(50);
    expect(new Set(names(answer))).toEqual(new Set(expected));
  });

  it('the client’s own line: the -6 group for `code: -6`, and a message with its value filled in', () => {
    const thrown = ask('find_error', { error: "RpcApiError: 'Insufficient funds', code: -6, method: sendtoaddress" });
    expect((thrown.rpcGroups as Array<{ id: string }>)[0]?.id).toBe('insufficient-funds');
    expect(new Set(names(thrown))).toEqual(new Set(listing(-6, 'Insufficient funds')));
    const filled = ask('find_error', { error: 'Cannot create vault while still in Initial Block Download' });
    expect((filled.rpcGroups as Array<{ id: string }>)[0]?.id).toBe('initial-download');
  });

  it('an HTTP status finds the Ocean group that answers it; nothing found is a tool error', () => {
    const answer = ask('find_error', { error: '404' });
    expect((answer.oceanGroups as Array<{ id: string }>).map((group) => group.id)).toContain('no-route');
    const result = callTool(docs, 'find_error', { error: 'zzqx no such thing' });
    expect(result.isError).toBe(true);
  });
});
