// Questions the package pages, the symbol index and the MCP server's get_symbol ask of the SDK model
// (generator/model/sdk.ts): what kind a symbol is, what a class inherits, how an inherited member reads. Pure functions
// over the model's JSON, each fact computed here once, so a page and an answer cannot say different things.
import type { SymbolKind } from '../../contract/symbol-index';
import type { Field, MethodSignature, TypeDeclaration, TypeExpr } from './types';
import type { SdkClass, SdkMember, SdkReference, SdkSymbol } from './sdk';

/** What an interface, alias or enum is called where a reader sees its kind. */
export function declarationKindName(declaration: TypeDeclaration): 'interface' | 'type alias' | 'enum' {
  return declaration.kind === 'alias' ? 'type alias' : declaration.kind;
}

/** What a symbol is, in the words of its section's kind line (which starts it with a capital). */
export type SdkKindName =
  'class' | 'abstract class' | 'DfTx composer class' | 'function' | 'constant' | 'interface' | 'type alias' | 'enum' | 'namespace' | 're-export';

export function sdkKindName(symbol: SdkSymbol): SdkKindName {
  switch (symbol.kind) {
    case 'class':
      if (symbol.dftx !== null) return 'DfTx composer class';
      return symbol.abstract ? 'abstract class' : 'class';
    case 'type':
      return declarationKindName(symbol.declaration);
    case 'reexport':
      return 're-export';
    default:
      return symbol.kind;
  }
}

/** The symbol index's kind of a symbol of the package pages: a namespace and a re-export are listed as types. */
export function sdkIndexKind(symbol: SdkSymbol): Extract<SymbolKind, 'class' | 'dftx' | 'function' | 'constant' | 'enum' | 'type'> {
  switch (symbol.kind) {
    case 'class':
      return symbol.dftx === null ? 'class' : 'dftx';
    case 'type':
      return symbol.declaration.kind === 'enum' ? 'enum' : 'type';
    case 'namespace':
    case 'reexport':
      return 'type';
    default:
      return symbol.kind;
  }
}

/** A type with the type parameters of `map` replaced by the types they stand for: what a subclass's inherited member reads as. */
export function substituteTypeParameters(type: TypeExpr, map: ReadonlyMap<string, TypeExpr>): TypeExpr {
  const each = (inner: TypeExpr): TypeExpr => substituteTypeParameters(inner, map);
  switch (type.kind) {
    case 'typeParameter':
      return map.get(type.name) ?? type;
    case 'reference':
      return { ...type, typeArguments: type.typeArguments.map(each) };
    case 'array':
      return { ...type, element: each(type.element) };
    case 'tuple':
      return { ...type, elements: type.elements.map(each) };
    case 'union':
    case 'intersection':
      return { ...type, types: type.types.map(each) };
    case 'object':
      return {
        ...type,
        fields: type.fields.map((field) => ({ ...field, type: each(field.type) })),
        indexSignatures: type.indexSignatures.map((signature) => ({ ...signature, type: each(signature.type) })),
      };
    case 'function':
      return { ...type, parameters: type.parameters.map((parameter) => ({ ...parameter, type: each(parameter.type) })), returns: each(type.returns) };
    case 'operator':
      return { ...type, type: each(type.type) };
    case 'indexedAccess':
      return { ...type, object: each(type.object), index: each(type.index) };
    default:
      return type;
  }
}

/** How far up a chain of `extends` the queries look (the packages' deepest is three). */
const MAX_DEPTH = 10;

/** A constructor a class takes from a base: the base, its constructor, and its signatures as the class is called. */
export interface InheritedConstructor {
  from: SdkClass;
  constructor: SdkMember;
  /** The base's signatures with its type parameters replaced by what the class passes (`new CPoolSwap(data: PoolSwap)`). */
  signatures: MethodSignature[];
}

/**
 * The constructor a class that declares none takes from the nearest base that does, with each base's type parameters
 * bound to what the class below it passes (or to their defaults); null when the class declares its own, or no base
 * in the model declares one.
 */
export function inheritedConstructor(reference: SdkReference, symbol: SdkClass): InheritedConstructor | null {
  if (symbol.members.some((member) => member.kind === 'constructor')) return null;
  let bound = new Map<string, TypeExpr>();
  let base = symbol.extends;
  for (let depth = 0; base?.kind === 'reference' && base.target.kind === 'declared' && depth < MAX_DEPTH; depth += 1) {
    const parent = reference.symbols[base.target.id];
    if (parent?.kind !== 'class') return null;
    const next = new Map<string, TypeExpr>();
    const passed = base.typeArguments;
    parent.typeParameters.forEach((parameter, index) => {
      const argument = passed[index];
      const type = argument === undefined ? parameter.default : substituteTypeParameters(argument, bound);
      if (type !== null) next.set(parameter.name, type);
    });
    bound = next;
    const constructor = parent.members.find((member) => member.kind === 'constructor');
    if (constructor !== undefined) {
      const signatures = constructor.signatures.map((signature) => ({
        ...signature,
        parameters: signature.parameters.map((parameter) => ({ ...parameter, type: substituteTypeParameters(parameter.type, bound) })),
      }));
      return { from: parent, constructor, signatures };
    }
    base = parent.extends;
  }
  return null;
}

/** What a class inherits from one base: the model's class and its members, or a class the model does not hold. */
export type InheritedFrom =
  | {
      from: SdkClass;
      /** Instance members (no constructor) that neither the class nor a nearer base declares. */
      members: SdkMember[];
      /** Static members that neither the class nor a nearer base declares. */
      statics: SdkMember[];
    }
  | {
      /** A base outside the model (a class of another npm package): its members are that package's to list. */
      outside: Extract<TypeExpr, { kind: 'reference' }>;
    };

/**
 * The bases of a class, nearest first, each with the members the class takes from it (a base that gives none is
 * left out); the chain ends at a base outside the model, which is listed as such.
 */
export function inheritedMembers(reference: SdkReference, symbol: SdkClass): InheritedFrom[] {
  const key = (member: SdkMember): string => `${member.static ? 'static ' : ''}${member.name}`;
  const declared = new Set(symbol.members.map(key));
  const found: InheritedFrom[] = [];
  let base = symbol.extends;
  for (let depth = 0; base?.kind === 'reference' && depth < MAX_DEPTH; depth += 1) {
    if (base.target.kind !== 'declared') {
      found.push({ outside: base });
      break;
    }
    const parent = reference.symbols[base.target.id];
    if (parent?.kind !== 'class') break;
    const members = parent.members.filter((member) => !member.static && member.kind !== 'constructor' && !declared.has(key(member)));
    const statics = parent.members.filter((member) => member.static && !declared.has(key(member)));
    for (const member of parent.members) declared.add(key(member));
    if (members.length > 0 || statics.length > 0) found.push({ from: parent, members, statics });
    base = parent.extends;
  }
  return found;
}

/** The types that build on a class or interface, across the packages: classes implementing it, and what extends it. */
interface SdkSubtypes {
  /** Classes whose `implements` names it. */
  implementedBy: SdkSymbol[];
  /** Classes (of a class) or interfaces (of an interface) whose `extends` names it. */
  extendedBy: SdkSymbol[];
}

const subtypeIndexes = new WeakMap<SdkReference, Map<string, SdkSubtypes>>();

function subtypeIndex(reference: SdkReference): Map<string, SdkSubtypes> {
  const cached = subtypeIndexes.get(reference);
  if (cached !== undefined) return cached;
  const index = new Map<string, SdkSubtypes>();
  const add = (base: TypeExpr, symbol: SdkSymbol, how: keyof SdkSubtypes): void => {
    if (base.kind !== 'reference' || base.target.kind !== 'declared') return;
    const entry = index.get(base.target.id) ?? { implementedBy: [], extendedBy: [] };
    if (!entry[how].includes(symbol)) entry[how].push(symbol);
    index.set(base.target.id, entry);
  };
  for (const symbol of Object.values(reference.symbols)) {
    if (symbol.kind === 'class') {
      if (symbol.extends !== null) add(symbol.extends, symbol, 'extendedBy');
      for (const type of symbol.implements) add(type, symbol, 'implementedBy');
    } else if (symbol.kind === 'type' && symbol.declaration.kind === 'interface') {
      for (const type of symbol.declaration.extends) add(type, symbol, 'extendedBy');
    }
  }
  for (const entry of index.values()) for (const list of [entry.implementedBy, entry.extendedBy]) list.sort((a, b) => a.id.localeCompare(b.id));
  subtypeIndexes.set(reference, index);
  return index;
}

/** What implements or extends the class or interface `id` in any of the packages (empty lists when nothing does). */
export function sdkSubtypes(reference: SdkReference, id: string): SdkSubtypes {
  return subtypeIndex(reference).get(id) ?? { implementedBy: [], extendedBy: [] };
}

/**
 * The fields an interface takes from the interfaces it extends, transitively and in `extends` order, by the interface
 * that declares them; a field the interface or a nearer base declares is not taken again (as inheritedMembers does
 * for a class). A base outside the model ends its branch, listed as such.
 */
export function inheritedFields(
  reference: SdkReference,
  declaration: TypeDeclaration,
): ({ from: SdkSymbol & { kind: 'type' }; fields: Field[] } | { outside: Extract<TypeExpr, { kind: 'reference' }> })[] {
  if (declaration.kind !== 'interface') return [];
  const found: ({ from: SdkSymbol & { kind: 'type' }; fields: Field[] } | { outside: Extract<TypeExpr, { kind: 'reference' }> })[] = [];
  const seen = new Set(declaration.fields.map((field) => field.name));
  const visited = new Set([declaration.id]);
  const visit = (bases: readonly TypeExpr[], depth: number): void => {
    for (const base of bases) {
      if (base.kind !== 'reference' || depth > MAX_DEPTH) continue;
      if (base.target.kind !== 'declared') {
        if (base.target.kind === 'external') found.push({ outside: base });
        continue;
      }
      if (visited.has(base.target.id)) continue;
      visited.add(base.target.id);
      const parent = reference.symbols[base.target.id];
      if (parent?.kind !== 'type' || parent.declaration.kind !== 'interface') continue;
      const fields = parent.declaration.fields.filter((field) => !seen.has(field.name));
      for (const field of fields) seen.add(field.name);
      if (fields.length > 0) found.push({ from: parent, fields });
      visit(parent.declaration.extends, depth + 1);
    }
  };
  visit(declaration.extends, 0);
  return found;
}
