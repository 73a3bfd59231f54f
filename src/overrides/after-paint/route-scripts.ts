// Names each page's route chunks in its HTML, for the after-paint loader to preload with Docusaurus's runtime and
// main bundle.
//
// Docusaurus 3.10 names only runtime~main.js and main.js in a page: main.js then asks webpack for the page's route
// chunks (docs layout, sidebar, the page's content) once it runs, and hydration waits for them, a network round trip
// after main.js arrived. Named in the HTML, the browser fetches them with the page's other scripts, and webpack's own
// <script> for each finds it ready. (Plain <script> tags would not do: webpack reuses a tag with the same URL, so a
// chunk that failed once would never be asked for again, nor reported.) Where the page has the site's loader
// (src/overrides/after-paint/scripts-after-paint.ts), they go into its `data-preload` attribute and are asked for
// after the first paint, with the bundles; elsewhere they are preloads before the first bundle's <script>. Run by the
// site-output plugin's postBuild (src/plugins/site-output), over the routes Docusaurus hands it, before the security
// headers and precompression.
import fs from 'node:fs';
import path from 'node:path';
import { assetFile, htmlElements, isScriptPreload, referencedAssets, routeFileResolver } from './route-chunks';
import { PRELOAD_ATTRIBUTE, RUN_ATTRIBUTE } from './scripts-after-paint';

/** Docusaurus's webpack runtime and main bundle, which every page loads; group 1 is the base URL. */
const BUNDLE = /^(.*?)assets\/js\/(?:runtime~main|main)\.[0-9a-f]+\.js(?:[?#].*)?$/;

/** `"a" & <b>` as an attribute value between double quotes. */
function attributeValue(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * `html` with each of `files` (relative to the build folder) that it does not load yet named for the browser to
 * fetch, with the bundles' URL prefix: in the `data-preload` attribute of the site's loader; or as script preloads,
 * after the bundles' preloads or before the first bundle's <script>, in a page without it. Unchanged when it names
 * neither bundle.
 */
export function withRouteScripts(html: string, files: string[]): string {
  const elements = htmlElements(html);
  const bundles = elements.flatMap((element) => {
    const urls =
      element.tagName === 'script'
        ? [...(element.attributes.src === undefined ? [] : [element.attributes.src]), ...(element.attributes[RUN_ATTRIBUTE] ?? '').split(' ')]
        : isScriptPreload(element)
          ? [element.attributes.href ?? '']
          : [];
    const match = urls.map((url) => BUNDLE.exec(url)).find((found) => found !== null);
    return match === undefined || match === null ? [] : [{ element, preload: isScriptPreload(element), prefix: match[1] ?? '/' }];
  });
  const first = bundles[0];
  if (first === undefined || first.element.start < 0) return html;
  const { prefix } = first;
  const loaded = new Set(referencedAssets(html).scripts.map((src) => assetFile(src.startsWith(prefix) ? src.slice(prefix.length) : src)));
  const urls = files.filter((file) => !loaded.has(file)).map((file) => `${prefix}${encodeURI(file)}`);
  if (urls.length === 0) return html;
  const loader = bundles.find(({ element }) => element.tagName === 'script' && element.attributes[RUN_ATTRIBUTE] !== undefined);
  if (loader !== undefined) {
    const { start } = loader.element;
    const already = loader.element.attributes[PRELOAD_ATTRIBUTE];
    if (already !== undefined) throw new Error(`the loader already names route chunks (${already}): run once per page`);
    const at = start + '<script'.length;
    return `${html.slice(0, at)} ${PRELOAD_ATTRIBUTE}="${attributeValue(urls.join(' '))}"${html.slice(at)}`;
  }
  // After the bundles' own preloads, so that the browser asks for those first; else before the first bundle's <script>.
  const at = first.preload ? Math.max(...bundles.filter((bundle) => bundle.preload).map((bundle) => bundle.element.end)) : first.element.start;
  const tags = urls.map((url) => `<link rel="preload" href="${url}" as="script">`);
  return `${html.slice(0, at)}${tags.join('')}${html.slice(at)}`;
}

/** The HTML file Docusaurus writes for a route path: `/node/design` → `node/design/index.html`; `/404.html` as is. */
export function htmlFileOfRoute(routePath: string): string {
  const relative = routePath.replace(/^\/+/, '');
  if (relative.endsWith('.html')) return relative;
  return path.posix.join(relative, 'index.html');
}

/** Replaces a file by writing a sibling and renaming it, so that a plugin reading the file meanwhile sees all of one. */
function replaceFile(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}

export interface RouteScriptsSummary {
  pages: number;
  scripts: number;
}

/**
 * Adds the route chunks of every page of `routesPaths` to its HTML in `outDir`, reading the chunks from the build's
 * metadata in `generatedFilesDir`. A route without an HTML file (a redirect, a client-only route) is skipped.
 */
export function addRouteScripts(outDir: string, generatedFilesDir: string, routesPaths: readonly string[]): RouteScriptsSummary {
  const filesOf = routeFileResolver(generatedFilesDir);
  const summary: RouteScriptsSummary = { pages: 0, scripts: 0 };
  for (const route of [...new Set(routesPaths)]) {
    const file = path.join(outDir, htmlFileOfRoute(route));
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    const next = withRouteScripts(html, filesOf(route).js);
    if (next === html) continue;
    summary.pages += 1;
    summary.scripts += referencedAssets(next).scripts.length - referencedAssets(html).scripts.length;
    replaceFile(file, next);
  }
  return summary;
}
