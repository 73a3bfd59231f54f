// Which script and stylesheet files each built page needs before it hydrates: the route chunks the Docusaurus client
// loads, read from the build's own metadata (the route tree of .docusaurus/routes.js, parsed with acorn, with
// routesChunkNames.json and the client manifest), and the assets its HTML names. Used by src/overrides/after-paint/route-scripts.ts
// (which names a page's chunks in its HTML) and bench/weight.ts (which weighs them).
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseJs } from 'acorn';
import type { Expression, ObjectExpression, SpreadElement } from 'acorn';
import { parse as parseHtml } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { PRELOAD_ATTRIBUTE, RUN_ATTRIBUTE } from './scripts-after-paint';

/** The route tree of `.docusaurus/routes.js`, reduced to what matching needs. */
interface RouteNode {
  path: string;
  /** Key into routesChunkNames.json (`${path}-${hash}`), absent for the not-found route. */
  chunkKey?: string;
  exact: boolean;
  routes: RouteNode[];
}

interface ClientManifest {
  origins: Record<string, string[]>;
  assets: Record<string, { js?: { file: string }[]; css?: { file: string }[] }>;
}

type ChunkNames = string | { [key: string]: ChunkNames } | ChunkNames[];

export class StaleBuildError extends Error {}

/** HTML files of the build, relative paths, sorted; precompressed twins are skipped. */
export function listHtmlFiles(buildDir: string): string[] {
  return fs
    .readdirSync(buildDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** `node/design/index.html` → `/node/design/`; `404.html` → `/404.html`. */
export function routeOfHtmlFile(htmlFile: string): string {
  if (htmlFile === 'index.html') return '/';
  if (htmlFile.endsWith('/index.html')) return `/${htmlFile.slice(0, -'index.html'.length)}`;
  return `/${htmlFile}`;
}

type HtmlNode = DefaultTreeAdapterMap['node'];

/** An element of a parsed document: its tag, its attributes by name, and where its start tag begins in the source. */
export interface HtmlElement {
  tagName: string;
  attributes: Record<string, string>;
  start: number;
  /** Where the element ends in the source (after its end tag, or after its start tag when it has none). */
  end: number;
}

/** Every element of `html` in document order, parsed as a browser parses it (parse5, with source offsets). */
export function htmlElements(html: string): HtmlElement[] {
  const found: HtmlElement[] = [];
  const visit = (node: HtmlNode): void => {
    if ('tagName' in node) {
      const attributes = Object.fromEntries(node.attrs.map((attribute) => [attribute.name, attribute.value]));
      found.push({ tagName: node.tagName, attributes, start: node.sourceCodeLocation?.startOffset ?? -1, end: node.sourceCodeLocation?.endOffset ?? -1 });
    }
    const content = 'content' in node ? (node.content as HtmlNode) : undefined;
    if (content) visit(content);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parseHtml(html, { sourceCodeLocationInfo: true }));
  return found;
}

/** Whether an element is a `<link>` that preloads a script. */
export function isScriptPreload(element: HtmlElement): boolean {
  const rel = (element.attributes.rel ?? '').toLowerCase().split(/\s+/);
  return (
    element.tagName === 'link' &&
    element.attributes.href !== undefined &&
    (rel.includes('modulepreload') || (rel.includes('preload') && element.attributes.as === 'script'))
  );
}

/**
 * Stylesheets and scripts an HTML document loads by itself, as site-absolute paths: scripts by `src`, by preload, and
 * those the site's after-paint loader runs or preloads (its `data-run` and `data-preload` attributes).
 */
export function referencedAssets(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  for (const element of htmlElements(html)) {
    const { tagName, attributes } = element;
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    if (tagName === 'script') {
      if (attributes.src) scripts.push(attributes.src);
      for (const name of [RUN_ATTRIBUTE, PRELOAD_ATTRIBUTE]) scripts.push(...(attributes[name] ?? '').split(' ').filter((url) => url !== ''));
    }
    if (tagName === 'link' && rel.includes('stylesheet') && attributes.href) stylesheets.push(attributes.href);
    else if (isScriptPreload(element) && attributes.href) scripts.push(attributes.href);
  }
  return { scripts: unique(scripts), stylesheets: unique(stylesheets) };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function propertyValue(object: ObjectExpression, key: string): Expression | undefined {
  for (const property of object.properties) {
    if (property.type !== 'Property') continue;
    const name = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
    if (name === key) return property.value;
  }
  return undefined;
}

function stringLiteral(node: Expression | SpreadElement | undefined, what: string): string {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  throw new StaleBuildError(`routes.js: expected a string literal for ${what}`);
}

function toRouteNode(element: Expression | SpreadElement | null): RouteNode {
  if (element?.type !== 'ObjectExpression') throw new StaleBuildError('routes.js: a route is not an object literal');
  const routePath = stringLiteral(propertyValue(element, 'path'), 'a route path');
  const component = propertyValue(element, 'component');
  let chunkKey: string | undefined;
  if (component?.type === 'CallExpression' && component.arguments.length === 2) {
    chunkKey = `${stringLiteral(component.arguments[0], 'a ComponentCreator path')}-${stringLiteral(component.arguments[1], 'a ComponentCreator hash')}`;
  }
  const exact = propertyValue(element, 'exact');
  const children = propertyValue(element, 'routes');
  return {
    path: routePath,
    chunkKey,
    exact: exact?.type === 'Literal' && exact.value === true,
    routes: children?.type === 'ArrayExpression' ? children.elements.map(toRouteNode) : [],
  };
}

/** Parses the generated `.docusaurus/routes.js` (an ES module whose default export is the route array). */
function parseRoutes(source: string): RouteNode[] {
  const program = parseJs(source, { ecmaVersion: 'latest', sourceType: 'module' });
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration' && statement.declaration.type === 'ArrayExpression') {
      return statement.declaration.elements.map(toRouteNode);
    }
  }
  throw new StaleBuildError('routes.js: no `export default [...]`');
}

function normalise(urlPath: string): string {
  const lower = urlPath.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/** react-router 5 `matchPath` for the parameterless paths Docusaurus generates (not strict, not case-sensitive). */
function matches(route: RouteNode, pathname: string): boolean {
  if (route.path === '*') return true;
  if (route.path.includes(':')) throw new StaleBuildError(`routes.js: parameterised route ${route.path} is not supported`);
  const routePath = normalise(route.path);
  const target = normalise(pathname);
  if (route.exact) return routePath === target;
  return routePath === '/' || target === routePath || target.startsWith(`${routePath}/`);
}

/** The chain of routes react-router-config's `matchRoutes` renders for `pathname`: the first match at each level. */
function matchRoutes(routes: RouteNode[], pathname: string): RouteNode[] {
  const route = routes.find((candidate) => matches(candidate, pathname));
  return route ? [route, ...matchRoutes(route.routes, pathname)] : [];
}

function flattenChunkNames(names: ChunkNames | undefined): string[] {
  if (names === undefined) return [];
  if (typeof names === 'string') return [names];
  return (Array.isArray(names) ? names : Object.values(names)).flatMap(flattenChunkNames);
}

function readJson<T>(file: string): T {
  if (!fs.existsSync(file)) throw new StaleBuildError(`${file} is missing: run the build first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** Script and stylesheet files (relative to the build folder) that the client loads for a route before it hydrates. */
export interface RouteFiles {
  js: string[];
  css: string[];
}

/** Reads the route metadata of the build whose `.docusaurus` folder is `generatedDir`; answers per route path. */
export function routeFileResolver(generatedDir: string): (route: string) => RouteFiles {
  const routes = parseRoutes(fs.readFileSync(path.join(generatedDir, 'routes.js'), 'utf8'));
  const chunkNames = readJson<Record<string, ChunkNames>>(path.join(generatedDir, 'routesChunkNames.json'));
  const manifest = readJson<ClientManifest>(path.join(generatedDir, 'client-manifest.json'));
  const chunkFiles = (chunkName: string, kind: 'js' | 'css'): string[] => {
    // A chunk name without an origin was merged into an initial chunk (the site config goes into main.js).
    const chunkIds = manifest.origins[chunkName] ?? [];
    return chunkIds.flatMap((id) => (manifest.assets[id]?.[kind] ?? []).map((asset) => asset.file));
  };
  return (route) => {
    const routeChunks = matchRoutes(routes, route).flatMap((match) => (match.chunkKey ? flattenChunkNames(chunkNames[match.chunkKey]) : []));
    return {
      js: unique(routeChunks.flatMap((name) => chunkFiles(name, 'js'))),
      css: unique(routeChunks.flatMap((name) => chunkFiles(name, 'css'))),
    };
  };
}

/** A site-absolute asset path (`/assets/js/x.js?v#y`) as a path relative to the build folder. */
export function assetFile(href: string): string {
  return decodeURI(href.replace(/^\/+/, '').split(/[?#]/)[0] ?? '');
}
