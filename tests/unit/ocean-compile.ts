// Type-checks TypeScript source that exists only in memory against the installed packages (used by the Ocean tests),
// through the project's one in-memory compiler host (tests/support/typecheck.ts).
import path from 'node:path';
import ts from 'typescript';
import { compileInMemory, fileDiagnostics } from '../support/typecheck';

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
  const program = compileInMemory(new Map(Object.entries(files).map(([name, text]) => [path.join(ROOT, name), text])), options);
  const result: Record<string, VirtualDiagnostic[]> = {};
  for (const name of Object.keys(files)) result[name] = fileDiagnostics(program, path.join(ROOT, name)).map(({ line, message }) => ({ line, message }));
  return result;
}
