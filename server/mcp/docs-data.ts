// What the MCP server answers from, loaded once: the generated models and symbol index (generated/), and the built
// site (build/: Markdown twins, llms.txt, the OpenRPC and OpenAPI documents, the full-text index). Nothing else is read:
// no generator module runs here but the model's pure queries (generator/model/queries.ts, sdk-queries.ts), and a page is
// read only when llms.txt lists its twin.
import fs from 'node:fs';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { SITE_URL } from '../../config/site';
import type { CustomTxReference } from '../../generator/model/custom-tx';
import type { SdkReference } from '../../generator/model/sdk';
import type { OceanCategory, OceanEndpoint, OceanReference, RpcCategory, RpcMethod, RpcReference, TypeDeclaration } from '../../generator/model/types';
import { SymbolEngine } from '../../src/search/engine';
import { KINDS, type SymbolIndex } from '../../contract/symbol-index';
import { twinPath } from '../../src/plugins/llms/twin-path';
import { FullTextIndex } from '../../src/overrides/full-text-query';
import { headings, sectionAt, slug, type Section } from './markdown';
import { RankedText } from './ranked-text';
import { firstSentence, methodDoc } from '../../generator/model/queries';

const ROOT = path.resolve(__dirname, '../..');

export interface DocsSources {
  /** Folder of `npm run generate`'s output. */
  generated: string;
  /** Folder of `npm run build`'s output. */
  build: string;
}

export const DEFAULT_SOURCES: DocsSources = { generated: path.join(ROOT, 'generated'), build: path.join(ROOT, 'build') };

/** The files read from the build, by their path on the site. */
export const BUILD_FILES = {
  llmsTxt: '/llms.txt',
  sitemap: '/sitemap.xml',
  openrpc: '/node/openrpc.json',
  openapi: '/ocean/openapi.json',
  fullText: '/search-index.json',
} as const;

/** A missing or unreadable model: the server cannot answer at all. The message says what to run. */
export class DocsDataError extends Error {}

export interface RpcMethodRef {
  category: RpcCategory;
  method: RpcMethod;
}

export interface OceanEndpointRef {
  category: OceanCategory;
  endpoint: OceanEndpoint;
}

export interface TypeRef {
  source: 'rpc' | 'ocean';
  declaration: TypeDeclaration;
}

/** A page the build has a twin of, as llms.txt lists it. */
export interface PageInfo {
  title: string;
  /** The page's route as the sitemap gives it (`/node/`, `/node/design`). */
  route: string;
  /** The twin's path on the site (`/node/design.md`). */
  twin: string;
}

/** A heading of a built page with the id its HTML gives it (the `#hash` that opens it). */
export interface PageHeading {
  level: number;
  id: string;
  text: string;
}

type HtmlNode = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];

/** The headings with an id of a built page, in page order, their text as a reader sees it. */
function htmlHeadings(html: string): PageHeading[] {
  const found: PageHeading[] = [];
  const text = (node: HtmlNode): string => {
    if (node.nodeName === '#text' && 'value' in node) return node.value;
    return 'childNodes' in node ? node.childNodes.map(text).join('') : '';
  };
  const visit = (node: HtmlNode): void => {
    if ('tagName' in node && /^h[1-6]$/.test(node.tagName)) {
      const id = node.attrs.find((attribute) => attribute.name === 'id')?.value;
      if (id !== undefined && id !== '') {
        found.push({
          level: Number(node.tagName.slice(1)),
          id,
          text: text(node)
            .replace(/\u200b/g, '')
            .replace(/\s+/g, ' ')
            .trim(),
        });
      }
      return;
    }
    if ('childNodes' in node) node.childNodes.forEach(visit);
  };
  visit(parse(html));
  return found;
}

/** Where a symbol's section is on the site. */
export interface Place {
  route: string;
  anchor: string;
  /** The heading's text. */
  heading: string;
}

function readJson<T>(file: string, what: string): T {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new DocsDataError(`${file} is missing: run \`npm run generate\` first (${what}).`);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new DocsDataError(`${file} is not valid JSON: run \`npm run generate\` again (${what}).`);
  }
}

function readOptional(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export class DocsData {
  readonly rpc: RpcReference;
  readonly ocean: OceanReference;
  readonly symbols: SymbolIndex;
  readonly engine: SymbolEngine;
  /** The DeFi custom transaction model (absent from a generated/ folder older than it). */
  readonly customTx: CustomTxReference | undefined;
  /** The model of the SDK's other 17 packages (absent from a generated/ folder older than it). */
  readonly sdkReference: SdkReference | undefined;
  readonly siteUrl = SITE_URL;
  /** Pages by twin path, from llms.txt (empty without a build). */
  readonly pages = new Map<string, PageInfo>();
  readonly llmsTxt: string | undefined;

  private readonly twins = new Map<string, string | undefined>();
  private readonly pageHeadings = new Map<string, PageHeading[]>();
  private fullText: FullTextIndex | null | undefined;
  private ranked: RankedText | null | undefined;
  private leadSentences: Map<string, string> | undefined;
  /** `category.method` of RPC methods and Ocean endpoints → their section. */
  private readonly places = new Map<string, Place>();
  /** Type sections by name: every page that has one. */
  private readonly typePlaces = new Map<string, Place[]>();
  /** Category name → its page, by model. */
  /** The routes of each category's pages (a category written on several pages has several). */
  private readonly categoryRoutes = { rpc: new Map<string, Set<string>>(), ocean: new Map<string, Set<string>>() };

  constructor(readonly sources: DocsSources) {
    this.rpc = readJson<RpcReference>(path.join(sources.generated, 'rpc-model.json'), 'the Full Node RPC model');
    this.ocean = readJson<OceanReference>(path.join(sources.generated, 'ocean-model.json'), 'the Ocean model');
    this.symbols = readJson<SymbolIndex>(path.join(sources.generated, 'search-symbols.json'), 'the symbol index');
    this.engine = new SymbolEngine(this.symbols);
    const customTx = path.join(sources.generated, 'custom-tx-model.json');
    this.customTx = fs.existsSync(customTx) ? readJson<CustomTxReference>(customTx, 'the custom transaction model') : undefined;
    const sdk = path.join(sources.generated, 'sdk-model.json');
    this.sdkReference = fs.existsSync(sdk) ? readJson<SdkReference>(sdk, 'the model of the SDK packages') : undefined;
    this.indexPlaces();
    this.llmsTxt = readOptional(this.buildPath(BUILD_FILES.llmsTxt));
    // The route of each twin: a twin path drops the trailing slash of an area's overview, the sitemap keeps it.
    const routes = new Map<string, string>();
    for (const match of (readOptional(this.buildPath(BUILD_FILES.sitemap)) ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const route = decodeURIComponent(new URL(match[1] ?? '/', SITE_URL).pathname);
      routes.set(twinPath(route), route);
    }
    for (const match of (this.llmsTxt ?? '').matchAll(/^- \[((?:\\.|[^\]\\])*)\]\(([^)\s]+\.md)\)/gm)) {
      const url = new URL(match[2] ?? '', SITE_URL);
      const twin = decodeURIComponent(url.pathname);
      const route = routes.get(twin) ?? (twin === '/index.md' ? '/' : twin.replace(/\.md$/, ''));
      this.pages.set(twin, { title: (match[1] ?? '').replace(/\\(.)/g, '$1'), route, twin });
    }
  }

  private indexPlaces(): void {
    const rpcCategories = new Set(this.rpc.categories.map((category) => category.name));
    const oceanCategories = new Set(this.ocean.categories.map((category) => category.name));
    for (const [name, kindIndex, pageIndex, anchor, section, alt] of this.symbols.entries) {
      const kind = KINDS[kindIndex];
      const [route = '/'] = this.symbols.pages[pageIndex] ?? [];
      const place: Place = { route, anchor, heading: section === '' ? name : section };
      if (kind === 'method' || kind === 'endpoint') {
        const dotted = alt.split('|').find((other) => /^[A-Za-z]+\.[A-Za-z]+$/.test(other));
        const category = dotted?.split('.')[0] ?? '';
        // A node RPC no method calls has a section of its own on a node-only page, by its RPC name alone.
        if (kind === 'method' && dotted === undefined && alt === '' && route.includes('/node-only/')) this.places.set(`node-rpc:${name}`, place);
        if (dotted === undefined || !(kind === 'method' ? rpcCategories : oceanCategories).has(category)) continue;
        this.places.set(`${kind}:${dotted}`, place);
        const routes = this.categoryRoutes[kind === 'method' ? 'rpc' : 'ocean'];
        routes.set(category, (routes.get(category) ?? new Set<string>()).add(route));
      } else if (kind === 'type') {
        const list = this.typePlaces.get(name) ?? [];
        list.push(place);
        this.typePlaces.set(name, list);
      }
    }
  }

  /** The absolute file of a path on the site, inside the build folder. */
  private buildPath(sitePath: string): string {
    return path.join(this.sources.build, ...sitePath.split('/').filter((part) => part !== ''));
  }

  get hasBuild(): boolean {
    return this.llmsTxt !== undefined;
  }

  /** `@defichain/jellyfish-api-core@4.0.7` */
  sdkOf(source: 'rpc' | 'ocean'): string {
    const info = source === 'rpc' ? this.rpc.package : this.ocean.package;
    return `${info.name}@${info.version}`;
  }

  /** Both packages, for answers that span the site. */
  get sdk(): string {
    return `${this.sdkOf('rpc')}, ${this.sdkOf('ocean')}`;
  }

  url(route: string, anchor = ''): string {
    return `${new URL(route, SITE_URL).href}${anchor === '' ? '' : `#${anchor}`}`;
  }

  methodPlace(ref: RpcMethodRef): Place | undefined {
    return this.places.get(`method:${ref.category.name}.${ref.method.name}`);
  }

  /** The section of a node RPC that no SDK method calls, on its node-only page. */
  nodeRpcPlace(name: string): Place | undefined {
    return this.places.get(`node-rpc:${name}`);
  }

  endpointPlace(ref: OceanEndpointRef): Place | undefined {
    return this.places.get(`endpoint:${ref.category.name}.${ref.endpoint.name}`);
  }

  /**
   * The section of a declared type: of the pages that show a type of that name, one of a category that uses it (any
   * of its pages, where it has several), the category of its own module first (the pages show a type once, on such a page).
   */
  typePlace(ref: TypeRef): Place | undefined {
    const reference = ref.source === 'rpc' ? this.rpc : this.ocean;
    const routes = this.categoryRoutes[ref.source];
    const users = (reference.categories as ReadonlyArray<RpcCategory | OceanCategory>).filter((category) => category.typeIds.includes(ref.declaration.id));
    const candidates = this.typePlaces.get(ref.declaration.name) ?? [];
    const onPageOf = (category: RpcCategory | OceanCategory | undefined): Place | undefined =>
      category === undefined ? undefined : candidates.find((place) => routes.get(category.name)?.has(place.route) === true);
    const own = users.find((category) => category.module === ref.declaration.module);
    return onPageOf(own) ?? users.map(onPageOf).find((place) => place !== undefined);
  }

  /** The full-text index of the build, or undefined without one. Read on first use. */
  textIndex(): FullTextIndex | undefined {
    if (this.fullText === undefined) {
      const file = this.buildPath(BUILD_FILES.fullText);
      this.fullText = fs.existsSync(file) ? FullTextIndex.read(file) : null;
    }
    return this.fullText ?? undefined;
  }

  /**
   * The first sentence of the doc of each method, endpoint and type, by the section it opens (`/route#anchor`): what
   * the search ranks as the section's lead and answers as its excerpt.
   */
  leads(): ReadonlyMap<string, string> {
    if (this.leadSentences !== undefined) return this.leadSentences;
    const leads = new Map<string, string>();
    const put = (place: { route: string; anchor: string } | undefined, text: string): void => {
      const sentence = firstSentence(text);
      if (place !== undefined && sentence.trim() !== '') leads.set(`${place.route}#${place.anchor}`, sentence);
    };
    for (const category of this.rpc.categories) for (const method of category.methods) put(this.methodPlace({ category, method }), methodDoc(method).text);
    for (const category of this.ocean.categories)
      for (const endpoint of category.endpoints) put(this.endpointPlace({ category, endpoint }), endpoint.signature.doc.text);
    for (const [source, types] of [
      ['rpc', this.rpc.types],
      ['ocean', this.ocean.types],
    ] as const) {
      for (const declaration of Object.values(types)) put(this.typePlace({ source, declaration }), declaration.doc.text);
    }
    this.leadSentences = leads;
    return leads;
  }

  /** The names of the parameters of each method and endpoint (not their fields), by the section it opens (`/route#anchor`). */
  parameterNames(): ReadonlyMap<string, readonly string[]> {
    const names = new Map<string, string[]>();
    for (const [name, kind, page, anchor, , alt] of this.symbols.entries) {
      const route = this.symbols.pages[page]?.[0];
      if (KINDS[kind] !== 'parameter' || alt !== '' || route === undefined) continue;
      const list = names.get(`${route}#${anchor}`) ?? [];
      list.push(name);
      names.set(`${route}#${anchor}`, list);
    }
    return names;
  }

  /** The sections of every page ranked for questions (./ranked-text.ts), or undefined without a build. Read on first use. */
  rankedText(): RankedText | undefined {
    if (this.ranked === undefined) {
      const index = this.textIndex();
      this.ranked = index === undefined ? null : new RankedText(index.documentsByType(), this.leads(), this.parameterNames());
    }
    return this.ranked ?? undefined;
  }

  /** The twin path of anything a reader may call a page: a route, a site URL, a twin path, with or without a hash. */
  pageOf(input: string): { page: PageInfo; hash: string } | undefined {
    let pathname: string;
    let hash: string;
    try {
      const url = new URL(input.trim(), SITE_URL);
      if (url.origin !== new URL(SITE_URL).origin && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(input.trim())) return undefined;
      pathname = decodeURIComponent(url.pathname);
      hash = decodeURIComponent(url.hash.replace(/^#/, ''));
    } catch {
      return undefined;
    }
    const twin = pathname.endsWith('.md') ? pathname : twinPath(pathname);
    const page = this.pages.get(twin);
    return page === undefined ? undefined : { page, hash };
  }

  /** A page's twin text, for a page llms.txt lists. */
  twin(page: PageInfo): string | undefined {
    if (!this.twins.has(page.twin)) this.twins.set(page.twin, readOptional(this.buildPath(page.twin)));
    return this.twins.get(page.twin);
  }

  /** The headings of a page's built HTML with their ids (none when the build lacks the page). */
  headingsOf(page: PageInfo): PageHeading[] {
    let found = this.pageHeadings.get(page.twin);
    if (found === undefined) {
      const html = readOptional(this.buildPath(page.twin === '/index.md' ? '/index.html' : page.twin.replace(/\.md$/, '/index.html')));
      found = html === undefined ? [] : htmlHeadings(html);
      this.pageHeadings.set(page.twin, found);
    }
    return found;
  }

  /** The twin section of a place on the site: the heading the symbol index names, else the one whose id matches. */
  section(place: Place): Section | undefined {
    const page = this.pageOf(place.route)?.page;
    const markdown = page === undefined ? undefined : this.twin(page);
    if (markdown === undefined) return undefined;
    return findSection(markdown, place.heading, place.anchor);
  }

  /** A document of the build (OpenRPC, OpenAPI, llms.txt) as text. */
  buildText(sitePath: (typeof BUILD_FILES)[keyof typeof BUILD_FILES]): string | undefined {
    return readOptional(this.buildPath(sitePath));
  }
}

/** The section of a twin under a heading, found by its text or, failing that, by the id the page gives it. */
export function findSection(markdown: string, heading: string, anchor = ''): Section | undefined {
  // Where several headings carry the name (a package's function `fromAddress` and a class's static `fromAddress`
  // below it), the one highest in the outline answers.
  const all = headings(markdown).sort((a, b) => a.level - b.level || a.line - b.line);
  const wanted = heading.trim().toLowerCase();
  const found =
    all.find((candidate) => candidate.text === heading) ??
    all.find((candidate) => candidate.text.toLowerCase() === wanted) ??
    (anchor === '' ? undefined : all.find((candidate) => slug(candidate.text) === anchor.toLowerCase()));
  return found === undefined ? undefined : sectionAt(markdown, found);
}

let loaded: { key: string; data: DocsData } | undefined;

/** The data for `sources`, loaded once per process (the files do not change while a server runs). */
export function docsData(sources: DocsSources = DEFAULT_SOURCES): DocsData {
  const key = `${sources.generated}\n${sources.build}`;
  if (loaded?.key !== key) loaded = { key, data: new DocsData(sources) };
  return loaded.data;
}
