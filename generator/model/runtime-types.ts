// Holds a value the SDK returned at run time against the type the package declares for it, and says where they part.
// Used by the generator (a page states what a reader really gets), the example checker and the run test.
import BigNumber from 'bignumber.js';
import type { TypeDeclaration, TypeExpr } from './types';

type FindingKind =
  /** Declared `BigNumber`, returned a plain number: the client parsed the field with `'number'` precision. */
  | 'number-for-bignumber'
  /** Declared `number`, returned a `BigNumber`. */
  | 'bignumber-for-number'
  /** Any other disagreement of JSON type or shape. */
  | 'mismatch'
  /** A required field is absent. */
  | 'missing'
  /** A key the type does not declare (allowed: the node may print more than the type says). */
  | 'extra';

export interface Finding {
  /** Where, from the root: `vout[].value`, `[].amount`, `owner`; `*` stands for every key of a map, '' for the value itself. */
  path: string;
  kind: FindingKind;
  expected: string;
  actual: string;
}

type Declarations = Readonly<Record<string, TypeDeclaration>>;

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (BigNumber.isBigNumber(value)) return 'BigNumber';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** Paths of list items are written without their index, so every item's finding reads the same. */
function item(path: string): string {
  return `${path}[]`;
}

function typeLabel(type: TypeExpr): string {
  switch (type.kind) {
    case 'intrinsic':
      return type.name;
    case 'literal':
      return type.text;
    case 'reference':
      return type.name;
    case 'array':
      return `${typeLabel(type.element)}[]`;
    case 'union':
      return type.types.map(typeLabel).join(' | ');
    default:
      return type.kind;
  }
}

/** Structural findings (the ones that make a value not of the type): everything but `extra`. */
export function isFault(finding: Finding): boolean {
  return finding.kind !== 'extra';
}

class Checker {
  /** Guards against a type that refers to itself through a value that does too. */
  private depth = 0;
  /** Type arguments of the generic declarations being checked, innermost last (`Block<Transaction>`: T = Transaction). */
  private readonly bindings: Map<string, TypeExpr>[] = [];

  constructor(private readonly types: Declarations) {}

  check(type: TypeExpr, value: unknown, path: string): Finding[] {
    if (this.depth > 64) return [];
    this.depth += 1;
    try {
      return this.checkInner(type, value, path);
    } finally {
      this.depth -= 1;
    }
  }

  private fault(path: string, type: TypeExpr, value: unknown): Finding[] {
    return [{ path, kind: 'mismatch', expected: typeLabel(type), actual: describeValue(value) }];
  }

  private checkInner(type: TypeExpr, value: unknown, path: string): Finding[] {
    switch (type.kind) {
      case 'intrinsic':
        return this.intrinsic(type, value, path);
      case 'literal':
        return value === type.value ? [] : this.fault(path, type, value);
      case 'array':
        if (!Array.isArray(value)) return this.fault(path, type, value);
        return value.flatMap((element) => this.check(type.element, element, item(path)));
      case 'tuple':
        if (!Array.isArray(value)) return this.fault(path, type, value);
        return type.elements.flatMap((element, index) => this.check(element, value[index], `${path}[${index}]`));
      case 'union':
        return this.union(type.types, value, path);
      case 'intersection':
        return type.types.flatMap((member) => this.check(member, value, path));
      case 'object':
        return this.fields(type.fields, type.indexSignatures, value, path, type);
      case 'reference':
        return this.reference(type, value, path);
      case 'typeParameter': {
        for (let index = this.bindings.length - 1; index >= 0; index -= 1) {
          const bound = this.bindings[index]?.get(type.name);
          if (bound) return this.withoutBinding(index, () => this.check(bound, value, path));
        }
        return [];
      }
      default:
        // Functions, operators, indexed access and text the model keeps verbatim: not checked.
        return [];
    }
  }

  private intrinsic(type: Extract<TypeExpr, { kind: 'intrinsic' }>, value: unknown, path: string): Finding[] {
    switch (type.name) {
      case 'string':
        return typeof value === 'string' ? [] : this.fault(path, type, value);
      case 'number':
        if (typeof value === 'number') return [];
        if (BigNumber.isBigNumber(value)) return [{ path, kind: 'bignumber-for-number', expected: 'number', actual: 'BigNumber' }];
        return this.fault(path, type, value);
      case 'boolean':
        return typeof value === 'boolean' ? [] : this.fault(path, type, value);
      case 'null':
        return value === null ? [] : this.fault(path, type, value);
      case 'undefined':
      case 'void':
        return value === undefined || value === null ? [] : this.fault(path, type, value);
      case 'object':
        return typeof value === 'object' && value !== null ? [] : this.fault(path, type, value);
      case 'never':
        return this.fault(path, type, value);
      default:
        return [];
    }
  }

  private union(members: readonly TypeExpr[], value: unknown, path: string): Finding[] {
    let best: Finding[] | null = null;
    for (const member of members) {
      const findings = this.check(member, value, path);
      if (!findings.some(isFault)) return findings;
      if (best === null || findings.filter(isFault).length < best.filter(isFault).length) best = findings;
    }
    return best ?? [];
  }

  private fields(
    fields: readonly { name: string; optional: boolean; type: TypeExpr }[],
    indexSignatures: readonly { type: TypeExpr }[],
    value: unknown,
    path: string,
    type: TypeExpr,
  ): Finding[] {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || BigNumber.isBigNumber(value)) return this.fault(path, type, value);
    const record = value as Record<string, unknown>;
    const findings: Finding[] = [];
    const declared = new Set<string>();
    for (const field of fields) {
      declared.add(field.name);
      const fieldValue = record[field.name];
      if (fieldValue === undefined) {
        if (!field.optional && !this.allowsUndefined(field.type))
          findings.push({ path: join(path, field.name), kind: 'missing', expected: typeLabel(field.type), actual: 'absent' });
        continue;
      }
      findings.push(...this.check(field.type, fieldValue, join(path, field.name)));
    }
    for (const [key, entry] of Object.entries(record)) {
      if (declared.has(key)) continue;
      const signature = indexSignatures[0];
      if (signature)
        findings.push(
          ...this.union(
            indexSignatures.map((candidate) => candidate.type),
            entry,
            join(path, '*'),
          ),
        );
      else findings.push({ path: join(path, key), kind: 'extra', expected: 'not declared', actual: describeValue(entry) });
    }
    return findings;
  }

  private allowsUndefined(type: TypeExpr): boolean {
    if (type.kind === 'intrinsic') return ['undefined', 'void', 'any', 'unknown'].includes(type.name);
    if (type.kind === 'union') return type.types.some((member) => this.allowsUndefined(member));
    return false;
  }

  private reference(type: Extract<TypeExpr, { kind: 'reference' }>, value: unknown, path: string): Finding[] {
    const target = type.target;
    if (target.kind === 'external') {
      if (target.name === 'BigNumber') {
        if (BigNumber.isBigNumber(value)) return [];
        if (typeof value === 'number') return [{ path, kind: 'number-for-bignumber', expected: 'BigNumber', actual: 'number' }];
        return this.fault(path, type, value);
      }
      return [];
    }
    if (target.kind === 'global') return this.global(type, value, path);
    const declaration = this.types[target.id];
    if (!declaration) return [];
    switch (declaration.kind) {
      case 'enum': {
        const values = declaration.members.map((member) => member.value);
        // `Enum.MEMBER` as a type names one member.
        const memberName = type.name.includes('.') ? type.name.slice(type.name.lastIndexOf('.') + 1) : null;
        const allowed = memberName === null ? values : declaration.members.filter((member) => member.name === memberName).map((member) => member.value);
        return allowed.includes(value as string | number)
          ? []
          : [
              {
                path,
                kind: 'mismatch',
                expected: `${type.name} (${allowed.map((entry) => JSON.stringify(entry)).join(', ')})`,
                actual: JSON.stringify(value) ?? 'undefined',
              },
            ];
      }
      case 'alias':
        return this.bound(declaration.typeParameters, type.typeArguments, () => this.check(declaration.type, value, path));
      case 'interface': {
        const { fields, indexSignatures } = this.flatten(declaration);
        return this.bound(declaration.typeParameters, type.typeArguments, () => this.fields(fields, indexSignatures, value, path, type));
      }
      default:
        return [];
    }
  }

  /** Checks with a generic declaration's type parameters bound to the reference's arguments (or their defaults). */
  private bound(parameters: readonly { name: string; default: TypeExpr | null }[], args: readonly TypeExpr[], run: () => Finding[]): Finding[] {
    if (parameters.length === 0) return run();
    const binding = new Map<string, TypeExpr>();
    parameters.forEach((parameter, index) => {
      const argument = args[index] ?? parameter.default;
      if (argument) binding.set(parameter.name, argument);
    });
    this.bindings.push(binding);
    try {
      return run();
    } finally {
      this.bindings.pop();
    }
  }

  /** A bound argument is written in the scope outside its declaration: check it with the inner bindings set aside. */
  private withoutBinding(index: number, run: () => Finding[]): Finding[] {
    const inner = this.bindings.splice(index);
    try {
      return run();
    } finally {
      this.bindings.push(...inner);
    }
  }

  /** An interface's fields with those of the interfaces it extends (its own win), and every index signature. */
  private flatten(declaration: Extract<TypeDeclaration, { kind: 'interface' }>): {
    fields: { name: string; optional: boolean; type: TypeExpr }[];
    indexSignatures: { type: TypeExpr }[];
  } {
    const fields = new Map<string, { name: string; optional: boolean; type: TypeExpr }>();
    const indexSignatures: { type: TypeExpr }[] = [...declaration.indexSignatures];
    for (const parent of declaration.extends) {
      if (parent.kind !== 'reference' || parent.target.kind !== 'declared') continue;
      const parentDeclaration = this.types[parent.target.id];
      if (parentDeclaration?.kind !== 'interface') continue;
      const inherited = this.flatten(parentDeclaration);
      for (const field of inherited.fields) fields.set(field.name, field);
      indexSignatures.push(...inherited.indexSignatures);
    }
    for (const field of declaration.fields) fields.set(field.name, field);
    return { fields: [...fields.values()], indexSignatures };
  }

  private global(type: Extract<TypeExpr, { kind: 'reference' }>, value: unknown, path: string): Finding[] {
    const [first, second] = type.typeArguments;
    switch (type.name) {
      case 'Promise':
        return first ? this.check(first, value, path) : [];
      case 'Array':
      case 'ReadonlyArray':
        if (!Array.isArray(value)) return this.fault(path, type, value);
        return first ? value.flatMap((element) => this.check(first, element, item(path))) : [];
      case 'Record': {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return this.fault(path, type, value);
        return second ? Object.values(value as Record<string, unknown>).flatMap((entry) => this.check(second, entry, join(path, '*'))) : [];
      }
      case 'Partial':
        return first ? this.check(first, value, path).filter((finding) => finding.kind !== 'missing') : [];
      default:
        return [];
    }
  }
}

/** Every place where `value` and `type` disagree, `extra` keys included. */
export function checkRuntimeValue(types: Declarations, type: TypeExpr, value: unknown): Finding[] {
  const findings = new Checker(types).check(type, value, '');
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.kind} ${finding.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
