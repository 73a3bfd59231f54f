// Reads each package's entry point: its exports in the order a reader of the entry meets them, each read by the
// reader of its kind (class, function, constant, namespace, interface, type alias or enum), or as a name re-exported
// from another npm package; and the package's own record (name, version, entry, pages) listing them.
import ts from 'typescript';
import type { SdkPackage, SdkSymbol } from '../../model/sdk';
import { packageNameOf } from '../common/typescript';
import { readClass } from './classes';
import { EMPTY_DOC } from './declarations';
import { readConstant, readFunction } from './functions';
import { declarationOrder } from './order';
import { contextOf, type PackageContext, type SdkProgram } from './program';
import { isTypeDeclaration, readNamespace, readTypeSymbol } from './type-declarations';

/** Reads a package's exports into `symbols`, and gives the package with their ids in order. */
export function readPackageExports(sdk: SdkProgram, context: PackageContext, symbols: Record<string, SdkSymbol>): SdkPackage {
  const exportIdsInOrder: string[] = [];
  const compare = declarationOrder(sdk.program, sdk.checker, context.entry);
  const list = [...(sdk.exportsOf.get(context) ?? [])].sort(
    (a, b) => compare(a.symbol.declarations?.[0], b.symbol.declarations?.[0]) || a.name.localeCompare(b.name, 'en'),
  );
  for (const { name, symbol } of list) {
    const id = `${context.config.short}.${name}`;
    const declarations = symbol.declarations ?? [];
    const own = declarations.filter((declaration) => contextOf(sdk, declaration.getSourceFile().fileName) === context);
    const read = own.length === 0 ? readReexport(context, declarations, symbol, id, name) : readExport(sdk, own, id, name);
    if (read === null) {
      sdk.warnings.push(`${id}: an export the extractor does not read (${declarations.map((declaration) => ts.SyntaxKind[declaration.kind]).join(', ')})`);
      continue;
    }
    symbols[id] = read;
    exportIdsInOrder.push(id);
  }
  const { info } = context;
  return {
    name: info.name,
    short: context.config.short,
    version: info.version,
    area: context.config.area,
    summary: context.config.summary,
    entry: info.types,
    repositoryFolder: `packages/${context.config.short}`,
    exports: exportIdsInOrder,
    internal: [],
    pages: (context.config.pages ?? []).map(({ slug, title, summary, movedFrom }) => ({ slug, title, summary, movedFrom: movedFrom ?? [] })),
  };
}

/** An export declared in the package, by the kind of its declarations; null for a kind no reader takes. */
function readExport(sdk: SdkProgram, declarations: readonly ts.Declaration[], id: string, name: string): SdkSymbol | null {
  if (declarations[0] === undefined) return null;
  const classNode = declarations.find(ts.isClassDeclaration);
  if (classNode) return readClass(sdk, classNode, id, name);
  const functions = declarations.filter(ts.isFunctionDeclaration);
  if (functions.length > 0) return readFunction(sdk, functions, id, name);
  const variable = declarations.find(ts.isVariableDeclaration);
  if (variable) return readConstant(sdk, variable, id, name);
  const namespace = declarations.find(ts.isModuleDeclaration);
  if (namespace && namespace.body !== undefined && ts.isModuleBlock(namespace.body)) return readNamespace(sdk, namespace, namespace.body, id, name);
  const typeNode = declarations.find(isTypeDeclaration);
  if (typeNode) return readTypeSymbol(sdk, typeNode, id, name);
  return null;
}

/** A name of another npm package (or of another @defichain package) that this one re-exports. */
function readReexport(context: PackageContext, declarations: readonly ts.Declaration[], symbol: ts.Symbol, id: string, name: string): SdkSymbol {
  const found = declarations[0] === undefined ? null : packageNameOf(declarations[0].getSourceFile().fileName);
  // Declarations from DefinitelyTyped belong to the package they describe (`@types/lossless-json` → lossless-json).
  const from = (found ?? 'unknown').replace(/^@types\/(?:([^_]+)__)?(.+)$/, (_all, scope: string | undefined, name: string) =>
    scope ? `@${scope}/${name}` : name,
  );
  return {
    id,
    name,
    declaredName: symbol.name,
    package: context.config.short,
    module: '',
    exported: true,
    deepImport: null,
    namespace: null,
    page: '',
    doc: EMPTY_DOC,
    source: null,
    kind: 'reexport',
    // A default export (`import BigNumber from 'bignumber.js'`) goes by the name the package gives it here.
    from: { module: from, name: symbol.name === 'default' ? name : symbol.name },
  };
}
