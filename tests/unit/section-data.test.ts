// Thin MDX (generator/render/section-data.ts): a page keeps its headings and hands each section body to ReferenceSection,
// fed from the page's data; rendered, the split page and its data give the same HTML as the whole MDX page did.
import path from 'node:path';
import { evaluate } from '@mdx-js/mdx';
import { createElement, type ElementType, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractOceanReference } from '../../generator/extract/ocean/reference';
import { attachOceanExamples, parseOceanExample, type OceanExample } from '../../generator/extract/ocean/examples';
import { extractRpcReference } from '../../generator/extract/rpc/reference';
import type { OceanCategory } from '../../generator/model/types';
import { renderOceanCategoryPage } from '../../generator/render/ocean-page';
import { renderCategoryPages } from '../../generator/render/rpc-page';
import { createSectionSplitter, remarkSiteTransforms, type SectionNode, type SectionSplitter } from '../../generator/render/section-data';
import { rehypeLoneLinks } from '../../contract/lone-links';
import { renderNode } from '../../contract/section-nodes';

/** A category's own page (the fixture's categories have one page each). */
function ownPage(...args: Parameters<typeof renderCategoryPages>): ReturnType<typeof renderCategoryPages>[number] {
  const [page] = renderCategoryPages(...args);
  if (page === undefined) throw new Error('no page');
  return page;
}

/** The fixture's RPC page with examples (tabs, code blocks, a "Types at run time" warning) and its Ocean page. */
function fixturePages(): Record<string, string> {
  const reference = extractRpcReference({ packageDir: path.join(__dirname, 'fixtures/rpc-package'), repositoryFolder: 'packages/fixture' });
  const category = reference.categories[0];
  const count = category?.methods.find((method) => method.name === 'countThings');
  if (!category || !count) throw new Error('fixture changed');
  count.examples = [
    {
      signature: 0,
      title: '',
      comments: {},
      precision: 'number',
      arguments: [],
      rpcMethod: 'countthings',
      params: '[]',
      result: '42',
      runtimeTypes: [{ path: '', declared: 'number', returned: 'string', reason: 'Text.' }],
    },
  ];
  const ocean = extractOceanReference({
    packageDir: path.join(__dirname, 'fixtures/ocean'),
    repositoryFolder: 'packages/fixture',
    clientClass: 'FixtureClient',
  });
  const things = ocean.categories[0] as OceanCategory;
  for (const endpoint of things.endpoints.filter((candidate) => candidate.response === 'list')) {
    endpoint.paging = { key: 'id of the last item', source: 'server.ts', maxSize: 200, maxSizeSource: 'query.ts#L14', notes: [] };
  }
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
  const examples = new Map<string, OceanExample>(
    Object.entries(raw).map(([name, value]) => [`things.${name}`, parseOceanExample(JSON.stringify(value), name)]),
  );
  return {
    rpc: ownPage(reference, category).mdx,
    ocean: (attachOceanExamples(ocean, examples), renderOceanCategoryPage(ocean, things, { externalLinks: {} }).mdx),
  };
}

/** Stand-ins for the theme's components that show every prop they get, so that a difference in props shows. */
function shows(tag: string): ElementType {
  return ({ children, ...props }: { children?: ReactNode }) => createElement(tag, { 'data-props': JSON.stringify(props) }, children);
}
const COMPONENTS: Record<string, ElementType> = {
  Link: shows('a'),
  Tabs: shows('div'),
  TabItem: shows('div'),
  admonition: shows('aside'),
  code: shows('code'),
  pre: shows('pre'),
  a: shows('a'),
  li: shows('li'),
  Deferred: ({ children }: { children?: ReactNode }) => createElement('section', null, children),
};

/** Renders MDX to HTML with the stand-ins; the page's imports are left out (the stand-ins take their place). */
async function html(mdx: string, extra: Record<string, ElementType> = {}, exports = ''): Promise<string> {
  const body = mdx.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^import \w+ from ['"]@(?:theme|docusaurus|site)\/[^'"]+['"];$/gm, '');
  const { default: Content } = await evaluate(`${exports}\n${body}`, {
    ...runtime,
    remarkPlugins: [remarkGfm, remarkDirective, remarkSiteTransforms],
    rehypePlugins: [rehypeLoneLinks],
  });
  return renderToStaticMarkup(createElement(Content, { components: { ...COMPONENTS, ...extra } }));
}

const ReferenceSection = ({ content }: { content: readonly SectionNode[] }): ReactNode =>
  createElement('section', null, ...content.map((node) => renderNode(node, COMPONENTS)));

let thin: SectionSplitter;
const pages = fixturePages();
beforeAll(async () => {
  thin = await createSectionSplitter();
});

describe('thin pages', () => {
  for (const [name, source] of Object.entries(pages)) {
    it(`keeps every heading of the ${name} page and moves every section body into the data`, () => {
      const page = thin(source, `@site/generated/pages/${name}/things.json`);
      const headings = (text: string): string[] => text.split('\n').filter((line) => /^#{2,3} /.test(line));
      expect(headings(page.mdx)).toEqual(headings(source));
      const bodies = source.split('\n').filter((line) => line === '<Deferred>').length;
      expect(bodies).toBeGreaterThan(5);
      expect(page.sections).toHaveLength(bodies);
      expect(page.mdx).not.toContain('<Deferred>');
      expect(page.mdx).toContain(`import sections from "@site/generated/pages/${name}/things.json";`);
      expect(page.mdx.split('<ReferenceSection content={sections[')).toHaveLength(bodies + 1);
    });

    it(`renders the ${name} page to the same HTML as the whole MDX page`, async () => {
      const page = thin(source, '@site/data.json');
      const whole = await html(source);
      const split = await html(page.mdx, { ReferenceSection }, `export const sections = ${JSON.stringify(page.sections)};`);
      expect(whole).toContain('<h2');
      expect(whole).toContain('data-props');
      expect(split).toBe(whole);
    });
  }

  it('shows code blocks to CodeBlock as MDX does (language class, meta string) and the warning as an admonition', () => {
    const page = thin(pages.rpc ?? '', 'data.json');
    const json = JSON.stringify(page.sections);
    expect(json).toContain('["code",{"className":"language-json","metastring":"title=\\"Response of countthings\\""}');
    expect(json).toContain('["admonition",{"title":"Types at run time","type":"warning"}');
    expect(json).toContain('["=pre",{"className":"api-signature"},["=code",null,"countThings(): Promise<number>"]]');
  });

  it('refuses what the section component could not render as MDX would', () => {
    expect(() => thin('import A from "a";\n\n## X\n\n<Deferred>\n\n::leaf[x]\n\n</Deferred>\n', 'data.json')).toThrow(/directive the site would not render/);
    expect(() => thin('import A from "a";\n\n## X\n\n<Deferred>\n\n<Tabs groupId={x} />\n\n</Deferred>\n', 'data.json')).toThrow(/not a plain string/);
  });
});
