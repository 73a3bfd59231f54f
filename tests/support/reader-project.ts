// A reader's project, as the guides tell a reader to make one: a folder outside this repository, the package.json
// that `npm init -y` writes with `"type": "module"` set, and a node_modules that holds only the packages named on the
// page's install lines. Each of those is a symbolic link to the copy this repository installed (so it runs offline
// after `npm ci`); Node.js and TypeScript follow a link to the real folder, where a package's own dependencies resolve
// as they would in pnpm's strict layout. A sample file of the project itself finds nothing the lines do not name.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { extractBlocksOfLanguage } from '../unit/code-blocks-checker';
import { compileInMemory } from './typecheck';

const ROOT = path.resolve(__dirname, '../..');

/** The package name of an install argument: `bignumber.js@^9` -> `bignumber.js`, `@scope/name@1` -> `@scope/name`. */
function packageName(argument: string): string {
  const at = argument.indexOf('@', 1);
  return at < 0 ? argument : argument.slice(0, at);
}

/**
 * The packages of the `npm install` lines of a page's `bash` blocks, flags left out, in page order; `dev` are those of
 * `npm install --save-dev` (or `-D`) lines.
 */
export function installLines(mdx: string, file: string): { dependencies: string[]; dev: string[] } {
  const dependencies: string[] = [];
  const dev: string[] = [];
  for (const block of extractBlocksOfLanguage(mdx, file, 'bash')) {
    for (const line of block.code.split('\n')) {
      const words = line.trim().split(/\s+/);
      if (words[0] !== 'npm' || (words[1] !== 'install' && words[1] !== 'i')) continue;
      const target = words.includes('--save-dev') || words.includes('-D') ? dev : dependencies;
      target.push(
        ...words
          .slice(2)
          .filter((word) => !word.startsWith('-'))
          .map(packageName),
      );
    }
  }
  return { dependencies, dev };
}

export interface ReaderProject {
  dir: string;
  /** The packages its node_modules holds. */
  packages: string[];
}

/**
 * Makes a project in a fresh folder of the system's temporary directory: `npm init -y` (run for real, offline), then
 * `npm pkg set type=module`, then a link for each package of `packages` to this repository's installed copy.
 */
export function makeReaderProject(packages: readonly string[], { typeModule = true } = {}): ReaderProject {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-project-'));
  // No node_modules above the folder: else a package the page does not name could still resolve from there.
  for (let up = path.dirname(dir); ; up = path.dirname(up)) {
    if (fs.existsSync(path.join(up, 'node_modules'))) throw new Error(`${up} holds a node_modules: the project would not be strict`);
    if (path.dirname(up) === up) break;
  }
  const npm = (...args: string[]): void => {
    execFileSync('npm', args, { cwd: dir, stdio: 'ignore', env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' } });
  };
  npm('init', '-y');
  if (typeModule) npm('pkg', 'set', 'type=module');
  fs.mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
  for (const name of packages) {
    const source = path.join(ROOT, 'node_modules', name);
    if (!fs.existsSync(path.join(source, 'package.json'))) throw new Error(`${name} is not installed in this repository`);
    const link = path.join(dir, 'node_modules', name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(source, link, 'dir');
    // Its commands in node_modules/.bin, as npm links them, for `npx <command>`.
    const { bin } = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
    const commands = typeof bin === 'string' ? { [name.split('/').at(-1) ?? name]: bin } : (bin ?? {});
    for (const [command, target] of Object.entries(commands)) fs.symlinkSync(path.join(source, target), path.join(dir, 'node_modules/.bin', command));
  }
  // Imports a module with Node.js's own ES module loader, from code that Node.js (not the test runner) compiled.
  fs.writeFileSync(path.join(dir, 'node_modules', '.import.cjs'), 'module.exports = (url) => import(url);\n');
  return { dir, packages: [...packages] };
}

/** Node.js's own `import()`, so that a module of the project resolves and loads exactly as `node file.ts` would. */
export function nativeImport(project: ReaderProject): (url: string) => Promise<Record<string, unknown>> {
  return createRequire(path.join(project.dir, 'package.json'))('./node_modules/.import.cjs') as (url: string) => Promise<Record<string, unknown>>;
}

export function removeReaderProject(project: ReaderProject): void {
  fs.rmSync(project.dir, { recursive: true, force: true });
}

/** The compiler options of a `tsconfig.json` block (its `compilerOptions`), as TypeScript reads them. */
export function compilerOptionsOf(tsconfigText: string, project: ReaderProject): ts.CompilerOptions {
  const parsed = ts.parseConfigFileTextToJson('tsconfig.json', tsconfigText);
  if (parsed.error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n'));
  const { options, errors } = ts.convertCompilerOptionsFromJson((parsed.config as { compilerOptions?: unknown }).compilerOptions, project.dir);
  if (errors.length > 0) throw new Error(errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n')).join('\n'));
  return options;
}

/** A program over sources placed as files of the project (name -> source), with the given options. */
export function compileInProject(project: ReaderProject, files: ReadonlyMap<string, string>, options: ts.CompilerOptions): ts.Program {
  return compileInMemory(new Map([...files].map(([name, text]) => [path.join(project.dir, name), text])), {
    ...options,
    typeRoots: [path.join(project.dir, 'node_modules/@types')],
  });
}

/**
 * Type-checks sources as files of the project (name -> source), with the given options: TypeScript reads the
 * project's package.json to know they are ES modules and resolves their imports from its node_modules. One line per
 * diagnostic, `file:line TS<code> message`; [] when they compile.
 */
export function typecheckInProject(project: ReaderProject, files: ReadonlyMap<string, string> | ts.Program, options: ts.CompilerOptions = {}): string[] {
  const program = files instanceof Map ? compileInProject(project, files, options) : (files as ts.Program);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${path.relative(project.dir, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

/** The page that tells a reader how to set up a folder for the samples, and names the tools' install line. */
export const RUN_PAGE = 'docs/ecosystem/run-the-samples.mdx';
/** The commands of the run page's first block after `mkdir … && cd …`, which makeReaderProject runs. */
export const SETUP_COMMANDS = ['npm init -y', 'npm pkg set type=module'];

/** A reader's project for a guide: the packages of the guide's own install lines and the run page's tools. */
export function projectForPage(page: string, { leaveOut = [] as readonly string[] } = {}): ReaderProject {
  const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');
  const guide = installLines(read(page), page);
  const tools = installLines(read(RUN_PAGE), RUN_PAGE);
  const packages = [...guide.dependencies, ...guide.dev, ...tools.dev].filter((name) => !leaveOut.includes(name));
  return makeReaderProject([...new Set(packages)]);
}
