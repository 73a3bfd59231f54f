// After the build: every export of the SDK's other 17 packages has its section on the built pages, and every public
// member of an exported class its heading. The exports are read here on their own, from each package's entry point with
// the TypeScript compiler API (not through the generator); a section is found by its heading and the import line the
// section opens with, on any page of the package (/ecosystem/packages/<package>… or /testing/packages/<package>…).
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const BUILD_DIR = process.env.SDK_COVERAGE_BUILD ?? path.join(ROOT, 'build');
const NODE_MODULES = fs.realpathSync(path.join(ROOT, 'node_modules'));

/** The packages and the area their pages live in. */
const PACKAGES: Readonly<Record<string, 'ecosystem' | 'testing'>> = {
  'jellyfish-address': 'ecosystem',
  'jellyfish-crypto': 'ecosystem',
  'jellyfish-network': 'ecosystem',
  'jellyfish-buffer': 'ecosystem',
  'jellyfish-block': 'ecosystem',
  'jellyfish-json': 'ecosystem',
  'jellyfish-transaction': 'ecosystem',
  'jellyfish-transaction-signature': 'ecosystem',
  'jellyfish-transaction-builder': 'ecosystem',
  'jellyfish-wallet': 'ecosystem',
  'jellyfish-wallet-classic': 'ecosystem',
  'jellyfish-wallet-encrypted': 'ecosystem',
  'jellyfish-wallet-mnemonic': 'ecosystem',
  'jellyfish-api-jsonrpc': 'ecosystem',
  'whale-api-wallet': 'ecosystem',
  testcontainers: 'testing',
  'jellyfish-testing': 'testing',
};

interface ExpectedExport {
  pkg: string;
  name: string;
  /** Public members of an exported class: `name`, or `Class.name` for a static one. */
  members: string[];
}

/** The declaration file a package.json's `types` names (a folder means its index.d.ts). */
function entryOf(dir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { types?: string; typings?: string };
  const entry = path.join(dir, manifest.types ?? manifest.typings ?? 'index.d.ts');
  return fs.existsSync(entry) && fs.statSync(entry).isDirectory() ? path.join(entry, 'index.d.ts') : entry;
}

function expectedExports(): ExpectedExport[] {
  const entries = Object.keys(PACKAGES).map((pkg) => ({ pkg, entry: entryOf(path.join(NODE_MODULES, '@defichain', pkg)) }));
  const program = ts.createProgram(
    entries.map(({ entry }) => entry),
    { noEmit: true, types: [], noLib: true },
  );
  const checker = program.getTypeChecker();
  const found: ExpectedExport[] = [];
  for (const { pkg, entry } of entries) {
    const source = program.getSourceFile(entry);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`no entry point for ${pkg}`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const members: string[] = [];
      // A class the package declares (not one it passes on from another npm package, as jellyfish-json does BigNumber).
      const classNode = symbol.declarations?.find(
        (declaration): declaration is ts.ClassDeclaration =>
          ts.isClassDeclaration(declaration) && declaration.getSourceFile().fileName.startsWith(path.join(NODE_MODULES, '@defichain', pkg, path.sep)),
      );
      for (const member of classNode?.members ?? []) {
        const flags = ts.getCombinedModifierFlags(member);
        if (ts.isConstructorDeclaration(member) || flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected) || member.name === undefined) continue;
        if (ts.isPrivateIdentifier(member.name)) continue;
        const name = member.name.getText();
        const shown = flags & ts.ModifierFlags.Static ? `${exported.name}.${name}` : name;
        if (!members.includes(shown)) members.push(shown);
      }
      found.push({ pkg, name: exported.name, members });
    }
  }
  return found;
}

/** Every built page of a package: its own page and, when it is split, the pages below it. */
function packagePages(pkg: string): cheerio.CheerioAPI[] {
  const dir = path.join(BUILD_DIR, PACKAGES[pkg] ?? 'ecosystem', 'packages', pkg);
  const files: string[] = [];
  const walk = (folder: string): void => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name === 'index.html') files.push(file);
    }
  };
  walk(dir);
  return files.map((file) => cheerio.load(fs.readFileSync(file, 'utf8')));
}

const headingText = (text: string): string => text.replace(/\u200b/g, '').trim();

/** The first paragraph of a section: the heading's deferred body (src/components/Deferred) holds it. */
/** The first line of a section after the release history's (`p.since`, "Since 2.18.3") where it has one. */
function sectionFirstLine($: cheerio.CheerioAPI, heading: cheerio.Cheerio<never>): string {
  const body = heading.next();
  const first = body.is('[data-deferred]') ? body.children().first() : body;
  return (first.is('p.since') ? first.next() : first).text();
}

const exports = expectedExports();
const pages = new Map(Object.keys(PACKAGES).map((pkg) => [pkg, packagePages(pkg)]));

describe('SDK package reference in build/', () => {
  it('reads 458 exports from the entry points of the 17 packages', () => {
    expect(new Set(exports.map((entry) => entry.pkg)).size).toBe(17);
    expect(exports).toHaveLength(458);
  });

  it.each(exports.map((entry) => [`${entry.pkg}: ${entry.name}`, entry] as const))('%s has its section, opened by its import', (_label, entry) => {
    const builtPages = pages.get(entry.pkg) ?? [];
    expect(builtPages.length, `pages of ${entry.pkg}`).toBeGreaterThan(0);
    const sections = builtPages.flatMap(($) =>
      $('article h2[id], article h3[id]')
        .filter((_index, element) => headingText($(element).text()) === entry.name)
        .map((_index, element) => sectionFirstLine($, $(element) as cheerio.Cheerio<never>))
        .get(),
    );
    expect(sections.filter((line) => line.includes(`import { ${entry.name} } from '@defichain/${entry.pkg}'`)), `the sections named ${entry.name}`).toHaveLength(1);
  });

  const classes = exports.filter((entry) => entry.members.length > 0);
  it.each(classes.map((entry) => [`${entry.pkg}: ${entry.name}`, entry] as const))('%s has a heading for every public member under its own', (_label, entry) => {
    const headings = (pages.get(entry.pkg) ?? []).flatMap(($) =>
      $('article h2[id]')
        .filter((_index, element) => headingText($(element).text()) === entry.name)
        .map((_index, element) =>
          $(element)
            .nextUntil('h2')
            .filter('h3')
            .map((_i, member) => headingText($(member).text()))
            .get(),
        )
        .get(),
    );
    expect(entry.members.filter((member) => !headings.includes(member))).toEqual([]);
  });
});
