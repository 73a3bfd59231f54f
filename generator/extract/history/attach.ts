// Reads the committed release history (generator/history/*.json, written by `npm run history`) and joins it to the
// models: each method, overload, endpoint, parameter, type and field gets the versions the reader needs to know
// (since, changed, deprecated), and each reference the methods or endpoints its last major line no longer has.
import fs from 'node:fs';
import path from 'node:path';
import type { OceanReference, RpcReference } from '../../model/types';
import {
  compareVersions,
  fieldKey,
  itemHistory,
  methodKey,
  overloadKey,
  parameterKey,
  versionParts,
  type HistoryFile,
  type HistoryKind,
  type ReferenceHistory,
  type RemovedItem,
} from '../../model/history';

/** Committed history files, one per package the references cover. */
export const HISTORY_DIR = path.resolve(__dirname, '../../history');
export const HISTORY_FILES = {
  '@defichain/jellyfish-api-core': 'jellyfish-api-core.json',
  '@defichain/whale-api-client': 'whale-api-client.json',
} as const;
export type HistoryPackage = keyof typeof HISTORY_FILES;

export function historyFilePath(packageName: HistoryPackage, dir = HISTORY_DIR): string {
  return path.join(dir, HISTORY_FILES[packageName]);
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
  };
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
