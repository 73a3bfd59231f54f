// The usage examples on the RPC pages type-check against the installed packages (strict TypeScript).
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { extractRpcReference } from '../../generator/extract/rpc';
import { renderCategoryPage } from '../../generator/render/rpc-page';

const ROOT = path.resolve(__dirname, '../..');
const API_CORE_DIR = path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core');
/** Examples are compiled as if they were files of the project, without writing them. */
const VIRTUAL_DIR = path.join(ROOT, 'generated/examples-typecheck');

const OPTIONS: ts.CompilerOptions = {
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

function typecheck(files: ReadonlyMap<string, string>): string[] {
  const host = ts.createCompilerHost(OPTIONS);
  const virtual = new Map([...files].map(([name, text]) => [path.join(VIRTUAL_DIR, name), text]));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(path.resolve(fileName));
    return text === undefined ? getSourceFile(fileName, languageVersion, onError, shouldCreate) : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtual.has(path.resolve(fileName)) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => virtual.get(path.resolve(fileName)) ?? readFile(fileName);
  const program = ts.createProgram([...virtual.keys()], OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

describe('RPC usage examples', () => {
  const reference = extractRpcReference({ packageDir: API_CORE_DIR, repositoryFolder: 'packages/jellyfish-api-core' });
  const files = new Map<string, string>();
  for (const category of reference.categories) {
    const page = renderCategoryPage(reference, category);
    files.set(page.setup.fileName, page.setup.typescript);
    for (const example of page.examples) files.set(example.fileName, example.typescript);
  }

  it('has one example per method and one set-up per category', () => {
    const methods = reference.categories.reduce((sum, category) => sum + category.methods.length, 0);
    expect(files.size).toBe(methods + reference.categories.length);
  });

  it('compiles every example against the installed packages', () => {
    expect(typecheck(files)).toEqual([]);
  });

  it('reports a wrong example (the check can fail)', () => {
    const broken = new Map([['broken.ts', "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';\nconst client = new JsonRpcClient('http://user:pass@127.0.0.1:8554');\nconst count: string = await client.blockchain.getBlockCount();\n"]]);
    expect(typecheck(broken).join('\n')).toMatch(/Type 'number' is not assignable to type 'string'/);
  });
});
