// The release history of a package's API, as `npm run history` writes it (generator/history/*.json) and as the model
// carries it: when each method, overload, endpoint, parameter, type and field first appeared, where its signature
// changed, when it was deprecated and, for one no longer published, the last version that had it. Plain data and the
// keys that name items in it; the data is made by generator/emit/history.ts and joined to the model by
// generator/extract/history.ts.

/** What a history file holds items of. RPC: method, overload, parameter, type, field; Ocean: endpoint, parameter, type, field. */
/** `export` and `member`: an export of one of the SDK's other packages and a member of an exported class or object constant. */
export const HISTORY_KINDS = ['method', 'overload', 'endpoint', 'parameter', 'type', 'field', 'export', 'member'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A version in which an item's signature changed: its text just before and from that version on. */
export interface HistoryChange {
  version: string;
  before: string;
  after: string;
}

/** One item's life across the covered versions. */
export interface HistoryEntry {
  /** The first version that has it. */
  since: string;
  /** Versions in which its signature changed, oldest first. */
  changed?: HistoryChange[];
  /** The version from which it is marked `@deprecated` (and stays so). */
  deprecated?: string;
  /** The last version that has it, when the newest covered version does not. */
  last?: string;
  /** Runs of versions without it before it came back: [first version without it, version it came back in]. */
  gaps?: [string, string][];
  /** For a method, endpoint, or SDK export, member or field no longer published: the key of the one that takes its
   * place (same kind), when one does. */
  replacedBy?: string;
  /** How `replacedBy` was found: `deprecation` (its @deprecated text names it), `moved` (same name, other category; for an SDK export, the same name and declaration in another package, keyed `<package>:<name>`),
   * `renamed` (added to its category, class or type in the release that dropped it, with every word of its name),
   * `respelled` (SDK: the same name in other capitals), `rpc` (calls the same node RPC), `path` (same HTTP method and path). */
  replacedHow?: 'deprecation' | 'moved' | 'renamed' | 'respelled' | 'rpc' | 'path';
  /** For an SDK successor found by `deprecation`: the `@deprecated` text that names it, and the first and last version
   * of the item that carried it (generator/history/sdk-deprecations.json). */
  replacedNote?: { text: string; from: string; to: string };
  /** For a method, endpoint, or SDK export, member or field no longer published: its signature in the last version that had it. */
  signature?: string;
  /** For an SDK member or field its class or interface stopped declaring while a base it extends has it in that release:
   * the base's export name. The item is still there, inherited (generator/emit/sdk-history-rules.ts). */
  inheritedFrom?: string;
  /** The version in which `inheritedFrom` gives it: the release that dropped the container's own, or the newest one. */
  inheritedIn?: string;
}

/** What the published versions of an SDK package that had a removed item said of it in `@deprecated` notes. */
export interface SdkItemNotes {
  /** The versions read: every version of its package that had it (from `since` to `last`, outside its gaps). */
  read: string[];
  /** Versions whose declaration files did not show it where the history's key says (none when all did). */
  notFound?: string[];
  /** Each distinct `@deprecated` text, oldest first, with the versions that carried it. */
  notes: { text: string; versions: string[] }[];
}

/** The notes of every removed export, member and field: package short name → `kind key` → its notes. */
export type SdkDeprecationNotes = Record<string, Record<string, SdkItemNotes>>;

/** A version the script could not read, and why. */
export interface UnreadableVersion {
  version: string;
  reason: string;
}

/** A committed history file: one package, every stable version the registry publishes. */
export interface HistoryFile {
  package: string;
  /** Every stable version covered, oldest first; the first is the baseline that shows no "since". */
  versions: string[];
  unreadable: UnreadableVersion[];
  /** The newest covered version and a digest of its items' keys and signatures, checked against the pinned package. */
  latest: { version: string; items: number; digest: string };
  items: Partial<Record<HistoryKind, Record<string, HistoryEntry>>>;
}

/** What the model carries for one item (absent when there is nothing to say: present since the first covered version, unchanged). */
export interface ItemHistory {
  /** First version that has it; `null` when it is in the first covered release. */
  since: string | null;
  changed: HistoryChange[];
  deprecated: string | null;
}

/** A method or endpoint a recent release dropped, and where a reader finds its successor. */
export interface RemovedItem {
  /** Category and name it had: `vault.listAuctionHistory`. */
  key: string;
  category: string;
  name: string;
  since: string;
  /** Last version that had it, and the first without it. */
  last: string;
  removedIn: string;
  /** Signature it had in its last version. */
  signature: string;
  replacedBy: { category: string; name: string; how: NonNullable<HistoryEntry['replacedHow']> } | null;
}

/** An export, class member or field that one of the SDK's other packages published and no longer does. */
export interface SdkRemovedItem {
  kind: Extract<HistoryKind, 'export' | 'member' | 'field'>;
  /** Its key in the history: `generateMnemonic`, `ComposableBuffer#static.varUInt`, `CreateProposal.cycles`. */
  key: string;
  /** The export it belongs to: itself for an export, the class or type of a member or field. */
  owner: string;
  /** A member's or field's name (`static.varUInt`, `cycles`); '' for an export. */
  name: string;
  since: string;
  /** Last version of the package that had it, and the package's next version, the first without it. */
  last: string;
  removedIn: string;
  /** Its declaration in its last version, as text. */
  signature: string;
  /** The version from which it was marked deprecated before it went, if it was. */
  deprecated: string | null;
  /** Whether its owner export is still published (a member or field dropped from a class or type that stayed). */
  ownerAlive: boolean;
  /** What takes its place (same kind, key as above) and how the history found it, with the `@deprecated` note that
   * names it when that is how; null when the packages do not say. */
  replacedBy: { key: string; how: NonNullable<HistoryEntry['replacedHow']>; note?: NonNullable<HistoryEntry['replacedNote']> } | null;
}

/** The history one of the SDK's other packages carries on the model. */
export interface SdkPackageHistory {
  first: string;
  latest: string;
  /** Every covered version of the package, oldest first. */
  versions: string[];
  /** Everything the package published and the pinned version no longer has. */
  removed: SdkRemovedItem[];
  /** Every covered version's notes, oldest first. */
  releases: ReleaseNote[];
  unreadable: UnreadableVersion[];
}

/** One item in a release's notes: what it is, and for a change the texts before and after. */
export interface ReleaseItem {
  kind: HistoryKind;
  key: string;
  change?: HistoryChange;
  /** For a removed method or endpoint: the key of the one that takes its place. */
  replacedBy?: string;
  /** Whether the pinned version still has it (its section can be linked). */
  alive: boolean;
}

/**
 * What one published version did to the API, against the covered version before it. An item that comes with its
 * container (the fields of a new type, the parameters of a new method) is said by the container alone; so is one that
 * goes with it, or changes with it.
 */
export interface ReleaseNote {
  version: string;
  added: ReleaseItem[];
  changed: ReleaseItem[];
  deprecated: ReleaseItem[];
  removed: ReleaseItem[];
}

/** The package-wide part of the history the model carries. */
export interface ReferenceHistory {
  /** First and last covered versions. */
  first: string;
  latest: string;
  versions: number;
  /** Methods or endpoints the pinned version no longer has, dropped by a release of its major line or the one before. */
  removed: RemovedItem[];
  /** Every covered version's notes, oldest first (absent where a caller builds the history by hand). */
  releases?: ReleaseNote[];
  /** Versions the history could not read, with the reason. */
  unreadable?: UnreadableVersion[];
}

// ---- Keys ----

export const methodKey = (category: string, method: string): string => `${category}.${method}`;
/** Overloads after the first, numbered from 1 as the pages number them; the first is the method itself. */
export const overloadKey = (category: string, method: string, index: number): string => `${category}.${method}#${index + 1}`;
export const parameterKey = (category: string, method: string, parameter: string): string => `${category}.${method}(${parameter})`;
export const fieldKey = (typeId: string, field: string): string => `${typeId}.${field}`;

// ---- Versions ----

/** Numeric parts of a stable version: `2.45.11` → [2, 45, 11]. */
export function versionParts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return [major, minor, patch];
}

export function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** Whether an entry's item is in `version`: from its first version to its last, outside its gaps. */
export function aliveAt(entry: HistoryEntry, version: string): boolean {
  if (compareVersions(entry.since, version) > 0) return false;
  if (entry.last !== undefined && compareVersions(entry.last, version) < 0) return false;
  return !(entry.gaps ?? []).some(([from, to]) => compareVersions(from, version) <= 0 && compareVersions(version, to) < 0);
}

export function isStableVersion(version: string): boolean {
  return /^\d+\.\d+\.\d+$/.test(version);
}

/** The history of one item as the model carries it, or `undefined` when it says nothing beyond "always there". */
export function itemHistory(file: HistoryFile, kind: HistoryKind, key: string): ItemHistory | undefined {
  const entry = file.items[kind]?.[key];
  if (entry === undefined) return undefined;
  const since = entry.since === file.versions[0] ? null : entry.since;
  const changed = entry.changed ?? [];
  const deprecated = entry.deprecated ?? null;
  if (since === null && changed.length === 0 && deprecated === null) return undefined;
  return { since, changed, deprecated };
}
