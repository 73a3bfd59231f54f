// After the build: every public method of the installed api-core has its section, signature and node RPC on its page.
// The list of methods is read here on its own (TypeScript compiler API + acorn), not through the generator.
import fs from 'node:fs';
import path from 'node:path';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import * as cheerio from 'cheerio';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE_DIR = path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core');
const BUILD_DIR = path.join(ROOT, 'build');

interface ExpectedMethod {
  category: string;
  name: string;
  /** Parameter names (or types, for destructured ones) of each overload. */
  overloads: string[][];
  /** Literal RPC names the compiled method passes to client.call. */
  rpcs: string[];
}

/** RPC names per `Class.method`, from the compiled JavaScript. */
function compiledRpcs(jsFile: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const ast = acorn.parse(fs.readFileSync(jsFile, 'utf8'), { ecmaVersion: 'latest', sourceType: 'script' });
  walk.simple(ast, {
    ClassDeclaration(node) {
      for (const member of node.body.body) {
        if (member.type !== 'MethodDefinition' || member.key.type !== 'Identifier') continue;
        const names: string[] = [];
        walk.simple(member.value, {
          CallExpression(call) {
            const callee = call.callee;
            const first = call.arguments[0];
            if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'call' && first?.type === 'Literal' && typeof first.value === 'string') {
              if (!names.includes(first.value)) names.push(first.value);
            }
          },
        });
        found.set(`${node.id?.name ?? ''}.${member.key.name}`, names);
      }
    },
  });
  return found;
}

function expectedMethods(): ExpectedMethod[] {
  const entry = path.join(PACKAGE_DIR, 'dist/index.d.ts');
  const program = ts.createProgram([entry], { noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const client = program.getSourceFile(entry)?.statements.find((statement): statement is ts.ClassDeclaration => ts.isClassDeclaration(statement) && statement.name?.text === 'ApiClient');
  if (!client) throw new Error('ApiClient not found');
  const methods: ExpectedMethod[] = [];
  for (const member of client.members) {
    if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    let symbol = checker.getSymbolAtLocation(member.type.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const classNode = symbol?.declarations?.find(ts.isClassDeclaration);
    if (!classNode?.name) continue;
    const rpcs = compiledRpcs(classNode.getSourceFile().fileName.replace(/\.d\.ts$/, '.js'));
    const byName = new Map<string, string[][]>();
    for (const element of classNode.members) {
      if (!ts.isMethodDeclaration(element) || ts.getCombinedModifierFlags(element) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      const name = element.name.getText();
      // A destructured parameter (`{ from, to }: EvmTxOptions`) has no name of its own: its type must show instead.
      const shown = element.parameters.map((parameter) => (ts.isIdentifier(parameter.name) ? `${parameter.name.text}` : (parameter.type?.getText() ?? '')));
      byName.set(name, [...(byName.get(name) ?? []), shown]);
    }
    for (const [name, overloads] of byName) {
      methods.push({ category: member.name.text, name, overloads, rpcs: rpcs.get(`${classNode.name.text}.${name}`) ?? [] });
    }
  }
  return methods;
}

const methods = expectedMethods();
const pages = new Map<string, cheerio.CheerioAPI[]>();
/**
 * The built pages of a category: its own, and the pages below its route where it is split into several (a folder of
 * the build beside `index.html`, /node/jellyfish/api/loan/vaults/).
 */
function categoryPages(category: string): cheerio.CheerioAPI[] {
  let found = pages.get(category);
  if (!found) {
    const dir = path.join(BUILD_DIR, 'node/jellyfish/api', category);
    const further = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'index.html')))
      .map((entry) => path.join(dir, entry.name, 'index.html'));
    found = [path.join(dir, 'index.html'), ...further].map((file) => cheerio.load(fs.readFileSync(file, 'utf8')));
    pages.set(category, found);
  }
  return found;
}

/** The one page of a category that has the method's section (the first when none has: the test then names what is missing). */
function page(category: string, id: string): cheerio.CheerioAPI {
  const holding = categoryPages(category).filter(($) => $(`h2#${id}`).length > 0);
  expect(holding.length, `pages of ${category} with a section #${id}`).toBeLessThanOrEqual(1);
  const [first] = holding.length > 0 ? holding : categoryPages(category);
  if (first === undefined) throw new Error(`no page of ${category}`);
  return first;
}

/** The elements between a method's h2 and the next h2. */
function sectionOf($: cheerio.CheerioAPI, id: string) {
  const heading = $(`h2#${id}`);
  // Generated sections keep their body in a <div data-deferred> (src/components/Deferred): look inside it.
  const body = heading.nextUntil('h2').map((_index, element) => ($(element).is('[data-deferred]') ? $(element).children().toArray() : element));
  return { heading, body };
}

describe('RPC reference in build/', () => {
  it('finds the package surface: 18 categories and every public method', () => {
    expect(new Set(methods.map((method) => method.category)).size).toBe(18);
    expect(methods.length).toBeGreaterThan(200);
  });

  it.each(methods.map((method) => [`${method.category}.${method.name}`, method] as const))('%s has its section, signatures and node RPC', (_label, method) => {
    const $ = page(method.category, method.name.toLowerCase());
    const { heading, body } = sectionOf($, method.name.toLowerCase());
    expect(heading.length, 'h2 with the method anchor').toBe(1);
    expect(heading.text()).toContain(method.name);
    const signatures = body.filter('pre.api-signature').map((_index, element) => $(element).text()).get();
    expect(signatures).toHaveLength(method.overloads.length);
    method.overloads.forEach((parameters, index) => {
      const text = signatures[index] ?? '';
      expect(text.startsWith(`${method.name}(`), text).toBe(true);
      for (const parameter of parameters) expect(text).toContain(`${parameter}`);
    });
    const rpcLine = body.filter('p').filter((_index, element) => $(element).text().startsWith('Node RPC')).text();
    expect(rpcLine).not.toBe('');
    for (const rpc of method.rpcs) expect(rpcLine).toContain(rpc);
    expect(body.find('code').text()).toContain(`client.${method.category}.${method.name}(`);
  });

  it('the node sidebar links all category pages', () => {
    const $ = cheerio.load(fs.readFileSync(path.join(BUILD_DIR, 'node/jellyfish/api/blockchain/index.html'), 'utf8'));
    // The sidebar's own links (the pages' previous/next links are in a nav too).
    const sidebarLinks = $('nav[aria-label="Docs sidebar"] a[href^="/node/jellyfish/api/"]').map((_index, element) => $(element).attr('href')).get();
    // The ApiClient categories, and the node-only folder's index page (its category is collapsed: the pages in it are not
    // rendered as links until it opens; so are the pages below a split category's own, which links the category).
    const expected = [...new Set(methods.map((method) => method.category))].map((category) => `/node/jellyfish/api/${category}`);
    expect(new Set(sidebarLinks)).toEqual(new Set([...expected, '/node/jellyfish/api/node-only/']));
  });
});
