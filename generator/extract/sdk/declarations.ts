// What the readers of classes, functions, constants and types share: a symbol's common fields (id, names, module,
// page, export status, doc comment, source line), a call signature with its parameter defaults from the compiled
// JavaScript, and the small reads of modifiers, member names and values written in a declaration file.
import path from 'node:path';
import ts from 'typescript';
import type { CodeValue, Doc, MethodSignature, Parameter, TypeExpr } from '../../model/types';
import type { SdkClass } from '../../model/sdk';
import { readDoc, readParamTags, readReturnsTag, type ParamTag } from '../common/typescript';
import type { Defaults } from './compiled';
import type { SdkPackageConfig } from './packages';
import { contextOf, locate, moduleOf, namespaceOf, type SdkProgram } from './program';

export const EMPTY_DOC: Doc = { text: '', deprecated: null, see: [], examples: [] };
export const NO_DEFAULTS: Defaults = new Map();

/** The fields every kind of symbol has. */
type SymbolBase = Omit<SdkClass, 'kind' | 'abstract' | 'typeParameters' | 'extends' | 'implements' | 'members' | 'dftx' | 'opcode' | 'history'>;

export function hasModifier(node: ts.Node, flag: ts.ModifierFlags): boolean {
  return (ts.getCombinedModifierFlags(node as ts.Declaration) & flag) !== 0;
}

export function memberName(member: ts.ClassElement | ts.TypeElement): string {
  const name = member.name;
  if (name === undefined) return '';
  return ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText();
}

/** Whether a doc comment says anything: text, or any tag (an overload may carry only `@throws`). */
export function hasDocContent(doc: Doc): boolean {
  return (
    doc.text !== '' ||
    doc.deprecated !== null ||
    doc.see.length > 0 ||
    (doc.examples?.length ?? 0) > 0 ||
    doc.throws !== undefined ||
    doc.defaultText !== undefined ||
    doc.returns !== undefined ||
    doc.notes !== undefined
  );
}

/** The doc comment of a declaration; for a variable, the statement's (where the comment is written). */
export function docOf(node: ts.Node): Doc {
  return readDoc(node);
}

/**
 * One call signature. `returns` stands in for the declared return type (a constructor returns its class); `where`
 * names the callable in the warning for a parameter without `@param` text (none when empty).
 */
export function signatureOf(
  sdk: SdkProgram,
  node: ts.SignatureDeclarationBase,
  defaults: Defaults,
  returns: TypeExpr | null,
  docNode: ts.Node = node,
  where = '',
): MethodSignature {
  const tags = readParamTags(docNode);
  const returnsTag = readReturnsTag(docNode);
  for (const parameter of node.parameters) {
    const name = parameter.name.getText();
    if (ts.isIdentifier(parameter.name) && !tags.some((tag) => tag.name === name) && where !== '') sdk.warnings.push(`${where}(${name}): no @param text`);
  }
  return {
    typeParameters: sdk.reader.readTypeParameters(node.typeParameters),
    parameters: node.parameters.map((parameter): Parameter => sdk.reader.readParameter(parameter, tags, authorSpelling(defaults, tags))),
    returns: returns ?? sdk.reader.readType(node.type),
    returnsDescription: returnsTag?.description ?? '',
    doc: docOf(docNode),
    source: locate(sdk, node),
  };
}

/**
 * The defaults with the spelling the doc comment gives one: compiled code keeps no name for a default import
 * (`randombytes_1.default`, read as `randombytes`), and `@param [rng = randomBytes]` says how the source names it.
 */
function authorSpelling(defaults: Defaults, tags: readonly ParamTag[]): Defaults {
  const spelled: Defaults = new Map(defaults);
  for (const tag of tags) {
    const compiled = defaults.get(tag.name);
    if (compiled === undefined || tag.defaultText === null || compiled.text === tag.defaultText) continue;
    if (compiled.text.toLowerCase() === tag.defaultText.toLowerCase()) spelled.set(tag.name, { ...compiled, text: tag.defaultText });
  }
  return spelled;
}

/** The common fields of the symbol a declaration of one of the packages is read into. */
export function symbolBase(sdk: SdkProgram, declaration: ts.Declaration, id: string, name: string, declaredName: string): SymbolBase {
  const context = contextOf(sdk, declaration.getSourceFile().fileName);
  if (context === undefined) throw new Error(`extract: ${name} is not declared in one of the packages`);
  const module = moduleOf(context, declaration.getSourceFile().fileName);
  const namespace = namespaceOf(declaration);
  const exported = sdk.exportIds.has(declaration) || (namespace !== null && sdk.exportIds.has(namespace.declaration));
  // A declaration its module exports, which the entry point does not pass on, can still be imported from that module.
  const fromModule = !exported && namespace === null && hasModifier(declaration, ts.ModifierFlags.Export);
  const distFolder = path.relative(context.dir, context.distDir).split(path.sep).join('/');
  return {
    id,
    name: namespace === null ? name : `${namespace.name}.${name}`,
    declaredName,
    package: context.config.short,
    module,
    exported,
    deepImport: fromModule ? `@defichain/${context.config.short}/${distFolder}/${module}` : null,
    namespace: namespace?.name ?? null,
    page: pageOf(context.config, module, declaredName),
    doc: docOf(declaration),
    source: locate(sdk, declaration),
  };
}

function pageOf(config: SdkPackageConfig, module: string, declaredName: string): string {
  const pages = config.pages ?? [];
  const named = pages.find((page) => page.names?.includes(declaredName));
  if (named !== undefined) return named.slug;
  return pages.find((page) => page.modules.some((pattern) => (pattern.endsWith('/') ? module.startsWith(pattern) : module === pattern)))?.slug ?? '';
}

/** A value a declaration file writes (`static readonly PREFIX = "defichain-testcontainers-"`). */
export function readDeclaredValue(initializer: ts.Expression): CodeValue | undefined {
  if (ts.isStringLiteral(initializer)) return { kind: 'value', value: initializer.text, text: `'${initializer.text}'` };
  if (ts.isNumericLiteral(initializer)) return { kind: 'value', value: Number(initializer.text), text: initializer.text };
  if (initializer.kind === ts.SyntaxKind.TrueKeyword) return { kind: 'value', value: true, text: 'true' };
  if (initializer.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'value', value: false, text: 'false' };
  return undefined;
}

/** The type of a property a declaration file declares by its value (`static readonly PREFIX = "x"`): that literal. */
export function literalType(initializer: ts.Expression): TypeExpr {
  const value = readDeclaredValue(initializer);
  if (value?.kind === 'value' && (typeof value.value === 'string' || typeof value.value === 'number' || typeof value.value === 'boolean')) {
    return { kind: 'literal', value: value.value, text: typeof value.value === 'string' ? JSON.stringify(value.value) : value.text };
  }
  return { kind: 'text', text: initializer.getText() };
}
