// Walks model types: which declarations a set of types references, directly or through other declarations.
import type { TypeDeclaration, TypeExpr } from '../../model/types';

/** Every type directly nested in a type expression (not following declarations). */
function childTypes(type: TypeExpr): TypeExpr[] {
  switch (type.kind) {
    case 'reference':
      return type.typeArguments;
    case 'array':
      return [type.element];
    case 'tuple':
      return type.elements;
    case 'union':
    case 'intersection':
      return type.types;
    case 'object':
      return [...type.fields.map((field) => field.type), ...type.indexSignatures.flatMap((signature) => [signature.keyType, signature.type])];
    case 'function':
      return [...type.parameters.map((parameter) => parameter.type), type.returns];
    case 'operator':
      return [type.type];
    case 'indexedAccess':
      return [type.object, type.index];
    default:
      return [];
  }
}

/** Types a declaration's body uses. */
function declarationTypes(declaration: TypeDeclaration): TypeExpr[] {
  const parameterTypes = declaration.typeParameters.flatMap((parameter) =>
    [parameter.constraint, parameter.default].filter((type): type is TypeExpr => type !== null),
  );
  switch (declaration.kind) {
    case 'interface':
      return [
        ...parameterTypes,
        ...declaration.extends,
        ...declaration.fields.map((field) => field.type),
        ...declaration.indexSignatures.flatMap((signature) => [signature.keyType, signature.type]),
      ];
    case 'alias':
      return [...parameterTypes, declaration.type];
    case 'enum':
      return [];
  }
}

/** Ids of declared types referenced by `roots`, transitively through the declarations in `types`. */
function collectDeclaredIds(roots: TypeExpr[], types: Readonly<Record<string, TypeDeclaration>>): Set<string> {
  const found = new Set<string>();
  const stack = [...roots];
  for (let type = stack.pop(); type !== undefined; type = stack.pop()) {
    if (type.kind === 'reference' && type.target.kind === 'declared' && !found.has(type.target.id)) {
      found.add(type.target.id);
      const declaration = types[type.target.id];
      if (declaration) stack.push(...declarationTypes(declaration));
    }
    stack.push(...childTypes(type));
  }
  return found;
}

/** The declarations a package's reader collected, as a record in id order (the model's stable layout). */
export function typeRecordOf(types: ReadonlyMap<string, TypeDeclaration>): Record<string, TypeDeclaration> {
  const record: Record<string, TypeDeclaration> = {};
  for (const id of [...types.keys()].sort()) {
    const declaration = types.get(id);
    if (declaration) record[id] = declaration;
  }
  return record;
}

/** Ids of the declared types reachable from `roots`, ordered by type name (then id) as a page lists them. */
export function typeIdsByName(roots: TypeExpr[], types: Readonly<Record<string, TypeDeclaration>>): string[] {
  return [...collectDeclaredIds(roots, types)].sort((a, b) => (types[a]?.name ?? a).localeCompare(types[b]?.name ?? b, 'en') || a.localeCompare(b, 'en'));
}
