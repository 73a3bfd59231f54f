// Runs a TypeScript snippet as a page shows it: compiled with the project's TypeScript, its imports resolved from
// the project's node_modules, top-level await allowed. Only the host URLs named in `replace` are swapped (for the
// stand-in's); the value of one constant the snippet declares is handed back.
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

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

export async function runSnippet(source: string, replace: Readonly<Record<string, string>> = {}): Promise<SnippetRun> {
  let code = source;
  for (const [from, to] of Object.entries(replace)) {
    if (!code.includes(from)) throw new Error(`the snippet does not contain ${from}`);
    code = code.split(from).join(to);
  }
  const names = topLevelConstants(code);
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
