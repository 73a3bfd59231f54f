// Anchors that moved with a split page still reach their section: the page that lost them carries a MovedAnchors
// element (src/components/MovedAnchors) naming where each went, and this reads those maps from the generated pages
// and checks them against the built HTML: the old page no longer has the id, the page it points to does.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { movedTarget } from '../../src/components/MovedAnchors/target';

const SITE = path.resolve(__dirname, '../..');
const BUILD = path.join(SITE, 'build');
const DOCS = path.join(SITE, 'docs');

interface MovedMap {
  file: string;
  /** The route of the page that carries the element. */
  route: string;
  base: string;
  to: Record<string, string>;
}

/** Every MovedAnchors element of the generated pages, with the route its page's front matter gives. */
function movedMaps(): MovedMap[] {
  const maps: MovedMap[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.mdx')) {
        const text = fs.readFileSync(file, 'utf8');
        const element = /^<MovedAnchors base=\{("[^"]*")\} to=\{(\{.*\})\} \/>$/m.exec(text);
        if (element === null) continue;
        const area = path.relative(DOCS, file).split(path.sep)[0] ?? '';
        const slug = /^slug: "([^"]*)"$/m.exec(text)?.[1];
        if (slug === undefined) throw new Error(`${file}: a MovedAnchors element on a page without a slug`);
        maps.push({ file, route: `/${area}${slug}`, base: JSON.parse(element[1] ?? '""') as string, to: JSON.parse(element[2] ?? '{}') as Record<string, string> });
      }
    }
  };
  walk(DOCS);
  return maps;
}

const ids = new Map<string, Set<string>>();
/** The element ids of a built page (the HTML is minified: a plain value goes unquoted). */
function idsOf(route: string): Set<string> {
  let found = ids.get(route);
  if (found === undefined) {
    const file = path.join(BUILD, route, 'index.html');
    const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    found = new Set([...html.matchAll(/\sid=(?:"([^"]*)"|([^\s>"]+))/g)].map((match) => match[1] ?? match[2] ?? ''));
    ids.set(route, found);
  }
  return found;
}

/** What is wrong with a map: an anchor the page still has, or a target page without the id. */
function problems(map: MovedMap): string[] {
  const found: string[] = [];
  for (const anchor of Object.keys(map.to)) {
    if (idsOf(map.route).has(anchor)) found.push(`${map.route}#${anchor}: the page still has it`);
    const target = movedTarget(map.base, map.to, anchor) ?? '';
    const [route = '', id = ''] = target.split('#');
    if (!idsOf(route).has(id)) found.push(`${map.route}#${anchor} -> ${target}: no such section`);
  }
  return found;
}

describe('moved anchors', () => {
  const maps = movedMaps();
  const byRoute = new Map(maps.map((map) => [map.route, map]));

  it('sends every moved anchor to a section the target page has, from a page that no longer has it', () => {
    expect(maps.length).toBeGreaterThanOrEqual(4);
    expect(maps.flatMap(problems)).toEqual([]);
  });

  it("sends every method and type anchor of the split RPC categories' one page on, or keeps it", () => {
    const model = JSON.parse(fs.readFileSync(path.join(SITE, 'generated/rpc-model.json'), 'utf8')) as {
      categories: { name: string; methods: { name: string }[]; pages?: unknown[] }[];
    };
    const split = model.categories.filter((category) => (category.pages ?? []).length > 0);
    expect(split.map((category) => category.name).sort()).toEqual(['account', 'loan']);
    for (const category of split) {
      const route = `/node/jellyfish/api/${category.name}`;
      const map = byRoute.get(route);
      const lost = category.methods.map((method) => method.name.toLowerCase()).filter((anchor) => !idsOf(route).has(anchor));
      expect(lost.length, `${route}: methods on further pages`).toBeGreaterThan(0);
      expect(lost.filter((anchor) => map?.to[anchor] === undefined), route).toEqual([]);
    }
  });

  it('sends the OP_CODES anchor of the transaction pages on to the OP_CODES page', () => {
    for (const route of ['/ecosystem/packages/jellyfish-transaction', '/ecosystem/packages/jellyfish-transaction/script']) {
      const map = byRoute.get(route);
      if (map === undefined) throw new Error(`${route}: no MovedAnchors`);
      expect(movedTarget(map.base, map.to, 'op_codes'), route).toBe('/ecosystem/packages/jellyfish-transaction/op-codes#op_codes');
    }
  });

  it('goes red on a map that points at a section the target page lacks, or at an anchor the page still has', () => {
    const map = byRoute.get('/node/jellyfish/api/loan');
    if (map === undefined) throw new Error('no MovedAnchors on the loan page');
    expect(problems({ ...map, to: { getvault: 'vaults#no-such-section' } })).toEqual([
      '/node/jellyfish/api/loan#getvault -> /node/jellyfish/api/loan/vaults#no-such-section: no such section',
    ]);
    expect(problems({ ...map, to: { createloanscheme: 'vaults' } })).toContain('/node/jellyfish/api/loan#createloanscheme: the page still has it');
  });
});
