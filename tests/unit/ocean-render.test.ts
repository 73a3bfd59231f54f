// The Ocean page renderer on the fixture client: titles, request lines, parameter tables, notes, examples and the partial.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractOceanReference } from '../../generator/extract/ocean/reference';
import { attachOceanExamples, parseOceanExample, type OceanExample } from '../../generator/extract/ocean/examples';
import type { OceanCategory } from '../../generator/model/types';
import { renderOceanCategoriesPartial, renderOceanCategoryPage } from '../../generator/render/ocean-page';
import { endpointTitle } from '../../generator/model/titles';

const reference = extractOceanReference({
  packageDir: path.join(__dirname, 'fixtures/ocean'),
  repositoryFolder: 'packages/fixture',
  clientClass: 'FixtureClient',
});
const things = reference.categories[0] as OceanCategory;

const thing = { id: '7', color: 'blue', amount: '12.50000000' };
const raw: Record<string, unknown> = {
  list: { arguments: { size: 2 }, response: { data: [thing], page: { next: '7' } } },
  get: { arguments: { id: '7' }, response: { data: thing } },
  create: { arguments: { thing: { color: 'red' } }, response: { data: '3f2a' } },
  getPair: { arguments: { base: 'BTC', quote: 'USD' }, response: { data: thing } },
  search: { arguments: { query: { color: 'blue', size: 5 } }, response: { data: [thing] } },
  count: { arguments: { within: 50 }, response: { data: 4 } },
  run: { arguments: { command: 'ping', args: [] }, response: { data: null }, typeArguments: ['null'] },
  getComputed: { arguments: { id: 'A7' }, response: { data: thing } },
};
// The server's pages of each list (generate attaches generator/examples/ocean/pagination.json; here one of our own).
for (const endpoint of things.endpoints.filter((candidate) => candidate.response === 'list')) {
  endpoint.paging = {
    key: 'id of the last item',
    source: 'apps/server/things.ts',
    maxSize: 50,
    maxSizeSource: 'apps/server/things.ts#L12',
    notes: [{ text: 'With `all` the server answers every thing in one page.', source: 'apps/server/things.ts#L20' }],
  };
}
const examples = new Map<string, OceanExample>(Object.entries(raw).map(([name, value]) => [`things.${name}`, parseOceanExample(JSON.stringify(value), name)]));
attachOceanExamples(reference, examples);
const page = renderOceanCategoryPage(reference, things, { externalLinks: {} });

/** The category with other examples (or none) in place of its own. */
function withExamples(map: ReadonlyMap<string, OceanExample>): OceanCategory {
  const endpoints = things.endpoints.map((endpoint) => {
    const copy = { ...endpoint };
    delete copy.example;
    const example = map.get(`things.${endpoint.name}`);
    return example === undefined ? copy : { ...copy, example };
  });
  return { ...things, endpoints };
}

function sectionOf(anchor: string): string {
  const start = page.mdx.indexOf(`{/* #${anchor} */}`);
  const next = page.mdx.indexOf('\n## ', start);
  return page.mdx.slice(start, next < 0 ? undefined : next);
}

describe('endpointTitle', () => {
  const category = (className: string): OceanCategory => ({ ...things, className });
  const endpoint = (name: string) => ({ ...things.endpoints[0], name }) as OceanCategory['endpoints'][number];

  it('joins the verb, the category noun and the rest of the method name', () => {
    expect(endpointTitle(category('Address'), endpoint('getBalance'))).toBe('Get address balance');
    expect(endpointTitle(category('Address'), endpoint('listToken'))).toBe('List address tokens');
    expect(endpointTitle(category('Blocks'), endpoint('list'))).toBe('List blocks');
    expect(endpointTitle(category('Blocks'), endpoint('get'))).toBe('Get block');
    expect(endpointTitle(category('PoolPairs'), endpoint('listPoolSwaps'))).toBe('List pool swaps');
    expect(endpointTitle(category('PoolPairs'), endpoint('get'))).toBe('Get pool pair');
    expect(endpointTitle(category('Stats'), endpoint('getSupply'))).toBe('Get stats supply');
    expect(endpointTitle(category('Governance'), endpoint('listGovProposals'))).toBe('List gov proposals');
  });
});

describe('renderOceanCategoryPage on the fixture client', () => {
  it('gives each endpoint an h2 with a plain title and the method name as anchor, and its request line', () => {
    expect(page.mdx).toContain('## List things {/* #list */}');
    expect(page.mdx).toContain('## Get thing pair {/* #getpair */}');
    expect(sectionOf('get')).toContain('`GET` `/v2/{network}/things/{id}`');
    expect(sectionOf('create')).toContain('`POST` `/v2/{network}/things`');
  });

  it('lists path and query parameters with their requirement and defaults, the description beneath', () => {
    const list = sectionOf('list');
    expect(list).toContain('- `network` · path · `string` · required · default `testnet`\\\n  The chain to query: the client sends its `network` option.');
    expect(list).toContain('- `size` · query · `number` · optional · default `20`\\\n  `size` of things to list.');
    expect(list).toContain('- `next` · query · `string` · optional\\\n  token of the next page.');
    expect(sectionOf('search')).toContain(
      '- `color` · query · [`ThingColor`](#thingcolor) · optional · default `ThingColor.RED`\\\n  colour to keep. Client argument `query.color`.',
    );
    expect(sectionOf('count')).toContain(
      "- `exact` · query · `'1'` · optional · default `'1'`\\\n  The client always sends this fixed value. Fixed by the client.",
    );
  });

  it('adds the pagination note to lists only, and the error envelope link everywhere', () => {
    expect(sectionOf('list')).toContain('[How pagination works](/ocean/#pagination)');
    expect(sectionOf('get')).not.toContain('/ocean/#pagination');
    for (const endpoint of things.endpoints) expect(sectionOf(endpoint.name.toLowerCase())).toContain('[error envelope](/ocean/#errors)');
  });

  it('explains composed and computed paths in a note', () => {
    expect(sectionOf('getpair')).toContain(':::note[How the client builds this request]');
    expect(sectionOf('getpair')).toContain('`{base}-{quote}` is one path segment');
    expect(sectionOf('getcomputed')).toContain("The client computes `{computed}` with code that is not a plain template: `'things/' + id.toLowerCase()`.");
  });

  it('writes curl and client calls from the example arguments, and the example response', () => {
    expect(sectionOf('list')).toContain("curl 'https://testnet.api.example.com/v2/testnet/things?size=2'");
    expect(sectionOf('getpair')).toContain("curl 'https://testnet.api.example.com/v2/testnet/pairs/BTC-USD/thing'");
    expect(sectionOf('create')).toContain(`-d '{"color":"red"}'`);
    expect(sectionOf('search')).toContain('client.things.search({ color: things.ThingColor.BLUE, size: 5 })');
    expect(sectionOf('run')).toContain("client.things.run<null>('ping', [])");
    expect(sectionOf('list')).toContain('const nextPage = await client.paginate(things);');
    expect(sectionOf('get')).toContain('```json title="Example response"\n{\n  "data": {\n    "id": "7"');
    expect(page.examples.map((example) => example.fileName)).toContain('things.getPair.ts');
  });

  it("says how the server pages a list: next on every full page, the cap that lowers a larger size, the list's own notes", () => {
    const list = sectionOf('list');
    expect(list).toContain('`page.next` comes with every full page, the last one included');
    expect(list).toContain('this endpoint at most 50: the server lowers a larger `size` to 50 instead of refusing it');
    expect(list).toContain('(https://github.com/example/fixture-sdk/blob/v1.2.3/apps/server/things.ts#L12)');
    expect(list).toContain('the last full page carries one too and the call after it answers an empty list');
    expect(list).toContain('With `all` the server answers every thing in one page ([things.ts line 20](');
    expect(list).not.toContain('while more items follow');
    const unpaged = { ...things, endpoints: things.endpoints.map((endpoint) => ({ ...endpoint, paging: undefined })) };
    expect(() => renderOceanCategoryPage(reference, unpaged, { externalLinks: {} })).toThrow(/no server paging for list/);
  });

  it('renders every referenced type once under Types, linked from the tables', () => {
    expect(page.mdx.match(/### Thing \{\/\* #thing \*\/\}/g)).toHaveLength(1);
    expect(page.mdx).toContain('### ThingColor {/* #thingcolor */}');
    expect(sectionOf('list')).toContain('is an array of [`Thing`](#thing)');
  });

  it('fails loudly when an endpoint has no example, or an example names an unknown argument', () => {
    expect(() => renderOceanCategoryPage(reference, withExamples(new Map()), { externalLinks: {} })).toThrow(/no example for things.list/);
    const wrong = new Map(examples);
    wrong.set('things.get', parseOceanExample(JSON.stringify({ arguments: { key: '7' }, response: { data: thing } }), 'get'));
    expect(() => renderOceanCategoryPage(reference, withExamples(wrong), { externalLinks: {} })).toThrow(/"key" is not a parameter/);
  });
});

describe('renderOceanCategoriesPartial', () => {
  it('lists each page with its endpoint count and a summary', () => {
    const partial = renderOceanCategoriesPartial(reference);
    expect(partial).toContain('| [Things](/ocean/things) | 8 | List things, Get thing, Create thing and 5 more |');
    expect(partial).toContain('8 endpoints in 1 category');
  });
});
