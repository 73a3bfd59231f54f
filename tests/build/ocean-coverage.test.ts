// Every endpoint of the installed whale-api-client has its section on the built Ocean page, found without the generator.
import fs from 'node:fs';
import path from 'node:path';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import * as cheerio from 'cheerio';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'node_modules/@defichain/whale-api-client/dist');
const BUILD = path.join(ROOT, 'build/ocean');

interface ClientEndpoint {
  category: string;
  method: string;
  httpMethod: string;
  /** The path's fixed text up to its first placeholder, e.g. `address/`. */
  pathStart: string;
  /** The WhaleApiClient method it calls: requestList for a page of a list. */
  clientMethod: string;
}

/** Category property → class → compiled file, through the compiler API; each method's request call through acorn. */
function listClientEndpoints(): ClientEndpoint[] {
  const entry = path.join(DIST, 'whale.api.client.d.ts');
  const program = ts.createProgram([entry], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const client = program.getSourceFile(entry)?.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === 'WhaleApiClient');
  if (client === undefined) throw new Error('WhaleApiClient not found');
  const endpoints: ClientEndpoint[] = [];
  for (const member of client.members) {
    if (!ts.isPropertyDeclaration(member) || member.type === undefined || !ts.isTypeReferenceNode(member.type)) continue;
    if (ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
    let symbol = checker.getSymbolAtLocation(member.type.typeName);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.find(ts.isClassDeclaration);
    if (declaration?.name === undefined) continue;
    const className = declaration.name.text;
    const jsFile = declaration.getSourceFile().fileName.replace(/\.d\.ts$/, '.js');
    const program = acorn.parse(fs.readFileSync(jsFile, 'utf8'), { ecmaVersion: 'latest', sourceType: 'script' });
    for (const statement of program.body) {
      if (statement.type !== 'ClassDeclaration' || statement.id?.name !== className) continue;
      for (const method of statement.body.body) {
        if (method.type !== 'MethodDefinition' || method.kind !== 'method' || method.key.type !== 'Identifier') continue;
        const methodName = method.key.name;
        walk.simple(method.value.body, {
          CallExpression(call) {
            const callee = call.callee;
            if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !callee.property.name.startsWith('request')) return;
            const [verb, pathArg] = call.arguments;
            if (verb?.type !== 'Literal' || typeof verb.value !== 'string') return;
            let pathStart = '';
            if (pathArg?.type === 'Literal' && typeof pathArg.value === 'string') pathStart = pathArg.value.split('?')[0] ?? '';
            if (pathArg?.type === 'TemplateLiteral') pathStart = (pathArg.quasis[0]?.value.cooked ?? '').split('?')[0] ?? '';
            endpoints.push({ category: member.name.getText(), method: methodName, httpMethod: verb.value, pathStart, clientMethod: callee.property.name });
          },
        });
      }
    }
  }
  return endpoints;
}

/** One h2 section of a built page: its heading and everything up to the next h2, as the reader sees it. */
interface Section {
  text: string;
  links: string[];
  /** Summaries of the disclosures in the section (the Errors list opens from one). */
  disclosures: string[];
}

const loaded = new Map<string, cheerio.CheerioAPI>();

function section(html: string, anchor: string): Section | null {
  let $ = loaded.get(html);
  if ($ === undefined) {
    $ = cheerio.load(html);
    loaded.set(html, $);
  }
  const page = $;
  const heading = page(`h2[id="${anchor}"]`);
  if (heading.length === 0) return null;
  // Generated sections keep their body in a <div data-deferred> (src/components/Deferred): look inside it.
  const body = heading.nextUntil('h2').map((_index, element) => (page(element).is('[data-deferred]') ? page(element).children().toArray() : element));
  return {
    text: [heading.text(), ...body.toArray().map((node) => page(node).text())].join('\n'),
    links: [...body.filter('a[href]').toArray(), ...body.find('a[href]').toArray()].map((node) => page(node).attr('href') ?? ''),
    disclosures: [...body.filter('details').toArray(), ...body.find('details').toArray()].map((node) => page(node).children('summary').text()),
  };
}

function pageHtml(category: string): string {
  const file = [path.join(BUILD, category, 'index.html'), path.join(BUILD, `${category}.html`)].find((candidate) => fs.existsSync(candidate));
  if (file === undefined) throw new Error(`no built page for /ocean/${category} (run the build first)`);
  return fs.readFileSync(file, 'utf8');
}

/** The page's Markdown twin (src/plugins/llms), which holds every tab's panel. */
function twin(category: string): string {
  return fs.readFileSync(path.join(BUILD, `${category}.md`), 'utf8');
}

describe('Ocean reference coverage of the built site', () => {
  const endpoints = listClientEndpoints();

  it('finds the 60 endpoints of whale-api-client 4.0.7 in 15 categories on its own', () => {
    expect(endpoints).toHaveLength(60);
    expect(new Set(endpoints.map((endpoint) => endpoint.category)).size).toBe(15);
  });

  it.each(['address', 'oracles', 'poolpairs', 'prices'])('builds the SPEC page /ocean/%s', (category) => {
    expect(cheerio.load(pageHtml(category))('article h1').text().length).toBeGreaterThan(0);
  });

  it('gives every endpoint a section with its HTTP method, path, curl and client call, example response and links', () => {
    const missing: string[] = [];
    for (const endpoint of endpoints) {
      const where = `${endpoint.category}.${endpoint.method}`;
      const found = section(pageHtml(endpoint.category), endpoint.method.toLowerCase());
      if (found === null) {
        missing.push(`${where}: no section #${endpoint.method.toLowerCase()}`);
        continue;
      }
      const checks: [string, boolean][] = [
        ['HTTP method and path', found.text.includes(`${endpoint.httpMethod} /v0/{network}/${endpoint.pathStart}`)],
        ['curl', found.text.includes(`curl ${endpoint.httpMethod === 'GET' ? "'" : `-X ${endpoint.httpMethod} '`}https://`)],
        // The tabs are lazy: the page's HTML holds the panel shown first (curl), the TypeScript tab renders from the
        // page's data when picked, and the Markdown twin holds both (generator/render/mdx.ts, src/plugins/llms).
        ['client call tab', found.text.includes('WhaleApiClient')],
        ['client call in the Markdown twin', twin(endpoint.category).includes(`client.${endpoint.category}.${endpoint.method}`)],
        ['example response', found.text.includes('Example response')],
        // The Errors list opens from a disclosure (src/components/LazyDetails); its items, the envelope link among them,
        // come from the page's data, as in the twin (tests/build/error-lists.test.ts reads them).
        ['Errors disclosure', found.disclosures.includes('Errors')],
        ['error envelope link in the Markdown twin', twin(endpoint.category).includes('/ocean/#errors')],
      ];
      for (const [what, ok] of checks) if (!ok) missing.push(`${where}: ${what}`);
    }
    expect(missing).toEqual([]);
  });

  it('notes pagination on list endpoints, linking the overview', () => {
    const lists = endpoints.filter((endpoint) => endpoint.clientMethod === 'requestList');
    expect(lists.length).toBeGreaterThan(10);
    for (const endpoint of lists) {
      const found = section(pageHtml(endpoint.category), endpoint.method.toLowerCase());
      expect(found?.links, `${endpoint.category}.${endpoint.method}`).toContain('/ocean/#pagination');
    }
  });

  it('lists every reference page on the overview with its endpoint count', () => {
    const $ = cheerio.load(fs.readFileSync(path.join(BUILD, 'index.html'), 'utf8'));
    for (const category of new Set(endpoints.map((endpoint) => endpoint.category))) {
      const row = $(`article table a[href="/ocean/${category}"]`).closest('tr');
      expect(row.length, category).toBe(1);
      const count = endpoints.filter((endpoint) => endpoint.category === category).length;
      expect(row.find('td').eq(1).text(), category).toBe(String(count));
    }
    expect($('article').text()).toContain('60 endpoints in 15 categories');
  });

  it('lists every reference page in the Ocean sidebar, in an "API reference" group after the overview', () => {
    const $ = cheerio.load(pageHtml('address'));
    const menu = $('nav.menu');
    expect(menu.find('a.menu__link').first().attr('href')).toBe('/ocean/');
    const group = menu.find('.menu__list-item').filter((_, item) => $(item).children('.menu__list-item-collapsible').text().trim() === 'API reference');
    expect(group.length).toBe(1);
    const links = group.find('a.menu__link').toArray().map((link) => $(link).attr('href'));
    for (const category of new Set(endpoints.map((endpoint) => endpoint.category))) expect(links, category).toContain(`/ocean/${category}`);
  });
});
