// Runs a TypeScript snippet as a page shows it, top-level await allowed. Only the host URLs named in `replace` are
// swapped (for the stand-in's); the values of the constants the snippet declares are handed back. Without a reader's
// project it is compiled to CommonJS with the project's TypeScript and its imports resolve from this repository's
// node_modules; with one, it is written into that project as a `.ts` file and loaded by Node.js's own ES module
// loader, which strips the types and resolves each import from the project's node_modules alone, as `node file.ts`
// does for a reader.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { nativeImport, type ReaderProject } from './reader-project';

const ROOT = path.resolve(__dirname, '../..');
const projectRequire = createRequire(path.join(ROOT, 'package.json'));
// The constructor of async functions, which has no global name: a snippet's body becomes one.
const AsyncFunction = (Object.getPrototypeOf(async () => undefined) as { constructor: new (...args: string[]) => (...values: unknown[]) => Promise<unknown> })
  .constructor;

export interface SnippetRun {
  /** The constants the snippet declared at its top level, by name. */
  values: Record<string, unknown>;
}

/** Names of the `const` declarations at the top level of a snippet. */
export function topLevelConstants(source: string): string[] {
  const file = ts.createSourceFile('snippet.ts', source, ts.ScriptTarget.ES2022, true);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
  }
  return names;
}

/** How many snippets ran as modules: each gets a file of its own, so that none is taken from the module cache. */
let modulesRun = 0;

async function runAsModule(code: string, names: readonly string[], project: ReaderProject): Promise<SnippetRun> {
  modulesRun += 1;
  const file = path.join(project.dir, `snippet-${modulesRun}.ts`);
  fs.writeFileSync(file, `${code}\nexport { ${names.join(', ')} };\n`);
  const namespace = await nativeImport(project)(pathToFileURL(file).href);
  return { values: { ...namespace } };
}

export async function runSnippet(source: string, replace: Readonly<Record<string, string>> = {}, project?: ReaderProject): Promise<SnippetRun> {
  let code = source;
  for (const [from, to] of Object.entries(replace)) {
    if (!code.includes(from)) throw new Error(`the snippet does not contain ${from}`);
    code = code.split(from).join(to);
  }
  const names = topLevelConstants(code);
  if (project !== undefined) return await runAsModule(code, names, project);
  const output = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, strict: true },
    reportDiagnostics: true,
  });
  const syntax = output.diagnostics?.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error) ?? [];
  if (syntax.length > 0) throw new Error(syntax.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')).join('\n'));
  const body = `${output.outputText}\nreturn { ${names.join(', ')} };`;
  const run = new AsyncFunction('require', 'exports', 'module', body);
  const module = { exports: {} };
  const values = (await run(projectRequire, module.exports, module)) as Record<string, unknown>;
  return { values };
}
