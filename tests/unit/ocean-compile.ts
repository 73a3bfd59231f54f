// Type-checks TypeScript source that exists only in memory against the installed packages (used by the Ocean tests).
import path from 'node:path';
import ts from 'typescript';

export interface VirtualDiagnostic {
  /** 1-based line in the virtual file. */
  line: number;
  message: string;
}

const ROOT = path.resolve(__dirname, '../..');

/** Compiles `files` (name → source, placed at the repository root) with strict settings; returns their diagnostics by file. */
export function typeCheck(files: Record<string, string>, settings: { module?: 'commonjs' | 'esnext' } = {}): Record<string, VirtualDiagnostic[]> {
  const esm = settings.module === 'esnext';
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    // ES modules allow the top-level await the page snippets use.
    module: esm ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS,
    moduleResolution: esm ? ts.ModuleResolutionKind.Bundler : ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
  };
  const virtual = new Map(Object.entries(files).map(([name, text]) => [path.join(ROOT, name), text]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (fileName) => virtual.get(fileName) ?? readFile(fileName);
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists(fileName);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    return getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  const result: Record<string, VirtualDiagnostic[]> = {};
  for (const [name, fileName] of Object.keys(files).map((name) => [name, path.join(ROOT, name)] as const)) {
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile === undefined) throw new Error(`virtual file ${name} was not compiled`);
    const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    result[name] = diagnostics.map((d) => ({
      line: d.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(d.start).line + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
  }
  return result;
}
