// The release history of a package from the models of its published versions (each read by the same extractor as the
// pinned one): the items of one model with their signatures as text, and the history file built from a run of them.
// Used by `npm run history` (scripts/history.ts) and by the test that holds the committed file to the pinned package.
import { createHash } from 'node:crypto';
import type { MethodSignature, OceanReference, Parameter, RpcReference, TypeDeclaration } from '../model/types';
import type { SdkMember, SdkReference, SdkSymbol } from '../model/sdk';
import {
  HISTORY_KINDS,
  compareVersions,
  fieldKey,
  methodKey,
  overloadKey,
  parameterKey,
  type HistoryEntry,
  type HistoryFile,
  type HistoryKind,
  type UnreadableVersion,
} from '../model/history';
import { declarationTokens, plainNamer, tokensToText, TypeWriter, typeToText } from '../render/types';

/** One item of one version: what names it, its signature as text, whether it is deprecated there. */
export interface HistoryItem {
  kind: HistoryKind;
  key: string;
  signature: string;
  deprecated: boolean;
  /** A type's name, to follow it when it moves to another module (its key, the model's id, changes). */
  name?: string;
  /** A method's or endpoint's category and name, its node RPCs or `METHOD path`, and its deprecation text. */
  category?: string;
  member?: string;
  calls?: string[];
  deprecation?: string;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function signatureText(name: string, signature: MethodSignature): string {
  const writer = new TypeWriter(plainNamer);
  writer.raw(name);
  writer.typeParameters(signature.typeParameters);
  writer.parameters(signature.parameters);
  writer.raw(': ');
  writer.type(signature.returns);
  return oneLine(tokensToText(writer.take()));
}

function parameterText(parameter: Parameter): string {
  const writer = new TypeWriter(plainNamer);
  writer.parameter(parameter);
  const text = tokensToText(writer.take());
  // A default is compiled code: tsc names an import's binding `_1` or `bignumber_js_1` (`new _1.BigNumber('0')` in 0.x).
  const value = parameter.defaultValue?.text.replace(/\b\w*_\d+\./g, '');
  return oneLine(value === undefined ? text : `${text} = ${value}`);
}

/** A type's own line (`interface X<T> extends Y`, `enum E`, `type A = …`) and its index signatures; fields are items of their own. */
function typeItems(types: Readonly<Record<string, TypeDeclaration>>): HistoryItem[] {
  const items: HistoryItem[] = [];
  for (const declaration of Object.values(types)) {
    let signature = tokensToText(declarationTokens(declaration, plainNamer));
    if (declaration.kind === 'interface')
      signature += declaration.indexSignatures.map((index) => ` { [${index.keyName}: ${typeToText(index.keyType)}]: ${typeToText(index.type)} }`).join('');
    items.push({ kind: 'type', key: declaration.id, signature: oneLine(signature), deprecated: declaration.doc.deprecated !== null, name: declaration.name });
    if (declaration.kind === 'interface') {
      for (const field of declaration.fields) {
        const writer = new TypeWriter(plainNamer);
        writer.field(field);
        items.push({
          kind: 'field',
          key: fieldKey(declaration.id, field.name),
          signature: oneLine(tokensToText(writer.take())),
          deprecated: field.doc.deprecated !== null,
        });
      }
    } else if (declaration.kind === 'enum') {
      for (const member of declaration.members) {
        const signature = member.value === null ? member.name : `${member.name} = ${JSON.stringify(member.value)}`;
        items.push({ kind: 'field', key: fieldKey(declaration.id, member.name), signature, deprecated: member.doc.deprecated !== null });
      }
    }
  }
  return items;
}

/** Parameters of a method by name, across its overloads: each overload's text, distinct, in order. */
function parameterItems(category: string, method: string, signatures: readonly MethodSignature[]): HistoryItem[] {
  const byName = new Map<string, string[]>();
  for (const signature of signatures) {
    for (const parameter of signature.parameters) {
      const texts = byName.get(parameter.name) ?? [];
      const text = parameterText(parameter);
      if (!texts.includes(text)) texts.push(text);
      byName.set(parameter.name, texts);
    }
  }
  return [...byName].map(([name, texts]) => ({ kind: 'parameter', key: parameterKey(category, method, name), signature: texts.join('; '), deprecated: false }));
}

/** Every item of an RPC reference: methods, overloads after the first, parameters, types and their fields. */
export function rpcHistoryItems(reference: RpcReference): HistoryItem[] {
  const items: HistoryItem[] = [];
  for (const category of reference.categories) {
    for (const method of category.methods) {
      const texts = method.signatures.map((signature) => signatureText(method.name, signature));
      const deprecation = method.signatures.find((signature) => signature.doc.deprecated !== null)?.doc.deprecated;
      items.push({
        kind: 'method',
        key: methodKey(category.name, method.name),
        signature: texts.join('\n'),
        deprecated: method.signatures.every((signature) => signature.doc.deprecated !== null),
        category: category.name,
        member: method.name,
        calls: method.rpc.names,
        ...(deprecation ? { deprecation } : {}),
      });
      method.signatures.forEach((signature, index) => {
        if (index === 0) return;
        items.push({
          kind: 'overload',
          key: overloadKey(category.name, method.name, index),
          signature: texts[index] ?? '',
          deprecated: signature.doc.deprecated !== null,
        });
      });
      items.push(...parameterItems(category.name, method.name, method.signatures));
    }
  }
  items.push(...typeItems(reference.types));
  return items;
}

/** Every item of an Ocean reference: endpoints (HTTP method, path and client signature), their URL parameters and body, types and fields. */
export function oceanHistoryItems(reference: OceanReference): HistoryItem[] {
  const items: HistoryItem[] = [];
  for (const category of reference.categories) {
    for (const endpoint of category.endpoints) {
      const route = `${endpoint.httpMethod} ${endpoint.path}`;
      const deprecation = endpoint.signature.doc.deprecated;
      items.push({
        kind: 'endpoint',
        key: methodKey(category.name, endpoint.name),
        signature: `${route}\n${signatureText(endpoint.name, endpoint.signature)}`,
        deprecated: deprecation !== null,
        category: category.name,
        member: endpoint.name,
        calls: [route],
        ...(deprecation ? { deprecation } : {}),
      });
      for (const parameter of endpoint.parameters) {
        const type = typeToText(parameter.type);
        const value = parameter.defaultValue === null ? '' : ` = ${parameter.defaultValue.text}`;
        items.push({
          kind: 'parameter',
          key: parameterKey(category.name, endpoint.name, parameter.name),
          signature: oneLine(`${parameter.in} ${parameter.name}${parameter.required ? '' : '?'}: ${type}${value}`),
          deprecated: false,
        });
      }
      if (endpoint.body !== null)
        items.push({
          kind: 'parameter',
          key: parameterKey(category.name, endpoint.name, 'body'),
          signature: oneLine(`body: ${typeToText(endpoint.body.type)}`),
          deprecated: false,
        });
    }
  }
  items.push(...typeItems(reference.types));
  return items;
}

/** A member of an SDK class or object constant as one line per overload: `static fromScript(script: Script): P2WPKH`. */
function sdkMemberText(member: SdkMember): string {
  const prefix = `${member.static ? 'static ' : ''}${member.abstract ? 'abstract ' : ''}${member.access === 'protected' ? 'protected ' : ''}`;
  if (member.signatures.length > 0) {
    const name = member.kind === 'constructor' ? 'constructor' : member.name;
    return member.signatures.map((signature) => `${prefix}${signatureText(name, signature)}`).join('\n');
  }
  const accessor = member.accessors ? `${member.accessors.get ? 'get' : ''}${member.accessors.set ? (member.accessors.get ? '/set' : 'set') : ''} ` : '';
  const type = member.type === null ? '' : `: ${typeToText(member.type)}`;
  return oneLine(`${prefix}${accessor}${member.readonly ? 'readonly ' : ''}${member.name}${member.optional ? '?' : ''}${type}`);
}

/** An export's own line: its declaration without its members (those are items of their own). */
function sdkExportText(symbol: SdkSymbol): string {
  switch (symbol.kind) {
    case 'class': {
      const writer = new TypeWriter(plainNamer);
      writer.raw(`${symbol.abstract ? 'abstract ' : ''}class ${symbol.name}`);
      writer.typeParameters(symbol.typeParameters);
      if (symbol.extends !== null) {
        writer.raw(' extends ');
        writer.type(symbol.extends);
      }
      symbol.implements.forEach((type, index) => {
        writer.raw(index === 0 ? ' implements ' : ', ');
        writer.type(type);
      });
      return oneLine(tokensToText(writer.take()));
    }
    case 'function':
      return symbol.signatures.map((signature) => `function ${signatureText(symbol.name, signature)}`).join('\n');
    case 'constant':
      return oneLine(`const ${symbol.name}: ${typeToText(symbol.type)}`);
    case 'type': {
      const declaration = symbol.declaration;
      let signature = tokensToText(declarationTokens({ ...declaration, name: symbol.name }, plainNamer));
      if (declaration.kind === 'interface')
        signature += declaration.indexSignatures.map((index) => ` { [${index.keyName}: ${typeToText(index.keyType)}]: ${typeToText(index.type)} }`).join('');
      return oneLine(signature);
    }
    case 'namespace':
      return `namespace ${symbol.name}`;
    case 'reexport':
      return `export { ${symbol.from.name} } from '${symbol.from.module}'`;
  }
}

/**
 * Every item of one package of an SDK reference: each export of its entry point (key: the name it is imported by),
 * each member of an exported class or object constant (`P2WPKH#to`, `P2WPKH#static.fromAddress`, `P2WPKH#constructor`)
 * and each field of an exported interface or member of an exported enum (`Network.name`).
 */
export function sdkHistoryItems(reference: SdkReference, short: string): HistoryItem[] {
  const pkg = reference.packages.find((candidate) => candidate.short === short);
  if (pkg === undefined) return [];
  const items: HistoryItem[] = [];
  for (const id of pkg.exports) {
    const symbol = reference.symbols[id];
    if (symbol === undefined) continue;
    // `category` and `member` name an item for finding what replaces it once it is gone (sdkReplacement): an export
    // by its name in the package, a member by its class and name, a field by its type and name.
    const exportDeprecation = symbol.doc.deprecated;
    items.push({
      kind: 'export',
      key: symbol.name,
      signature: sdkExportText(symbol),
      deprecated: exportDeprecation !== null,
      name: symbol.name,
      category: '',
      member: symbol.name,
      ...(exportDeprecation ? { deprecation: exportDeprecation } : {}),
    });
    if (symbol.kind === 'class' || symbol.kind === 'constant') {
      for (const member of symbol.members) {
        const memberKey = member.kind === 'constructor' ? 'constructor' : `${member.static ? 'static.' : ''}${member.name}`;
        const deprecation = member.doc.deprecated;
        items.push({
          kind: 'member',
          key: `${symbol.name}#${memberKey}`,
          signature: sdkMemberText(member),
          deprecated: deprecation !== null,
          category: symbol.name,
          member: memberKey,
          ...(deprecation ? { deprecation } : {}),
        });
      }
    }
    if (symbol.kind === 'type') {
      for (const field of typeItems({ [symbol.name]: { ...symbol.declaration, id: symbol.name } }))
        if (field.kind === 'field') items.push({ ...field, category: symbol.name, member: field.key.slice(symbol.name.length + 1) });
    }
  }
  // An export under two names (or a member read twice) is one item.
  const seen = new Set<string>();
  return items.filter((one) => !seen.has(`${one.kind} ${one.key}`) && seen.add(`${one.kind} ${one.key}`) !== undefined);
}

/** A digest of a version's items (keys, signatures, deprecation): what the committed file's `latest` holds. */
export function itemsDigest(items: readonly HistoryItem[]): string {
  const lines = items.map((item) => `${item.kind}\t${item.key}\t${item.signature}\t${item.deprecated ? 'deprecated' : ''}`).sort();
  return `sha256:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
}

/** One version as the script read it: its items, or why it could not be read. */
export type VersionReading = { version: string; items: HistoryItem[] } | { version: string; error: string };

interface ItemState {
  entry: HistoryEntry;
  /** The item as last seen. */
  item: HistoryItem;
  /** Index (among readable versions) where it was last seen. */
  seen: number;
}

/** Follows types that moved to another module (same name, new id): re-keys the type's and its fields' states. */
function followMoves(states: Map<HistoryKind, Map<string, ItemState>>, current: ReadonlyMap<string, HistoryItem>, previous: number, version: string): void {
  const types = states.get('type');
  if (types === undefined) return;
  const gone = [...types].filter(([key, state]) => state.seen === previous && !current.has(key));
  const added = [...current.values()].filter((item) => !types.has(item.key));
  for (const item of added) {
    const sameName = gone.filter(([, state]) => state.item.name === item.name);
    const rivals = added.filter((other) => other.name === item.name);
    if (sameName.length !== 1 || rivals.length !== 1) continue;
    const [oldKey, state] = sameName[0] as [string, ItemState];
    types.delete(oldKey);
    types.set(item.key, state);
    const moduleOf = (key: string): string => key.slice(0, key.length - (item.name ?? '').length - 1);
    state.entry.changed = [...(state.entry.changed ?? []), { version, before: `module ${moduleOf(oldKey)}`, after: `module ${moduleOf(item.key)}` }];
    const fields = states.get('field');
    for (const [key, field] of [...(fields ?? [])]) {
      if (!key.startsWith(`${oldKey}.`)) continue;
      fields?.delete(key);
      fields?.set(`${item.key}${key.slice(oldKey.length)}`, field);
    }
  }
}

/** Words of a camelCase name, lower case: `listGovProposalVotes` → list, gov, proposal, votes. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ');
}

/**
 * Where a reader of a method or endpoint no longer published goes: the one its deprecation names, the same name in
 * another category, one of its category added in the release that dropped it whose name holds every word of its name
 * (`createCfp` → `createGovCfp`), or the one that calls the same node RPC (or HTTP route).
 */
function replacement(
  item: HistoryItem,
  alive: readonly HistoryItem[],
  addedWithRemoval: readonly HistoryItem[],
): Pick<HistoryEntry, 'replacedBy' | 'replacedHow'> {
  const text = item.deprecation ?? '';
  if (text !== '') {
    const words = new Set(text.split(/[^A-Za-z0-9_]+/));
    const named = alive.filter((other) => other.member !== undefined && words.has(other.member));
    const inCategory = named.filter((other) => other.category !== undefined && words.has(other.category));
    const pick = inCategory.length === 1 ? inCategory[0] : named.length === 1 ? named[0] : undefined;
    if (pick !== undefined) return { replacedBy: pick.key, replacedHow: 'deprecation' };
  }
  const moved = alive.filter((other) => other.member === item.member && other.category !== item.category);
  if (moved.length === 1 && moved[0]) return { replacedBy: moved[0].key, replacedHow: 'moved' };
  const words = nameWords(item.member ?? '');
  const renamed = addedWithRemoval
    .filter((other) => other.category === item.category && words.every((word) => nameWords(other.member ?? '').includes(word)))
    .sort((a, b) => nameWords(a.member ?? '').length - nameWords(b.member ?? '').length);
  if (renamed[0] !== undefined) return { replacedBy: renamed[0].key, replacedHow: 'renamed' };
  const [call] = item.calls ?? [];
  if (call !== undefined && (item.calls ?? []).length === 1) {
    const same = alive.filter((other) => other.calls?.includes(call));
    const pick = same.find((other) => other.category === item.category) ?? (same.length === 1 ? same[0] : undefined);
    if (pick !== undefined) return { replacedBy: pick.key, replacedHow: item.kind === 'endpoint' ? 'path' : 'rpc' };
  }
  return {};
}

/**
 * Where a reader of an export, class member or field that an SDK package no longer publishes goes, when the
 * packages say so: the one of its kind and container (the package for an export, the class for a member, the type
 * for a field) that its `@deprecated` text names; the same name spelled with other capitals
 * (`CCreateMasterNode` → `CCreateMasternode`); or the one of its kind and container added in the release that
 * dropped it whose name holds every word of its name, when a single one has the fewest words
 * (`generateMnemonic` → `generateMnemonicWords`). Otherwise nothing: two candidates are not a replacement.
 */
function sdkReplacement(
  item: HistoryItem,
  alive: readonly HistoryItem[],
  addedWithRemoval: readonly HistoryItem[],
): Pick<HistoryEntry, 'replacedBy' | 'replacedHow'> {
  const siblings = (list: readonly HistoryItem[]): HistoryItem[] => list.filter((other) => other.kind === item.kind && other.category === item.category);
  const text = item.deprecation ?? '';
  if (text !== '') {
    const words = new Set(text.split(/[^A-Za-z0-9_$]+/));
    const named = siblings(alive).filter(
      (other) => other.member !== undefined && other.member !== item.member && words.has(other.member.replace(/^static\./, '')),
    );
    if (named.length === 1 && named[0]) return { replacedBy: named[0].key, replacedHow: 'deprecation' };
  }
  const name = (item.member ?? '').toLowerCase();
  const respelled = siblings(alive).filter((other) => (other.member ?? '').toLowerCase() === name);
  if (respelled.length === 1 && respelled[0]) return { replacedBy: respelled[0].key, replacedHow: 'respelled' };
  const words = nameWords(item.member ?? '');
  const renamed = siblings(addedWithRemoval).filter((other) => words.every((word) => nameWords(other.member ?? '').includes(word)));
  const fewest = Math.min(...renamed.map((other) => nameWords(other.member ?? '').length));
  const shortest = renamed.filter((other) => nameWords(other.member ?? '').length === fewest);
  if (shortest.length === 1 && shortest[0]) return { replacedBy: shortest[0].key, replacedHow: 'renamed' };
  return {};
}

/** The history file of a package from its versions' readings, oldest first. */
export function buildHistory(packageName: string, readings: readonly VersionReading[]): HistoryFile {
  const sorted = [...readings].sort((a, b) => compareVersions(a.version, b.version));
  const readable = sorted.filter((reading): reading is Extract<VersionReading, { items: HistoryItem[] }> => 'items' in reading);
  const unreadable: UnreadableVersion[] = sorted.flatMap((reading) => ('error' in reading ? [{ version: reading.version, reason: reading.error }] : []));
  const states = new Map<HistoryKind, Map<string, ItemState>>(HISTORY_KINDS.map((kind) => [kind, new Map()]));
  readable.forEach((reading, index) => {
    const byKind = new Map<HistoryKind, Map<string, HistoryItem>>(HISTORY_KINDS.map((kind) => [kind, new Map()]));
    for (const item of reading.items) byKind.get(item.kind)?.set(item.key, item);
    if (index > 0) followMoves(states, byKind.get('type') ?? new Map(), index - 1, reading.version);
    for (const [kind, items] of byKind) {
      const kindStates = states.get(kind) ?? new Map<string, ItemState>();
      for (const [key, item] of items) {
        const state = kindStates.get(key);
        if (state === undefined) {
          kindStates.set(key, { entry: { since: reading.version, ...(item.deprecated ? { deprecated: reading.version } : {}) }, item, seen: index });
          continue;
        }
        const { entry } = state;
        if (state.seen < index - 1) entry.gaps = [...(entry.gaps ?? []), [readable[state.seen + 1]?.version ?? reading.version, reading.version]];
        if (state.item.signature !== item.signature)
          entry.changed = [...(entry.changed ?? []), { version: reading.version, before: state.item.signature, after: item.signature }];
        if (item.deprecated && entry.deprecated === undefined) entry.deprecated = reading.version;
        if (!item.deprecated) delete entry.deprecated;
        state.item = item;
        state.seen = index;
      }
    }
  });
  // An SDK package's file (it has exports): its removed exports, members and fields keep their last signature too.
  const sdk = (states.get('export')?.size ?? 0) > 0;
  const lastIndex = readable.length - 1;
  const latest = readable[lastIndex];
  if (latest === undefined) throw new Error(`history: no version of ${packageName} could be read`);
  const items: HistoryFile['items'] = {};
  for (const kind of HISTORY_KINDS) {
    const kindStates = states.get(kind) ?? new Map<string, ItemState>();
    if (kindStates.size === 0) continue;
    const aliveStates = [...kindStates.values()].filter((state) => state.seen === lastIndex);
    const alive = aliveStates.map((state) => state.item);
    const record: Record<string, HistoryEntry> = {};
    for (const [key, state] of [...kindStates].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const entry = { ...state.entry };
      if (state.seen !== lastIndex) {
        entry.last = readable[state.seen]?.version ?? '';
        const removedIn = readable[state.seen + 1]?.version;
        const added = (): HistoryItem[] => aliveStates.filter((other) => other.entry.since === removedIn).map((other) => other.item);
        if (kind === 'method' || kind === 'endpoint') Object.assign(entry, replacement(state.item, alive, added()), { signature: state.item.signature });
        else if (sdk && (kind === 'export' || kind === 'member' || kind === 'field'))
          Object.assign(entry, sdkReplacement(state.item, alive, added()), { signature: state.item.signature });
      }
      record[key] = entry;
    }
    items[kind] = record;
  }
  return {
    package: packageName,
    versions: readable.map((reading) => reading.version),
    unreadable,
    latest: { version: latest.version, items: latest.items.length, digest: itemsDigest(latest.items) },
    items,
  };
}

/** The file as committed: one line per item, so that a new version's run reads as a short diff. */
export function serializeHistory(file: HistoryFile): string {
  const lines = [
    '{',
    `  "package": ${JSON.stringify(file.package)},`,
    `  "versions": ${JSON.stringify(file.versions)},`,
    `  "unreadable": ${JSON.stringify(file.unreadable)},`,
    `  "latest": ${JSON.stringify(file.latest)},`,
    '  "items": {',
  ];
  const kinds = HISTORY_KINDS.filter((kind) => file.items[kind] !== undefined);
  kinds.forEach((kind, kindIndex) => {
    const entries = Object.entries(file.items[kind] ?? {});
    lines.push(`    ${JSON.stringify(kind)}: {`);
    entries.forEach(([key, entry], index) => lines.push(`      ${JSON.stringify(key)}: ${JSON.stringify(entry)}${index < entries.length - 1 ? ',' : ''}`));
    lines.push(`    }${kindIndex < kinds.length - 1 ? ',' : ''}`);
  });
  lines.push('  }', '}');
  return `${lines.join('\n')}\n`;
}
