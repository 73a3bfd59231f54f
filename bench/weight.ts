// First-load weight of every built page: its HTML, the stylesheets and scripts it references, and the route chunks
// the Docusaurus client loads before it hydrates (read from the build's route tree and client manifest, not guessed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { StaleBuildError, assetFile, listHtmlFiles, referencedAssets, routeFileResolver, routeOfHtmlFile } from '../src/overrides/after-paint/route-chunks';

export { listHtmlFiles, referencedAssets, routeOfHtmlFile };

export interface Size {
  raw: number;
  brotli: number;
}

export interface PageWeight {
  /** The URL path the page is served at, e.g. `/node/design/`. */
  route: string;
  /** The HTML file, relative to the build folder. */
  htmlFile: string;
  html: Size;
  css: Size;
  js: Size;
  /** HTML + CSS + JS. */
  total: Size;
  /** Scripts named by the HTML: the runtime and main bundle, and the route chunks src/overrides/after-paint/route-scripts.ts preloads. */
  htmlScripts: string[];
  /** Scripts of the matched routes' chunks that the HTML does not name, fetched by the client before hydration. */
  routeScripts: string[];
  /** Every script of the matched routes' chunks, named in the HTML or not. */
  routeChunks: string[];
  stylesheets: string[];
}

export interface SiteWeight {
  pages: PageWeight[];
  /** Sizes of every asset counted, by path relative to the build folder. */
  assets: Map<string, Size>;
}

/** Brotli at the quality a precompressing server or CDN uses for static files. */
export function brotliSize(content: Buffer): number {
  return zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  }).length;
}

function addSizes(...sizes: Size[]): Size {
  return sizes.reduce((sum, size) => ({ raw: sum.raw + size.raw, brotli: sum.brotli + size.brotli }), { raw: 0, brotli: 0 });
}

/**
 * Measures every HTML page of `buildDir`. `generatedDir` is the `.docusaurus` folder of the same build: its routes,
 * route chunk names and client manifest say which chunks each route loads.
 */
export function measureSite(buildDir: string, generatedDir: string): SiteWeight {
  const filesOf = routeFileResolver(generatedDir);
  const assets = new Map<string, Size>();

  const sizeOf = (file: string): Size => {
    const known = assets.get(file);
    if (known) return known;
    const absolute = path.join(buildDir, file);
    if (!fs.existsSync(absolute)) {
      throw new StaleBuildError(`${file} is referenced but not in ${buildDir}: .docusaurus and build/ come from different builds`);
    }
    const content = fs.readFileSync(absolute);
    const size = { raw: content.length, brotli: brotliSize(content) };
    assets.set(file, size);
    return size;
  };

  const pages = listHtmlFiles(buildDir).map((htmlFile): PageWeight => {
    const html = fs.readFileSync(path.join(buildDir, htmlFile));
    const route = routeOfHtmlFile(htmlFile);
    const referenced = referencedAssets(html.toString('utf8'));
    const htmlScripts = referenced.scripts.map(assetFile);
    const routeFiles = filesOf(route);
    const routeScripts = routeFiles.js.filter((file) => !htmlScripts.includes(file));
    const stylesheets = [...new Set([...referenced.stylesheets.map(assetFile), ...routeFiles.css])];
    const htmlSize = { raw: html.length, brotli: brotliSize(html) };
    const css = addSizes(...stylesheets.map(sizeOf));
    const js = addSizes(...htmlScripts.map(sizeOf), ...routeScripts.map(sizeOf));
    return { route, htmlFile, html: htmlSize, css, js, total: addSizes(htmlSize, css, js), htmlScripts, routeScripts, routeChunks: routeFiles.js, stylesheets };
  });
  return { pages, assets };
}

export function formatKiB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
