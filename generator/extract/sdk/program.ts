// Opens the SDK's packages as one TypeScript program, so that a type of one (`CTransactionSegWit` in a builder
// signature) resolves to its declaration in another, by the same id the model lists it under. What every reader of the
// declarations shares travels in one `SdkProgram`: the packages, the checker, each export's id, the reader of type
// declarations, the compiled JavaScript read so far and the warnings.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { PackageInfo, TypeDeclaration } from '../../model/types';
import { readPackageInfo, SourceLocator } from '../common/package';
import { TypeReader } from '../common/typescript';
import { readCompiledSdkModule, type CompiledModule } from './compiled';
import type { SdkPackageConfig } from './packages';

export interface SdkExtractOptions {
  /** The folder that holds `@defichain/<package>` (the site's node_modules). */
  nodeModules: string;
  packages: readonly SdkPackageConfig[];
}

export interface PackageContext {
  config: SdkPackageConfig;
  dir: string;
  info: PackageInfo & { types: string };
  /** Absolute folder of the declaration files (the entry's folder). */
  distDir: string;
  entry: string;
  locator: SourceLocator;
}

interface NamedExport {
  name: string;
  /** The declared symbol (an alias resolved). */
  symbol: ts.Symbol;
}

export interface SdkProgram {
  contexts: readonly PackageContext[];
  /** The first package's manifest, whose version, repository and tag stand for all of them. */
  first: PackageInfo;
  program: ts.Program;
  checker: ts.TypeChecker;
  /** Each exported declaration's id, `<package>.<name>`. */
  exportIds: ReadonlyMap<ts.Declaration, string>;
  exportsOf: ReadonlyMap<PackageContext, readonly NamedExport[]>;
  reader: TypeReader;
  /** The compiled module beside each declaration file read so far (null where there is none). */
  compiled: Map<string, CompiledModule | null>;
  warnings: string[];
}

/** Reads the packages' manifests (one version for all), builds the program and gives every export its id. */
export function openSdkProgram(options: SdkExtractOptions): SdkProgram {
  // The real path: TypeScript resolves one package's import of another to it (node_modules may be a link).
  const nodeModules = fs.realpathSync(path.resolve(options.nodeModules));
  const contexts: PackageContext[] = options.packages.map((config) => {
    const dir = path.join(nodeModules, '@defichain', config.short);
    const info = readPackageInfo(dir);
    const entry = path.join(dir, info.types);
    return { config, dir, info, distDir: path.dirname(entry), entry, locator: new SourceLocator(dir, `packages/${config.short}`) };
  });
  const first = readPackageInfo(contexts[0]?.dir ?? '');
  for (const { info } of contexts) {
    if (info.version !== first.version)
      throw new Error(`extract: ${info.name} is ${info.version}, the others ${first.version}: pin every @defichain package to one version`);
  }

  // No default library: built-ins (Promise, Array, Record) resolve to nothing and are read as globals.
  const program = ts.createProgram(
    contexts.flatMap((context) => [context.entry, ...(context.config.unexportedModules ?? []).map((module) => path.join(context.distDir, `${module}.d.ts`))]),
    { strict: true, noEmit: true, skipLibCheck: true, types: [], noLib: true },
  );
  const checker = program.getTypeChecker();

  // Every package's exports first, so that a declaration has the same id wherever it is met: `<package>.<name>`.
  const exportIds = new Map<ts.Declaration, string>();
  const exportsOf = new Map<PackageContext, NamedExport[]>();
  for (const context of contexts) {
    const entryFile = program.getSourceFile(context.entry);
    const entrySymbol = entryFile === undefined ? undefined : checker.getSymbolAtLocation(entryFile);
    if (entrySymbol === undefined) throw new Error(`extract: cannot read ${context.entry}`);
    const list = checker.getExportsOfModule(entrySymbol).map((symbol) => ({ name: symbol.name, symbol: resolveAlias(checker, symbol) }));
    exportsOf.set(context, list);
    for (const { name, symbol } of list) {
      for (const declaration of symbol.declarations ?? []) {
        if (packageOf(contexts, declaration.getSourceFile().fileName) === context && !exportIds.has(declaration))
          exportIds.set(declaration, `${context.config.short}.${name}`);
      }
    }
  }

  /** A declaration's id: its export's, a namespace member's `<package>.<Namespace>.<name>`, else `<package>.<module>.<name>`. */
  const idOf = (declaration: ts.Declaration, name: string): string => {
    const exported = exportIds.get(declaration);
    if (exported !== undefined) return exported;
    const context = packageOf(contexts, declaration.getSourceFile().fileName);
    const short = context?.config.short ?? 'external';
    const namespace = namespaceOf(declaration);
    if (namespace !== null) {
      const owner = exportIds.get(namespace.declaration);
      return `${owner ?? `${short}.${namespace.name}`}.${name}`;
    }
    return `${short}.${context === undefined ? '' : moduleOf(context, declaration.getSourceFile().fileName)}.${name}`;
  };
  const reader = new TypeReader(checker, { rootDir: nodeModules, includes: (fileName) => packageOf(contexts, fileName) !== undefined, idOf });
  return { contexts, first, program, checker, exportIds, exportsOf, reader, compiled: new Map(), warnings: [] };
}

function packageOf(contexts: readonly PackageContext[], fileName: string): PackageContext | undefined {
  return contexts.find((context) => {
    const relative = path.relative(context.distDir, fileName);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) && !relative.includes('node_modules');
  });
}

/** The package whose declaration files hold a file, or undefined (another npm package, the language). */
export function contextOf(sdk: SdkProgram, fileName: string): PackageContext | undefined {
  return packageOf(sdk.contexts, fileName);
}

/** A declaration file's module path below its package's declaration folder (`script/dftx/dftx_pool`). */
export function moduleOf(context: PackageContext, fileName: string): string {
  return path
    .relative(context.distDir, fileName)
    .split(path.sep)
    .join('/')
    .replace(/\.d\.ts$/, '');
}

export function resolveAlias(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** The compiled JavaScript beside a declaration file, read once, or null when the package ships none. */
export function compiledOf(sdk: SdkProgram, declarationFile: string): CompiledModule | null {
  const jsFile = declarationFile.replace(/\.d\.ts$/, '.js');
  if (!sdk.compiled.has(jsFile)) sdk.compiled.set(jsFile, fs.existsSync(jsFile) ? readCompiledSdkModule(fs.readFileSync(jsFile, 'utf8')) : null);
  return sdk.compiled.get(jsFile) ?? null;
}

/** Where a declaration stands in the SDK's repository (through the declaration maps), or null outside the packages. */
export function locate(sdk: SdkProgram, node: ts.Node): TypeDeclaration['source'] {
  const context = contextOf(sdk, node.getSourceFile().fileName);
  return context === undefined ? null : context.locator.locate(node);
}

/** The namespace a declaration sits in (`BitcoinJsLib` for its `Network`), or null. */
export function namespaceOf(node: ts.Node): { name: string; declaration: ts.ModuleDeclaration } | null {
  for (let parent = node.parent; parent !== undefined; parent = parent.parent) {
    if (ts.isModuleDeclaration(parent) && !ts.isStringLiteral(parent.name)) return { name: parent.name.text, declaration: parent };
    if (ts.isSourceFile(parent)) return null;
  }
  return null;
}
