// A reader who starts from an empty folder and follows the pages alone: the run page's commands make the folder, each
// guide's own install line fills it (tests/support/reader-project.ts: nothing else is reachable from the folder), every
// TypeScript sample of the guide type-checks there under the run page's tsconfig.json (module nodenext) and uses no
// deprecated API, and runs as an ES module (the guides' own tests, wallet-guide and recipes, run each sample in such a
// project against the stand-in Ocean and check what it does). The checks go red on a line that leaves a package out,
// on an import that works only under CommonJS and on a folder left as CommonJS, as the cases below show.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import {
  RUN_PAGE,
  SETUP_COMMANDS,
  compileInProject,
  compilerOptionsOf,
  installLines,
  makeReaderProject,
  projectForPage,
  removeReaderProject,
  typecheckInProject,
  type ReaderProject,
} from '../support/reader-project';
import { runSnippet } from '../support/run-snippet';
import { extractBlocksOfLanguage, extractCodeBlocks, handWrittenDocs, parseMeta } from './code-blocks-checker';

const ROOT = path.resolve(__dirname, '../..');
/** The guides whose samples run as printed. */
const GUIDES = ['docs/ecosystem/wallets.mdx', 'docs/ecosystem/recipes.mdx'];
const WALLETS = 'docs/ecosystem/wallets.mdx';
const BUILDER = '@defichain/jellyfish-transaction-builder';

const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** A page's TypeScript blocks, by title. */
function samples(file: string): Map<string, string> {
  return new Map(extractCodeBlocks(read(file), file).map((block) => [parseMeta(block.meta).get('title') ?? `line-${block.line}.ts`, block.code]));
}

/** The options of the run page's tsconfig.json block. */
function runPageOptions(project: ReaderProject): ts.CompilerOptions {
  const block = extractBlocksOfLanguage(read(RUN_PAGE), RUN_PAGE, 'json').find((candidate) => parseMeta(candidate.meta).get('title') === 'tsconfig.json');
  if (block === undefined) throw new Error(`${RUN_PAGE} has no tsconfig.json block`);
  return compilerOptionsOf(block.code, project);
}

/** The module specifiers a source imports. */
function importsOf(code: string): string[] {
  const file = ts.createSourceFile('sample.ts', code, ts.ScriptTarget.ES2022, true);
  return file.statements.flatMap((statement) =>
    ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) ? [statement.moduleSpecifier.text] : [],
  );
}

/** The package of a bare specifier: `@scope/name/dist/x.js` -> `@scope/name`, `smart-buffer` -> `smart-buffer`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Each use of an API whose declaration carries `@deprecated`, as `file: name`, in the program's files of the project. */
function deprecatedUses(project: ReaderProject, program: ts.Program, files: ReadonlyMap<string, string>): string[] {
  const names = [...files.keys()].map((name) => path.join(project.dir, name));
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const fileName of names) {
    const source = program.getSourceFile(fileName);
    if (source === undefined) throw new Error(`${fileName} was not compiled`);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) {
        const symbol = checker.getSymbolAtLocation(node.name);
        if (symbol?.declarations?.some((declaration) => ts.getJSDocDeprecatedTag(declaration) !== undefined) === true) {
          found.push(`${path.basename(fileName)}: ${node.getText(source)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const projects: ReaderProject[] = [];
function project(page: string, leaveOut: readonly string[] = []): ReaderProject {
  const made = projectForPage(page, { leaveOut });
  projects.push(made);
  return made;
}
afterAll(() => {
  for (const made of projects) removeReaderProject(made);
});

describe('the run page', () => {
  it('points a reader without coins at the regtest masternode of testcontainers, whose fundAddress funds any address', () => {
    const declarations = fs.readFileSync(path.join(ROOT, 'node_modules/@defichain/testcontainers/dist/containers/RegTestContainer/Masternode.d.ts'), 'utf8');
    expect(declarations).toMatch(/Fund an address with an amount and wait for 1 confirmation\.[\s\S]*?fundAddress\(address: string, amount: number\)/);
    expect(read(RUN_PAGE)).toContain('its `fundAddress(address, amount)` sends UTXO\nDFI to any address and waits for one confirmation');
    expect(read(RUN_PAGE)).toContain('](/testing/testcontainers)');
  });

  it('makes the folder with the commands the projects here are made with, and npm init -y alone leaves it CommonJS', () => {
    const setup = extractBlocksOfLanguage(read(RUN_PAGE), RUN_PAGE, 'bash')[0]?.code.split('\n') ?? [];
    expect(setup[0]).toMatch(/^mkdir (\S+) && cd \1$/);
    expect(setup.slice(1)).toEqual(SETUP_COMMANDS);
    const commonjs = makeReaderProject([], { typeModule: false });
    const esm = makeReaderProject([]);
    projects.push(commonjs, esm);
    const typeOf = (made: ReaderProject): unknown => (JSON.parse(fs.readFileSync(path.join(made.dir, 'package.json'), 'utf8')) as { type?: unknown }).type;
    expect([typeOf(commonjs), typeOf(esm)]).toEqual(['commonjs', 'module']);
    expect(read(RUN_PAGE)).toContain('`npm init -y` writes `"type": "commonjs"`');
  });

  it('says what a sample does in a folder left as CommonJS: it stops at its first import', async () => {
    const made = makeReaderProject(installLines(read(WALLETS), WALLETS).dependencies, { typeModule: false });
    projects.push(made);
    const message = 'SyntaxError: Cannot use import statement outside a module';
    expect(read(RUN_PAGE)).toContain(message);
    await expect(runSnippet(samples(WALLETS).get('derive.ts') ?? '', {}, made)).rejects.toThrow(message.replace('SyntaxError: ', ''));
  });

  it('runs a sample with `node file.ts` (Node.js 24 strips the types without a flag) and with tsx, printing what the page shows', () => {
    // process.features.typescript is newer than the @types/node this repository pins.
    expect((process.features as unknown as Record<string, unknown>).typescript).toBe('strip');
    const made = project(WALLETS);
    fs.writeFileSync(path.join(made.dir, 'derive.ts'), samples(WALLETS).get('derive.ts') ?? '');
    const output = extractBlocksOfLanguage(read(WALLETS), WALLETS, 'text').find((block) => parseMeta(block.meta).get('title') === 'Output')?.code;
    const options = { cwd: made.dir, encoding: 'utf8' as const, env: { ...process.env, NODE_OPTIONS: '' } };
    expect(execFileSync(process.execPath, ['derive.ts'], options).trim()).toBe(output);
    expect(execFileSync(process.execPath, [path.join(made.dir, 'node_modules/.bin/tsx'), 'derive.ts'], options).trim()).toBe(output);
    expect(read(RUN_PAGE)).toMatch(/from versions 22\.18\.0 and 23\.6\.0 on/);
  });

  it('names the packages whose install scripts npm warns about: none of @defichain, two with a JavaScript fallback', () => {
    const page = read(RUN_PAGE);
    const tools = installLines(page, RUN_PAGE).dev;
    for (const guide of GUIDES) {
      const made = project(guide);
      const withScripts = installScripts(made.packages.filter((name) => !tools.includes(name)));
      expect(
        withScripts.filter((name) => name.startsWith('@defichain/')),
        guide,
      ).toEqual([]);
      expect(withScripts, guide).toEqual(['keccak@3.0.4', 'tiny-secp256k1@1.1.7']);
    }
    // The tools' line brings one more: tsx's esbuild.
    expect(installScripts(tools).map((name) => name.replace(/@[^@]*$/, ''))).toEqual(['esbuild']);
    expect(page).toContain('`esbuild`');
    expect(page).toContain('`tiny-secp256k1` 1.1.7');
    expect(page).toContain('`keccak` 3.0.4');
    // Each loads its JavaScript implementation when the native addon is missing.
    for (const [name, addon] of [
      ['tiny-secp256k1', './native'],
      ['keccak', './bindings'],
    ] as const) {
      const index = fs.readFileSync(path.join(ROOT, 'node_modules', name, 'index.js'), 'utf8').replace(/\s+/g, ' ');
      expect(index).toContain(`try { module.exports = require('${addon}') } catch (err) { module.exports = require('./js') }`);
    }
  });
});

/** `name@version` of every package in the dependency closure of the given packages that has an install script. */
function installScripts(packages: readonly string[]): string[] {
  const seen = new Map<string, { name: string; version: string; scripts?: Record<string, string> }>();
  const resolveFrom = (dir: string, name: string): string => {
    for (let up = dir; ; up = path.dirname(up)) {
      const candidate = path.join(up, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
      if (path.dirname(up) === up) throw new Error(`${name} does not resolve from ${dir}`);
    }
  };
  const queue = packages.map((name) => resolveFrom(ROOT, name));
  for (let dir = queue.pop(); dir !== undefined; dir = queue.pop()) {
    if (seen.has(dir)) continue;
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      scripts?: Record<string, string>;
      dependencies?: Record<string, string>;
    };
    seen.set(dir, manifest);
    for (const name of Object.keys(manifest.dependencies ?? {})) queue.push(resolveFrom(dir, name));
  }
  return [...seen.values()]
    .filter((manifest) => ['preinstall', 'install', 'postinstall'].some((script) => manifest.scripts?.[script] !== undefined))
    .map((manifest) => `${manifest.name}@${manifest.version}`)
    .sort();
}

/** Pages whose samples do not yet pass these checks, each with what fails; a page that can be edited has no place here. */
const NOT_YET = new Map<string, string>();

/** A run of a page's TypeScript samples and the install block they follow: the nearest one above them. */
interface SampleGroup {
  name: string;
  packages: string[];
  code: Map<string, string>;
}

/**
 * Every hand-written page's TypeScript samples that import a package, grouped by the install block above them (a
 * page with tabs has one per tab); samples with no install block above them form a group without packages.
 */
function sampleGroups(files: readonly string[]): SampleGroup[] {
  const groups: SampleGroup[] = [];
  const tools = installLines(read(RUN_PAGE), RUN_PAGE).dev;
  for (const file of files) {
    const mdx = read(file);
    const installs = extractBlocksOfLanguage(mdx, file, 'bash').filter((block) => /^npm (install|i) /m.test(block.code));
    const byInstall = new Map<number, SampleGroup>();
    for (const block of extractCodeBlocks(mdx, file)) {
      if (block.noCheck !== undefined || block.before !== undefined || !['ts', 'typescript'].includes(block.lang)) continue;
      if (!importsOf(block.code).some((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('.'))) continue;
      const install = installs.filter((candidate) => candidate.line < block.line).at(-1);
      const key = install?.line ?? 0;
      let group = byInstall.get(key);
      if (group === undefined) {
        const line = install === undefined ? { dependencies: [], dev: [] } : installLines(`\`\`\`bash\n${install.code}\n\`\`\`\n`, file);
        group = { name: `${file}, install line ${key}`, packages: [...line.dependencies, ...line.dev], code: new Map() };
        byInstall.set(key, group);
        groups.push(group);
      }
      const title = parseMeta(block.meta).get('title') ?? '';
      group.code.set(title.endsWith('.ts') ? title : `line-${block.line}.ts`, block.code);
    }
    for (const group of byInstall.values()) group.packages = [...new Set([...group.packages, ...tools])];
  }
  return groups;
}

const GROUPS = sampleGroups(handWrittenDocs(ROOT).filter((file) => !NOT_YET.has(file)));

/** The packages a group's samples import that its install line does not name. */
function unnamedImports(group: SampleGroup): string[] {
  const imported = new Set(
    [...group.code.values()]
      .flatMap(importsOf)
      .filter((specifier) => !specifier.startsWith('node:'))
      .map(packageOf),
  );
  return [...imported].filter((name) => !group.packages.includes(name));
}

it('leaves out only the pages it names, each of which still fails the checks', () => {
  // A page that passes goes back into the checks: this test fails as soon as it would.
  for (const page of NOT_YET.keys()) expect(sampleGroups([page]).flatMap(unnamedImports), page).not.toEqual([]);
});

describe.each(GROUPS.map((group) => [group.name, group] as const))('%s, from an empty folder', (_, group) => {
  it('has an install line that names the package of every import', () => {
    expect(unnamedImports(group)).toEqual([]);
    if (group.packages.some((name) => name.startsWith('@defichain/'))) expect(group.packages).toContain('defichain');
  });

  it('type-checks every sample under module nodenext, in a project of its install line alone, and uses no deprecated API', () => {
    const made = makeReaderProject(group.packages);
    projects.push(made);
    const options = runPageOptions(made);
    expect([options.module, options.moduleResolution ?? ts.ModuleResolutionKind.NodeNext]).toEqual([ts.ModuleKind.NodeNext, ts.ModuleResolutionKind.NodeNext]);
    const program = compileInProject(made, group.code, options);
    expect(typecheckInProject(made, program)).toEqual([]);
    expect(deprecatedUses(made, program, group.code)).toEqual([]);
  });
});

it('covers the wallet guide and the recipes, whose samples the guides’ own tests run in such a project', () => {
  for (const guide of GUIDES)
    expect(
      GROUPS.filter((group) => group.name.startsWith(`${guide},`)).map((group) => group.code.size),
      guide,
    ).toEqual([samples(guide).size]);
});

it('links the run page from where readers start, and the package overview to the guides', () => {
  for (const page of ['docs/ecosystem/index.mdx', 'docs/ecosystem/package-reference.mdx', ...GUIDES])
    expect(read(page), page).toContain('](/ecosystem/run-the-samples)');
  for (const guide of ['/ecosystem/wallets', '/ecosystem/recipes']) expect(read('docs/ecosystem/package-reference.mdx')).toContain(`](${guide})`);
});

describe('the checks go red', () => {
  const errors = samples(WALLETS).get('errors.ts') ?? '';
  const extensionless = errors.replace(`${BUILDER}/dist/txn/txn_builder_error.js`, `${BUILDER}/dist/txn/txn_builder_error`);
  const fromRoot = errors.replace(`${BUILDER}/dist/txn/txn_builder_error.js`, BUILDER);

  it('on an install line that leaves out a package a sample imports: TS2307, and Node.js finds no such package', async () => {
    const made = project(WALLETS, [BUILDER]);
    const options = runPageOptions(made);
    expect(typecheckInProject(made, new Map([['errors.ts', errors]]), options)[0]).toMatch(
      /^errors\.ts:5 TS2307 Cannot find module '@defichain\/jellyfish-transaction-builder\/dist\/txn\/txn_builder_error\.js'/,
    );
    await expect(runSnippet(errors, {}, made)).rejects.toThrow(/Cannot find package '@defichain\/jellyfish-transaction-builder'/);
  });

  it('on an import that works only under CommonJS, as the wallet guide says of TxnBuilderError', async () => {
    const made = project(WALLETS);
    const options = runPageOptions(made);
    const page = read(WALLETS);
    // Without `.js`: TS2307 under nodenext, ERR_MODULE_NOT_FOUND in Node.js.
    expect(typecheckInProject(made, new Map([['errors.ts', extensionless]]), options)[0]).toMatch(/^errors\.ts:5 TS2307 /);
    await expect(runSnippet(extensionless, {}, made)).rejects.toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
    expect(page).toContain('`ERR_MODULE_NOT_FOUND` (TypeScript under `module: nodenext` reports the same as TS2307)');
    // From the package's root: a type error, and a SyntaxError when Node.js links the module, before any line runs.
    expect(typecheckInProject(made, new Map([['errors.ts', fromRoot]]), options).slice(0, 2)).toEqual([
      expect.stringMatching(/^errors\.ts:5 TS2724 .* has no exported member named 'TxnBuilderError'/),
      expect.stringMatching(/^errors\.ts:5 TS2305 .* has no exported member 'TxnBuilderErrorType'/),
    ]);
    const message = "SyntaxError: Named export 'TxnBuilderError' not found";
    await expect(runSnippet(fromRoot, {}, made)).rejects.toThrow(message.replace('SyntaxError: ', ''));
    expect(page).toContain(message);
    // Under CommonJS the same import loads and gives undefined.
    const { values } = await runSnippet(`import { TxnBuilderError } from '${BUILDER}';\nconst imported = TxnBuilderError;\n`);
    expect(values).toEqual({ imported: undefined });
  });
});
