// Every symbol of the search box's index opens a heading that the built page has: its route is a page of the build
// and its anchor an id on that page (the reference pages' heading ids included). Goes red on an index entry whose
// anchor or route the build does not have.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KINDS, type SymbolIndex } from '../../contract/symbol-index';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.join(ROOT, 'build');

/** The ids of the built page at `route`, or null when the build has no such page. */
export function pageIds(buildDir: string, route: string): Set<string> | null {
  const file = path.join(buildDir, route.replace(/\/$/, ''), 'index.html');
  if (!fs.existsSync(file)) return null;
  // The minified HTML leaves quotes off an id that does not need them.
  return new Set([...fs.readFileSync(file, 'utf8').matchAll(/\sid=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? ''));
}

/** Entries of `index` whose page or heading is not in the build. */
export function missingTargets(index: SymbolIndex, buildDir: string): string[] {
  const pages = new Map<string, Set<string> | null>();
  const missing: string[] = [];
  for (const [name, kind, page, anchor] of index.entries) {
    const [route] = index.pages[page] ?? [''];
    if (!pages.has(route)) pages.set(route, pageIds(buildDir, route));
    const ids = pages.get(route);
    if (ids === null || ids === undefined) missing.push(`${KINDS[kind] ?? kind} ${name}: no page ${route}`);
    else if (anchor !== '' && !ids.has(anchor)) missing.push(`${KINDS[kind] ?? kind} ${name}: no #${anchor} on ${route}`);
  }
  return missing;
}

describe('search index targets', () => {
  const index = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/search-symbols.json'), 'utf8')) as SymbolIndex;

  it('sends every symbol to a heading the built page has', () => {
    expect(index.entries.length).toBeGreaterThan(3000);
    expect(missingTargets(index, BUILD)).toEqual([]);
  });

  it('goes red on a heading or page the build does not have', () => {
    const wrong: SymbolIndex = { ...index, entries: [...index.entries.slice(0, 3), ['x', 0, 0, 'no-such-heading', '', '', '', 0]], pages: [...index.pages] };
    expect(missingTargets(wrong, BUILD)).toEqual([`method x: no #no-such-heading on ${index.pages[0]?.[0] ?? ''}`]);
    expect(missingTargets({ ...wrong, pages: [['/no/such/page', '']], entries: [['y', 2, 0, '', '', '', '', 0]] }, BUILD)).toEqual(['type y: no page /no/such/page']);
  });
});
