// The limit: the same build with every script removed. Its pages are the server's HTML and CSS alone,
// which is what a reader sees before any script runs; what the scripts add to a page's blocking time is measured
// against it.
import fs from 'node:fs';
import path from 'node:path';
import { precompress } from '../src/plugins/site-output/precompress';
import { htmlElements, isScriptPreload } from '../src/overrides/after-paint/route-chunks';
import { listHtmlFiles } from './weight';

/** `html` without its <script> elements (inline or not, JSON-LD included) and without its script preloads. */
export function withoutScripts(html: string): string {
  const cuts = htmlElements(html)
    .filter((element) => element.tagName === 'script' || isScriptPreload(element))
    .filter((element) => element.start >= 0 && element.end > element.start)
    .map(({ start, end }) => ({ start, end }))
    .sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const cut of cuts) {
    if (cut.start < at) continue; // nested in one already cut (a script inside <noscript> is text, not an element)
    out += html.slice(at, cut.start);
    at = cut.end;
  }
  return out + html.slice(at);
}

/**
 * Copies `buildDir` to `outDir` (emptied first) with every page's scripts removed, and compresses the rewritten
 * pages again (the production server serves their brotli and gzip twins). Returns the number of pages rewritten.
 */
export async function writeScriptFreeCopy(buildDir: string, outDir: string): Promise<number> {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.cpSync(buildDir, outDir, { recursive: true });
  const rewritten = new Set<string>();
  for (const file of listHtmlFiles(outDir)) {
    const absolute = path.join(outDir, file);
    const html = fs.readFileSync(absolute, 'utf8');
    const stripped = withoutScripts(html);
    if (stripped === html) continue;
    fs.writeFileSync(absolute, stripped);
    for (const twin of ['.br', '.gz']) fs.rmSync(`${absolute}${twin}`, { force: true });
    rewritten.add(absolute);
  }
  await precompress(outDir, (file) => rewritten.has(file));
  return rewritten.size;
}
