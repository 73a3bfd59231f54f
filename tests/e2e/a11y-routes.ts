// The routes the accessibility, request and console crawls visit: every sitemap entry, the search page and a not-found path.
import fs from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';

/** A path no page of the site has, for the not-found page. */
export const NOT_FOUND_PATH = '/no-such-page-here';

/** Paths of build/sitemap.xml (read as XML), plus /search and the not-found path, without duplicates. */
export function crawlRoutes(buildDir: string): string[] {
  const $ = load(fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8'), { xmlMode: true });
  const fromSitemap = $('url > loc')
    .map((_, element) => new URL($(element).text().trim()).pathname)
    .get();
  if (fromSitemap.length === 0) throw new Error('build/sitemap.xml lists no page');
  return [...new Set([...fromSitemap, '/search', NOT_FOUND_PATH])];
}
