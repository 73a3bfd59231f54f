// Pagination as the Ocean server does it (apps/whale-api at v4.0.7): `page.next` on every full page, so a
// full last page carries one and the call after it answers an empty list; a `size` above the endpoint's cap lowered to
// the cap, not refused. The stand-in Ocean pages as the server does, the overview's walk runs against it, and every
// list endpoint's section, the overview and the OpenAPI document say the same.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WhaleApiClient, WhaleApiValidationException } from '@defichain/whale-api-client';
import type { OceanEndpoint, OceanPaging } from '../../generator/model/types';
import { readOceanPaging } from '../../generator/extract/ocean/examples';
import { SERVER_PAGES } from '../support/ocean-page-examples';
import { readGeneratedPage } from '../support/page-text';
import { runSnippet } from '../support/run-snippet';
import { pagedList, startStandInOcean, type StandInOcean } from '../support/stand-in-ocean';
import { extractCodeBlocks } from './code-blocks-checker';

const ROOT = path.resolve(__dirname, '../..');
const OVERVIEW = path.join(ROOT, 'docs/ocean/index.mdx');
const paging = readOceanPaging(path.join(ROOT, 'generator/examples/ocean/pagination.json'));
const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/ocean-model.json'), 'utf8')) as {
  categories: { name: string; endpoints: OceanEndpoint[] }[];
};
const lists = model.categories.flatMap((category) =>
  category.endpoints.filter((endpoint) => endpoint.response === 'list').map((endpoint) => ({ key: `${category.name}.${endpoint.name}`, category, endpoint })),
);

interface Pool {
  id: string;
  symbol: string;
}
const pools = (count: number): Pool[] => Array.from({ length: count }, (_entry, index) => ({ id: String(index + 1), symbol: `P${index + 1}-DFI` }));

/** What a list endpoint's section says about its pages, with the figures of pagination.json. */
function pagingProblems(text: string, key: string, rule: OceanPaging): string[] {
  const problems: string[] = [];
  const says = (phrase: string): void => {
    if (!text.includes(phrase)) problems.push(`${key}: does not say "${phrase}"`);
  };
  says('`page.next` comes with every full page, the last one included');
  says('the call after a full last page answers an empty `data` without `page`');
  says(`this endpoint at most ${rule.maxSize}: the server lowers a larger \`size\` to ${rule.maxSize} instead of refusing it`);
  says('the last full page carries one too and the call after it answers an empty list');
  for (const note of rule.notes) says(note.text.replace(/\.$/, ''));
  for (const wrong of ['while more items follow', 'while more items exist']) if (text.includes(wrong)) problems.push(`${key}: says "${wrong}"`);
  return problems;
}

/** The generated section of a list endpoint, as a reader reads it. */
function sectionText(category: string, method: string): string {
  const text = readGeneratedPage(path.join(ROOT, 'docs/ocean/reference', `${category}.mdx`));
  const start = text.indexOf(`{/* #${method.toLowerCase()} */}`);
  const end = text.indexOf('\n## ', start);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('the stand-in Ocean pages a list as the server does', () => {
  let ocean: StandInOcean;
  let client: WhaleApiClient;
  beforeAll(async () => {
    ocean = await startStandInOcean();
    client = new WhaleApiClient({ url: ocean.url, network: 'mainnet' });
  });
  afterAll(() => ocean.close());

  it('gives a full last page its token; the call after it answers an empty page without one', async () => {
    ocean.setRoutes([{ path: '/v0/mainnet/poolpairs', reply: pagedList(pools(4), { tokenOf: (pool) => pool.id }) }]);
    const first = await client.poolpairs.list(2);
    const second = await client.paginate(first);
    const third = await client.paginate(second);
    expect([first.length, first.nextToken, second.length, second.nextToken, third.length, third.hasNext]).toEqual([2, '2', 2, '4', 0, false]);
    expect(ocean.requests.slice(-3).map((request) => request.query)).toEqual([{ size: '2' }, { size: '2', next: '2' }, { size: '2', next: '4' }]);
  });

  it('lowers a size above the cap to the cap, and refuses one below 1 with 422', async () => {
    ocean.setRoutes([
      { path: '/v0/mainnet/poolpairs', reply: pagedList(pools(250), { tokenOf: (pool) => pool.id }) },
      { path: '/v0/mainnet/loans/vaults', reply: pagedList(pools(50), { tokenOf: (pool) => pool.id, maxSize: 30 }) },
    ]);
    const page = await client.poolpairs.list(500);
    expect([page.length, page.nextToken]).toEqual([200, '200']);
    expect((await client.loan.listVault(100)).length).toBe(30);
    const refused = await client.poolpairs.list(0).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WhaleApiValidationException);
    expect((refused as WhaleApiValidationException).code).toBe(422);
  });

  it('keeps the token of a page whose items it dropped after cutting it (BURN- pools)', async () => {
    const list = [...pools(3), { id: '4', symbol: 'BURN-DFI' }];
    ocean.setRoutes([
      { path: '/v0/mainnet/poolpairs', reply: pagedList(list, { tokenOf: (pool) => pool.id, dropAfterCut: (pool) => pool.symbol.startsWith('BURN-') }) },
    ]);
    const first = await client.poolpairs.list(2);
    const second = await client.paginate(first);
    expect([second.length, second.nextToken]).toEqual([1, '4']);
  });
});

describe("the overview's walk over every pool pair", () => {
  const sample = extractCodeBlocks(fs.readFileSync(OVERVIEW, 'utf8'), OVERVIEW).find((block) => block.meta.includes('title="all-pools.ts"'));
  let ocean: StandInOcean;
  beforeAll(async () => {
    ocean = await startStandInOcean();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await ocean.close();
  });

  /** Runs the sample against a stand-in that holds `list`; the pools it collected and the pages it asked for. */
  async function walk(list: Pool[]): Promise<{ pools: Pool[]; requests: string[] }> {
    if (sample === undefined) throw new Error('docs/ocean/index.mdx has no block titled all-pools.ts');
    ocean.setRoutes([
      { path: '/v0/mainnet/poolpairs', reply: pagedList(list, { tokenOf: (pool) => pool.id, dropAfterCut: (pool) => pool.symbol.startsWith('BURN-') }) },
    ]);
    const before = ocean.requests.length;
    const { values } = await runSnippet(sample.code, { "{ network: 'mainnet' }": `{ url: '${ocean.url}', network: 'mainnet' }` });
    const requests = ocean.requests.slice(before).map((request) => `size=${request.query.size ?? ''} next=${request.query.next ?? ''}`);
    return { pools: values.pools as Pool[], requests };
  }

  it('ends on the empty page that follows a full last page', async () => {
    const { pools: found, requests } = await walk(pools(200));
    expect(found).toHaveLength(200);
    expect(requests).toEqual(['size=100 next=', 'size=100 next=100', 'size=100 next=200']);
  });

  it('ends on a short page without asking again', async () => {
    const { pools: found, requests } = await walk(pools(150));
    expect(found).toHaveLength(150);
    expect(requests).toEqual(['size=100 next=', 'size=100 next=100']);
  });

  it('goes on past a page the server shortened by dropping BURN- pools', async () => {
    const list = pools(250).map((pool) => (pool.id === '100' ? { ...pool, symbol: 'BURN-DFI' } : pool));
    const { pools: found, requests } = await walk(list);
    expect(found).toHaveLength(249);
    expect(requests).toEqual(['size=100 next=', 'size=100 next=100', 'size=100 next=200']);
  });
});

describe('every list endpoint, the overview and the OpenAPI document say how the server pages', () => {
  it('has the server paging of all 30 list endpoints, with the caps the test stand-in reads from the server', () => {
    expect(lists).toHaveLength(30);
    expect([...paging.keys()].sort()).toEqual(lists.map(({ key }) => key).sort());
    for (const { key } of lists) expect(`${key}: ${paging.get(key)?.maxSize}`).toBe(`${key}: ${SERVER_PAGES[key]?.cap ?? 200}`);
  });

  it.each(lists.map(({ key, category, endpoint }) => [key, category.name, endpoint.name] as const))('%s', (key, category, method) => {
    const rule = paging.get(key);
    if (rule === undefined) throw new Error(`no paging for ${key}`);
    expect(pagingProblems(sectionText(category, method), key, rule)).toEqual([]);
  });

  it('the overview', () => {
    const text = fs.readFileSync(OVERVIEW, 'utf8');
    expect(text).toContain('So `page.next` means "this page was full", not "more items follow".');
    expect(text).toContain('the request made with it answers an empty page: `{ "data": [] }`, without `page`');
    expect(text).toContain('A larger `size` is not rejected: the server lowers it to the cap');
    expect(text).not.toMatch(/carries `page.next` while more items exist|On the last page `page` is absent/);
  });

  it('the OpenAPI document: no maximum on size, the cap described and carried in x-ocean-size-cap', () => {
    const document = JSON.parse(fs.readFileSync(path.join(ROOT, 'static/ocean/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string; parameters?: { name?: string; schema?: Record<string, unknown>; description?: string }[] }>>;
    };
    const sizes = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((operation) => (operation.parameters ?? []).filter((parameter) => parameter.name === 'size').map((parameter) => ({ operation, parameter })));
    expect(sizes).toHaveLength(30);
    for (const { operation, parameter } of sizes) {
      const cap = paging.get(operation.operationId ?? '')?.maxSize;
      expect(parameter.schema?.maximum, operation.operationId).toBeUndefined();
      expect(parameter.schema?.minimum).toBe(1);
      expect(parameter).toMatchObject({ 'x-ocean-size-cap': cap });
      expect(parameter.description).toContain(`lowers a larger size to ${cap} instead of refusing it`);
    }
    expect(JSON.stringify(document)).not.toMatch(/while more items exist/);
  });

  it('goes red on the old wording', () => {
    const rule = paging.get('loan.listVault');
    if (rule === undefined) throw new Error('no paging for loan.listVault');
    const old =
      '**Response:** a page of items: `data` is an array of `LoanVaultActive`, and `page.next` is present while more items follow. ' +
      'One call returns at most `size` items (the client asks for 30 unless told otherwise).';
    expect(pagingProblems(old, 'loan.listVault', rule)).toHaveLength(5);
  });
});
