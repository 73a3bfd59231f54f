// The RPC page renderer on the fixture package: what a reader sees in the MDX, and that MDX compiles.
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { extractRpcReference } from '../../generator/extract/rpc/reference';
import { overloadText, renderCategoriesPartial, renderCategoryPages } from '../../generator/render/rpc-page';

/** A category's own page (the fixture's categories have one page each). */
function ownPage(...args: Parameters<typeof renderCategoryPages>): ReturnType<typeof renderCategoryPages>[number] {
  const [page] = renderCategoryPages(...args);
  if (page === undefined) throw new Error('no page');
  return page;
}

const FIXTURE = path.join(__dirname, 'fixtures/rpc-package');
const reference = extractRpcReference({ packageDir: FIXTURE, repositoryFolder: 'packages/fixture' });
const [alpha, beta] = reference.categories;
if (!alpha || !beta) throw new Error('fixture has two categories');
const alphaPage = ownPage(reference, alpha);
const betaPage = ownPage(reference, beta);

/** The MDX between a method's heading and the next h2. */
function section(mdx: string, anchor: string): string {
  const start = mdx.indexOf(`{/* #${anchor} */}`);
  if (start < 0) throw new Error(`no section ${anchor}`);
  const next = mdx.indexOf('\n## ', start);
  return mdx.slice(start, next < 0 ? undefined : next);
}

describe('renderCategoryPage', () => {
  it('introduces the category: how to reach it, how many methods, a typed set-up', () => {
    expect(alphaPage.mdx).toContain('title: "Alpha"');
    expect(alphaPage.mdx).toContain('Every method of `client.alpha`');
    expect(alphaPage.mdx).toContain('It has 9 methods (10 signatures, counting overloads)');
    expect(alphaPage.setup.typescript).toContain("import type { Alpha } from '@fixture/api-core/dist/category/alpha';");
    expect(alphaPage.setup.typescript).toContain('const alpha: Alpha = client.alpha;');
  });

  it('gives every method an h2 anchored by its lower-case name, with the RPC, signature and return text', () => {
    const countThings = section(alphaPage.mdx, 'countthings');
    expect(alphaPage.mdx).toContain('## countThings {/* #countthings */}');
    expect(countThings).toContain('Count the things.');
    expect(countThings).toContain('**Node RPC:** `countthings`');
    expect(countThings).toContain('<pre className="api-signature"><code>{"countThings(): Promise<number>"}</code></pre>');
    expect(countThings).toContain('**Returns** `Promise<number>`: how many things there are');
    expect(countThings).toContain('**See also:** [`listThings`](#listthings)');
    // The source link at the pinned tag, last in the section; a method of the first covered release has no history line.
    expect(countThings).toContain(
      '[Source of countThings (v1.2.3)](https://github.com/example/fixture-sdk/blob/v1.2.3/packages/fixture/src/category/alpha.ts#L',
    );
    expect(countThings).not.toContain('className="since"');
  });

  it('says the return type once, in the signature, unless the package describes the returned value', () => {
    expect(section(alphaPage.mdx, 'countthings')).toContain('**Returns** `Promise<number>`: how many things there are');
    // `@return {Promise<Thing[]>}` with no text: the signature says it all.
    expect(section(alphaPage.mdx, 'listthings')).not.toContain('**Returns**');
  });

  it('lists parameters with type, optional or default value, and description beneath; fields nested under their parameter', () => {
    const listThings = section(alphaPage.mdx, 'listthings');
    expect(listThings).toContain('<div className="api-list">');
    expect(listThings).toContain('- `pagination` · [`Pagination`](#pagination) · optional, default `{ limit: 100 }`\\\n  which page');
    // Every field of the parameter's interface has its row, documented or not, nested under the parameter.
    expect(listThings).toContain('\n  - `pagination.start` · `string` · optional\\\n    where to start');
    expect(listThings).toContain('\n  - `pagination.limit` · `number` · optional\\\n    page size');
    expect(listThings).toContain('- `verbose` · `boolean` · optional, default `true`\\\n  whether to include details');
    expect(listThings).toContain('\n  - `options.deep` · `boolean` · optional, default `false`\\\n    follow nested things');
    expect(listThings).not.toContain('| --- |');
  });

  it('links referenced types from signatures and tables to their section on the page', () => {
    const getThing = section(alphaPage.mdx, 'getthing');
    expect(getThing).toContain('<Link to="#thing">{"Thing"}</Link>');
    expect(getThing).toContain('has 2 overloads');
    expect(getThing).toContain('**Overload 2.** Get a thing as an object.');
    // In a list a code span keeps its `|` as written (a table needed it escaped).
    expect(section(alphaPage.mdx, 'sortthings')).toContain("- `level` · [`Level`](#level)` | 'any'` · required\\\n  how important");
  });

  it('gives an overload only the part of its doc comment that the method does not already say', () => {
    expect(overloadText('Get the balances of the wallet\nReturn object amount with index', 'Get the balances of the wallet\nReturn an array')).toBe(
      'Return object amount with index',
    );
    expect(overloadText('Get a thing as an object.', 'Get a thing as hex.')).toBe('Get a thing as an object.');
    expect(overloadText('Same words.', 'Same words.')).toBe('');
    expect(overloadText('', 'Anything.')).toBe('');
  });

  it('renders each referenced type once under Types, at level 3', () => {
    expect(alphaPage.mdx).toContain('## Types {/* #types */}');
    for (const name of ['Box', 'Level', 'ListOptions', 'Part', 'Pagination', 'SortOrder', 'Thing']) {
      expect(alphaPage.mdx.split(`### ${name} {/* #${name.toLowerCase()} */}`)).toHaveLength(2);
    }
    const thing = section(alphaPage.mdx, 'thing');
    expect(thing).toContain('- `parts` · [`Part`](#part)`[]`\\\n  its parts, nested');
    expect(thing).toContain('- `size?` · `number`\\\n  **Deprecated:** use parts instead');
    expect(section(alphaPage.mdx, 'sortorder')).toContain('- `ASC` · = `"asc"`\\\n  smallest first');
    expect(section(alphaPage.mdx, 'part')).toContain('- `name` · `string`\\\n  Example: `wheel`');
  });

  it('warns about deprecated methods and names the replacement the comment points to', () => {
    const old = section(alphaPage.mdx, 'countthingsold');
    expect(old).toContain(':::warning[Deprecated]');
    expect(old).toContain('Use [client.beta.countThingsOld](/node/jellyfish/api/beta#countthingsold) instead.');
  });

  it('says when a method calls several RPCs or a computed one', () => {
    expect(section(alphaPage.mdx, 'refreshthing')).toContain('**Node RPCs:** several, in turn: `refreshthing`, `getthing`');
    expect(section(alphaPage.mdx, 'callbyname')).toContain('**Node RPC:** a name computed at run time');
  });

  it('still describes an undocumented method from its types', () => {
    expect(section(alphaPage.mdx, 'undocumented')).toContain('The package documents no description for `undocumented`');
  });

  it("shows each example run from its data: TypeScript and curl in tabs sharing one group, then the node's answer", () => {
    const withExamples = structuredClone(reference);
    const category = withExamples.categories[0];
    const count = category?.methods.find((method) => method.name === 'countThings');
    const sort = category?.methods.find((method) => method.name === 'sortThings');
    if (!category || !count || !sort) throw new Error('fixture changed');
    const base = { signature: 0, title: '', comments: {}, precision: 'number', runtimeTypes: [] };
    count.examples = [
      {
        ...base,
        arguments: [],
        rpcMethod: 'countthings',
        params: '[]',
        result: '42',
        runtimeTypes: [{ path: '', declared: 'number', returned: 'string', reason: 'The node prints the count as text.' }],
      },
    ];
    sort.examples = [
      {
        ...base,
        arguments: [{ $enum: 'SortOrder.ASC' }, 'any'],
        comments: { '1': 'how deep to sort' },
        rpcMethod: 'sortthings',
        params: '["asc","any"]',
        result: 'null',
      },
    ];
    const page = ownPage(withExamples, category);
    const countThings = section(page.mdx, 'countthings');
    expect(countThings).toContain('<Tabs groupId="rpc-example-language" lazy>');
    expect(countThings).toContain('const result: number = await client.alpha.countThings();');
    expect(countThings).toContain(`--data-binary '{"jsonrpc":"1.0","id":"docs","method":"countthings","params":[]}'`);
    expect(countThings).toContain('```json title="Response of countthings"\n{\n  "result": 42,\n  "error": null,\n  "id": "docs"\n}\n```');
    expect(countThings).toContain(':::warning[Types at run time]');
    expect(countThings).toContain('- `result`: a `string` at run time; the package declares `number`. The node prints the count as text.');
    const sortThings = section(page.mdx, 'sortthings');
    expect(sortThings).toContain("import { alpha } from '@fixture/api-core';");
    expect(sortThings).toContain("// how deep to sort\nconst level = 'any';");
    expect(sortThings).toContain('await client.alpha.sortThings(alpha.SortOrder.ASC, level);');
    expect(sortThings).toContain('"params":["asc","any"]');
    // No example is shown that the SDK has not run: a method without data has none.
    expect(section(page.mdx, 'listthings')).not.toContain('<Tabs');
  });

  it('links types of another module and of other packages', () => {
    expect(section(betaPage.mdx, 'describe')).toContain('[`ThingOrId`](#thingorid)');
    expect(betaPage.mdx).toContain('### ThingOrId {/* #thingorid */}');
  });

  it('shows a type shared with another page once, on the page of its module, and links it from the others', () => {
    // Beta's methods use Thing and four more types of alpha's module; ThingOrId only beta uses.
    expect(alphaPage.mdx).toContain('### Thing {/* #thing */}');
    expect(betaPage.mdx).not.toContain('### Thing {');
    expect(betaPage.mdx).toContain('### ThingOrId {/* #thingorid */}');
    expect(betaPage.mdx).toContain('Shown on the page of the category that declares them: [`Level`](/node/jellyfish/api/alpha#level), ');
    expect(betaPage.mdx).toContain('[`Thing`](/node/jellyfish/api/alpha#thing).');
    expect(betaPage.mdx).toContain('and uses 6 types: 1 listed under [Types](#types), and 5 that other pages show, linked from there.');
    // Signatures and lists link the borrowed type to its home page.
    expect(betaPage.mdx).toContain('<Link to="/node/jellyfish/api/alpha#thing">{"Thing"}</Link>');
  });

  it('renders the same text twice (stable output)', () => {
    expect(ownPage(reference, alpha).mdx).toBe(alphaPage.mdx);
  });

  it('produces MDX that compiles', async () => {
    await expect(compile(alphaPage.mdx)).resolves.toBeDefined();
    await expect(compile(betaPage.mdx)).resolves.toBeDefined();
    await expect(compile(renderCategoriesPartial(reference))).resolves.toBeDefined();
  });
});

describe('renderCategoriesPartial', () => {
  it('tables every category with its page link, method count and summary', () => {
    const partial = renderCategoriesPartial(reference);
    expect(partial).toContain('| Category | Methods | Summary |');
    expect(partial).toContain('| [alpha](/node/jellyfish/api/alpha) | 9 | `countThings`, `listThings`, `getThing` and 6 more |');
    expect(partial).toContain('| [beta](/node/jellyfish/api/beta) | 3 | `countThingsOld`, `describe`, `configure` |');
  });
});
