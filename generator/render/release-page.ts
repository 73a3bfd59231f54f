// Renders the release pages: one per major line of a package (docs/node/releases/v3.mdx for api-core 3.x, and
// docs/ocean/releases/ for whale-api-client), each release of the line with what it added, changed, deprecated and
// removed against the release before it, from the release notes the model carries (generator/history).
import type { HistoryKind, ReleaseItem, ReleaseNote } from '../model/history';
import { compareVersions, versionParts } from '../model/history';
import type { OceanReference, RpcReference } from '../model/types';
import type { SdkPackage, SdkReference } from '../model/sdk';
import {
  endpointAnchor,
  MIGRATION_GUIDE_ROUTE,
  oceanPageRoute,
  oceanTypeHref,
  releaseAnchor,
  releasePageRoute,
  rpcMethodHref,
  rpcTypeHref,
  sdkAnchorCache,
  sdkExportIds,
  sdkHref,
  sdkPageRoute,
  sdkRemovedHref,
  SDK_PACKAGES_ROUTE,
  type ReleaseArea,
} from '../model/routes';
import { changeText } from './history';
import { escapeInline, frontMatter, heading, inlineCode, markdownLink } from './mdx';

/** What a release page needs of a reference: its package, its history, and where an item that is still published is shown. */
interface ReleaseSource {
  /** For the SDK's other packages: where an export, member or field is described (its section, or its entry among the
   * package's removed items once the pinned version no longer has it). */
  sdk?: { link: (kind: 'export' | 'member' | 'field', key: string) => string | undefined };
  area: ReleaseArea;
  packageName: string;
  /** The area's name for the reference: "Full Node RPC", "Ocean REST API". */
  reference: string;
  releases: readonly ReleaseNote[];
  first: string;
  unreadable: readonly { version: string; reason: string }[];
  /** Where the section of a method, endpoint or type of the pinned version is. */
  href: (kind: 'method' | 'endpoint' | 'type', key: string) => string | undefined;
  /** The name a type is shown by (`Vault` for `vault.Vault`). */
  typeName: (key: string) => string;
}

export interface ReleasePage {
  /** File name below docs/<area>/releases: `v3.mdx`. */
  fileName: string;
  route: string;
  mdx: string;
}

const KIND_ORDER: readonly HistoryKind[] = ['method', 'endpoint', 'overload', 'parameter', 'type', 'field', 'export', 'member'];
const KIND_PLURALS: Readonly<Record<HistoryKind, string>> = {
  method: 'Methods',
  endpoint: 'Endpoints',
  overload: 'Overloads',
  parameter: 'Parameters',
  type: 'Types',
  field: 'Fields and members',
  // The SDK packages' kinds (renderSdkReleasePages).
  export: 'Exports',
  member: 'Class members',
};

function splitAt(key: string, at: number): [string, string] {
  return [key.slice(0, at), key.slice(at + 1)];
}

/** The type key a field key starts with (a type's id may hold dots: the longest that is a type of the release). */
function fieldParts(key: string, isType: (key: string) => boolean): [string, string] {
  for (let at = key.lastIndexOf('.'); at > 0; at = key.lastIndexOf('.', at - 1)) if (isType(key.slice(0, at))) return splitAt(key, at);
  return splitAt(key, key.lastIndexOf('.'));
}

/** An item as the page names it, linked to its section in the pinned version when it is still published. */
function itemText(source: ReleaseSource, item: ReleaseItem, typeKeys: ReadonlySet<string>): string {
  const link = (text: string, href: string | undefined): string => (href === undefined ? inlineCode(text) : `[${inlineCode(text)}](${href})`);
  const member = source.area === 'node' ? 'method' : 'endpoint';
  switch (item.kind) {
    case 'method':
    case 'endpoint':
      return link(item.key, item.alive ? source.href(item.kind, item.key) : undefined);
    case 'overload': {
      const [method, number] = splitAt(item.key, item.key.lastIndexOf('#'));
      return `overload ${number} of ${link(method, source.href(member, method))}`;
    }
    case 'parameter': {
      const open = item.key.indexOf('(');
      const owner = item.key.slice(0, open);
      return `${inlineCode(item.key.slice(open + 1, -1))} of ${link(owner, source.href(member, owner))}`;
    }
    case 'type':
      return link(source.typeName(item.key), item.alive ? source.href('type', item.key) : undefined);
    case 'field': {
      if (source.sdk !== undefined) return link(item.key, source.sdk.link('field', item.key));
      const [type, field] = fieldParts(item.key, (key) => typeKeys.has(key));
      return link(`${source.typeName(type)}.${field}`, source.href('type', type));
    }
    case 'export':
    case 'member':
      return link(sdkItemName(item.kind, item.key), source.sdk?.link(item.kind, item.key));
  }
}

/** An SDK item as a reader writes it: `generateMnemonic`, `ComposableBuffer.varUInt`, `CreateProposal.cycles`. */
function sdkItemName(kind: HistoryKind, key: string): string {
  if (kind === 'member') return key.replace('#static.', '.').replace('#', '.');
  // An export another package took over: `<package>:<name>`.
  const moved = /^([\w-]+):(.+)$/.exec(key);
  return moved === null ? key : `${moved[2] ?? ''} of @defichain/${moved[1] ?? ''}`;
}

/** An SDK member's or field's owner export and own name. */
function sdkOwnerParts(kind: HistoryKind, key: string): [string, string] {
  if (kind === 'member') return splitAt(key, key.indexOf('#'));
  return splitAt(key, key.indexOf('.'));
}

/**
 * The SDK's items of one kind on one line, members and fields under their export (a class of 40 fields is one
 * entry): "Exports: `A`, `B`", "Class members: `Cls`: `a`, `b`; `Other`: `c`".
 */
function sdkGroupedLines(source: ReleaseSource, items: readonly ReleaseItem[], extra?: (item: ReleaseItem) => string): string[] {
  const lines: string[] = [];
  const link = source.sdk?.link ?? (() => undefined);
  const code = (text: string, href: string | undefined): string => (href === undefined ? inlineCode(text) : `[${inlineCode(text)}](${href})`);
  const byKey = (a: ReleaseItem, b: ReleaseItem): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const exports = items.filter((item) => item.kind === 'export').sort(byKey);
  if (exports.length > 0)
    lines.push(`- ${KIND_PLURALS.export}: ${exports.map((item) => `${code(item.key, link('export', item.key))}${extra?.(item) ?? ''}`).join(', ')}`);
  for (const kind of ['member', 'field'] as const) {
    const owners = new Map<string, ReleaseItem[]>();
    for (const item of items.filter((candidate) => candidate.kind === kind).sort(byKey)) {
      const [owner] = sdkOwnerParts(kind, item.key);
      owners.set(owner, [...(owners.get(owner) ?? []), item]);
    }
    if (owners.size === 0) continue;
    const groups = [...owners].map(([owner, members]) => {
      const ownerHref = link('export', owner);
      // A member with a section of its own links to it; a field, or a member shown in its owner's section, does not.
      const names = members.map((item) => {
        const name = sdkOwnerParts(kind, item.key)[1].replace(/^static\./, '');
        const href = kind === 'member' ? link('member', item.key) : undefined;
        return `${code(name, href === ownerHref ? undefined : href)}${extra?.(item) ?? ''}`;
      });
      return `${code(owner, ownerHref)}: ${names.join(', ')}`;
    });
    lines.push(`- ${kind === 'member' ? KIND_PLURALS.member : 'Fields'}: ${groups.join('; ')}`);
  }
  return lines;
}

/** Items of one kind after another, each kind on a line: "Methods: `a`, `b`". */
function groupedList(source: ReleaseSource, items: readonly ReleaseItem[], typeKeys: ReadonlySet<string>, extra?: (item: ReleaseItem) => string): string {
  if (source.sdk !== undefined) return sdkGroupedLines(source, items, extra).join('\n');
  const lines: string[] = [];
  for (const kind of KIND_ORDER) {
    const ofKind = items.filter((item) => item.kind === kind).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (ofKind.length === 0) continue;
    lines.push(`- ${KIND_PLURALS[kind]}: ${ofKind.map((item) => `${itemText(source, item, typeKeys)}${extra?.(item) ?? ''}`).join(', ')}`);
  }
  return lines.join('\n');
}

const isEmpty = (note: ReleaseNote): boolean => note.added.length + note.changed.length + note.deprecated.length + note.removed.length === 0;

function releaseSection(source: ReleaseSource, note: ReleaseNote, previous: string | undefined, typeKeys: ReadonlySet<string>): string {
  const parts = [heading(2, note.version, releaseAnchor(note.version))];
  parts.push(
    previous === undefined
      ? `The first release the history covers: what it published, as it stood.`
      : `Compared with ${previous}${versionParts(previous)[0] === versionParts(note.version)[0] ? '' : `, the last release before this line`}.`,
  );
  if (isEmpty(note)) {
    parts.push('Its declarations publish the same methods, types and signatures as the release before.');
    return parts.join('\n\n');
  }
  parts.push(...releaseBody(source, note, typeKeys));
  return parts.join('\n\n');
}

/** What a release added, changed, deprecated and removed: a bold label and a list for each that it did. */
function releaseBody(source: ReleaseSource, note: ReleaseNote, typeKeys: ReadonlySet<string>): string[] {
  const parts: string[] = [];
  if (note.added.length > 0) parts.push(`**Added**\n\n${groupedList(source, note.added, typeKeys)}`);
  if (note.changed.length > 0) {
    const changes = [...note.changed]
      .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (a.key < b.key ? -1 : 1))
      .map((item) => `- ${itemText(source, item, typeKeys)}: ${item.change ? changeText(item.change, false).replace(/^[^:]+: /, '') : ''}`);
    parts.push(`**Changed**\n\n${changes.join('\n')}`);
  }
  if (note.deprecated.length > 0) parts.push(`**Deprecated**\n\n${groupedList(source, note.deprecated, typeKeys)}`);
  if (note.removed.length > 0) {
    const replacement = (item: ReleaseItem): string => {
      if (item.replacedBy === undefined) return '';
      if (source.sdk !== undefined && (item.kind === 'export' || item.kind === 'member' || item.kind === 'field')) {
        const href = source.sdk.link(item.kind, item.replacedBy);
        const name = sdkItemName(item.kind, item.replacedBy);
        return ` (in its place ${href === undefined ? inlineCode(name) : `[${inlineCode(name)}](${href})`})`;
      }
      const kind = item.kind === 'endpoint' ? 'endpoint' : 'method';
      const href = source.href(kind, item.replacedBy);
      return ` (use ${href === undefined ? inlineCode(item.replacedBy) : `[${inlineCode(item.replacedBy)}](${href})`})`;
    };
    parts.push(`**Removed**\n\n${groupedList(source, note.removed, typeKeys, replacement)}`);
  }
  return parts;
}

function renderLine(
  source: ReleaseSource,
  major: number,
  notes: readonly ReleaseNote[],
  previousOf: (version: string) => string | undefined,
  typeKeys: ReadonlySet<string>,
): ReleasePage {
  const versions = notes.map((note) => note.version);
  const line = `${major}.x`;
  const first = versions[0] ?? '';
  const last = versions.at(-1) ?? '';
  const unchanged = notes.filter((note) => note.added.length + note.changed.length + note.deprecated.length + note.removed.length === 0).length;
  const intro = [
    `What each published ${line} release of ${inlineCode(source.packageName)} added, changed, deprecated and removed, against the release before it: ` +
      `${versions.length} ${versions.length === 1 ? 'release' : 'releases'}, ${first === last ? first : `from ${first} to ${last}`}, newest first` +
      (unchanged === 0
        ? '.'
        : unchanged === 1
          ? '; one of them declares the same API as the one before.'
          : `; ${unchanged} of them declare the same API as the one before.`),
    `The lists are read from each version's type declarations as published on the npm registry, by the extractor that writes the ${escapeInline(source.reference)} reference, and compared signature by signature. ` +
      'An item that comes or goes with its method or type is listed with it alone; a changed signature shows the part that differs. ' +
      'Reworded documentation and changes inside the compiled code are not listed, except parameter defaults. ' +
      'Names link to their section in the current reference where the pinned version still has them.',
  ];
  if (source.area === 'node' && major >= 3)
    intro.push(`Moving from 3.x to 4.0: ${markdownLink(MIGRATION_GUIDE_ROUTE, 'Migrating from 3.x to 4.0')} explains each change that needs code to change.`);
  if (source.area === 'ocean' && major >= 3)
    intro.push(`Moving from 3.x to 4.0: ${markdownLink(MIGRATION_GUIDE_ROUTE, 'Migrating from 3.x to 4.0')} covers the Ocean client too.`);
  const unreadable = source.unreadable.filter((entry) => versionParts(entry.version)[0] === major);
  if (unreadable.length > 0)
    intro.push(
      `Not read, so not listed: ${unreadable.map((entry) => `${entry.version} (${escapeInline(entry.reason)})`).join('; ')}; the next release is compared with the last one read.`,
    );
  const sections = [...notes].reverse().map((note) => releaseSection(source, note, previousOf(note.version), typeKeys));
  const title = `${line} releases`;
  const description = `What each ${line} release of ${source.packageName} (${first === last ? first : `${first} to ${last}`}) added, changed, deprecated and removed, from the published packages.`;
  const mdx = [
    frontMatter({ title, sidebar_label: line, sidebar_position: 100 - major, description }),
    '{/* Generated by `npm run generate` from generator/history. Do not edit: changes are overwritten. */}',
    ...intro,
    ...sections,
  ].join('\n\n');
  return { fileName: `v${major}.mdx`, route: releasePageRoute(source.area, major), mdx: `${mdx}\n` };
}

function renderReleasePages(source: ReleaseSource): ReleasePage[] {
  const majors = [...new Set(source.releases.map((note) => versionParts(note.version)[0]))];
  const order = source.releases.map((note) => note.version);
  const previousOf = (version: string): string | undefined => order[order.indexOf(version) - 1];
  const typeKeys = new Set<string>();
  for (const note of source.releases) for (const item of [...note.added, ...note.changed, ...note.removed]) if (item.kind === 'type') typeKeys.add(item.key);
  return majors.map((major) =>
    renderLine(
      source,
      major,
      source.releases.filter((note) => versionParts(note.version)[0] === major),
      previousOf,
      typeKeys,
    ),
  );
}

/** The heading id of a package's part of a release on the SDK's release pages: `v0-39-0-jellyfish-wallet-mnemonic`. */
function sdkReleasePackageAnchor(version: string, short: string): string {
  return `${releaseAnchor(version)}-${short}`;
}

/** Where an SDK package's export, member or field is described: its section while published, else its removed entry. */
function sdkLinker(reference: SdkReference, pkg: SdkPackage): NonNullable<ReleaseSource['sdk']>['link'] {
  const anchors = sdkAnchorCache(reference);
  const removed = new Map((pkg.history?.removed ?? []).map((item) => [`${item.kind} ${item.key}`, item]));
  const exported = sdkExportIds(reference, pkg);
  const href = (id: string | undefined): string | undefined => (id === undefined ? undefined : sdkHref(reference, id, anchors));
  const find = memo((id: string): string | undefined => {
    const [kind, key = ''] = id.split(' ') as ['export' | 'member' | 'field', string?];
    const gone = removed.get(id);
    if (gone !== undefined) return sdkRemovedHref(pkg, gone);
    if (kind === 'export') return href(exported.get(key));
    if (kind === 'member') {
      const owner = exported.get(key.slice(0, key.indexOf('#')));
      return owner === undefined ? undefined : href(`${owner}${key.slice(key.indexOf('#'))}`);
    }
    return href(exported.get(key.slice(0, key.indexOf('.'))));
  });
  return (kind, key) => find(`${kind} ${key}`);
}

/**
 * The release pages of the SDK's other packages (docs/ecosystem/packages/releases/v<major>.mdx): they are released
 * together, so one page per major line lists every release and, under it, each package it published with what that
 * package added, changed, deprecated and removed against its own release before (a package is not published in
 * every release). Packages it published unchanged are named in one line.
 */
export function renderSdkReleasePages(reference: SdkReference): ReleasePage[] {
  const packages = reference.packages.filter((pkg) => pkg.history !== undefined);
  const sources = new Map(
    packages.map((pkg): [SdkPackage, ReleaseSource] => [
      pkg,
      {
        area: 'sdk',
        packageName: pkg.name,
        reference: 'package',
        releases: pkg.history?.releases ?? [],
        first: pkg.history?.first ?? '',
        unreadable: pkg.history?.unreadable ?? [],
        href: () => undefined,
        typeName: (key) => key,
        sdk: { link: sdkLinker(reference, pkg) },
      },
    ]),
  );
  const versions = [...new Set(packages.flatMap((pkg) => pkg.history?.versions ?? []))].sort(compareVersions);
  const majors = [...new Set(versions.map((version) => versionParts(version)[0]))];
  return majors.map((major) => {
    const line = `${major}.x`;
    const own = versions.filter((version) => versionParts(version)[0] === major);
    const first = own[0] ?? '';
    const last = own.at(-1) ?? '';
    const sections = [...own].reverse().map((version) => {
      const parts = [heading(2, version, releaseAnchor(version))];
      const unchanged: string[] = [];
      const blocks: string[] = [];
      let changedPackages = 0;
      for (const [pkg, source] of sources) {
        const history = pkg.history;
        const note = source.releases.find((candidate) => candidate.version === version);
        if (history === undefined || note === undefined) continue;
        const previous = history.versions[history.versions.indexOf(version) - 1];
        if (isEmpty(note)) {
          unchanged.push(inlineCode(pkg.short));
          continue;
        }
        changedPackages += 1;
        blocks.push(heading(3, pkg.short, sdkReleasePackageAnchor(version, pkg.short)));
        blocks.push(
          `${markdownLink(sdkPageRoute(pkg), `The ${pkg.short} reference`)} · ` +
            (previous === undefined
              ? 'the first release of the package the history covers: what it published, as it stood.'
              : `compared with its ${previous}.`),
        );
        blocks.push(...releaseBody(source, note, new Set()));
      }
      const published = changedPackages + unchanged.length;
      parts.push(
        `${published} of the ${packages.length} packages published ${version}` +
          (unchanged.length === 0
            ? '.'
            : `; ${unchanged.length === published ? 'all of them' : unchanged.join(', ')} with the same declarations as ${unchanged.length === 1 ? 'its' : 'their'} release before.`),
      );
      parts.push(...blocks);
      return parts.join('\n\n');
    });
    const unreadable = packages.flatMap((pkg) =>
      (pkg.history?.unreadable ?? [])
        .filter((entry) => versionParts(entry.version)[0] === major)
        .map((entry) => `${pkg.short} ${entry.version} (${escapeInline(entry.reason)})`),
    );
    const intro = [
      `What each published ${line} release of the SDK's packages added, changed, deprecated and removed: ${own.length} ${own.length === 1 ? 'release' : 'releases'}, ` +
        `${first === last ? first : `from ${first} to ${last}`}, newest first, for the ${packages.length} packages of the ${markdownLink(SDK_PACKAGES_ROUTE, 'package reference')}. ` +
        `The packages are released together from one repository, but not every package is published in every release: each one is compared with its own release before.`,
      "The lists are read from each version's type declarations as published on the npm registry, by the extractor that writes the package pages, and compared signature by signature. " +
        'An export that comes or goes brings its members and fields with it and is listed alone; members and fields are listed under their class or type; a changed signature shows the part that differs. ' +
        'Names link to their section on the package pages where the pinned version still has them, and to their entry under "No longer published" where it does not.',
    ];
    if (unreadable.length > 0) intro.push(`Not read, so not listed: ${unreadable.join('; ')}; the next release is compared with the last one read.`);
    const description = `What each ${line} release of the SDK's packages (${first === last ? first : `${first} to ${last}`}) added, changed, deprecated and removed, package by package, from the published packages.`;
    const mdx = [
      // Only the releases in the table of contents: a package's part of a release is an h3.
      frontMatter({ title: `${line} releases of the SDK packages`, sidebar_label: line, sidebar_position: 100 - major, description, toc_max_heading_level: 2 }),
      '{/* Generated by `npm run generate` from generator/history/sdk. Do not edit: changes are overwritten. */}',
      ...intro,
      ...sections,
    ].join('\n\n');
    return { fileName: `v${major}.mdx`, route: releasePageRoute('sdk', major), mdx: `${mdx}\n` };
  });
}

/** A memo over a function of a key (type anchors are computed per page). */
function memo<T>(compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, compute(key));
    return cache.get(key) as T;
  };
}

export function renderRpcReleasePages(reference: RpcReference): ReleasePage[] {
  const history = reference.history;
  if (history?.releases === undefined) return [];
  const typeHref = memo((id) => rpcTypeHref(reference, id));
  return renderReleasePages({
    area: 'node',
    packageName: reference.package.name,
    reference: 'Full Node RPC',
    releases: history.releases,
    first: history.first,
    unreadable: history.unreadable ?? [],
    href: (kind, key) => {
      if (kind === 'type') return reference.types[key] === undefined ? undefined : typeHref(key);
      const [category, name] = splitAt(key, key.indexOf('.'));
      const method = reference.categories.find((candidate) => candidate.name === category)?.methods.find((candidate) => candidate.name === name);
      return method === undefined ? undefined : rpcMethodHref(reference, category, method.name);
    },
    typeName: (key) => reference.types[key]?.name ?? key.slice(key.lastIndexOf('.') + 1),
  });
}

export function renderOceanReleasePages(reference: OceanReference): ReleasePage[] {
  const history = reference.history;
  if (history?.releases === undefined) return [];
  const typeHref = memo((id) => oceanTypeHref(reference, id));
  return renderReleasePages({
    area: 'ocean',
    packageName: reference.package.name,
    reference: 'Ocean REST API',
    releases: history.releases,
    first: history.first,
    unreadable: history.unreadable ?? [],
    href: (kind, key) => {
      if (kind === 'type') return reference.types[key] === undefined ? undefined : typeHref(key);
      const [category, name] = splitAt(key, key.indexOf('.'));
      const endpoint = reference.categories.find((candidate) => candidate.name === category)?.endpoints.find((candidate) => candidate.name === name);
      return endpoint === undefined ? undefined : `${oceanPageRoute(category)}#${endpointAnchor(endpoint)}`;
    },
    typeName: (key) => reference.types[key]?.name ?? key.slice(key.lastIndexOf('.') + 1),
  });
}

/** The overview's list of the SDK's release pages (docs/ecosystem/packages/_releases.mdx), newest line first. */
export function renderSdkReleasesPartial(pages: readonly ReleasePage[]): string {
  const lines = [...pages].reverse().map((page) => {
    const line = page.fileName.replace(/^v(\d+)\.mdx$/, '$1.x');
    return `- ${markdownLink(page.route, `${line} releases`)}`;
  });
  return `{/* Generated by \`npm run generate\` from generator/history/sdk. */}\n\n${lines.join('\n')}\n`;
}
