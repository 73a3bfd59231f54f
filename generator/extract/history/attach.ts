// Reads the committed release history (generator/history/*.json, written by `npm run history`) and joins it to the
// models: each method, overload, endpoint, parameter, type and field gets the versions the reader needs to know
// (since, changed, deprecated), and each reference the methods or endpoints its last major line no longer has.
import fs from 'node:fs';
import path from 'node:path';
import type { OceanReference, RpcReference } from '../../model/types';
import type { SdkReference } from '../../model/sdk';
import { inheritedFields, inheritedMembers } from '../../model/sdk-queries';
import {
  compareVersions,
  fieldKey,
  itemHistory,
  methodKey,
  overloadKey,
  parameterKey,
  versionParts,
  HISTORY_KINDS,
  type HistoryEntry,
  type HistoryFile,
  type HistoryKind,
  type ReferenceHistory,
  type ReleaseNote,
  type RemovedItem,
  type SdkPackageHistory,
  type SdkRemovedItem,
} from '../../model/history';

/** Committed history files, one per package the references cover. */
const HISTORY_DIR = path.resolve(__dirname, '../../history');
export const HISTORY_FILES = {
  '@defichain/jellyfish-api-core': 'jellyfish-api-core.json',
  '@defichain/whale-api-client': 'whale-api-client.json',
} as const;
export type HistoryPackage = keyof typeof HISTORY_FILES;

export function historyFilePath(packageName: HistoryPackage, dir = HISTORY_DIR): string {
  return path.join(dir, HISTORY_FILES[packageName]);
}

/** The history of one of the SDK's other packages (`jellyfish-address`): generator/history/sdk/<package>.json. */
export function sdkHistoryFilePath(short: string, dir = HISTORY_DIR): string {
  return path.join(dir, 'sdk', `${short}.json`);
}

export function readSdkHistoryFile(short: string, dir = HISTORY_DIR): HistoryFile {
  const file = sdkHistoryFilePath(short, dir);
  if (!fs.existsSync(file))
    throw new Error(`history: ${path.relative(process.cwd(), file)} is missing; run \`npm run history -- sdk\` (needs the npm registry)`);
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as HistoryFile;
  if (data.package !== `@defichain/${short}`) throw new Error(`history: ${file} is the history of ${data.package}, not @defichain/${short}`);
  return data;
}

export function readHistoryFile(packageName: HistoryPackage, dir = HISTORY_DIR): HistoryFile {
  const file = historyFilePath(packageName, dir);
  if (!fs.existsSync(file)) throw new Error(`history: ${path.relative(process.cwd(), file)} is missing; run \`npm run history\` (needs the npm registry)`);
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as HistoryFile;
  if (data.package !== packageName) throw new Error(`history: ${file} is the history of ${data.package}, not ${packageName}`);
  return data;
}

/**
 * Methods (or endpoints) that the pinned version no longer has, dropped by a release of its major line or the one
 * before (4.x and 3.x for 4.0.7): what a reader upgrading from the previous major may still call. 4.0 itself dropped
 * none in either package (3.39.1 and 4.0.0 declare the same API); 3.0 renamed six governance methods.
 */
function removedItems(file: HistoryFile, kind: Extract<HistoryKind, 'method' | 'endpoint'>): RemovedItem[] {
  const latest = file.latest.version;
  const major = versionParts(latest)[0];
  const removed: RemovedItem[] = [];
  for (const [key, entry] of Object.entries(file.items[kind] ?? {})) {
    if (entry.last === undefined) continue;
    const next = file.versions.find((version) => compareVersions(version, entry.last ?? '') > 0);
    if (next === undefined || versionParts(next)[0] < major - 1) continue;
    const [category = '', name = ''] = splitKey(key);
    const replaced = entry.replacedBy === undefined ? null : splitKey(entry.replacedBy);
    removed.push({
      key,
      category,
      name,
      since: entry.since,
      last: entry.last,
      removedIn: next,
      signature: entry.signature ?? '',
      replacedBy: replaced === null || entry.replacedHow === undefined ? null : { category: replaced[0], name: replaced[1], how: entry.replacedHow },
    });
  }
  return removed;
}

function splitKey(key: string): [string, string] {
  const dot = key.indexOf('.');
  return [key.slice(0, dot), key.slice(dot + 1)];
}

function referenceHistory(file: HistoryFile, kind: 'method' | 'endpoint'): ReferenceHistory {
  return {
    first: file.versions[0] ?? file.latest.version,
    latest: file.latest.version,
    versions: file.versions.length,
    removed: removedItems(file, kind),
    releases: releaseNotes(file),
    unreadable: file.unreadable,
  };
}

/** The container of an item: a parameter's or overload's method (or endpoint), a field's type. */
function parentOf(file: HistoryFile, kind: HistoryKind, key: string): { kind: HistoryKind; key: string } | null {
  if (kind === 'parameter') {
    const method = key.slice(0, key.indexOf('('));
    return { kind: file.items.endpoint?.[method] !== undefined ? 'endpoint' : 'method', key: method };
  }
  if (kind === 'overload') return { kind: 'method', key: key.slice(0, key.lastIndexOf('#')) };
  // An SDK package's class member belongs to its export (`ComposableBuffer#static.varUInt`), a field to its type's.
  if (kind === 'member') return { kind: 'export', key: key.slice(0, key.indexOf('#')) };
  if (kind === 'field' && file.items.export !== undefined) {
    for (let at = key.lastIndexOf('.'); at > 0; at = key.lastIndexOf('.', at - 1))
      if (file.items.export[key.slice(0, at)] !== undefined) return { kind: 'export', key: key.slice(0, at) };
    return null;
  }
  if (kind === 'field') {
    // A type's id may hold dots of its own (`whale.api.response.ApiPage`): the longest type key before the name.
    for (let at = key.lastIndexOf('.'); at > 0; at = key.lastIndexOf('.', at - 1)) {
      if (file.items.type?.[key.slice(0, at)] !== undefined) return { kind: 'type', key: key.slice(0, at) };
    }
  }
  return null;
}

/** Runs of versions an entry is absent from (after its last version, and its gaps): [first without, back in or null]. */
function absences(file: HistoryFile, entry: HistoryEntry): [string, string | null][] {
  const runs: [string, string | null][] = (entry.gaps ?? []).map(([from, to]) => [from, to]);
  if (entry.last !== undefined) {
    const next = file.versions[file.versions.indexOf(entry.last) + 1];
    if (next !== undefined) runs.push([next, null]);
  }
  return runs;
}

/**
 * Each covered version's notes, oldest first: what it added, changed, deprecated and removed against the covered
 * version before it. An item added, removed or changed in the same version as its container is said by the container.
 */
function releaseNotes(file: HistoryFile): ReleaseNote[] {
  const notes = new Map<string, ReleaseNote>(file.versions.map((version) => [version, { version, added: [], changed: [], deprecated: [], removed: [] }]));
  const events = new Map<string, Set<string>>();
  const mark = (what: string, kind: HistoryKind, key: string, version: string): void => {
    const id = `${what} ${kind} ${key}`;
    events.set(id, (events.get(id) ?? new Set()).add(version));
  };
  const has = (what: string, parent: { kind: HistoryKind; key: string } | null, version: string): boolean =>
    parent !== null && (events.get(`${what} ${parent.kind} ${parent.key}`)?.has(version) ?? false);
  for (const kind of HISTORY_KINDS) {
    for (const [key, entry] of Object.entries(file.items[kind] ?? {})) {
      mark('added', kind, key, entry.since);
      for (const [from, to] of absences(file, entry)) {
        mark('removed', kind, key, from);
        if (to !== null) mark('added', kind, key, to);
      }
      for (const change of entry.changed ?? []) mark('changed', kind, key, change.version);
    }
  }
  // A member's event is one of its export's too: an SDK object constant's declaration is the type of all its members.
  const childEvents = new Set<string>();
  for (const [key, entry] of Object.entries(file.items.member ?? {})) {
    const owner = key.slice(0, key.indexOf('#'));
    const versions = [
      entry.since,
      ...absences(file, entry).flatMap(([from, to]) => (to === null ? [from] : [from, to])),
      ...(entry.changed ?? []).map((change) => change.version),
    ];
    for (const version of versions) childEvents.add(`${owner} ${version}`);
  }
  for (const kind of HISTORY_KINDS) {
    for (const [key, entry] of Object.entries(file.items[kind] ?? {})) {
      const parent = parentOf(file, kind, key);
      const alive = entry.last === undefined;
      const note = (version: string): ReleaseNote | undefined => notes.get(version);
      for (const version of events.get(`added ${kind} ${key}`) ?? []) if (!has('added', parent, version)) note(version)?.added.push({ kind, key, alive });
      for (const version of events.get(`removed ${kind} ${key}`) ?? []) {
        if (has('removed', parent, version)) continue;
        // Still there, taken from a base: a change of where it is declared, not a removal.
        if (entry.inheritedFrom !== undefined && entry.inheritedIn === version) {
          const change = { version, before: entry.signature ?? key, after: `inherited from ${entry.inheritedFrom}` };
          note(version)?.changed.push({ kind, key, change, alive: true });
          continue;
        }
        const replaced = entry.last !== undefined && version !== file.versions[0] && entry.replacedBy !== undefined ? { replacedBy: entry.replacedBy } : {};
        note(version)?.removed.push({ kind, key, alive, ...replaced });
      }
      for (const change of entry.changed ?? []) {
        // A method's own line shows what its parameters' and overloads' changes did; a type's fields say theirs.
        if ((kind === 'parameter' || kind === 'overload') && has('changed', parent, change.version)) continue;
        // An object constant's type changes with its members (`const OP_CODES: { … }`): the members say how.
        if (kind === 'export' && change.before.startsWith('const ') && childEvents.has(`${key} ${change.version}`)) continue;
        note(change.version)?.changed.push({ kind, key, change, alive });
      }
      if (entry.deprecated !== undefined) note(entry.deprecated)?.deprecated.push({ kind, key, alive });
    }
  }
  return [...notes.values()];
}

/** Throws when the file's newest version is not the package the model was read from: the history must be rerun. */
function checkVersion(file: HistoryFile, version: string): void {
  if (file.latest.version !== version)
    throw new Error(
      `history: ${file.package}: the committed history ends at ${file.latest.version}, the installed package is ${version}; run \`npm run history\``,
    );
}

/** Joins the history to an RPC model, in place. */
export function attachRpcHistory(reference: RpcReference, file: HistoryFile): void {
  checkVersion(file, reference.package.version);
  for (const category of reference.categories) {
    for (const method of category.methods) {
      const own = itemHistory(file, 'method', methodKey(category.name, method.name));
      if (own) method.history = own;
      method.signatures.forEach((signature, index) => {
        const overload = index === 0 ? undefined : itemHistory(file, 'overload', overloadKey(category.name, method.name, index));
        if (overload) signature.history = overload;
        for (const parameter of signature.parameters) {
          const history = itemHistory(file, 'parameter', parameterKey(category.name, method.name, parameter.name));
          if (history) parameter.history = history;
        }
      });
    }
  }
  attachTypeHistory(reference.types, file);
  reference.history = referenceHistory(file, 'method');
}

/** Joins the history to an Ocean model, in place. */
export function attachOceanHistory(reference: OceanReference, file: HistoryFile): void {
  checkVersion(file, reference.package.version);
  for (const category of reference.categories) {
    for (const endpoint of category.endpoints) {
      const own = itemHistory(file, 'endpoint', methodKey(category.name, endpoint.name));
      if (own) endpoint.history = own;
      for (const parameter of endpoint.parameters) {
        const history = itemHistory(file, 'parameter', parameterKey(category.name, endpoint.name, parameter.name));
        if (history) parameter.history = history;
      }
    }
  }
  attachTypeHistory(reference.types, file);
  reference.history = referenceHistory(file, 'endpoint');
}

function attachTypeHistory(types: RpcReference['types'], file: HistoryFile): void {
  for (const declaration of Object.values(types)) {
    const own = itemHistory(file, 'type', declaration.id);
    if (own) declaration.history = own;
    if (declaration.kind === 'interface') {
      for (const field of declaration.fields) {
        const history = itemHistory(file, 'field', fieldKey(declaration.id, field.name));
        if (history) field.history = history;
      }
    } else if (declaration.kind === 'enum') {
      for (const member of declaration.members) {
        const history = itemHistory(file, 'field', fieldKey(declaration.id, member.name));
        if (history) member.history = history;
      }
    }
  }
}

/**
 * Joins each SDK package's history (generator/history/sdk) to its exports and their members. Refuses a history that
 * does not end at the pinned version, as for the references.
 */
export function attachSdkHistory(reference: SdkReference, read: (short: string) => HistoryFile = readSdkHistoryFile): void {
  for (const pkg of reference.packages) {
    const file = read(pkg.short);
    if (file.latest.version !== pkg.version)
      throw new Error(`history: ${pkg.name}'s history ends at ${file.latest.version}, the installed package is ${pkg.version}; run \`npm run history -- sdk\``);
    pkg.history = sdkPackageHistory(file);
    pkg.history.removed = pkg.history.removed.filter((item) => !pinnedHas(reference, pkg.short, item));
    for (const id of pkg.exports) {
      const symbol = reference.symbols[id];
      if (symbol === undefined) continue;
      const history = itemHistory(file, 'export', symbol.name);
      if (history !== undefined) symbol.history = history;
      // The fields of an interface and the members of an enum: `Name.field`.
      if (symbol.kind === 'type' && (symbol.declaration.kind === 'interface' || symbol.declaration.kind === 'enum')) {
        const rows = symbol.declaration.kind === 'interface' ? symbol.declaration.fields : symbol.declaration.members;
        for (const row of rows) {
          const rowHistory = itemHistory(file, 'field', `${symbol.name}.${row.name}`);
          if (rowHistory !== undefined) row.history = rowHistory;
        }
      }
      if (symbol.kind !== 'class' && symbol.kind !== 'constant') continue;
      for (const member of symbol.members) {
        const key = `${symbol.name}#${member.kind === 'constructor' ? 'constructor' : `${member.static ? 'static.' : ''}${member.name}`}`;
        const memberHistory = itemHistory(file, 'member', key);
        if (memberHistory !== undefined) member.history = memberHistory;
      }
    }
  }
}

/**
 * Whether the pinned class or interface still has a member or field the history says it dropped, taken from a base
 * (one the history does not cover, as an abstract base the entry point does not export): then it is still published.
 */
function pinnedHas(reference: SdkReference, short: string, item: SdkRemovedItem): boolean {
  if (item.kind === 'export' || !item.ownerAlive) return false;
  const owner = Object.values(reference.symbols).find((symbol) => symbol.package === short && symbol.exported && symbol.name === item.owner);
  if (owner?.kind === 'class') {
    const inherited = inheritedMembers(reference, owner).flatMap((from) => ('from' in from ? [...from.members, ...from.statics] : []));
    return inherited.some((member) => `${member.static ? 'static.' : ''}${member.name}` === item.name);
  }
  if (owner?.kind === 'type')
    return inheritedFields(reference, owner.declaration).some((from) => 'from' in from && from.fields.some((field) => field.name === item.name));
  return false;
}

/** An SDK history key's owner export and own name: `ComposableBuffer#static.varUInt` → ComposableBuffer, static.varUInt. */
function sdkKeyParts(file: HistoryFile, kind: 'export' | 'member' | 'field', key: string): [string, string] {
  if (kind === 'export') return [key, ''];
  const parent = parentOf(file, kind, key);
  const owner = parent?.key ?? key.slice(0, key.search(kind === 'member' ? /#/ : /\./));
  return [owner, key.slice(owner.length + 1)];
}

/** What the model carries of one SDK package's history: its versions, what it dropped, and every release's notes. */
function sdkPackageHistory(file: HistoryFile): SdkPackageHistory {
  const removed: SdkRemovedItem[] = [];
  for (const kind of ['export', 'member', 'field'] as const) {
    for (const [key, entry] of Object.entries(file.items[kind] ?? {})) {
      // A member or field its container takes from a base since the release that dropped its own is still published.
      if (entry.last === undefined || entry.inheritedFrom !== undefined) continue;
      const [owner, name] = sdkKeyParts(file, kind, key);
      removed.push({
        kind,
        key,
        owner,
        name,
        since: entry.since,
        last: entry.last,
        removedIn: file.versions[file.versions.indexOf(entry.last) + 1] ?? '',
        signature: entry.signature ?? '',
        deprecated: entry.deprecated ?? null,
        ownerAlive: kind !== 'export' && file.items.export?.[owner] !== undefined && file.items.export[owner].last === undefined,
        replacedBy:
          entry.replacedBy === undefined || entry.replacedHow === undefined
            ? null
            : { key: entry.replacedBy, how: entry.replacedHow, ...(entry.replacedNote === undefined ? {} : { note: entry.replacedNote }) },
      });
    }
  }
  return {
    first: file.versions[0] ?? file.latest.version,
    latest: file.latest.version,
    versions: file.versions,
    removed,
    releases: releaseNotes(file),
    unreadable: file.unreadable,
  };
}
