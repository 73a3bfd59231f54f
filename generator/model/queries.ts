// Questions the renderers, the spec writers and the extractors ask of the model: plain functions over its JSON, with
// no access to the packages (data flows packages → extract → model → render; see eslint.config.mjs).
import type { Doc, Field, RpcMethod, RpcReference, TypeDeclaration, TypeExpr } from './types';

/** The text a reader sees first for a method: its first overload's doc, or the first non-empty one. */
export function methodDoc(method: RpcMethod): Doc {
  return (
    method.signatures.find((signature) => signature.doc.text !== '')?.doc ?? method.signatures[0]?.doc ?? { text: '', deprecated: null, see: [], examples: [] }
  );
}

/** The field at `type.a.b` for a path of field names, through declared interfaces, object types and arrays. */
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
      if (declaration?.kind === 'interface') fields = declaration.fields;
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

/** Declared return type of a signature without the Promise around it. */
export function resolvedReturnType(returns: TypeExpr): TypeExpr {
  return returns.kind === 'reference' && returns.name === 'Promise' && returns.typeArguments[0] ? returns.typeArguments[0] : returns;
}
