// The symbol index of the search box: every RPC method, Ocean endpoint, type, parameter and field of the two models,
// every export of the SDK package pages, every DeFi custom transaction type, structure and encoding of the custom
// transaction pages, the messages of the two error catalogues (at the section that lists each), and the headings,
// packages and code identifiers of the hand-written pages, each with the page and heading id it opens. Written by `npm run generate` to generated/search-symbols.json; the search box loads it on first use
// (src/overrides/symbol-search) and ranks it with src/search/engine.ts.
import { createSlugger } from '@docusaurus/utils';
import type { Field, OceanReference, ReferenceHistory, RpcMethod, RpcReference, TypeDeclaration } from '../model/types';
import type { SdkMember, SdkPackage, SdkReference, SdkSymbol } from '../model/sdk';
import type { CustomTxReference } from '../model/custom-tx';
import {
  OCEAN_ROUTE,
  CUSTOM_TX_ROUTE,
  customTxAnchor,
  customTxPageRoute,
  endpointAnchor,
  methodAnchor,
  oceanErrorGroupHref,
  oceanTypeAnchors,
  rpcErrorGroupHref,
  nodeOnlyPageRoute,
  sdkAnchorCache,
  sdkMemberHasSection,
  sdkRemovedHref,
  sdkPageRoute,
  sdkPageSymbols,
  typeAnchors,
  rpcPages,
  rpcPageRouteOf,
  typeHome,
  structureAnchor,
} from '../model/routes';
import { categoryTitle, CUSTOM_TX_OVERVIEW_SECTIONS, customTxHeading, customTxPageTitle, endpointTitle } from '../model/titles';
import { KINDS, camelWords, type SymbolEntry, type SymbolIndex, type SymbolKind, type SymbolPage } from '../../contract/symbol-index';
import { compareVersions } from '../model/history';
import { sdkIndexKind } from '../model/sdk-queries';
import { methodDeprecated } from '../model/queries';
import { messageLine, withoutPlaceholders } from '../../contract/error-message';

export const SYMBOL_INDEX_FILE = 'search-symbols.json';

/** Builds the index file's content; pages and entries in a stable order so that an unchanged model writes the same bytes. */
export class SymbolIndexBuilder {
  private readonly pages: SymbolPage[] = [];
  private readonly pageIds = new Map<string, number>();
  private readonly entries: SymbolIndex['entries'] = [];
  private readonly seen = new Set<string>();

  /** A page, with the package it documents (without `@defichain/`) for the search box's `pkg:` filter. */
  page(url: string, title: string, pkg?: string): number {
    const known = this.pageIds.get(url);
    if (known !== undefined) return known;
    this.pages.push(pkg === undefined ? [url, title] : [url, title, pkg]);
    this.pageIds.set(url, this.pages.length - 1);
    return this.pages.length - 1;
  }

  /**
   * One symbol: its name, kind, page, heading id and the heading's text (left '' when it is the name itself), other
   * names it answers to (a node RPC name, an endpoint path), extra words, and how strongly the page is about it (0-19).
   */
  add(
    name: string,
    kind: SymbolKind,
    page: number,
    anchor: string,
    section: string,
    options: { alt?: string[]; words?: string[]; strength?: number; since?: string | null } = {},
  ): void {
    const key = `${kind}\u0000${name}\u0000${page}\u0000${anchor}`;
    if (name === '' || this.seen.has(key)) return;
    this.seen.add(key);
    const alt = (options.alt ?? []).filter((other) => other.toLowerCase() !== name.toLowerCase());
    const entry: SymbolEntry = [
      name,
      KINDS.indexOf(kind),
      page,
      anchor,
      section === name ? '' : section,
      alt.join('|'),
      (options.words ?? []).join(' '),
      options.strength ?? 0,
    ];
    if (options.since) {
      this.versions.add(options.since);
      this.since.set(entry, options.since);
    }
    this.entries.push(entry);
  }

  private readonly versions = new Set<string>();
  private readonly since = new Map<SymbolEntry, string>();

  build(): SymbolIndex {
    if (this.versions.size === 0) return { version: 1, pages: this.pages, entries: this.entries };
    const versions = [...this.versions].sort(compareVersions);
    const at = new Map(versions.map((version, index) => [version, index]));
    const entries = this.entries.map((entry): SymbolEntry => {
      const since = this.since.get(entry);
      const [name, kind, page, anchor, section, alt, words, strength] = entry;
      return since === undefined ? entry : [name, kind, page, anchor, section, alt, words, strength, at.get(since) ?? 0];
    });
    return { version: 1, pages: this.pages, entries, versions };
  }
}

/**
 * A splitter for names written without case (the node's RPC names, `getsubgraphswaps`): the fewest words of the
 * vocabulary that spell the name, or nothing when no split covers it.
 */
export function wordSplitter(vocabulary: Iterable<string>): (name: string) => string[] {
  const words = new Set<string>();
  for (const word of vocabulary) if (word.length >= 2 && /^[a-z0-9]+$/.test(word)) words.add(word);
  const longest = Math.max(0, ...[...words].map((word) => word.length));
  return (name: string): string[] => {
    const text = name.toLowerCase();
    // best[i]: fewest words spelling text[0, i); from[i]: where the last of them starts.
    const best: number[] = new Array<number>(text.length + 1).fill(Number.POSITIVE_INFINITY);
    const from: number[] = new Array<number>(text.length + 1).fill(-1);
    best[0] = 0;
    for (let end = 1; end <= text.length; end += 1) {
      for (let start = Math.max(0, end - longest); start < end; start += 1) {
        const before = best[start] ?? Number.POSITIVE_INFINITY;
        if (before + 1 < (best[end] ?? Number.POSITIVE_INFINITY) && words.has(text.slice(start, end))) {
          best[end] = before + 1;
          from[end] = start;
        }
      }
    }
    if (!Number.isFinite(best[text.length] ?? Number.POSITIVE_INFINITY)) return [];
    const parts: string[] = [];
    for (let end = text.length; end > 0; end = from[end] ?? 0) parts.unshift(text.slice(from[end] ?? 0, end));
    return parts;
  };
}

/** The page a declared type is listed on: the category whose module declares it, else the first that lists it. */
function homes<C extends { name: string; module: string; typeIds: string[] }>(
  categories: readonly C[],
  types: Record<string, TypeDeclaration>,
): Map<string, C> {
  // The page generator/model/routes.ts gives the type's section (typeHome), so that the index opens the section shown.
  const home = new Map<string, C>();
  for (const category of categories) {
    for (const id of category.typeIds) {
      const found = home.has(id) ? undefined : typeHome(categories, types[id]?.module, id);
      if (found !== undefined) home.set(id, found);
    }
  }
  return home;
}

function typeMembers(declaration: TypeDeclaration): { names: string[]; kind: SymbolKind } {
  if (declaration.kind === 'interface') return { names: declaration.fields.map((field: Field) => field.name), kind: 'field' };
  if (declaration.kind === 'enum') return { names: declaration.members.map((member) => member.name), kind: 'field' };
  if (declaration.type.kind === 'object') return { names: declaration.type.fields.map((field) => field.name), kind: 'field' };
  return { names: [], kind: 'field' };
}

/** Since when each field or member of a declared type exists, where the history says it is newer than the first release. */
function memberHistory(declaration: TypeDeclaration): Map<string, string | null | undefined> {
  const members = declaration.kind === 'interface' ? declaration.fields : declaration.kind === 'enum' ? declaration.members : [];
  return new Map(members.map((member) => [member.name, member.history?.since]));
}

function addTypes(
  builder: SymbolIndexBuilder,
  pageOf: (categoryName: string) => number,
  categories: readonly { name: string; module: string; typeIds: string[] }[],
  types: Record<string, TypeDeclaration>,
  anchorsOf: (categoryName: string) => Map<string, string>,
): void {
  for (const [id, category] of homes(categories, types)) {
    const declaration = types[id];
    const anchor = anchorsOf(category.name).get(id);
    if (declaration === undefined || anchor === undefined) continue;
    const page = pageOf(category.name);
    builder.add(declaration.name, 'type', page, anchor, declaration.name, { strength: 10, since: declaration.history?.since });
    const members = typeMembers(declaration);
    const memberSince = memberHistory(declaration);
    for (const member of members.names)
      builder.add(member, members.kind, page, anchor, declaration.name, { since: memberSince.get(member) ?? declaration.history?.since });
  }
}

/** Adds the RPC reference: methods (with their node RPC names and the words inside them), parameters, types, fields. */
function addRpcReference(builder: SymbolIndexBuilder, reference: RpcReference, split: (name: string) => string[]): void {
  // Each RPC page by its route; a method's page is where its section is (a split category's further page or its own).
  const pages = new Map<string, number>();
  const pageOfMethod = new Map<RpcMethod, number>();
  for (const rpcPage of rpcPages(reference)) {
    const { category } = rpcPage;
    const route = rpcPageRouteOf(rpcPage);
    const title =
      rpcPage.slug === ''
        ? `Node RPC: ${category.className}`
        : `Node RPC: ${category.className}: ${category.pages?.find((further) => further.slug === rpcPage.slug)?.title ?? rpcPage.slug}`;
    pages.set(route, builder.page(route, title, reference.package.name.replace(/^@defichain\//, '')));
    for (const method of rpcPage.methods) pageOfMethod.set(method, pages.get(route) ?? 0);
  }
  for (const category of reference.categories) {
    for (const method of category.methods) {
      const page = pageOfMethod.get(method) ?? 0;
      const anchor = methodAnchor(method);
      const rpcNames = method.rpc.names;
      const words = rpcNames.flatMap((name) => (name === method.name.toLowerCase() ? [] : split(name)));
      builder.add(method.name, 'method', page, anchor, method.name, {
        alt: [...rpcNames, `${category.name}.${method.name}`],
        words,
        // Where two categories share a method name: the one the node RPC is named after (wallet, not spv,
        // sendToAddress), and not the one that is deprecated (loan's vault methods, moved to vault).
        strength: 9 + (rpcNames.includes(method.name.toLowerCase()) ? 2 : 0) + (methodDeprecated(method) ? 0 : 1),
        since: method.history?.since,
      });
      // The node's names of it, which RpcApiError names; left out when the heading id is the one name.
      const errorContext = rpcNames.length === 1 && rpcNames[0] === anchor ? [] : rpcNames;
      // A deprecated method sharing its RPC with another (loan's vault methods, moved to vault): the other first.
      const current = !methodDeprecated(method);
      for (const error of method.errors?.errors ?? []) addErrorMessage(builder, error.message, page, anchor, method.name, errorContext, current);
      for (const signature of method.signatures) {
        for (const parameter of signature.parameters) {
          builder.add(parameter.name, 'parameter', page, anchor, method.name, { since: parameter.history?.since ?? method.history?.since });
          for (const fieldDoc of parameter.fieldDocs)
            builder.add(fieldDoc.path.split('.').at(-1) ?? '', 'parameter', page, anchor, method.name, { alt: [fieldDoc.path] });
        }
      }
    }
  }
  // The node's RPCs that no method calls, on the node-only pages: found by their RPC name and their arguments.
  for (const rpc of reference.nodeRpcs?.rpcs ?? []) {
    if (rpc.typed) continue;
    const page = builder.page(nodeOnlyPageRoute(rpc.page), `Node RPC (node only): ${rpc.category}`, 'defid');
    const anchor = methodAnchor(rpc);
    builder.add(rpc.name, 'method', page, anchor, rpc.name, { words: split(rpc.name), strength: 8 });
    for (const arg of rpc.args) builder.add(arg.name, 'parameter', page, anchor, rpc.name);
  }
  addRemoved(builder, reference.history, 'method', (category, name) => {
    const method = reference.categories.find((candidate) => candidate.name === category)?.methods.find((candidate) => candidate.name === name);
    return method === undefined ? null : { page: pageOfMethod.get(method) ?? 0, anchor: methodAnchor(method), section: method.name };
  });
  // Pages by route, in the order rpcTypeHome reads them, so that a type is indexed at the section its home page shows.
  const byRoute = rpcPages(reference).map((rpcPage) => ({
    name: rpcPageRouteOf(rpcPage),
    module: rpcPage.category.module,
    typeIds: [...rpcPage.typeIds],
    anchors: typeAnchors(rpcPage, reference),
  }));
  addTypes(
    builder,
    (route) => pages.get(route) ?? 0,
    byRoute,
    reference.types,
    (route) => byRoute.find((rpcPage) => rpcPage.name === route)?.anchors ?? new Map<string, string>(),
  );
}

/**
 * A message the node or the Ocean server answers with, as the Errors list shows it (its lines joined by ⏎, `{name}`
 * where a value is filled in), at the section that lists it; none for an empty body or a message without a word of
 * its own. `context`: words the client's error names beside the message (the RPC in RpcApiError's `method:`, the
 * path in WhaleApiException's URL, with its placeholders), which pick this section among those sharing the message;
 * without them the heading id counts (an RPC method's is the node's name of it). `current`: not deprecated, so first
 * among the sections sharing the message and the RPC.
 */
function addErrorMessage(
  builder: SymbolIndexBuilder,
  message: string | null,
  page: number,
  anchor: string,
  section: string,
  context: string[] = [],
  current = false,
): void {
  if (message === null || !/[A-Za-z]/.test(withoutPlaceholders(message))) return;
  builder.add(messageLine(message), 'error', page, anchor, section, { words: context, strength: current ? 1 : 0 });
}

/** The messages of the error groups, at their sections of /node/errors and the Ocean overview. */
function addErrorGroups(builder: SymbolIndexBuilder, rpc: RpcReference, ocean: OceanReference): void {
  const at = (href: string, title: string): { page: number; anchor: string } => {
    const [url = '', anchor = ''] = href.split('#');
    return { page: builder.page(url, title), anchor };
  };
  for (const group of rpc.errors?.groups ?? []) {
    const { page, anchor } = at(rpcErrorGroupHref(group.id), 'Errors and troubleshooting');
    for (const error of group.errors) addErrorMessage(builder, error.message, page, anchor, group.title);
  }
  for (const group of ocean.errors?.groups ?? []) {
    const { page, anchor } = at(oceanErrorGroupHref(group.id), 'Ocean REST API');
    for (const error of group.errors) addErrorMessage(builder, error.message, page, anchor, group.title);
  }
}

/**
 * Methods or endpoints a recent release dropped, by their old names (`createCfp`, `governance.createCfp`), at the
 * section of the one that replaces it, which says so: a reader arriving with an old name finds the new one.
 */
function addRemoved(
  builder: SymbolIndexBuilder,
  history: ReferenceHistory | undefined,
  kind: Extract<SymbolKind, 'method' | 'endpoint'>,
  sectionOf: (category: string, name: string) => { page: number; anchor: string; section: string } | null,
): void {
  for (const removed of history?.removed ?? []) {
    if (removed.replacedBy === null) continue;
    const target = sectionOf(removed.replacedBy.category, removed.replacedBy.name);
    if (target === null) continue;
    builder.add(removed.name, kind, target.page, target.anchor, target.section, { alt: [removed.key], words: ['removed'], strength: 5 });
  }
}

/** Adds the Ocean reference: endpoints (client method, `category.method`, the path and its segments), parameters, types. */
function addOceanReference(builder: SymbolIndexBuilder, reference: OceanReference): void {
  const pages = new Map<string, number>();
  for (const category of reference.categories) {
    const page = builder.page(`${OCEAN_ROUTE}/${category.name}`, `Ocean: ${categoryTitle(category)}`, reference.package.name.replace(/^@defichain\//, ''));
    pages.set(category.name, page);
    for (const endpoint of category.endpoints) {
      const anchor = endpointAnchor(endpoint);
      const title = endpointTitle(category, endpoint);
      const segments = endpoint.path.split('/').filter((segment) => segment !== '' && !segment.startsWith('{'));
      builder.add(endpoint.name, 'endpoint', page, anchor, title, {
        alt: [`${category.name}.${endpoint.name}`, `${endpoint.httpMethod} /${endpoint.path}`.toLowerCase()],
        words: [...segments, ...camelWords(title)],
        strength: 10,
        since: endpoint.history?.since,
      });
      for (const error of endpoint.errors?.errors ?? []) addErrorMessage(builder, error.message, page, anchor, title, [`/${endpoint.path}`], true);
      const since = endpoint.history?.since;
      for (const parameter of endpoint.parameters)
        builder.add(parameter.name, 'parameter', page, anchor, title, { alt: [parameter.argument], since: parameter.history?.since ?? since });
      for (const parameter of endpoint.signature.parameters) builder.add(parameter.name, 'parameter', page, anchor, title, { since });
    }
  }
  addRemoved(builder, reference.history, 'endpoint', (category, name) => {
    const found = reference.categories.find((candidate) => candidate.name === category);
    const endpoint = found?.endpoints.find((candidate) => candidate.name === name);
    return found === undefined || endpoint === undefined
      ? null
      : { page: pages.get(category) ?? 0, anchor: endpointAnchor(endpoint), section: endpointTitle(found, endpoint) };
  });
  const anchors = new Map(reference.categories.map((category) => [category.name, oceanTypeAnchors(category, reference)]));
  addTypes(
    builder,
    (name) => pages.get(name) ?? 0,
    reference.categories,
    reference.types,
    (name) => anchors.get(name) ?? new Map<string, string>(),
  );
}

function memberKind(member: SdkMember): SymbolKind {
  return member.kind === 'method' || member.kind === 'constructor' ? 'member' : 'field';
}

/**
 * Adds the SDK package pages: every export (and the declarations they use unexported, weaker), under its own name and
 * `package.Name`; a DfTx composer also under its transaction's name (`OP_DEFI_TX_POOL_SWAP`); class members under
 * `Class.member`; fields and enum members at their type's section.
 */
function addSdkReference(builder: SymbolIndexBuilder, reference: SdkReference): void {
  const anchors = sdkAnchorCache(reference);
  for (const pkg of reference.packages) {
    for (const slug of ['', ...pkg.pages.map((page) => page.slug)]) {
      const title = slug === '' ? pkg.short : `${pkg.short}: ${pkg.pages.find((page) => page.slug === slug)?.title ?? slug}`;
      const page = builder.page(sdkPageRoute(pkg, slug), title, pkg.short);
      const pageAnchors = anchors(pkg, slug);
      if (slug === '') builder.add(pkg.name, 'package', page, '', title, { alt: [pkg.short], strength: 10 });
      const add = (symbol: SdkSymbol): void => {
        const anchor = pageAnchors.get(symbol.id);
        if (anchor === undefined) return;
        const kind = sdkIndexKind(symbol);
        const alt = [`${pkg.short}.${symbol.name}`, ...(symbol.kind === 'class' && symbol.dftx !== null ? [symbol.dftx.name] : [])];
        const since = symbol.history?.since;
        builder.add(symbol.name, kind, page, anchor, symbol.name, { alt, strength: symbol.exported ? 10 : 4, since });
        if (symbol.kind === 'class' || symbol.kind === 'constant') {
          for (const member of symbol.members) {
            if (member.kind === 'constructor') continue;
            const memberAnchor = pageAnchors.get(member.id) ?? anchor;
            const title = sdkMemberHasSection(symbol, member) ? (member.static ? `${symbol.name}.${member.name}` : member.name) : symbol.name;
            builder.add(member.name, memberKind(member), page, memberAnchor, title, {
              alt: [`${symbol.name}.${member.name}`],
              strength: 6,
              since: member.history?.since ?? since,
            });
          }
        }
        if (symbol.kind === 'type') {
          const members = typeMembers(symbol.declaration);
          for (const name of members.names) builder.add(name, members.kind, page, anchor, symbol.name, { since });
        }
        if (symbol.kind === 'namespace') for (const inner of symbol.members) if (reference.symbols[inner] !== undefined) add(reference.symbols[inner]);
      };
      for (const symbol of sdkPageSymbols(reference, pkg, slug)) if (symbol.namespace === null) add(symbol);
      if (slug === '') addSdkRemoved(builder, pkg, page);
    }
  }
}

/**
 * What a package no longer publishes, by its old name (`generateMnemonic`; a member also as `Class.member`), at its
 * entry under "No longer published" on the package's page (a member or field that went with its export, at the export's).
 */
function addSdkRemoved(builder: SymbolIndexBuilder, pkg: SdkPackage, page: number): void {
  for (const item of pkg.history?.removed ?? []) {
    const href = sdkRemovedHref(pkg, item);
    const anchor = href.slice(href.indexOf('#') + 1);
    const name = item.kind === 'export' ? item.key : item.name.replace(/^static\./, '');
    const dotted = item.kind === 'export' ? [] : [`${item.owner}.${name}`];
    builder.add(name, 'removed', page, anchor, `${item.kind === 'export' ? item.key : `${item.owner}.${name}`}: last in ${item.last}`, {
      alt: [`${pkg.short}.${item.kind === 'export' ? item.key : `${item.owner}.${name}`}`, ...dotted],
      words: ['removed'],
      strength: item.kind === 'export' ? 5 : 2,
    });
  }
}

/**
 * Adds the custom transaction pages (generator/render/custom-tx-page.ts): each type at its section on its family's page
 * (kind dftx: found by its name, its class, its OP_DEFI_TX name, the node's name for it, and its builder calls), and on
 * the overview its sections, the nested structures and the buffer helpers of the encodings table.
 */
function addCustomTxReference(builder: SymbolIndexBuilder, reference: CustomTxReference): void {
  const overview = builder.page(`${CUSTOM_TX_ROUTE}/`, customTxPageTitle());
  for (const [anchor, title] of Object.entries(CUSTOM_TX_OVERVIEW_SECTIONS)) builder.add(title, 'section', overview, anchor, title, { strength: 10 });
  const own = new Set(reference.types.map((type) => type.className));
  for (const structure of Object.values(reference.structures)) {
    if (own.has(structure.className)) continue;
    builder.add(structure.className, 'class', overview, structureAnchor(structure.className), structure.className, {
      alt: structure.interfaceName === null ? [] : [structure.interfaceName],
      strength: 8,
    });
  }
  for (const helper of Object.keys(reference.encodings))
    builder.add(helper, 'member', overview, 'encodings', CUSTOM_TX_OVERVIEW_SECTIONS.encodings, { alt: [`ComposableBuffer.${helper}`] });
  const families = new Map(reference.families.map((family) => [family.name, builder.page(customTxPageRoute(family.name), customTxPageTitle(family))]));
  for (const type of reference.types) {
    const page = families.get(type.family);
    if (page === undefined) continue;
    const name = type.className.replace(/^C/, '');
    const builderCalls = type.builderCalls.map((call) => `${call.group}.${call.method}`);
    builder.add(name, 'dftx', page, customTxAnchor(type), customTxHeading(type), {
      alt: [...new Set([type.className, type.opName, ...(type.ain === null ? [] : [type.ain.rpcName, type.ain.enumName]), ...builderCalls])],
      words: ['dftx', 'custom', 'transaction'],
      strength: 10,
    });
  }
}

/** A Markdown page of docs/: its path from there (forward slashes) and its text. */
export interface MarkdownPage {
  path: string;
  text: string;
}

/**
 * The route Docusaurus gives a page of docs/: by its `slug` front matter, from its area's route when the slug starts
 * with `/` (`slug: /packages/` in ecosystem/ is /ecosystem/packages/) and from its folder's otherwise; else by its path
 * (`node/usage.md` is /node/usage, `legacy/index.mdx` /legacy/).
 */
function guideRoute(page: MarkdownPage): string {
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(page.text)?.[1] ?? '';
  const slug = /^slug:\s*["']?([^"'\s]+)["']?\s*$/m.exec(frontMatter)?.[1];
  const relative = page.path.replace(/\.mdx?$/, '');
  if (slug !== undefined) {
    const base = slug.startsWith('/') ? (relative.split('/')[0] ?? '') : relative.split('/').slice(0, -1).join('/');
    return `/${base}/${slug.replace(/^\//, '')}`;
  }
  return relative.endsWith('/index') || relative === 'index' ? `/${relative.replace(/\/?index$/, '')}/` : `/${relative}`;
}

/** Identifiers in code worth finding: camelCase or PascalCase names of four letters or more. */
const IDENTIFIER = /(?<![\w$.-])[A-Za-z_$][A-Za-z0-9_$]{3,}(?![\w$])|(?<=\.)[a-z][A-Za-z0-9]{3,}(?=\()/g;
const PACKAGE = /@defichain\/[a-z0-9-]+|\bdefichain(?=['"`])/g;
const INSTALL = /\b(?:npm|yarn|pnpm)\s+(?:i|install|add)\b/;

function isSymbolLike(word: string): boolean {
  return /[a-z][A-Z]/.test(word) || (/^[A-Z][a-z]/.test(word) && /[a-z][A-Z]|[A-Z]{2}/.test(word));
}

interface CodeText {
  text: string;
  /** An inline code span (a name the prose documents) rather than a line of a code block (a use). */
  inline: boolean;
}

interface Section {
  anchor: string;
  title: string;
  code: CodeText[];
}

export interface GuideContent {
  route: string;
  title: string;
  sections: Section[];
}

/** Splits a page into its h2/h3 sections (id as Docusaurus writes it) with the code (inline and fenced) of each. */
export function guideSections(content: string): { title: string; sections: Section[] } {
  const slugger = createSlugger();
  const lines = content.replace(/^---\n[\s\S]*?\n---\n/, '').split('\n');
  const titleMatch = /^title:\s*["']?(.+?)["']?\s*$/m.exec(content);
  let title = titleMatch?.[1] ?? '';
  const intro: Section = { anchor: '', title: '', code: [] };
  const sections: Section[] = [intro];
  let fence: string | null = null;
  for (const line of lines) {
    const current = sections[sections.length - 1] ?? intro;
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1] ?? '```';
      else if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) {
      current.code.push({ text: line, inline: false });
      continue;
    }
    const headingMatch = /^(#{1,3})\s+(.+?)\s*$/.exec(line);
    if (headingMatch) {
      const level = headingMatch[1]?.length ?? 0;
      const raw = headingMatch[2] ?? '';
      const custom = /\s*\{\/\*\s*#(\S+)\s*\*\/\}$/.exec(raw);
      const text = raw
        .replace(/\s*\{\/\*.*\*\/\}$/, '')
        .replace(/`/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .trim();
      if (level === 1) {
        if (title === '') title = text;
        continue;
      }
      const anchor = custom?.[1] ?? slugger.slug(text);
      sections.push({ anchor, title: text, code: [] });
      continue;
    }
    for (const span of line.matchAll(/`([^`]+)`/g)) current.code.push({ text: span[1] ?? '', inline: true });
  }
  return { title, sections };
}

/** The hand-written pages (partials, whose names start with `_`, are parts of other pages), split into sections. */
export function guideContents(pages: readonly MarkdownPage[]): GuideContent[] {
  return pages.filter((page) => !(page.path.split('/').pop() ?? '').startsWith('_')).map((page) => ({ route: guideRoute(page), ...guideSections(page.text) }));
}

/** The packages and code identifiers of one piece of code, with their kinds. */
function codeNames(code: string, known: ReadonlySet<string>): [string, SymbolKind][] {
  return [
    ...[...code.matchAll(PACKAGE)].map((match): [string, SymbolKind] => [match[0], 'package']),
    ...[...code.matchAll(IDENTIFIER)]
      .map((match) => match[0])
      .filter((name) => isSymbolLike(name) && !known.has(name.toLowerCase()))
      .map((name): [string, SymbolKind] => [name, /^[A-Z]/.test(name) ? 'class' : 'member']),
  ];
}

const byName = <T>([a]: [string, T], [b]: [string, T]): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds the hand-written pages: their sections (with the words inside a lower-case name in a heading), and the
 * packages and code identifiers each page names, at the section that is most about each: the one whose heading
 * names it, else one whose prose documents it in an inline span that starts with it, else the one using it most.
 */
function addGuides(builder: SymbolIndexBuilder, guides: readonly GuideContent[], known: ReadonlySet<string>, split: (name: string) => string[]): void {
  for (const { route, title, sections } of guides) {
    const page = builder.page(route, title);
    const found = new Map<string, { kind: SymbolKind; counts: Map<Section, number>; heading: Section | null; documented: Section | null }>();
    const note = (section: Section, name: string, kind: SymbolKind, how: 'heading' | 'documented' | 'used'): void => {
      const record = found.get(name) ?? { kind, counts: new Map<Section, number>(), heading: null, documented: null };
      record.counts.set(section, (record.counts.get(section) ?? 0) + 1);
      if (how === 'heading') record.heading ??= section;
      if (how === 'documented') record.documented ??= section;
      found.set(name, record);
    };
    for (const section of sections) {
      if (section.anchor !== '') {
        const words = camelWords(section.title).flatMap((word) => (word.length >= 8 ? split(word) : []));
        builder.add(section.title, 'section', page, section.anchor, section.title, { words, strength: 10 });
        for (const [name, kind] of codeNames(section.title, known)) note(section, name, kind, 'heading');
      }
      for (const { text, inline } of section.code) {
        for (const [name, kind] of codeNames(text, known)) {
          // A package is documented where it is installed; a class or method where an inline span starts with it.
          const documented =
            kind === 'package' ? INSTALL.test(text) : inline && new RegExp(`^(?:[\\w$]+\\.)*${name.replace(/[$]/g, '\\$')}(?![\\w$])`).test(text.trim());
          note(section, name, kind, documented ? 'documented' : 'used');
        }
      }
    }
    for (const [name, record] of [...found].sort(byName)) {
      let best: Section | undefined = record.heading ?? record.documented ?? undefined;
      let total = 0;
      for (const [section, count] of record.counts) {
        total += count;
        if (best === undefined || (record.heading === null && record.documented === null && count > (record.counts.get(best) ?? 0))) best = section;
      }
      if (best === undefined) continue;
      const strength = (record.heading ? 10 : record.documented ? 8 : 0) + Math.min(total, 9);
      builder.add(name, record.kind, page, best.anchor, best.anchor === '' ? title : best.title, { strength });
    }
  }
}

/** The whole index: both references, the package pages, the custom transaction pages when given, then the hand-written pages. */
export function buildSymbolIndex(
  rpc: RpcReference,
  ocean: OceanReference,
  sdk: SdkReference,
  guides: readonly GuideContent[],
  customTx?: CustomTxReference,
): SymbolIndex {
  const vocabulary = new Set<string>();
  const known = new Set<string>();
  const learn = (name: string): void => {
    for (const word of camelWords(name)) vocabulary.add(word);
  };
  for (const category of rpc.categories) {
    for (const method of category.methods) {
      learn(method.name);
      known.add(method.name.toLowerCase());
    }
  }
  for (const category of ocean.categories) for (const endpoint of category.endpoints) learn(endpoint.name);
  for (const declaration of [...Object.values(rpc.types), ...Object.values(ocean.types)]) {
    learn(declaration.name);
    known.add(declaration.name.toLowerCase());
    for (const member of typeMembers(declaration).names) known.add(member.toLowerCase());
  }
  // A guide's use of a parameter's name is not another symbol: the reference's parameter answers it.
  for (const category of rpc.categories)
    for (const method of category.methods)
      for (const signature of method.signatures) for (const parameter of signature.parameters) known.add(parameter.name.toLowerCase());
  for (const category of ocean.categories)
    for (const endpoint of category.endpoints) for (const parameter of endpoint.parameters) known.add(parameter.name.toLowerCase());
  // A guide's use of an SDK export or member is not another symbol either: its section on the package pages answers it.
  for (const symbol of Object.values(sdk.symbols)) {
    learn(symbol.name);
    known.add(symbol.name.toLowerCase());
    if (symbol.kind === 'class' || symbol.kind === 'constant') for (const member of symbol.members) known.add(member.name.toLowerCase());
  }
  for (const guide of guides)
    for (const section of guide.sections) for (const { text } of section.code) for (const [name] of codeNames(text, new Set())) learn(name);
  const split = wordSplitter(vocabulary);
  const builder = new SymbolIndexBuilder();
  addRpcReference(builder, rpc, split);
  addOceanReference(builder, ocean);
  addSdkReference(builder, sdk);
  if (customTx !== undefined) addCustomTxReference(builder, customTx);
  addGuides(builder, guides, known, split);
  // After the guides, whose pages (/node/errors, the Ocean overview) already carry their titles.
  addErrorGroups(builder, rpc, ocean);
  return builder.build();
}
