// Type sections of the RPC reference (issue 20): a type that several category pages use has its section on one page
// only, and the others link there. Read from the built pages and the model, not through the renderer.
import fs from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { RpcReference } from '../../generator/model';

const SITE = path.resolve(__dirname, '../..');
/** The build to read; another can be named (`TYPE_SECTIONS_BUILD=/path/to/build`) to see what this test says of it. */
const BUILD = process.env.TYPE_SECTIONS_BUILD ?? path.join(SITE, 'build');
const reference = JSON.parse(fs.readFileSync(path.join(SITE, 'generated/rpc-model.json'), 'utf8')) as RpcReference;

/** The level-3 headings (type sections) of a built RPC page, by their text, with their ids. */
function typeHeadings(category: string): Map<string, string[]> {
  const $ = load(fs.readFileSync(path.join(BUILD, 'node/jellyfish/api', category, 'index.html'), 'utf8'));
  const headings = new Map<string, string[]>();
  $('article h3[id]').each((_index, element) => {
    const text = $(element).text().replace(/\u200b/g, '').trim();
    headings.set(text, [...(headings.get(text) ?? []), $(element).attr('id') ?? '']);
  });
  return headings;
}

describe('type sections of the RPC pages', () => {
  const pages = new Map(reference.categories.map((category) => [category.name, typeHeadings(category.name)]));
  const shared = Object.keys(reference.types).filter((id) => reference.categories.filter((category) => category.typeIds.includes(id)).length > 1);

  it('finds types that several pages use', () => {
    expect(shared.length).toBeGreaterThan(10);
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
        const html = fs.readFileSync(path.join(BUILD, 'node/jellyfish/api', category.name, 'index.html'), 'utf8');
        if (home && anchor && !html.includes(`/node/jellyfish/api/${home.name}#${anchor}`)) repeated.push(`${category.name} does not link ${name} to ${home.name}#${anchor}`);
      }
    }
    expect(repeated).toEqual([]);
  });
});
