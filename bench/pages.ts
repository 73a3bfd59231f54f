// The page types the browser stages of `npm run bench` measure: one line each. A type is either a fixed
// path or the heaviest page under a folder (the worst of its kind, found in the build being measured); a type with
// no page in that build is reported and left out.
import fs from 'node:fs';
import path from 'node:path';
import { listHtmlFiles, routeOfHtmlFile } from './weight';

export type PageType = { type: string; path: string } | { type: string; heaviestUnder: string };

const PAGE_TYPES: readonly PageType[] = [
  { type: 'home', path: '/' },
  { type: 'guide', path: '/ecosystem/' },
  { type: 'RPC reference', path: '/node/jellyfish/api/account' },
  { type: 'Ocean reference', path: '/ocean/poolpairs' },
  { type: 'package reference', heaviestUnder: '/ecosystem/packages/' },
  { type: 'legacy', path: '/legacy/' },
];

export interface Page {
  type: string;
  path: string;
}

/** The HTML file a site path is served from, or undefined when the build has none. */
function htmlFileOf(buildDir: string, sitePath: string): string | undefined {
  const relative = sitePath.replace(/^\/+/, '').replace(/\/+$/, '');
  const candidates = relative === '' ? ['index.html'] : [path.join(relative, 'index.html'), `${relative}.html`];
  return candidates.map((candidate) => path.join(buildDir, candidate)).find((file) => fs.existsSync(file));
}

/**
 * The pages to measure in `buildDir`, in the order of PAGE_TYPES, and the types that have none there. `only` keeps
 * the types whose name holds one of its words (case-insensitive), for a quick look at a few.
 */
export function resolvePages(buildDir: string, only: readonly string[] = [], types: readonly PageType[] = PAGE_TYPES): { pages: Page[]; missing: string[] } {
  const pages: Page[] = [];
  const missing: string[] = [];
  const wanted = (type: string): boolean => only.length === 0 || only.some((word) => type.toLowerCase().includes(word.toLowerCase()));
  for (const entry of types) {
    if (!wanted(entry.type)) continue;
    if ('path' in entry) {
      if (htmlFileOf(buildDir, entry.path) === undefined) missing.push(`${entry.type} (${entry.path})`);
      else pages.push({ type: entry.type, path: entry.path });
      continue;
    }
    const folder = entry.heaviestUnder.replace(/^\/+/, '');
    const heaviest = listHtmlFiles(buildDir)
      .filter((file) => file.startsWith(folder))
      .map((file) => ({ file, bytes: fs.statSync(path.join(buildDir, file)).size }))
      .sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file))[0];
    if (heaviest === undefined) missing.push(`${entry.type} (no page under ${entry.heaviestUnder})`);
    else pages.push({ type: entry.type, path: routeOfHtmlFile(heaviest.file) });
  }
  return { pages, missing };
}
