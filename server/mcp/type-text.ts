// Model types as one line of TypeScript, the way the reference pages print them in signatures and field lists
// (tests/build/mcp-pages.test.ts holds every signature and field line this writes against the built pages).
import type { Field, MethodSignature, Parameter, TypeDeclaration, TypeExpr, TypeParameter } from '../../generator/model/types';

/** A key as TypeScript writes it: quoted where it is not an identifier. */
function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

type Context = 'array' | 'union' | 'intersection' | 'operator';

function needsParentheses(type: TypeExpr, context: Context): boolean {
  if (type.kind === 'function') return true;
  if (type.kind === 'union') return context !== 'union';
  if (type.kind === 'intersection') return context === 'array' || context === 'operator';
  if (type.kind === 'operator') return context === 'array';
  return false;
}

function inContext(type: TypeExpr, context: Context): string {
  const text = typeText(type);
  return needsParentheses(type, context) ? `(${text})` : text;
}

function fieldText(field: Field): string {
  return `${field.readonly ? 'readonly ' : ''}${propertyKey(field.name)}${field.optional ? '?' : ''}: ${typeText(field.type)}`;
}

function parameterText(parameter: Parameter): string {
  return `${parameter.rest ? '...' : ''}${parameter.name}${parameter.optional ? '?' : ''}: ${typeText(parameter.type)}`;
}

function typeParametersText(parameters: readonly TypeParameter[]): string {
  if (parameters.length === 0) return '';
  const each = parameters.map(
    (parameter) =>
      `${parameter.name}${parameter.constraint ? ` extends ${typeText(parameter.constraint)}` : ''}${parameter.default ? ` = ${typeText(parameter.default)}` : ''}`,
  );
  return `<${each.join(', ')}>`;
}

export function typeText(type: TypeExpr): string {
  switch (type.kind) {
    case 'intrinsic':
    case 'typeParameter':
      return type.name;
    case 'literal':
      return type.text;
    case 'text':
      return type.text;
    case 'reference':
      return type.typeArguments.length === 0 ? type.name : `${type.name}<${type.typeArguments.map(typeText).join(', ')}>`;
    case 'array':
      return `${inContext(type.element, 'array')}[]`;
    case 'tuple':
      return `[${type.elements.map(typeText).join(', ')}]`;
    case 'union':
      return type.types.map((member) => inContext(member, 'union')).join(' | ');
    case 'intersection':
      return type.types.map((member) => inContext(member, 'intersection')).join(' & ');
    case 'object': {
      const members = [
        ...type.indexSignatures.map((signature) => `[${signature.keyName}: ${typeText(signature.keyType)}]: ${typeText(signature.type)}`),
        ...type.fields.map(fieldText),
      ];
      return members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
    }
    case 'function':
      return `(${type.parameters.map(parameterText).join(', ')}) => ${typeText(type.returns)}`;
    case 'operator':
      return `${type.operator} ${inContext(type.type, 'operator')}`;
    case 'indexedAccess':
      return `${inContext(type.object, 'array')}[${typeText(type.index)}]`;
  }
}

/** `name<T>(a: string, b?: number): Promise<X>`, as the page's signature block writes it. */
export function signatureText(name: string, signature: MethodSignature): string {
  return `${name}${typeParametersText(signature.typeParameters)}(${signature.parameters.map(parameterText).join(', ')}): ${typeText(signature.returns)}`;
}

/** The head of a type's section: `interface Block<T>`, `enum MasternodeState`, `type X = ...`. */
export function declarationHead(declaration: TypeDeclaration): string {
  const parameters = typeParametersText(declaration.typeParameters);
  switch (declaration.kind) {
    case 'interface':
      return `interface ${declaration.name}${parameters}${declaration.extends.length > 0 ? ` extends ${declaration.extends.map(typeText).join(', ')}` : ''}`;
    case 'enum':
      return `enum ${declaration.name}`;
    case 'alias':
      return `type ${declaration.name}${parameters} = ${typeText(declaration.type)}`;
  }
}

/** Ids of the declared types a type expression names, directly (not through their own fields). */
export function referencedTypeIds(type: TypeExpr, into: Set<string> = new Set()): Set<string> {
  const visit = (expr: TypeExpr): void => {
    switch (expr.kind) {
      case 'reference':
        if (expr.target.kind === 'declared') into.add(expr.target.id);
        expr.typeArguments.forEach(visit);
        return;
      case 'array':
        visit(expr.element);
        return;
      case 'tuple':
        expr.elements.forEach(visit);
        return;
      case 'union':
      case 'intersection':
        expr.types.forEach(visit);
        return;
      case 'object':
        for (const field of expr.fields) visit(field.type);
        for (const signature of expr.indexSignatures) {
          visit(signature.keyType);
          visit(signature.type);
        }
        return;
      case 'function':
        for (const parameter of expr.parameters) visit(parameter.type);
        visit(expr.returns);
        return;
      case 'operator':
        visit(expr.type);
        return;
      case 'indexedAccess':
        visit(expr.object);
        visit(expr.index);
        return;
      default:
        return;
    }
  };
  visit(type);
  return into;
}
