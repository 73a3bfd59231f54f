// What every source's extractor reads of an installed package: its manifest, where its declarations come from in the
// repository (through the declaration maps), and the public methods of its classes.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { PackageInfo, SourceLocation } from '../../model/types';
import { SourceMap, type RawSourceMap } from './source-map';

/** The declaration file a package.json's `types` names: a folder means its index.d.ts (`"types": "dist"`); no leading `./`. */
function declarationEntry(packageDir: string, types: string): string {
  const relative = path.posix.normalize(types.replace(/\\/g, '/'));
  const absolute = path.join(packageDir, relative);
  return fs.existsSync(absolute) && fs.statSync(absolute).isDirectory() ? path.posix.join(relative, 'index.d.ts') : relative;
}

export function readPackageInfo(packageDir: string): PackageInfo & { types: string } {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    types?: string;
    typings?: string;
    repository?: string | { url?: string };
  };
  const repository = typeof manifest.repository === 'string' ? manifest.repository : (manifest.repository?.url ?? '');
  const repositoryUrl = repository.startsWith('http')
    ? repository.replace(/\.git$/, '').replace(/^git\+/, '')
    : `https://github.com/${repository.replace(/^github:/, '')}`;
  return {
    name: manifest.name,
    version: manifest.version,
    repositoryUrl,
    tag: `v${manifest.version}`,
    types: declarationEntry(packageDir, manifest.types ?? manifest.typings ?? 'index.d.ts'),
  };
}

/** Locates declarations in the repository's sources through the declaration files' source maps. */
export class SourceLocator {
  private readonly maps = new Map<string, SourceMap | null>();

  constructor(
    private readonly packageDir: string,
    private readonly repositoryFolder: string,
  ) {}

  private mapOf(fileName: string): SourceMap | null {
    if (!this.maps.has(fileName)) {
      const mapFile = `${fileName}.map`;
      const map = fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap) : null;
      this.maps.set(fileName, map);
    }
    return this.maps.get(fileName) ?? null;
  }

  locate(node: ts.Node): SourceLocation | null {
    const sourceFile = node.getSourceFile();
    const map = this.mapOf(sourceFile.fileName);
    if (!map) return null;
    const named = (node as ts.Node & { name?: ts.Node }).name ?? node;
    const start = sourceFile.getLineAndCharacterOfPosition(named.getStart());
    const original = map.originalPosition(start.line, start.character);
    if (!original) return null;
    const mapDir = path.relative(this.packageDir, path.dirname(sourceFile.fileName)).split(path.sep).join('/');
    return { path: path.posix.normalize(path.posix.join(this.repositoryFolder, mapDir, original.source)), line: original.line + 1 };
  }

  /** Path of a declaration file's source, without a line. */
  fileOf(sourceFile: ts.SourceFile): SourceLocation {
    const map = this.mapOf(sourceFile.fileName);
    const mapDir = path.relative(this.packageDir, path.dirname(sourceFile.fileName)).split(path.sep).join('/');
    const source = map?.raw.sources[0];
    const relative = source ? path.posix.join(mapDir, source) : path.relative(this.packageDir, sourceFile.fileName).split(path.sep).join('/');
    return { path: path.posix.normalize(path.posix.join(this.repositoryFolder, relative)), line: null };
  }
}

export function isPublicMethod(member: ts.ClassElement): member is ts.MethodDeclaration {
  if (!ts.isMethodDeclaration(member)) return false;
  const flags = ts.getCombinedModifierFlags(member);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static)) === 0 && !ts.isPrivateIdentifier(member.name);
}

export function resolveClass(checker: ts.TypeChecker, node: ts.TypeNode | undefined): ts.ClassDeclaration | null {
  if (!node || !ts.isTypeReferenceNode(node)) return null;
  let symbol = checker.getSymbolAtLocation(node.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.find(ts.isClassDeclaration) ?? null;
}
