// What the SDK packages' history files (generator/history/sdk) say of a member, field or export a release dropped,
// decided over all 17 files at once, since a class or interface may take a member from a base of another package:
//   - a member or field the container stopped declaring in a release whose bases (its `extends`, transitively, in
//     any package) have it in that release, or in the newest one, is not removed: it is inherited (`inheritedFrom`,
//     the base that has it; `inheritedIn`, the version it was found in);
//   - its successor is one the packages show: the one a `@deprecated` note names, in any version that had the item
//     (generator/history/sdk-deprecations.json, every version's notes; without them, the last version's note read
//     with the history): a sibling (the package's exports, the class's members, the type's fields), or for an export
//     a note naming another of the packages (`@defichain/<package>`) and an export of it, that is published in the
//     release that dropped the item or in the newest one, the newest note that names exactly one such; the note is
//     kept as the reason (`replacedNote`);
//   - else a rename with the same signature in the release that dropped it: a sibling added in that release whose
//     signature, its name put for the old one, is the old signature; for a class or interface, its members or
//     fields the same too. One such sibling, else none;
//   - an export published in the dropping release by another of the packages under the same name and signature
//     moved there (`<package>:<name>`).
import type { HistoryEntry, HistoryFile, HistoryKind, SdkDeprecationNotes, SdkItemNotes } from '../model/history';
import { aliveAt, compareVersions } from '../model/history';

/** The newest covered version's signature of each item of a package, by `kind key` (sdkHistoryItems of that version). */
type LatestSignatures = ReadonlyMap<string, string>;

interface PackageFile {
  short: string;
  file: HistoryFile;
  latest: LatestSignatures;
}

/** An item's signature in `version`: the text before the first change after it, else its last text. */
function signatureAt(entry: HistoryEntry, latest: string | undefined, version: string): string | undefined {
  const next = (entry.changed ?? []).find((change) => compareVersions(change.version, version) > 0);
  return next?.before ?? entry.signature ?? latest;
}

function entriesOf(file: HistoryFile, kind: HistoryKind): Record<string, HistoryEntry> {
  return file.items[kind] ?? {};
}

/** The version after `last` in the file: the release that dropped the item. */
function droppedIn(file: HistoryFile, last: string): string | undefined {
  return file.versions[file.versions.indexOf(last) + 1];
}

/**
 * The names after `extends` in a class or interface line (`interface A<T> extends B<T>, C`): B, C; for an alias of
 * one named type (`type TokenBalance = TokenBalanceUInt32`), that type, whose fields it has.
 */
function baseNames(signature: string): string[] {
  const alias = /^type [\w$]+(?:<.*?>)? = ([A-Za-z_$][\w$]*)(?:<.*>)?$/.exec(signature);
  if (alias?.[1] !== undefined) return [alias[1]];
  const clause = /\bextends\s+(.*?)(?:\s+implements\s|$)/.exec(signature.replace(/^[^<]*?<[^>]*>/, (head) => head.replace(/extends/g, ':')))?.[1];
  if (clause === undefined) return [];
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of clause) {
    if (char === '<' || char === '(' || char === '{') depth += 1;
    if (char === '>' || char === ')' || char === '}') depth -= 1;
    if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += char;
  }
  names.push(current);
  return names.map((name) => /^\s*([A-Za-z_$][\w$]*)/.exec(name)?.[1] ?? '').filter((name) => name !== '');
}

/** The package file whose export `name` is published in `version`, preferring `own`. */
function exporter(files: readonly PackageFile[], own: PackageFile, name: string, version: string): PackageFile | undefined {
  const has = (candidate: PackageFile): boolean => {
    const entry = entriesOf(candidate.file, 'export')[name];
    return entry !== undefined && aliveAt(entry, version);
  };
  return has(own) ? own : files.find(has);
}

/** The base (its export name) from which `container` takes `member` in `version`, through its `extends`; else null. */
function inheritingBase(files: readonly PackageFile[], own: PackageFile, container: string, member: string, version: string, depth = 0): string | null {
  if (depth > 10) return null;
  const entry = entriesOf(own.file, 'export')[container];
  if (entry === undefined) return null;
  const signature = signatureAt(entry, own.latest.get(`export ${container}`), version) ?? '';
  for (const base of baseNames(signature)) {
    const holder = exporter(files, own, base, version);
    if (holder === undefined) continue;
    const held = entriesOf(holder.file, 'member')[`${base}#${member}`] ?? entriesOf(holder.file, 'field')[`${base}.${member}`];
    if (held !== undefined && aliveAt(held, version)) return base;
    if (inheritingBase(files, holder, base, member, version, depth + 1) !== null) return base;
  }
  return null;
}

/** The key's container and own name: `P2WPKH#static.to` → P2WPKH, static.to; `Network.name` → Network, name. */
function splitKey(kind: HistoryKind, key: string): [string, string] {
  if (kind === 'export') return ['', key];
  const at = kind === 'member' ? key.indexOf('#') : key.indexOf('.');
  return [key.slice(0, at), key.slice(at + 1)];
}

/** A signature with its name (the last part of a key: `to`, `static.to`) put in place of the old one, whole words only. */
function renamed(signature: string, from: string, to: string): string {
  const bare = (name: string): string => name.replace(/^static\./, '');
  return signature.replace(new RegExp(`(?<![\\w$])${bare(from).replace(/\$/g, '\\$')}(?![\\w$])`), bare(to));
}

/** The signatures of what a class or interface holds in `version` (members or fields), by own name. */
function innerSignatures(own: PackageFile, container: string, version: string, removedWith?: string): Map<string, string> {
  const inner = new Map<string, string>();
  for (const kind of ['member', 'field'] as const) {
    for (const [key, entry] of Object.entries(entriesOf(own.file, kind))) {
      const [owner, name] = splitKey(kind, key);
      if (owner !== container) continue;
      const present = removedWith === undefined ? aliveAt(entry, version) : entry.last === removedWith;
      const signature = removedWith === undefined ? signatureAt(entry, own.latest.get(`${kind} ${key}`), version) : entry.signature;
      if (present && signature !== undefined) inner.set(name, signature);
    }
  }
  return inner;
}

function sameInner(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([name, signature]) => b.get(name) === signature);
}

/** The one sibling added in the dropping release with the old signature under its own name, else null. */
function sameSignatureRename(own: PackageFile, kind: HistoryKind, key: string, entry: HistoryEntry, dropped: string): string | null {
  if (entry.signature === undefined || entry.last === undefined) return null;
  const [container, name] = splitKey(kind, key);
  const candidates = Object.entries(entriesOf(own.file, kind)).filter(([otherKey, other]) => {
    const [otherContainer, otherName] = splitKey(kind, otherKey);
    if (otherKey === key || otherContainer !== container || other.since !== dropped) return false;
    const signature = signatureAt(other, own.latest.get(`${kind} ${otherKey}`), dropped);
    if (signature === undefined || renamed(entry.signature ?? '', name, otherName) !== signature) return false;
    // A class or interface: what it holds must be the same as well.
    if (kind === 'export' && /^(?:abstract )?(?:class|interface) /.test(signature))
      return sameInner(innerSignatures(own, name, entry.last ?? '', entry.last), innerSignatures(own, otherName, dropped));
    return true;
  });
  return candidates.length === 1 && candidates[0] !== undefined ? candidates[0][0] : null;
}

/**
 * An export of another package with the same name and signature (and, for a class or interface, the same members or
 * fields) in the release that dropped this one: the export moved between packages (`TransactionSigner`, from
 * jellyfish-transaction to jellyfish-transaction-signature in 0.17.0). Its key is `<package>:<name>`.
 */
function movedTo(packages: readonly PackageFile[], own: PackageFile, key: string, entry: HistoryEntry, dropped: string): string | null {
  if (entry.signature === undefined || entry.last === undefined) return null;
  const found = packages.filter((other) => {
    if (other === own) return false;
    const candidate = entriesOf(other.file, 'export')[key];
    if (candidate === undefined || !aliveAt(candidate, dropped)) return false;
    const signature = signatureAt(candidate, other.latest.get(`export ${key}`), dropped);
    if (signature === undefined || signature !== entry.signature) return false;
    if (/^(?:abstract )?(?:class|interface) /.test(signature))
      return sameInner(innerSignatures(own, key, entry.last ?? '', entry.last), innerSignatures(other, key, dropped));
    return true;
  });
  return found.length === 1 && found[0] !== undefined ? `${found[0].short}:${key}` : null;
}

/** Whether `name` stands in `text` as a word of its own (`getMiningInfo.`, `{ MasterNodeKey }`). */
function namesWord(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text);
}

/**
 * The successor one note names: a sibling of the same kind and container, other than the item, published in the
 * dropping release or the newest one; for an export, also an export of another package the note names as
 * `@defichain/<package>` (`<package>:<name>`). The one such, else null.
 */
function namedBy(packages: readonly PackageFile[], own: PackageFile, kind: HistoryKind, key: string, dropped: string, text: string): string | null {
  const [container, name] = splitKey(kind, key);
  const published = (entry: HistoryEntry): boolean => entry.last === undefined || aliveAt(entry, dropped);
  const found: string[] = [];
  for (const [otherKey, other] of Object.entries(entriesOf(own.file, kind))) {
    const [otherContainer, otherName] = splitKey(kind, otherKey);
    if (otherKey === key || otherContainer !== container || otherName === name || !published(other)) continue;
    if (namesWord(text, otherName.replace(/^static\./, ''))) found.push(otherKey);
  }
  if (kind === 'export')
    for (const other of packages) {
      if (other === own || !text.includes(`@defichain/${other.short}`)) continue;
      for (const [otherKey, entry] of Object.entries(entriesOf(other.file, 'export')))
        if (published(entry) && namesWord(text, otherKey)) found.push(`${other.short}:${otherKey}`);
    }
  return found.length === 1 && found[0] !== undefined ? found[0] : null;
}

/**
 * The successor the item's `@deprecated` notes name, newest note first (`notes` of its package, by `kind key`), with
 * the note and the first and last version that carried it; null when no note names exactly one.
 */
function deprecationSuccessor(
  packages: readonly PackageFile[],
  own: PackageFile,
  kind: HistoryKind,
  key: string,
  dropped: string,
  notes: SdkItemNotes,
): Pick<HistoryEntry, 'replacedBy' | 'replacedNote'> | null {
  const newestFirst = [...notes.notes].sort((a, b) => compareVersions(b.versions.at(-1) ?? '', a.versions.at(-1) ?? ''));
  for (const note of newestFirst) {
    const successor = namedBy(packages, own, kind, key, dropped, note.text);
    if (successor !== null) return { replacedBy: successor, replacedNote: { text: note.text, from: note.versions[0] ?? '', to: note.versions.at(-1) ?? '' } };
  }
  return null;
}

/**
 * Applies the rules above to the history files of the SDK packages, in place: an inherited member or field gets
 * `inheritedFrom` (and no successor); the one an item's `@deprecated` notes of any version name (`notes`, by package
 * and `kind key`) becomes its successor (`replacedHow: 'deprecation'`, the note in `replacedNote`); else a
 * same-signature rename (`renamed`) or an export another package took over (`moved`); a successor claimed by name
 * alone that is not one is dropped. The same name in other capitals stays, and so does a successor the last
 * version's note names for an item `notes` does not cover.
 */
export function applySdkHistoryRules(packages: readonly PackageFile[], notes: SdkDeprecationNotes = {}): void {
  for (const own of packages) {
    for (const kind of ['export', 'member', 'field'] as const) {
      for (const [key, entry] of Object.entries(entriesOf(own.file, kind))) {
        if (entry.last === undefined) continue;
        const dropped = droppedIn(own.file, entry.last);
        if (dropped === undefined) continue;
        const [container, name] = splitKey(kind, key);
        // Inherited in the release that dropped it, or in the newest one (a base added since gives it again).
        const newest = own.file.latest.version;
        const atDrop = kind === 'export' ? null : inheritingBase(packages, own, container, name, dropped);
        const base = atDrop ?? (kind === 'export' ? null : inheritingBase(packages, own, container, name, newest));
        if (base !== null) {
          entry.inheritedFrom = base;
          entry.inheritedIn = atDrop === null ? newest : dropped;
          delete entry.replacedBy;
          delete entry.replacedHow;
          delete entry.replacedNote;
          continue;
        }
        delete entry.inheritedFrom;
        delete entry.inheritedIn;
        const itemNotes = notes[own.short]?.[`${kind} ${key}`];
        if (itemNotes !== undefined) {
          const named = deprecationSuccessor(packages, own, kind, key, dropped, itemNotes);
          if (named !== null) {
            Object.assign(entry, { replacedBy: named.replacedBy, replacedHow: 'deprecation', replacedNote: named.replacedNote });
            continue;
          }
          delete entry.replacedNote;
          if (entry.replacedHow === 'deprecation') {
            delete entry.replacedBy;
            delete entry.replacedHow;
          }
        }
        if (entry.replacedHow === 'deprecation' || entry.replacedHow === 'respelled') continue;
        const moved = kind === 'export' ? movedTo(packages, own, key, entry, dropped) : null;
        const successor = moved ?? sameSignatureRename(own, kind, key, entry, dropped);
        delete entry.replacedNote;
        if (successor !== null) {
          entry.replacedBy = successor;
          entry.replacedHow = moved === null ? 'renamed' : 'moved';
        } else {
          delete entry.replacedBy;
          delete entry.replacedHow;
        }
      }
    }
  }
}
