// Reads the callables and values of the SDK: a function with its overloads and the parameter defaults of its compiled
// JavaScript, and a constant with its value, and for an object constant (`WIF`) its methods, function-valued
// properties and values as members.
import ts from 'typescript';
import type { CodeValue } from '../../model/types';
import type { SdkConstant, SdkFunction, SdkMember } from '../../model/sdk';
import type { Defaults } from './compiled';
import { docOf, EMPTY_DOC, hasDocContent, hasModifier, literalType, memberName, NO_DEFAULTS, readDeclaredValue, signatureOf, symbolBase } from './declarations';
import { compiledOf, locate, resolveAlias, type SdkProgram } from './program';

/** A function: every overload, the first doc comment that says something. */
export function readFunction(sdk: SdkProgram, functions: readonly ts.FunctionDeclaration[], id: string, name: string): SdkFunction {
  const fn = functions[0] as ts.FunctionDeclaration;
  const declaredName = fn.name?.text ?? name;
  const defaults = compiledOf(sdk, fn.getSourceFile().fileName)?.functions.get(declaredName) ?? NO_DEFAULTS;
  return {
    ...symbolBase(sdk, fn, id, name, declaredName),
    kind: 'function',
    doc: functions.map((overload) => docOf(overload)).find(hasDocContent) ?? EMPTY_DOC,
    signatures: functions.map((overload) => signatureOf(sdk, overload, defaults, null, overload, name)),
  };
}

/** An exported constant with its type, its value (from the compiled JavaScript, else the declaration) and an object's members. */
export function readConstant(sdk: SdkProgram, node: ts.VariableDeclaration, id: string, name: string): SdkConstant {
  const declaredName = ts.isIdentifier(node.name) ? node.name.text : name;
  const compiled = compiledOf(sdk, node.getSourceFile().fileName);
  const assigned = compiled?.exports.get(declaredName);
  const written = node.initializer === undefined ? undefined : readDeclaredValue(node.initializer);
  const value = (assigned?.kind === 'value' ? assigned : undefined) ?? written ?? null;
  const type = node.type === undefined && node.initializer !== undefined ? literalType(node.initializer) : sdk.reader.readType(node.type);
  const members =
    node.type !== undefined && ts.isTypeLiteralNode(node.type)
      ? readObjectMembers(sdk, id, name, node.type, value, compiled?.objectMethods.get(declaredName))
      : [];
  return { ...symbolBase(sdk, node, id, name, declaredName), kind: 'constant', type, value, members };
}

/** Members of an object constant's declared type: its methods, function-valued properties and values. */
function readObjectMembers(
  sdk: SdkProgram,
  id: string,
  name: string,
  type: ts.TypeLiteralNode,
  value: CodeValue | null,
  methodDefaults: Map<string, Defaults> | undefined,
): SdkMember[] {
  const members: SdkMember[] = [];
  const objectValue = value?.kind === 'value' && value.value !== null && typeof value.value === 'object' && !Array.isArray(value.value) ? value.value : null;
  const seen = new Set<string>();
  for (const member of type.members) {
    const memberNameText = memberName(member);
    if (memberNameText === '' || seen.has(memberNameText)) continue;
    const common = {
      id: `${id}#${memberNameText}`,
      name: memberNameText,
      static: false,
      access: 'public' as const,
      abstract: false,
      optional: 'questionToken' in member && member.questionToken !== undefined,
      source: locate(sdk, member),
      type: null,
      value: null,
    };
    const defaults = methodDefaults?.get(memberNameText) ?? NO_DEFAULTS;
    const where = `${name}.${memberNameText}`;
    if (ts.isMethodSignature(member)) {
      seen.add(memberNameText);
      const overloads = type.members.filter((other): other is ts.MethodSignature => ts.isMethodSignature(other) && memberName(other) === memberNameText);
      members.push({
        ...common,
        kind: 'method',
        readonly: false,
        signatures: overloads.map((overload) => signatureOf(sdk, overload, defaults, null, overload, where)),
        doc: overloads.map((overload) => docOf(overload)).find(hasDocContent) ?? EMPTY_DOC,
      });
    } else if (ts.isPropertySignature(member) && member.type !== undefined && ts.isFunctionTypeNode(member.type)) {
      seen.add(memberNameText);
      members.push({
        ...common,
        kind: 'method',
        readonly: false,
        signatures: [signatureOf(sdk, member.type, defaults, null, member, where)],
        doc: docOf(member),
      });
    } else if (ts.isPropertySignature(member) && member.type !== undefined && ts.isTypeQueryNode(member.type)) {
      // `guess: typeof guess`: the member is a function the module declares, with its own overloads and doc comments.
      seen.add(memberNameText);
      const target = sdk.checker.getSymbolAtLocation(member.type.exprName);
      const functions = (target === undefined ? [] : (resolveAlias(sdk.checker, target).declarations ?? [])).filter(ts.isFunctionDeclaration);
      if (functions.length === 0) {
        sdk.warnings.push(`${where}: typeof a value that is not a function (${member.type.getText()})`);
        continue;
      }
      const compiledFunctions = compiledOf(sdk, member.getSourceFile().fileName)?.functions;
      const own = docOf(member);
      members.push({
        ...common,
        kind: 'method',
        readonly: false,
        signatures: functions.map((fn) => signatureOf(sdk, fn, compiledFunctions?.get(fn.name?.text ?? '') ?? NO_DEFAULTS, null, fn, where)),
        doc: hasDocContent(own) ? own : (functions.map((fn) => docOf(fn)).find(hasDocContent) ?? EMPTY_DOC),
      });
    } else if (ts.isPropertySignature(member)) {
      seen.add(memberNameText);
      const known = objectValue?.[memberNameText];
      members.push({
        ...common,
        kind: 'property',
        readonly: hasModifier(member, ts.ModifierFlags.Readonly),
        signatures: [],
        type: sdk.reader.readType(member.type),
        value: known === undefined ? null : { kind: 'value', value: known, text: JSON.stringify(known) },
        doc: docOf(member),
      });
    }
  }
  return members;
}
