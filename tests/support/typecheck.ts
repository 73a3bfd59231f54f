// Type-checks TypeScript sources held in memory as if they were files of the project, against node_modules.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

const EXAMPLE_COMPILER_OPTIONS: ts.CompilerOptions = {
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

/**
 * The one in-memory compiler host of the project: a program over `files` (absolute path -> source), which need not
 * exist on disk, resolving everything else (node_modules above all) from the disk as usual. The example checks, the
 * Ocean snippet checks and the code-block check all compile through it.
 */
export function compileInMemory(files: ReadonlyMap<string, string>, options: ts.CompilerOptions): ts.Program {
  const virtual = new Map([...files].map(([name, text]) => [path.resolve(name), text]));
  const virtualDirs = new Set([...virtual.keys()].map((name) => path.dirname(name)));
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(path.resolve(fileName));
    return text === undefined ? getSourceFile(fileName, languageVersion, onError, shouldCreate) : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtual.has(path.resolve(fileName)) || fileExists(fileName);
  // The virtual files' folders need not exist on disk for imports between them to resolve.
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => virtualDirs.has(path.resolve(name)) || (directoryExists?.(name) ?? fs.existsSync(name));
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => virtual.get(path.resolve(fileName)) ?? readFile(fileName);
  return ts.createProgram({ rootNames: [...virtual.keys()], options, host });
}

/** A file's syntax and type errors in a program, each with its 1-based line. */
export function fileDiagnostics(program: ts.Program, fileName: string): { line: number; code: number; message: string }[] {
  const sourceFile = program.getSourceFile(fileName);
  if (sourceFile === undefined) throw new Error(`virtual file ${fileName} was not compiled`);
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((diagnostic) => ({
    line: diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line + 1,
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}

/** Diagnostics of the given files (name -> source), each placed in `generated/<folder>/`; [] when they compile. */
export function typecheckSources(
  files: ReadonlyMap<string, string>,
  folder = 'examples-typecheck',
  options: ts.CompilerOptions = EXAMPLE_COMPILER_OPTIONS,
): string[] {
  const virtualDir = path.join(ROOT, 'generated', folder);
  const program = compileInMemory(new Map([...files].map(([name, text]) => [path.join(virtualDir, name), text])), options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}
