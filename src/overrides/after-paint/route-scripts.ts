// Names each page's route chunks in its HTML as script preloads, ahead of Docusaurus's runtime and main bundle.
//
// Docusaurus 3.10 writes only runtime~main.js and main.js into a page: main.js then asks webpack for the page's route
// chunks (docs layout, sidebar, the page's content) once it runs, and hydration waits for them, a network round trip
// after main.js arrived. Preloaded, the browser fetches them with the page's other scripts, and webpack's own <script>
// for each finds it ready. (Plain <script> tags would not do: webpack reuses a tag with the same URL, so a chunk that
// failed once would never be asked for again, nor reported.) Run after `docusaurus build`, before the security headers
// and precompression (npm run build). The same pass then hands the page's deferred scripts to scripts-after-paint.ts.
import fs from 'node:fs';
import path from 'node:path';
import { Parser as HtmlParser } from 'htmlparser2';
import { assetFile, listHtmlFiles, referencedAssets, routeFileResolver, routeOfHtmlFile } from './route-chunks';
import { withScriptsAfterPaint } from './scripts-after-paint';
import { overridesOff } from '../switch';

/** The URL of Docusaurus's webpack runtime, the first of its scripts in every page; group 1 is the base URL. */
const RUNTIME = /^(.*?)assets\/js\/runtime~main\.[0-9a-f]+\.js(?:[?#].*)?$/;

/**
 * `html` with a script preload for each of `files` (relative to the build folder) that it does not load yet, placed
 * before the webpack runtime's own <script>, with the same URL prefix. Unchanged when it has no runtime script.
 */
export function withRouteScripts(html: string, files: string[]): string {
  let at = -1;
  let prefix = '/';
  const parser = new HtmlParser({
    onopentag(name, attributes) {
      const src = attributes.src;
      if (at >= 0 || name !== 'script' || src === undefined) return;
      const runtime = RUNTIME.exec(src);
      if (runtime === null) return;
      at = parser.startIndex;
      prefix = runtime[1] ?? '/';
    },
  });
  parser.write(html);
  parser.end();
  if (at < 0) return html;
  const loaded = new Set(referencedAssets(html).scripts.map((src) => assetFile(src.startsWith(prefix) ? src.slice(prefix.length) : src)));
  const tags = files.filter((file) => !loaded.has(file)).map((file) => `<link rel="preload" href="${prefix}${encodeURI(file)}" as="script">`);
  return tags.length === 0 ? html : `${html.slice(0, at)}${tags.join('')}${html.slice(at)}`;
}

function main(): void {
  if (overridesOff()) {
    console.log('route-scripts: skipped (NO_OVERRIDES): pages keep the scripts Docusaurus wrote');
    return;
  }
  const siteDir = path.resolve(__dirname, '../../..');
  const buildDir = path.join(siteDir, 'build');
  const filesOf = routeFileResolver(path.join(siteDir, '.docusaurus'));
  let pages = 0;
  let scripts = 0;
  let afterPaint = 0;
  for (const htmlFile of listHtmlFiles(buildDir)) {
    const file = path.join(buildDir, htmlFile);
    const html = fs.readFileSync(file, 'utf8');
    const next = withRouteScripts(html, filesOf(routeOfHtmlFile(htmlFile)).js);
    scripts += referencedAssets(next).scripts.length - referencedAssets(html).scripts.length;
    if (next !== html) pages += 1;
    const painted = withScriptsAfterPaint(next);
    if (painted !== next) afterPaint += 1;
    if (painted !== html) fs.writeFileSync(file, painted);
  }
  console.log(`route-scripts: preloaded ${scripts} route chunks in ${pages} pages; scripts run after the first paint in ${afterPaint} pages`);
}

if (require.main === module) main();
