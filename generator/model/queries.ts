// Questions the renderers, the spec writers, the extractors and the MCP server ask of the model: plain functions over
// its JSON, with no access to the packages (data flows packages → extract → model → render; see eslint.config.mjs).
// Each fact a page and an MCP answer both state is computed here (or in sdk-queries.ts) once; the server runs this
// module as it is, so it imports types only.
import type {
  Doc,
  Field,
  NodeRpcNeed,
  OceanEndpoint,
  OceanReference,
  ParameterFieldDoc,
  RpcCategory,
  RpcMethod,
  RpcReference,
  TypeDeclaration,
  TypeExpr,
} from './types';

/** The text a reader sees first for a method: its first overload's doc, or the first non-empty one. */
export function methodDoc(method: RpcMethod): Doc {
  return (
    method.signatures.find((signature) => signature.doc.text !== '')?.doc ?? method.signatures[0]?.doc ?? { text: '', deprecated: null, see: [], examples: [] }
  );
}

/**
 * The field at `type.a.b` for a path of field names, through declared interfaces (with the fields they inherit),
 * object types and arrays.
 */
export function fieldTypeAt(types: Readonly<Record<string, TypeDeclaration>>, type: TypeExpr, path: readonly string[]): Field | null {
  let current: TypeExpr | null = type;
  let found: Field | null = null;
  for (const key of path) {
    if (!current) return null;
    // An array's element carries the fields (`utxos.txid` documents each UTXO).
    while (current.kind === 'array') current = current.element;
    let fields: readonly Field[] = [];
    if (current.kind === 'object') fields = current.fields;
    else if (current.kind === 'reference' && current.target.kind === 'declared') {
      const declaration = types[current.target.id];
      if (declaration !== undefined) fields = interfaceFields(types, declaration).map((owned) => owned.field);
    }
    found = fields.find((field) => field.name === key) ?? null;
    current = found?.type ?? null;
  }
  return found;
}

/** Finds an enum member by `Enum.MEMBER` among the model's declarations, preferring the category's own module. */
export function enumMemberValue(
  reference: RpcReference,
  module: string,
  tag: string,
): { module: string; enumName: string; member: string; value: string | number } | null {
  const [enumName, member] = tag.split('.');
  if (!enumName || !member) return null;
  const candidates = Object.values(reference.types).filter((declaration) => declaration.kind === 'enum' && declaration.name === enumName);
  const declaration = candidates.find((candidate) => candidate.module === module) ?? candidates[0];
  if (declaration?.kind !== 'enum') return null;
  const found = declaration.members.find((candidate) => candidate.name === member);
  if (!found || found.value === null) return null;
  return { module: declaration.module, enumName, member, value: found.value };
}

/**
 * Whether a `@param options.field` row's field must be given: the declared field says so, else the tag's default or
 * brackets make it optional; null when neither the type nor the tag says.
 */
export function fieldRequired(field: Field | null, fieldDoc: ParameterFieldDoc): boolean | null {
  if (field !== null && !field.optional) return true;
  if (fieldDoc.defaultValue !== null || (field !== null ? field.optional : fieldDoc.optional)) return false;
  return null;
}

/** Declared return type of a signature without the Promise around it. */
export function resolvedReturnType(returns: TypeExpr): TypeExpr {
  return returns.kind === 'reference' && returns.name === 'Promise' && returns.typeArguments[0] ? returns.typeArguments[0] : returns;
}

/** A field of an object type, and the declaration it comes from when inherited through `extends` (else `null`). */
export interface OwnedField {
  field: Field;
  inheritedFrom: string | null;
}

/**
 * Every field of an interface: its own, then those of the declared interfaces it extends (transitively, in `extends`
 * order), each named once; a field the interface declares again overrides the inherited one.
 */
export function interfaceFields(types: Readonly<Record<string, TypeDeclaration>>, declaration: TypeDeclaration): OwnedField[] {
  if (declaration.kind !== 'interface') return [];
  const fields: OwnedField[] = declaration.fields.map((field) => ({ field, inheritedFrom: null }));
  const seen = new Set(declaration.fields.map((field) => field.name));
  const visited = new Set([declaration.id]);
  const visit = (bases: readonly TypeExpr[]): void => {
    for (const base of bases) {
      if (base.kind !== 'reference' || base.target.kind !== 'declared' || visited.has(base.target.id)) continue;
      visited.add(base.target.id);
      const parent = types[base.target.id];
      if (parent?.kind !== 'interface') continue;
      for (const field of parent.fields) {
        if (seen.has(field.name)) continue;
        seen.add(field.name);
        fields.push({ field, inheritedFrom: parent.name });
      }
      visit(parent.extends);
    }
  };
  visit(declaration.extends);
  return fields;
}

/** One object shape a value of a type may take: the declared interface (or inline object) and its fields. */
export interface ObjectShape {
  /** The interface's name; '' for an inline object type. */
  name: string;
  fields: OwnedField[];
}

/**
 * The object shapes a parameter of this type is given as: an interface or inline object, the element of an array of
 * them, or each object alternative of a union (`PaybackLoanMetadata | PaybackLoanMetadataV2`); `undefined` and `null`
 * alternatives and non-object types give none.
 */
export function objectShapes(types: Readonly<Record<string, TypeDeclaration>>, type: TypeExpr): ObjectShape[] {
  switch (type.kind) {
    case 'array':
      return objectShapes(types, type.element);
    case 'object':
      return type.fields.length === 0 ? [] : [{ name: '', fields: type.fields.map((field) => ({ field, inheritedFrom: null })) }];
    case 'union':
      return type.types.flatMap((member) => objectShapes(types, member));
    case 'reference': {
      if (type.target.kind !== 'declared') return [];
      const declaration = types[type.target.id];
      if (declaration === undefined) return [];
      if (declaration.kind === 'alias') return objectShapes(types, declaration.type);
      const fields = interfaceFields(types, declaration);
      return fields.length === 0 ? [] : [{ name: declaration.name, fields }];
    }
    default:
      return [];
  }
}

/**
 * Words a package's `@param` text starts with when it continues the parameter's name (`@param size of vaults to
 * query`): the doc tag takes the name, and the text alone reads "of vaults to query".
 */
const CONTINUES_NAME = /^(?:of|to|for|in|is|as|set of)\s/;

/** Whether a parameter's doc text lost its subject to the tag (it starts where the name left off). */
export function lacksSubject(text: string): boolean {
  return CONTINUES_NAME.test(text.trim());
}

/** A parameter's doc text that reads as a sentence: the name, in backticks, back in front of a text that continues it. */
export function withSubject(name: string, text: string): string {
  return lacksSubject(text) ? `\`${name}\` ${text.trim()}` : text;
}

/** Whether a callable gives nothing back: it returns `void`, or a Promise of it (a page prints no Returns line). */
export function returnsNothing(returns: TypeExpr): boolean {
  const type = resolvedReturnType(returns);
  return type.kind === 'intrinsic' && type.name === 'void';
}

/** The link to a line of a package's (or the node's) repository at the tag the reference was read from. */
export function sourceUrl(repository: { repositoryUrl: string; tag: string }, path: string, line: number | null): string {
  return `${repository.repositoryUrl}/blob/${repository.tag}/${path}${line === null ? '' : `#L${line}`}`;
}

/**
 * What a reader is told of a deprecation (a doc's `@deprecated`): the package's reason, or that it names none
 * (`subject` says what: `this method`, a name in backticks); null when the doc does not deprecate it.
 */
export function deprecationText(deprecated: string | null, subject: string): string | null {
  if (deprecated === null) return null;
  return deprecated.trim() === '' ? `The package marks ${subject} as deprecated without naming a replacement.` : deprecated;
}

/** The first sentence of a doc text: up to the first full stop (or ! or ?) before a space, within its first paragraph. */
export function firstSentence(text: string): string {
  const paragraph = text.trim().split(/\n\s*\n/)[0] ?? '';
  const line = paragraph.replace(/\s+/g, ' ');
  const end = line.search(/[.!?](\s|$)/);
  return end === -1 ? line : line.slice(0, end + 1);
}

/** Whether the package deprecates a method as a whole: every overload's doc says so (else only some overloads are). */
export function methodDeprecated(method: RpcMethod): boolean {
  return method.signatures.every((signature) => signature.doc.deprecated !== null);
}

/**
 * The method that takes a deprecated one's place, where its `@deprecated` text names another category that has a
 * method of the same name (loan's vault methods: "Vault methods are moving to dedicated vault category", `vault.createVault`).
 */
export function namedReplacement(
  reference: RpcReference,
  category: RpcCategory,
  method: RpcMethod,
  reason: string,
): { category: RpcCategory; method: RpcMethod } | null {
  const words = new Set(reason.toLowerCase().split(/[^a-z]+/));
  for (const other of reference.categories) {
    if (other === category || !words.has(other.name.toLowerCase())) continue;
    const same = other.methods.find((candidate) => candidate.name === method.name);
    if (same) return { category: other, method: same };
  }
  return null;
}

/**
 * `/v0/{network}/address/{address}/balance`: the path an Ocean endpoint is served at, as the pages, the OpenAPI
 * document and the MCP server write it: the client's URL layout with its API version filled in, the network (and any
 * other piece of the layout but the base URL) a placeholder.
 */
export function oceanEndpointPath(reference: OceanReference, endpoint: OceanEndpoint): string {
  const pieces = reference.defaults.urlLayout
    .filter((piece) => piece !== 'url')
    .map((piece) => {
      if (piece === 'version') return reference.defaults.version;
      if (piece === 'path') return endpoint.path;
      return `{${piece}}`;
    });
  return `/${pieces.join('/')}`;
}

/** The client's base URL for a network (its default network unless told). */
export function oceanBaseUrl(reference: OceanReference, network = reference.defaults.network): string {
  return reference.defaults.url.split('{network}').join(network);
}

/** The catalog's groups a method or endpoint names, in its order, with their titles (an id the catalog lacks stands for itself). */
export function namedErrorGroups(ids: readonly string[], catalog: { groups: readonly { id: string; title: string }[] }): { id: string; title: string }[] {
  const titles = new Map(catalog.groups.map((group) => [group.id, group.title]));
  return ids.map((id) => ({ id, title: titles.get(id) ?? id }));
}

/** Pieces of a signature: names, spaces, and every other character on its own. */
function tokens(text: string): string[] {
  return text.match(/[A-Za-z0-9_$]+|\s+|./gu) ?? [];
}

const OPENING = new Set(['(', '[', '{', '<']);
const CLOSING = new Set([')', ']', '}', '>']);
const SEPARATORS = new Set([',', ';']);

/** Back from `index` to just after the separator or opening bracket that starts its parameter or field. */
function widenLeft(parts: readonly string[], index: number): number {
  let depth = 0;
  let at = index;
  while (at > 0) {
    const token = parts[at - 1] ?? '';
    // `=>` is not a closing bracket.
    if (CLOSING.has(token) && parts[at - 2] !== '=') depth += 1;
    else if (OPENING.has(token) || (SEPARATORS.has(token) && depth === 0)) {
      if (depth === 0) break;
      if (OPENING.has(token)) depth -= 1;
    }
    at -= 1;
  }
  while (at < index && (parts[at] ?? '').trim() === '') at += 1;
  return at;
}

/** On from `index` to just before the separator or closing bracket that ends its parameter or field. */
function widenRight(parts: readonly string[], index: number): number {
  let depth = 0;
  let at = index;
  while (at < parts.length) {
    const token = parts[at] ?? '';
    // `=>` is not a closing bracket.
    if (OPENING.has(token)) depth += 1;
    else if ((CLOSING.has(token) && parts[at - 1] !== '=') || (SEPARATORS.has(token) && depth === 0)) {
      if (depth === 0) break;
      if (CLOSING.has(token)) depth -= 1;
    }
    at += 1;
  }
  return at;
}

/**
 * The part of a signature that changed, without what both versions share: `vaultId: string` and `vaultId: string,
 * verbose?: boolean` give `` and `verbose?: boolean`. Separators left at either end (`, `) are dropped. Of several
 * lines (overloads), the first that differs, and how many others do.
 */
export function changedPart(before: string, after: string): { before: string; after: string; moreLines: number } {
  const beforeLines = before.split('\n');
  const afterLines = after.split('\n');
  const differing = beforeLines.map((line, index) => [line, afterLines[index] ?? ''] as const).filter(([a, b]) => a !== b);
  const extra = Math.abs(beforeLines.length - afterLines.length);
  const [first] = differing;
  if (first === undefined) {
    // Only overloads added or dropped at the end: name the first of them.
    const longer = afterLines.length > beforeLines.length ? afterLines : beforeLines;
    const line = longer[Math.min(beforeLines.length, afterLines.length)] ?? '';
    const added = afterLines.length > beforeLines.length;
    return { before: added ? '' : line, after: added ? line : '', moreLines: Math.max(0, extra - 1) };
  }
  const a = tokens(first[0]);
  const b = tokens(first[1]);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  // Whole parameters or fields, not a `?` alone: widen to the separators around the change, unless it sits on them.
  const middles = [a.slice(start, a.length - end), b.slice(start, b.length - end)].map((part) => part.filter((token) => token.trim() !== ''));
  const onSeparator = (pick: (part: string[]) => string | undefined): boolean => middles.some((part) => SEPARATORS.has(pick(part) ?? ''));
  if (!onSeparator((part) => part[0])) start = widenLeft(a, start);
  if (!onSeparator((part) => part.at(-1))) end = a.length - widenRight(a, a.length - end);
  const trim = (part: string[]): string => part.join('').replace(/^[\s,;|&]+|[\s,;|&]+$/g, '');
  return { before: trim(a.slice(start, a.length - end)), after: trim(b.slice(start, b.length - end)), moreLines: differing.length - 1 + extra };
}

/** What a node RPC needs of the node it runs on, in the words of its section and of the MCP server's answer. */
export const NODE_NEED_WORDS: Readonly<Record<NodeRpcNeed['need'], string>> = {
  wallet: 'a loaded wallet',
  'unlocked-wallet': 'an unlocked wallet (an encrypted wallet must be unlocked with walletpassphrase first)',
  txindex: 'the transaction index (-txindex) to find a transaction outside the wallet and the mempool when no block hash is given',
  acindex: 'the account history index (-acindex)',
  vaultindex: 'the vault history index (-vaultindex)',
  'governance-neutral': 'a neutral vote only where the node runs with -rpc-governance-accept-neutral',
  spv: 'the Bitcoin SPV module (-spv)',
};
