// JSON Schema of the model's resolved types, for the OpenRPC and OpenAPI documents: one walker over TypeExpr,
// declared types as named components that references point to.
import type { Doc, Field, IndexSignature, TypeDeclaration, TypeExpr } from '../model/types';

/** A JSON Schema as plain JSON. */
export type JsonSchema = { [keyword: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface SchemaOptions {
  /** Draft 7 (OpenRPC's meta-schema) writes tuples with `items: [...]`; 2020-12 (OpenAPI 3.1) with `prefixItems`. */
  dialect: 'draft-07' | '2020-12';
  /** Where named schemas live, e.g. `#/components/schemas/`. */
  refPrefix: string;
  /** How a type from another package is written on the wire (BigNumber is a JSON number). */
  externalSchema: (module: string, name: string) => JsonSchema;
}

/** Description of a doc comment, with its deprecation spelled out. */
export function docDescription(doc: Doc): string {
  const parts = [doc.text.trim()];
  if (doc.deprecated !== null) parts.push(doc.deprecated.trim() ? `Deprecated: ${doc.deprecated.trim()}` : 'Deprecated.');
  return parts.filter(Boolean).join('\n\n');
}

/** Attaches a description (and deprecation) to a schema; a `$ref` gets a wrapper, since draft 7 ignores its siblings. */
export function describe(schema: JsonSchema, description: string, deprecated = false): JsonSchema {
  const extra: JsonSchema = {};
  if (description) extra.description = description;
  if (deprecated) extra.deprecated = true;
  if (Object.keys(extra).length === 0) return schema;
  if ('$ref' in schema) return { allOf: [schema], ...extra };
  return { ...schema, ...extra };
}

function isUndefined(type: TypeExpr): boolean {
  return type.kind === 'intrinsic' && (type.name === 'undefined' || type.name === 'void');
}

/** Converts model types to JSON Schema, collecting the declared types it references for the components section. */
export class SchemaWriter {
  private readonly names = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(
    private readonly types: Readonly<Record<string, TypeDeclaration>>,
    private readonly options: SchemaOptions,
  ) {
    const counts = new Map<string, number>();
    for (const declaration of Object.values(types)) counts.set(declaration.name, (counts.get(declaration.name) ?? 0) + 1);
    for (const declaration of Object.values(types)) {
      // A name two modules share is qualified by its module: `blockchain.Block`.
      this.names.set(declaration.id, counts.get(declaration.name) === 1 ? declaration.name : `${declaration.module}.${declaration.name}`);
    }
  }

  /** The component name of a declared type. */
  schemaName(id: string): string {
    const name = this.names.get(id);
    if (name === undefined) throw new Error(`json-schema: unknown declared type ${id}`);
    return name;
  }

  /** The component a `$ref` this writer wrote points to, as its schema; undefined for any other reference. */
  referenced(ref: string): JsonSchema | undefined {
    if (!ref.startsWith(this.options.refPrefix)) return undefined;
    const name = ref.slice(this.options.refPrefix.length);
    const id = [...this.names].find(([, candidate]) => candidate === name)?.[0];
    const declaration = id === undefined ? undefined : this.types[id];
    return declaration === undefined ? undefined : this.declarationSchema(declaration);
  }

  /** Schema of a type; `bindings` substitutes the type parameters of a generic declaration being expanded. */
  schemaOf(type: TypeExpr, bindings: ReadonlyMap<string, TypeExpr> = new Map(), expanding: readonly string[] = []): JsonSchema {
    const recurse = (inner: TypeExpr): JsonSchema => this.schemaOf(inner, bindings, expanding);
    switch (type.kind) {
      case 'intrinsic':
        return intrinsicSchema(type.name);
      case 'literal':
        return { const: type.value };
      case 'typeParameter': {
        const bound = bindings.get(type.name);
        return bound ? this.schemaOf(bound, new Map(), expanding) : {};
      }
      case 'array':
        return { type: 'array', items: recurse(type.element) };
      case 'tuple': {
        const elements = type.elements.map(recurse);
        const count = elements.length;
        return this.options.dialect === 'draft-07'
          ? { type: 'array', items: elements, additionalItems: false, minItems: count, maxItems: count }
          : { type: 'array', prefixItems: elements, items: false, minItems: count, maxItems: count };
      }
      case 'union':
        return this.unionSchema(type.types, recurse);
      case 'intersection':
        return { allOf: type.types.map(recurse) };
      case 'object':
        return this.objectSchema(type.fields, type.indexSignatures, recurse);
      case 'operator':
        return type.operator === 'keyof' ? { type: 'string' } : recurse(type.type);
      case 'reference':
        return this.referenceSchema(type, bindings, expanding);
      case 'function':
        // Functions never travel in JSON; the schema only says what the declaration says.
        return { description: 'A function (not sent over JSON).' };
      case 'indexedAccess':
      case 'text':
        return {};
    }
  }

  private unionSchema(members: TypeExpr[], recurse: (type: TypeExpr) => JsonSchema): JsonSchema {
    const present = members.filter((member) => !isUndefined(member));
    if (present.length === 1 && present[0]) return recurse(present[0]);
    if (present.every((member) => member.kind === 'literal')) {
      return { enum: present.map((member) => (member.kind === 'literal' ? member.value : null)) };
    }
    const seen = new Set<string>();
    const schemas = present.map(recurse).filter((schema) => {
      const key = JSON.stringify(schema);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return schemas.length === 1 && schemas[0] ? schemas[0] : { anyOf: schemas };
  }

  private objectSchema(fields: readonly Field[], indexSignatures: readonly IndexSignature[], recurse: (type: TypeExpr) => JsonSchema): JsonSchema {
    const properties: { [name: string]: JsonValue } = {};
    const required: string[] = [];
    for (const field of fields) {
      const optional = field.optional || (field.type.kind === 'union' && field.type.types.some(isUndefined));
      properties[field.name] = describe(recurse(field.type), docDescription(field.doc), field.doc.deprecated !== null);
      if (!optional) required.push(field.name);
    }
    const schema: JsonSchema = { type: 'object' };
    if (fields.length > 0) schema.properties = properties;
    if (required.length > 0) schema.required = required;
    const index = indexSignatures[0];
    if (index)
      schema.additionalProperties = indexSignatures.length === 1 ? recurse(index.type) : { anyOf: indexSignatures.map((signature) => recurse(signature.type)) };
    return schema;
  }

  private referenceSchema(type: Extract<TypeExpr, { kind: 'reference' }>, bindings: ReadonlyMap<string, TypeExpr>, expanding: readonly string[]): JsonSchema {
    const recurse = (inner: TypeExpr): JsonSchema => this.schemaOf(inner, bindings, expanding);
    const target = type.target;
    if (target.kind === 'external') return this.options.externalSchema(target.module, target.name);
    if (target.kind === 'global') {
      const [first, second] = type.typeArguments;
      switch (target.name) {
        case 'Promise':
          return first ? recurse(first) : {};
        case 'Array':
        case 'ReadonlyArray':
          return { type: 'array', items: first ? recurse(first) : {} };
        case 'Record':
          return { type: 'object', additionalProperties: second ? recurse(second) : {} };
        case 'Number':
          return { type: 'number' };
        case 'String':
          return { type: 'string' };
        case 'Boolean':
          return { type: 'boolean' };
        case 'Date':
          return { type: 'string', format: 'date-time' };
        default:
          return {};
      }
    }
    const declaration = this.types[target.id];
    if (!declaration) throw new Error(`json-schema: reference to ${target.id}, which the model does not declare`);
    // `Enum.MEMBER` names one member: its value, not the whole enum (a union's discriminant keeps its cases apart).
    if (declaration.kind === 'enum' && type.name.includes('.')) {
      const memberName = type.name.slice(type.name.lastIndexOf('.') + 1);
      const member = declaration.members.find((candidate) => candidate.name === memberName);
      if (member && member.value !== null) return { const: member.value };
    }
    const generic = declaration.typeParameters.length > 0 && type.typeArguments.length > 0;
    const key = `${target.id}<${JSON.stringify(type.typeArguments)}>`;
    if (!generic || expanding.includes(key)) {
      this.used.add(target.id);
      return { $ref: `${this.options.refPrefix}${this.schemaName(target.id)}` };
    }
    // JSON Schema has no generics: a generic declaration used with arguments is expanded in place.
    const expanded = new Map<string, TypeExpr>();
    declaration.typeParameters.forEach((parameter, index) => {
      const argument = type.typeArguments[index] ?? parameter.default;
      if (argument) expanded.set(parameter.name, argument);
    });
    const resolved = new Map([...expanded].map(([name, argument]) => [name, substitute(argument, bindings)]));
    return this.declarationSchema(declaration, resolved, [...expanding, key]);
  }

  /** Schema of a declaration, titled with its name. */
  declarationSchema(declaration: TypeDeclaration, bindings: ReadonlyMap<string, TypeExpr> = new Map(), expanding: readonly string[] = []): JsonSchema {
    const recurse = (inner: TypeExpr): JsonSchema => this.schemaOf(inner, bindings, expanding);
    let body: JsonSchema;
    switch (declaration.kind) {
      case 'interface': {
        const own = this.objectSchema(declaration.fields, declaration.indexSignatures, recurse);
        body = declaration.extends.length > 0 ? { allOf: [...declaration.extends.map(recurse), own] } : own;
        break;
      }
      case 'enum': {
        const values = declaration.members.map((member) => member.value);
        const types = new Set(values.map((value) => typeof value));
        body = { enum: values };
        if (types.size === 1) body.type = types.has('number') ? 'number' : 'string';
        break;
      }
      case 'alias':
        body = recurse(declaration.type);
        break;
    }
    const schema: JsonSchema = '$ref' in body ? { allOf: [body] } : body;
    return { title: declaration.name, ...describe(schema, docDescription(declaration.doc), declaration.doc.deprecated !== null) };
  }

  /** Named schemas of every declared type referenced so far, and of the ones those reference, sorted by name. */
  components(): Record<string, JsonSchema> {
    const done = new Map<string, JsonSchema>();
    let pending = [...this.used];
    while (pending.length > 0) {
      for (const id of pending) {
        const declaration = this.types[id];
        if (declaration && !done.has(id)) done.set(id, this.declarationSchema(declaration));
      }
      pending = [...this.used].filter((id) => !done.has(id));
    }
    const entries = [...done].map(([id, schema]) => [this.schemaName(id), schema] as const);
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  }
}

function intrinsicSchema(name: string): JsonSchema {
  switch (name) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'bigint':
      return { type: 'integer' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
    case 'undefined':
    case 'void':
      return { type: 'null' };
    case 'object':
      return { type: 'object' };
    case 'never':
      return { not: {} };
    default:
      // any, unknown: every JSON value.
      return {};
  }
}

/** Replaces type parameters bound in an outer expansion inside a type argument. */
function substitute(type: TypeExpr, bindings: ReadonlyMap<string, TypeExpr>): TypeExpr {
  if (bindings.size === 0) return type;
  const map = (inner: TypeExpr): TypeExpr => substitute(inner, bindings);
  switch (type.kind) {
    case 'typeParameter':
      return bindings.get(type.name) ?? type;
    case 'array':
      return { ...type, element: map(type.element) };
    case 'tuple':
      return { ...type, elements: type.elements.map(map) };
    case 'union':
    case 'intersection':
      return { ...type, types: type.types.map(map) };
    case 'reference':
      return { ...type, typeArguments: type.typeArguments.map(map) };
    case 'operator':
      return { ...type, type: map(type.type) };
    case 'object':
      return { ...type, fields: type.fields.map((field) => ({ ...field, type: map(field.type) })) };
    default:
      return type;
  }
}
