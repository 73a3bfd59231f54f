// Reads a class of the SDK: its type parameters and bases, its overloaded constructor, its public methods, properties
// (with the values the compiled JavaScript assigns to static ones) and accessors, and for a DfTx composer or an opcode
// the code and name the compiled class carries. An opcode class without a constructor of its own takes its base's byte.
import ts from 'typescript';
import type { TypeExpr } from '../../model/types';
import type { SdkClass, SdkMember, SdkSymbol } from '../../model/sdk';
import { docOf, EMPTY_DOC, hasDocContent, hasModifier, literalType, memberName, NO_DEFAULTS, readDeclaredValue, signatureOf, symbolBase } from './declarations';
import { compiledOf, locate, type SdkProgram } from './program';

function isHidden(member: ts.ClassElement): boolean {
  return hasModifier(member, ts.ModifierFlags.Private) || (member.name !== undefined && ts.isPrivateIdentifier(member.name));
}

/** A class with its constructor and public members, its opcode or DfTx type, and its bases. */
export function readClass(sdk: SdkProgram, node: ts.ClassDeclaration, id: string, name: string): SdkClass {
  const declaredName = node.name?.text ?? name;
  const compiled = compiledOf(sdk, node.getSourceFile().fileName)?.classes.get(declaredName);
  const members: SdkMember[] = [];
  let extendsType: TypeExpr | null = null;
  const implementsTypes: TypeExpr[] = [];
  for (const clause of node.heritageClauses ?? []) {
    const types = clause.types.map((type) => sdk.reader.readExpressionWithTypeArguments(type));
    if (clause.token === ts.SyntaxKind.ExtendsKeyword) extendsType = types[0] ?? null;
    else implementsTypes.push(...types);
  }
  const self: TypeExpr = { kind: 'reference', name: declaredName, target: { kind: 'declared', id }, typeArguments: [] };
  const constructors = node.members.filter((member): member is ts.ConstructorDeclaration => ts.isConstructorDeclaration(member) && !isHidden(member));
  if (constructors.length > 0) {
    const constructor = constructors[0] as ts.ConstructorDeclaration;
    members.push({
      id: `${id}#constructor`,
      name: 'constructor',
      kind: 'constructor',
      static: false,
      access: hasModifier(constructor, ts.ModifierFlags.Protected) ? 'protected' : 'public',
      abstract: false,
      readonly: false,
      optional: false,
      signatures: constructors.map((overload) =>
        signatureOf(sdk, overload, compiled?.methods.get('constructor') ?? NO_DEFAULTS, self, overload, `${name}.constructor`),
      ),
      type: null,
      value: null,
      doc: constructors.map((overload) => docOf(overload)).find(hasDocContent) ?? docOf(constructor),
      source: locate(sdk, constructor),
    });
  }
  const methods = new Map<string, ts.MethodDeclaration[]>();
  const accessors = new Map<string, (ts.GetAccessorDeclaration | ts.SetAccessorDeclaration)[]>();
  for (const member of node.members) {
    if (isHidden(member) || hasModifier(member, ts.ModifierFlags.Protected)) continue;
    const isStatic = hasModifier(member, ts.ModifierFlags.Static);
    const key = `${isStatic ? 'static ' : ''}${memberName(member)}`;
    if (ts.isMethodDeclaration(member)) methods.set(key, [...(methods.get(key) ?? []), member]);
    else if (ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) accessors.set(key, [...(accessors.get(key) ?? []), member]);
  }
  const seen = new Set<string>();
  for (const member of node.members) {
    if (isHidden(member) || hasModifier(member, ts.ModifierFlags.Protected) || ts.isConstructorDeclaration(member)) continue;
    const isStatic = hasModifier(member, ts.ModifierFlags.Static);
    const memberNameText = memberName(member);
    const key = `${isStatic ? 'static ' : ''}${memberNameText}`;
    if (seen.has(key) || memberNameText === '') continue;
    seen.add(key);
    const common = {
      id: `${id}#${isStatic ? 'static.' : ''}${memberNameText}`,
      name: memberNameText,
      static: isStatic,
      access: 'public' as const,
      abstract: hasModifier(member, ts.ModifierFlags.Abstract),
      source: locate(sdk, member),
    };
    if (ts.isMethodDeclaration(member)) {
      const overloads = methods.get(key) ?? [member];
      const defaults = compiled?.methods.get(key) ?? NO_DEFAULTS;
      members.push({
        ...common,
        kind: 'method',
        readonly: false,
        optional: member.questionToken !== undefined,
        signatures: overloads.map((overload) => signatureOf(sdk, overload, defaults, null, overload, `${name}.${memberNameText}`)),
        type: null,
        value: null,
        doc: overloads.map((overload) => docOf(overload)).find(hasDocContent) ?? EMPTY_DOC,
      });
    } else if (ts.isPropertyDeclaration(member)) {
      const assigned = isStatic ? compiled?.statics.get(memberNameText) : undefined;
      const written = member.initializer === undefined ? undefined : readDeclaredValue(member.initializer);
      members.push({
        ...common,
        kind: 'property',
        readonly: hasModifier(member, ts.ModifierFlags.Readonly),
        optional: member.questionToken !== undefined,
        signatures: [],
        type: member.type === undefined && member.initializer !== undefined ? literalType(member.initializer) : sdk.reader.readType(member.type),
        value: (assigned?.kind === 'value' ? assigned : undefined) ?? written ?? null,
        doc: docOf(member),
      });
    } else if (ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
      const pair = accessors.get(key) ?? [member];
      const getter = pair.find(ts.isGetAccessorDeclaration);
      const setter = pair.find(ts.isSetAccessorDeclaration);
      members.push({
        ...common,
        kind: 'accessor',
        readonly: setter === undefined,
        optional: false,
        signatures: [],
        type: getter ? sdk.reader.readType(getter.type) : sdk.reader.readType(setter?.parameters[0]?.type),
        accessors: { get: getter !== undefined, set: setter !== undefined },
        value: null,
        doc: pair.map((part) => docOf(part)).find(hasDocContent) ?? EMPTY_DOC,
      });
    }
  }
  const code = compiled?.statics.get('OP_CODE');
  const opName = compiled?.statics.get('OP_NAME');
  const dftx =
    code?.kind === 'value' && typeof code.value === 'number' && opName?.kind === 'value' && typeof opName.value === 'string'
      ? { code: code.value, name: opName.value }
      : null;
  const superArguments = compiled?.superArguments ?? null;
  const opcode =
    superArguments?.length === 2 &&
    superArguments[0]?.kind === 'value' &&
    typeof superArguments[0].value === 'number' &&
    superArguments[1]?.kind === 'value' &&
    superArguments[1].value === declaredName
      ? superArguments[0].value
      : null;
  return {
    ...symbolBase(sdk, node, id, name, declaredName),
    kind: 'class',
    abstract: hasModifier(node, ts.ModifierFlags.Abstract),
    typeParameters: sdk.reader.readTypeParameters(node.typeParameters),
    extends: extendsType,
    implements: implementsTypes,
    members,
    dftx,
    opcode,
  };
}

/** An opcode class without a constructor of its own (`OP_FALSE extends OP_0`) pushes its base's byte. */
export function inheritOpcodes(symbols: Record<string, SdkSymbol>): void {
  const opcodeOf = (symbol: SdkSymbol | undefined, depth: number): number | null => {
    if (symbol?.kind !== 'class' || depth > 10) return null;
    if (symbol.opcode !== null) return symbol.opcode;
    if (symbol.members.some((member) => member.kind === 'constructor')) return null;
    const base = symbol.extends;
    return base?.kind === 'reference' && base.target.kind === 'declared' ? opcodeOf(symbols[base.target.id], depth + 1) : null;
  };
  for (const symbol of Object.values(symbols)) if (symbol.kind === 'class' && symbol.opcode === null) symbol.opcode = opcodeOf(symbol, 0);
}
