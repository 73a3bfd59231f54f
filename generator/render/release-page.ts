// Renders the release pages: one per major line of a package (docs/node/releases/v3.mdx for api-core 3.x, and
// docs/ocean/releases/ for whale-api-client), each release of the line with what it added, changed, deprecated and
// removed against the release before it, from the release notes the model carries (generator/history).
import type { HistoryKind, ReleaseItem, ReleaseNote } from '../model/history';
import { versionParts } from '../model/history';
import type { OceanReference, RpcReference } from '../model/types';
import {
  endpointAnchor,
  methodAnchor,
  MIGRATION_GUIDE_ROUTE,
  oceanPageRoute,
  oceanTypeHref,
  releaseAnchor,
  releasePageRoute,
  rpcPageRoute,
  rpcTypeHref,
  type ReleaseArea,
} from '../model/routes';
import { changeText } from './history';
import { escapeInline, frontMatter, heading, inlineCode, markdownLink } from './mdx';

/** What a release page needs of a reference: its package, its history, and where an item that is still published is shown. */
interface ReleaseSource {
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

const KIND_ORDER: readonly HistoryKind[] = ['method', 'endpoint', 'overload', 'parameter', 'type', 'field'];
const KIND_PLURALS: Readonly<Record<HistoryKind, string>> = {
  method: 'Methods',
  endpoint: 'Endpoints',
  overload: 'Overloads',
  parameter: 'Parameters',
  type: 'Types',
  field: 'Fields and members',
  // The SDK packages' kinds: their release history is on their sections, not on these pages.
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
      const [type, field] = fieldParts(item.key, (key) => typeKeys.has(key));
      return link(`${source.typeName(type)}.${field}`, source.href('type', type));
    }
    case 'export':
    case 'member':
      return inlineCode(item.key);
  }
}

/** Items of one kind after another, each kind on a line: "Methods: `a`, `b`". */
function groupedList(source: ReleaseSource, items: readonly ReleaseItem[], typeKeys: ReadonlySet<string>, extra?: (item: ReleaseItem) => string): string {
  const lines: string[] = [];
  for (const kind of KIND_ORDER) {
    const ofKind = items.filter((item) => item.kind === kind).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (ofKind.length === 0) continue;
    lines.push(`- ${KIND_PLURALS[kind]}: ${ofKind.map((item) => `${itemText(source, item, typeKeys)}${extra?.(item) ?? ''}`).join(', ')}`);
  }
  return lines.join('\n');
}

function releaseSection(source: ReleaseSource, note: ReleaseNote, previous: string | undefined, typeKeys: ReadonlySet<string>): string {
  const parts = [heading(2, note.version, releaseAnchor(note.version))];
  parts.push(
    previous === undefined
      ? `The first release the history covers: what it published, as it stood.`
      : `Compared with ${previous}${versionParts(previous)[0] === versionParts(note.version)[0] ? '' : `, the last release before this line`}.`,
  );
  const empty = note.added.length + note.changed.length + note.deprecated.length + note.removed.length === 0;
  if (empty) {
    parts.push('Its declarations publish the same methods, types and signatures as the release before.');
    return parts.join('\n\n');
  }
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
      const kind = item.kind === 'endpoint' ? 'endpoint' : 'method';
      const href = source.href(kind, item.replacedBy);
      return ` (use ${href === undefined ? inlineCode(item.replacedBy) : `[${inlineCode(item.replacedBy)}](${href})`})`;
    };
    parts.push(`**Removed**\n\n${groupedList(source, note.removed, typeKeys, replacement)}`);
  }
  return parts.join('\n\n');
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
      return method === undefined ? undefined : `${rpcPageRoute(category)}#${methodAnchor(method)}`;
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
