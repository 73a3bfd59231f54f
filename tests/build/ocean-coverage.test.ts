// Every endpoint of the installed whale-api-client has its section on the built Ocean page, found without the generator.
import fs from 'node:fs';
import path from 'node:path';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
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

/** The HTML of one h2 section: from its heading to the next h2. */
function section(html: string, anchor: string): string | null {
  const start = html.search(new RegExp(`<h2[^>]*\\bid="?${anchor}"?[\\s>]`));
  if (start < 0) return null;
  const next = html.indexOf('<h2', start + 3);
  return html.slice(start, next < 0 ? undefined : next);
}

/** The text a reader sees in some HTML: tags dropped, the usual entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Whether the HTML links to `href` (the minified build leaves some attribute values unquoted). */
function linksTo(html: string, href: string): boolean {
  return html.includes(`href="${href}"`) || html.includes(`href=${href}>`) || html.includes(`href=${href} `);
}

function pageHtml(category: string): string {
  const file = [path.join(BUILD, category, 'index.html'), path.join(BUILD, `${category}.html`)].find((candidate) => fs.existsSync(candidate));
  if (file === undefined) throw new Error(`no built page for /ocean/${category} (run the build first)`);
  return fs.readFileSync(file, 'utf8');
}

describe('Ocean reference coverage of the built site', () => {
  const endpoints = listClientEndpoints();

  it('finds the 60 endpoints of whale-api-client 4.0.7 in 15 categories on its own', () => {
    expect(endpoints).toHaveLength(60);
    expect(new Set(endpoints.map((endpoint) => endpoint.category)).size).toBe(15);
  });

  it.each(['address', 'oracles', 'poolpairs', 'prices'])('builds the SPEC page /ocean/%s', (category) => {
    expect(pageHtml(category)).toContain('<h1');
  });

  it('gives every endpoint a section with its HTTP method, path, curl and client call, example response and links', () => {
    const missing: string[] = [];
    for (const endpoint of endpoints) {
      const where = `${endpoint.category}.${endpoint.method}`;
      const html = section(pageHtml(endpoint.category), endpoint.method.toLowerCase());
      if (html === null) {
        missing.push(`${where}: no section #${endpoint.method.toLowerCase()}`);
        continue;
      }
      const text = visibleText(html);
      const checks: [string, boolean][] = [
        ['HTTP method and path', text.includes(`${endpoint.httpMethod} /v0/{network}/${endpoint.pathStart}`)],
        ['curl', text.includes(`curl ${endpoint.httpMethod === 'GET' ? "'" : `-X ${endpoint.httpMethod} '`}https://`)],
        ['client call', text.includes(`client.${endpoint.category}.${endpoint.method}`)],
        ['example response', text.includes('Example response')],
        ['error envelope link', linksTo(html, '/ocean/#errors')],
      ];
      for (const [what, ok] of checks) if (!ok) missing.push(`${where}: ${what}`);
    }
    expect(missing).toEqual([]);
  });

  it('notes pagination on list endpoints, linking the overview', () => {
    const lists = endpoints.filter((endpoint) => endpoint.clientMethod === 'requestList');
    expect(lists.length).toBeGreaterThan(10);
    for (const endpoint of lists) {
      const html = section(pageHtml(endpoint.category), endpoint.method.toLowerCase()) ?? '';
      expect(linksTo(html, '/ocean/#pagination'), `${endpoint.category}.${endpoint.method}`).toBe(true);
    }
  });

  it('lists every reference page on the overview with its endpoint count', () => {
    const overview = fs.readFileSync(path.join(BUILD, 'index.html'), 'utf8');
    const text = visibleText(overview);
    for (const category of new Set(endpoints.map((endpoint) => endpoint.category))) {
      expect(linksTo(overview, `/ocean/${category}`), category).toBe(true);
      const count = endpoints.filter((endpoint) => endpoint.category === category).length;
      // The count sits in the cell after the page's link: `<a href=/ocean/address>Address</a><td>8`.
      const row = new RegExp(`href="?/ocean/${category}"?>[^<]*</a>(?:</td>)?<td>(\\d+)`).exec(overview);
      expect(row?.[1], category).toBe(String(count));
    }
    expect(text).toContain('60 endpoints in 15 categories');
  });
});
