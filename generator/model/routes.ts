// Routes and anchors of the generated reference, in one place: the pages link and are linked by them, and the OpenRPC
// and OpenAPI documents point into the pages with them. Reads only the model. The pages' titles are in ./titles.
import type { OceanCategory, OceanReference, RpcCategory, RpcMethod, RpcReference } from './types';
import type { SdkArea, SdkMember, SdkPackage, SdkReference, SdkSymbol } from './sdk';
import type { SdkRemovedItem } from './history';

/** Route of the category pages, below the node docs area. */
export const API_ROUTE = '/node/jellyfish/api';
/** Where types from other packages are explained (docs/node/design.mdx, written by hand). */
export const EXTERNAL_TYPE_LINKS: Readonly<Record<string, string>> = {
  'bignumber.js#BigNumber': '/node/design#bignumber',
  '@defichain/jellyfish-json#Precision': '/node/design#precision',
  '@defichain/jellyfish-json#PrecisionPath': '/node/design#precision',
};
export function methodAnchor(method: { name: string }): string {
  return method.name.toLowerCase();
}

/**
 * One page of the RPC reference: a category's own page (`slug` '') or one of its further pages
 * (generator/extract/rpc/pages.ts), with the methods it shows and the declared types they reference.
 */
export interface RpcPage {
  category: RpcCategory;
  slug: string;
  methods: RpcMethod[];
  typeIds: readonly string[];
}

/** The pages of a category, its own first: the methods no further page takes, and the types they reference. */
export function rpcCategoryPages(category: RpcCategory): RpcPage[] {
  const further = category.pages ?? [];
  if (further.length === 0) return [{ category, slug: '', methods: category.methods, typeIds: category.typeIds }];
  const elsewhere = new Set(further.flatMap((page) => page.methods));
  return [
    { category, slug: '', methods: category.methods.filter((method) => !elsewhere.has(method.name)), typeIds: category.ownPageTypeIds ?? [] },
    ...further.map((page) => ({
      category,
      slug: page.slug,
      methods: category.methods.filter((method) => page.methods.includes(method.name)),
      typeIds: page.typeIds,
    })),
  ];
}

/** Every page of the RPC reference, in the package's category order. */
export function rpcPages(reference: Pick<RpcReference, 'categories'>): RpcPage[] {
  return reference.categories.flatMap(rpcCategoryPages);
}

/** The page of a category that shows a method. */
function rpcMethodPage(category: RpcCategory, method: string): RpcPage | undefined {
  return rpcCategoryPages(category).find((page) => page.methods.some((candidate) => candidate.name === method));
}

/** The route of an RPC page. */
export function rpcPageRouteOf(page: Pick<RpcPage, 'category' | 'slug'>): string {
  return rpcPageRoute(page.category.name, page.slug);
}

/** Anchors of the types on one page: the lower-case name, made unique against methods and each other. */
export function typeAnchors(page: Pick<RpcPage, 'methods' | 'typeIds'>, reference: Pick<RpcReference, 'types'>): Map<string, string> {
  const taken = new Set<string>(['types', ...page.methods.map(methodAnchor)]);
  const anchors = new Map<string, string>();
  const byName = new Map<string, number>();
  for (const id of page.typeIds) {
    const name = reference.types[id]?.name ?? id;
    byName.set(name, (byName.get(name) ?? 0) + 1);
  }
  for (const id of page.typeIds) {
    const declaration = reference.types[id];
    const name = declaration?.name ?? id;
    let anchor = (byName.get(name) ?? 0) > 1 ? `${name}-${declaration?.module ?? ''}`.toLowerCase() : name.toLowerCase();
    if (taken.has(anchor)) anchor = `type-${anchor}`;
    while (taken.has(anchor)) anchor = `${anchor}-1`;
    taken.add(anchor);
    anchors.set(id, anchor);
  }
  return anchors;
}

/** The page of an RPC category, or one of its further pages (`slug`). */
export function rpcPageRoute(category: string, slug = ''): string {
  return slug === '' ? `${API_ROUTE}/${category}` : `${API_ROUTE}/${category}/${slug}`;
}

/** Route of the Ocean docs area; category pages are at `${OCEAN_ROUTE}/<category>`. */
export const OCEAN_ROUTE = '/ocean';
/** Sections of the hand-written overview (docs/ocean/index.mdx) that every page links to. */
export const PAGINATION_LINK = '/ocean/#pagination';
export const ERRORS_LINK = '/ocean/#errors';

/** The page whose sections explain the node's error groups (docs/node/errors.mdx), one section per group id. */
const RPC_ERRORS_ROUTE = '/node/errors';

/** Where an RPC error group is explained: its section on /node/errors, whose id is the group's. */
export function rpcErrorGroupHref(id: string): string {
  return `${RPC_ERRORS_ROUTE}#${id}`;
}

/** The section of /node/errors on what every call can meet (the groups of scope `every`). */
export function rpcEveryCallHref(): string {
  return `${RPC_ERRORS_ROUTE}#every-call`;
}

/** Where an Ocean error group is explained: its section on the Ocean overview (docs/ocean/index.mdx). */
export function oceanErrorGroupHref(id: string): string {
  return `${OCEAN_ROUTE}/#${id}`;
}

/** The section of the Ocean overview on what every endpoint can answer. */
export function oceanEveryEndpointHref(): string {
  return `${OCEAN_ROUTE}/#every-endpoint`;
}
/** The page of an Ocean category (docs/ocean/reference/<category>.mdx, its slug). */
export function oceanPageRoute(category: string): string {
  return `${OCEAN_ROUTE}/${category}`;
}

export function endpointAnchor(endpoint: { name: string }): string {
  return endpoint.name.toLowerCase();
}

/** Anchors of the types on one page: the lower-case name, kept apart from the endpoints' anchors. */
export function oceanTypeAnchors(category: OceanCategory, reference: OceanReference): Map<string, string> {
  const taken = new Set<string>(['types', ...category.endpoints.map(endpointAnchor)]);
  const anchors = new Map<string, string>();
  for (const id of category.typeIds) {
    const declaration = reference.types[id];
    let anchor = (declaration?.name ?? id).toLowerCase();
    if (taken.has(anchor)) anchor = `type-${anchor}`;
    while (taken.has(anchor)) anchor = `${anchor}-1`;
    taken.add(anchor);
    anchors.set(id, anchor);
  }
  return anchors;
}

/** Links declared types to their section on the page, and types from other packages to where the site explains them. */
/** Links from `package#Type` to the type's section on a node RPC page, for types the Ocean client borrows from api-core. */
export function rpcTypeLinks(reference: RpcReference): Record<string, string> {
  const links: Record<string, string> = { ...EXTERNAL_TYPE_LINKS };
  for (const id of Object.keys(reference.types)) {
    const declaration = reference.types[id];
    const href = rpcTypeHref(reference, id);
    const key = `${reference.package.name}#${declaration?.name ?? id}`;
    if (declaration !== undefined && href !== undefined && links[key] === undefined) links[key] = href;
  }
  return links;
}

/**
 * The RPC page that shows a type's section: of the pages whose methods use it, one of the category of the module that
 * declares it, else the first in the package's order. Every other page that uses the type links there.
 */
export function rpcTypeHome(reference: Pick<RpcReference, 'categories' | 'types'>, id: string): RpcPage | undefined {
  const pages = rpcPages(reference).map((page) => ({ page, module: page.category.module, typeIds: page.typeIds }));
  return typeHome(pages, reference.types[id]?.module, id)?.page;
}

/** The page among `categories` that shows the type `id` declared in `module` (see rpcTypeHome). */
export function typeHome<Category extends { module: string; typeIds: readonly string[] }>(
  categories: readonly Category[],
  module: string | undefined,
  id: string,
): Category | undefined {
  const users = categories.filter((category) => category.typeIds.includes(id));
  return users.find((category) => category.module === module) ?? users[0];
}

/** The Ocean page that shows a type's section, chosen as for the RPC pages (rpcTypeHome). */
export function oceanTypeHome(reference: OceanReference, id: string): OceanCategory | undefined {
  return typeHome(reference.categories, reference.types[id]?.module, id);
}

/** Where an Ocean type's section is: its home page and the anchor it has there. */
export function oceanTypeHref(reference: OceanReference, id: string): string | undefined {
  const home = oceanTypeHome(reference, id);
  const anchor = home === undefined ? undefined : oceanTypeAnchors(home, reference).get(id);
  return home === undefined || anchor === undefined ? undefined : `${oceanPageRoute(home.name)}#${anchor}`;
}

/** Where a type's section is: its home page and the anchor it has there. */
export function rpcTypeHref(reference: Pick<RpcReference, 'categories' | 'types'>, id: string): string | undefined {
  const home = rpcTypeHome(reference, id);
  const anchor = home === undefined ? undefined : typeAnchors(home, reference).get(id);
  return home === undefined || anchor === undefined ? undefined : `${rpcPageRouteOf(home)}#${anchor}`;
}

// ---- The SDK's other packages (generator/model/sdk.ts) ----

/** Where each area's package pages live: beside the SDK guides, or beside the testing guides. */
const SDK_ROUTES: Readonly<Record<SdkArea, string>> = { ecosystem: '/ecosystem/packages', testing: '/testing/packages' };
/** The hand-written overview of the packages (docs/ecosystem/package-reference.mdx, at this route by its slug). */
export const SDK_PACKAGES_ROUTE = SDK_ROUTES.ecosystem;

/** Where the hand-written pages explain a class of the RPC and Ocean clients that SDK signatures name. */
export const CLIENT_CLASS_LINKS: Readonly<Record<string, string>> = {
  '@defichain/jellyfish-api-core#ApiClient': '/node/design#a-client-that-does-not-know-its-transport',
  '@defichain/whale-api-client#WhaleApiClient': '/ocean/#the-client',
};

/** The route of a package's page, or of one of its pages when it is split (`slug`). */
export function sdkPageRoute(pkg: Pick<SdkPackage, 'short' | 'area'>, slug = ''): string {
  const route = `${SDK_ROUTES[pkg.area]}/${pkg.short}`;
  return slug === '' ? route : `${route}/${slug}`;
}

/** A heading id from a name: lower case, a namespace's dot as a dash (`BitcoinJsLib.Network` → `bitcoinjslib-network`). */
function idFromName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_$-]+/g, '-');
}

/** Whether a member has a heading of its own: class members other than the constructor, and an object constant's callable members. */
export function sdkMemberHasSection(symbol: SdkSymbol, member: SdkMember): boolean {
  if (symbol.kind === 'class') return member.kind !== 'constructor';
  return symbol.kind === 'constant' && member.kind === 'method';
}

/** The symbols one page shows, in page order: the package's exports, then the declarations they use that it does not export. */
export function sdkPageSymbols(reference: SdkReference, pkg: SdkPackage, slug: string): SdkSymbol[] {
  return [...pkg.exports, ...pkg.internal]
    .map((id) => reference.symbols[id])
    .filter((symbol): symbol is SdkSymbol => symbol !== undefined && symbol.page === slug);
}

/**
 * Heading ids of one page: each symbol by its name, each member with a heading under it as `<symbol>-<member>`
 * (`-static-` where a static member shares the name of an instance one), a namespace's declarations as
 * `<namespace>-<name>`; a clash takes `-2`, `-3` in page order.
 */
export function sdkPageAnchors(reference: SdkReference, pkg: SdkPackage, slug: string): Map<string, string> {
  const anchors = new Map<string, string>();
  const taken = new Set<string>(['exports', 'not-exported', SDK_REMOVED_SECTION]);
  const claim = (id: string, wanted: string): string => {
    let anchor = wanted;
    for (let count = 2; taken.has(anchor); count += 1) anchor = `${wanted}-${count}`;
    taken.add(anchor);
    anchors.set(id, anchor);
    return anchor;
  };
  for (const symbol of sdkPageSymbols(reference, pkg, slug)) {
    const own = claim(symbol.id, idFromName(symbol.name));
    if (symbol.kind === 'namespace') for (const inner of symbol.members) claim(inner, idFromName(reference.symbols[inner]?.name ?? inner));
    if (symbol.kind !== 'class' && symbol.kind !== 'constant') continue;
    const instanceNames = new Set(symbol.members.filter((member) => !member.static).map((member) => member.name));
    for (const member of symbol.members) {
      if (!sdkMemberHasSection(symbol, member)) {
        anchors.set(member.id, own);
        continue;
      }
      const clash = member.static && instanceNames.has(member.name);
      claim(member.id, `${own}-${clash ? 'static-' : ''}${idFromName(member.name)}`);
    }
  }
  return anchors;
}

/** The ids of a package's exports by the names they are imported by (the history's keys for exports). */
export function sdkExportIds(reference: SdkReference, pkg: SdkPackage): Map<string, string> {
  const ids = new Map<string, string>();
  for (const id of pkg.exports) {
    const name = reference.symbols[id]?.name;
    if (name !== undefined && !ids.has(name)) ids.set(name, id);
  }
  return ids;
}

/** The section of a package's own page that lists what it no longer publishes, and its entries' heading ids. */
export const SDK_REMOVED_SECTION = 'removed';

/** The heading id of a removed export, or of a member or field dropped from an export still published: `removed-generatemnemonic`. */
export function sdkRemovedAnchor(key: string): string {
  return `${SDK_REMOVED_SECTION}-${idFromName(key.replace(/[#.]/g, '-'))}`;
}

/**
 * Where a removed item is described: its own entry, or for a member or field that went with its export, the export's
 * entry (`/ecosystem/packages/jellyfish-transaction#removed-ccreatemasternode`).
 */
export function sdkRemovedHref(
  pkg: Pick<SdkPackage, 'short' | 'area' | 'history'>,
  item: Pick<SdkRemovedItem, 'kind' | 'key' | 'owner' | 'ownerAlive'>,
): string {
  const ownerGone = pkg.history?.removed.some((other) => other.kind === 'export' && other.key === item.owner) ?? false;
  const own = item.kind === 'export' || item.ownerAlive || !ownerGone;
  return `${sdkPageRoute(pkg)}#${sdkRemovedAnchor(own ? item.key : item.owner)}`;
}

/** The symbol that holds an id: the symbol itself, or the class or constant of a member (`<symbol id>#<member>`). */
function sdkOwner(reference: SdkReference, id: string): SdkSymbol | undefined {
  const direct = reference.symbols[id];
  if (direct !== undefined) return direct;
  const owner = reference.symbols[id.split('#')[0] ?? ''];
  if (owner !== undefined) return owner;
  // A declaration inside a namespace lives on the namespace's page.
  return Object.values(reference.symbols).find((symbol) => symbol.kind === 'namespace' && symbol.members.includes(id));
}

/** The page and heading id of a symbol or member: `/ecosystem/packages/jellyfish-address#p2wpkh-to`. */
export function sdkHref(reference: SdkReference, id: string, anchorsOf?: (pkg: SdkPackage, slug: string) => ReadonlyMap<string, string>): string | undefined {
  const symbol = sdkOwner(reference, id);
  const pkg = symbol === undefined ? undefined : reference.packages.find((candidate) => candidate.short === symbol.package);
  if (symbol === undefined || pkg === undefined) return undefined;
  const anchors = anchorsOf ? anchorsOf(pkg, symbol.page) : sdkPageAnchors(reference, pkg, symbol.page);
  const anchor = anchors.get(id);
  return anchor === undefined ? undefined : `${sdkPageRoute(pkg, symbol.page)}#${anchor}`;
}

/** Anchors of every page, computed once: for renderers and emitters that look up many symbols. */
export function sdkAnchorCache(reference: SdkReference): (pkg: SdkPackage, slug: string) => ReadonlyMap<string, string> {
  const cache = new Map<string, Map<string, string>>();
  return (pkg, slug) => {
    const key = `${pkg.short}/${slug}`;
    let anchors = cache.get(key);
    if (anchors === undefined) {
      anchors = sdkPageAnchors(reference, pkg, slug);
      cache.set(key, anchors);
    }
    return anchors;
  };
}

/** Links from `@defichain/<package>#Name` to the section of every export, for the RPC and Ocean pages' types of these packages. */
export function sdkTypeLinks(reference: SdkReference): Record<string, string> {
  const anchors = sdkAnchorCache(reference);
  const links: Record<string, string> = {};
  for (const pkg of reference.packages) {
    for (const id of pkg.exports) {
      const symbol = reference.symbols[id];
      const href = sdkHref(reference, id, anchors);
      const key = `${pkg.name}#${symbol?.declaredName ?? ''}`;
      // A name exported twice (`toBuffer as fromOPCodes` beside nothing, `encode` and `pack`) links to the export by its own name.
      if (symbol !== undefined && href !== undefined && (links[key] === undefined || symbol.name === symbol.declaredName)) links[key] = href;
    }
  }
  return links;
}

/** The transaction inspector (docs/ecosystem/inspect.mdx): a reading of any transaction by the custom transaction model. */
export const INSPECT_ROUTE = '/ecosystem/inspect';

/** The custom transaction pages: an overview, then one page per family (generator/render/custom-tx-page.ts). */
export const CUSTOM_TX_ROUTE = '/ecosystem/custom-transactions';
export function customTxPageRoute(family: string): string {
  return `${CUSTOM_TX_ROUTE}/${family}`;
}
/** A type's section: its class name without the C, lower case (`CPoolSwap` → `poolswap`). */
export function customTxAnchor(type: { className: string }): string {
  return type.className.replace(/^C/, '').toLowerCase();
}
/** A nested structure's section on the overview (`CScriptBalances` → `structure-scriptbalances`). */
export function structureAnchor(className: string): string {
  return `structure-${className.replace(/^C/, '').toLowerCase()}`;
}
/** The section of a type on its family's page. */
export function customTxHref(type: { className: string; family: string }): string {
  return `${customTxPageRoute(type.family)}#${customTxAnchor(type)}`;
}
/** The section of a method on the RPC pages: on its category's page, or on the further page that shows it. */
export function rpcMethodHref(reference: Pick<RpcReference, 'categories'>, category: string, method: string): string {
  const owner = reference.categories.find((candidate) => candidate.name === category);
  const page = owner === undefined ? undefined : rpcMethodPage(owner, method);
  return `${rpcPageRoute(category, page?.slug)}#${methodAnchor({ name: method })}`;
}

/**
 * Where the package reference shows what a custom transaction section names: each class and interface of
 * jellyfish-transaction's pages by name (`CPoolSwap`, `PoolSwap`), and each builder call by `group.method` at its
 * method's section on the builder's pages (the group is a property of `P2WPKHTransactionBuilder`, typed with its class).
 */
export interface CustomTxLinks {
  composers: Readonly<Record<string, string>>;
  builderCalls: Readonly<Record<string, string>>;
  /** The section of each client method a custom transaction's RPC calls, by `category.method`. */
  rpcMethods: Readonly<Record<string, string>>;
}

export function customTxReferenceLinks(
  sdk: SdkReference,
  customTx: {
    types: ReadonlyArray<{ builderCalls: ReadonlyArray<{ group: string; method: string }>; rpcCalls: ReadonlyArray<{ category: string; method: string }> }>;
  },
  rpc: Pick<RpcReference, 'categories'>,
): CustomTxLinks {
  const anchors = sdkAnchorCache(sdk);
  const composers: Record<string, string> = {};
  const transaction = sdk.packages.find((pkg) => pkg.short === 'jellyfish-transaction');
  // Exports first: a name exported and declared again unexported links to the export.
  for (const id of [...(transaction?.exports ?? []), ...(transaction?.internal ?? [])]) {
    const symbol = sdk.symbols[id];
    const href = sdkHref(sdk, id, anchors);
    if (symbol !== undefined && href !== undefined && (symbol.kind === 'class' || symbol.kind === 'type') && composers[symbol.name] === undefined)
      composers[symbol.name] = href;
  }
  const builder = sdk.symbols['jellyfish-transaction-builder.P2WPKHTransactionBuilder'];
  const groups = new Map<string, string>();
  for (const member of builder?.kind === 'class' ? builder.members : []) {
    if (member.type?.kind === 'reference' && member.type.target.kind === 'declared') groups.set(member.name, member.type.target.id);
  }
  const builderCalls: Record<string, string> = {};
  for (const type of customTx.types) {
    for (const call of type.builderCalls) {
      const owner = groups.get(call.group);
      const href = owner === undefined ? undefined : sdkHref(sdk, `${owner}#${call.method}`, anchors);
      if (href !== undefined) builderCalls[`${call.group}.${call.method}`] = href;
    }
  }
  const rpcMethods: Record<string, string> = {};
  for (const call of customTx.types.flatMap((type) => type.rpcCalls))
    rpcMethods[`${call.category}.${call.method}`] = rpcMethodHref(rpc, call.category, call.method);
  return { composers, builderCalls, rpcMethods };
}

/**
 * The docs areas whose packages have release pages: node (api-core), ocean (whale-api-client) and sdk (the SDK's
 * other packages, released together: their pages are below the package reference, /ecosystem/packages/releases).
 */
export type ReleaseArea = 'node' | 'ocean' | 'sdk';

/** Generated release pages of an area: docs/<area>/releases/v<major>.mdx, one per major line. */
export const RELEASES_FOLDER = 'releases';

/** The page of a release line: `/node/releases/v3` lists every 3.x release of api-core, `/ecosystem/packages/releases/v3` of the SDK's other packages. */
export function releasePageRoute(area: ReleaseArea, major: number): string {
  return `${area === 'sdk' ? SDK_ROUTES.ecosystem : `/${area}`}/${RELEASES_FOLDER}/v${major}`;
}

/** A release's section on its line's page: `v3-16-0`. */
export function releaseAnchor(version: string): string {
  return `v${version.replace(/\./g, '-')}`;
}

/** The hand-written guide from the 3.x releases to 4.0 (docs/node/migrating-to-4.mdx). */
export const MIGRATION_GUIDE_ROUTE = '/node/migrating-to-4';

/** The folder of the pages of the RPCs the SDK does not type, one per node category, below the ApiClient pages. */
export const NODE_ONLY_FOLDER = 'node-only';

/** The page of a node category's RPCs that no SDK method calls: `/node/jellyfish/api/node-only/wallet`. */
export function nodeOnlyPageRoute(category: string): string {
  return `${API_ROUTE}/${NODE_ONLY_FOLDER}/${category}`;
}

/** The page of a major line of the node's own releases: `/node/releases/defid-v4`. */
export function nodeReleasePageRoute(major: number): string {
  return `/node/${RELEASES_FOLDER}/defid-v${major}`;
}

/** A node release's section on its line's page: `defid-v4-0-9`. */
export function nodeReleaseAnchor(tag: string): string {
  return `defid-${tag.replace(/\./g, '-')}`;
}
