// Type-checks TypeScript sources held in memory as if they were files of the project, against node_modules.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

export const EXAMPLE_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
  skipLibCheck: true,
  isolatedModules: true,
};

/** Diagnostics of the given files (name -> source), each placed in `generated/<folder>/`; [] when they compile. */
export function typecheckSources(
  files: ReadonlyMap<string, string>,
  folder = 'examples-typecheck',
  options: ts.CompilerOptions = EXAMPLE_COMPILER_OPTIONS,
): string[] {
  const virtualDir = path.join(ROOT, 'generated', folder);
  const host = ts.createCompilerHost(options);
  const virtual = new Map([...files].map(([name, text]) => [path.join(virtualDir, name), text]));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(path.resolve(fileName));
    return text === undefined ? getSourceFile(fileName, languageVersion, onError, shouldCreate) : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtual.has(path.resolve(fileName)) || fileExists(fileName);
  // The virtual files' folder need not exist on disk for imports between them to resolve.
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => path.resolve(name) === virtualDir || (directoryExists?.(name) ?? fs.existsSync(name));
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => virtual.get(path.resolve(fileName)) ?? readFile(fileName);
  const program = ts.createProgram([...virtual.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}
