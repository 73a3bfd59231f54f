// Type sections of both references: a type that several category pages use has its section on one page
// only, and the others link there. Read from the built pages and the models, not through the renderer.
import fs from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { RpcReference, TypeDeclaration } from '../../generator/model/types';
import { API_ROUTE, rpcPageRouteOf, rpcPages } from '../../generator/model/routes';

const SITE = path.resolve(__dirname, '../..');
/** The build to read; another can be named (`TYPE_SECTIONS_BUILD=/path/to/build`) to see what this test says of it. */
const BUILD = process.env.TYPE_SECTIONS_BUILD ?? path.join(SITE, 'build');

interface Reference {
  categories: { name: string; typeIds: string[] }[];
  types: Record<string, TypeDeclaration>;
}

const REFERENCES: { name: string; model: string; route: string }[] = [
  { name: 'RPC', model: 'generated/rpc-model.json', route: '/node/jellyfish/api' },
  { name: 'Ocean', model: 'generated/ocean-model.json', route: '/ocean' },
];

const pageFile = (route: string, category: string): string => path.join(BUILD, route, category, 'index.html');

/** The level-3 headings (type sections) of a built page, by their text, with their ids. */
function typeHeadings(file: string): Map<string, string[]> {
  const $ = load(fs.readFileSync(file, 'utf8'));
  const headings = new Map<string, string[]>();
  $('article h3[id]').each((_index, element) => {
    const text = $(element).text().replace(/\u200b/g, '').trim();
    headings.set(text, [...(headings.get(text) ?? []), $(element).attr('id') ?? '']);
  });
  return headings;
}

for (const { name: referenceName, model, route } of REFERENCES) {
  describe(`type sections of the ${referenceName} pages`, () => {
    const read = JSON.parse(fs.readFileSync(path.join(SITE, model), 'utf8')) as Reference;
    // The RPC pages: a category split into several has a page below its own for each group of methods, each with its types.
    const reference: Reference =
      referenceName === 'RPC'
        ? { ...read, categories: rpcPages(read as unknown as RpcReference).map((page) => ({ name: rpcPageRouteOf(page).slice(API_ROUTE.length + 1), typeIds: [...page.typeIds] })) }
        : read;
    const pages = new Map(reference.categories.map((category) => [category.name, typeHeadings(pageFile(route, category.name))]));
    const shared = Object.keys(reference.types).filter((id) => reference.categories.filter((category) => category.typeIds.includes(id)).length > 1);

    it('finds types that several pages use', () => {
      expect(shared.length).toBeGreaterThan(5);
    });

    it('shows each shared type on one page only, and links it from every other page that uses it', () => {
      const repeated: string[] = [];
      for (const id of shared) {
        const name = reference.types[id]?.name ?? id;
        const users = reference.categories.filter((category) => category.typeIds.includes(id));
        // A page may show another type of the same name (from another module): those pages do not count.
        const showing = users.filter((category) => {
          const sameName = category.typeIds.filter((other) => other !== id && reference.types[other]?.name === name).length;
          return (pages.get(category.name)?.get(name)?.length ?? 0) > sameName;
        });
        if (showing.length !== 1) repeated.push(`${name} (${id}): shown on ${showing.map((category) => category.name).join(', ') || 'no page'}`);
        const [home] = showing;
        const anchor = home === undefined ? undefined : pages.get(home.name)?.get(name)?.[0];
        for (const category of users.filter((user) => user !== home)) {
          const html = fs.readFileSync(pageFile(route, category.name), 'utf8');
          if (home && anchor && !html.includes(`${route}/${home.name}#${anchor}`)) repeated.push(`${category.name} does not link ${name} to ${home.name}#${anchor}`);
        }
      }
      expect(repeated).toEqual([]);
    });
  });
}
