// What the override `prefetch-when-idle` (src/overrides/prefetch-when-idle) relies on in @docusaurus/core: Link reads
// `window.docusaurus` at each call and only to call its prefetch or preload, no other module of core's client keeps
// the object (only the client entry, which staged-start replaces, imports it to put it on window), and the object
// has those two methods and nothing else. Read from core's files with the TypeScript compiler.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CLIENT = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib/client');
const LINK = path.join(CLIENT, 'exports/Link.js');
const OBJECT = path.join(CLIENT, 'docusaurus.js');
const ENTRY = path.join(CLIENT, 'clientEntry.js');

function parse(file: string, text = fs.readFileSync(file, 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JSX);
}

function descendants(node: ts.Node): ts.Node[] {
  const all: ts.Node[] = [];
  const walk = (child: ts.Node): void => {
    all.push(child);
    child.forEachChild(walk);
  };
  node.forEachChild(walk);
  return all;
}

/**
 * What is wrong with a module's reads of `window.docusaurus` for the override: each must call `prefetch` or `preload`
 * on the spot, inside a function (so the property is read at the call, after the override has swapped the object).
 */
function readsProblems(file: ts.SourceFile): string[] {
  const problems: string[] = [];
  for (const node of descendants(file)) {
    if (!ts.isPropertyAccessExpression(node) || node.name.text !== 'docusaurus' || !ts.isIdentifier(node.expression) || node.expression.text !== 'window')
      continue;
    // Putting the object on window (the client entry) is a write, which the override follows.
    const written = ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
    if (written) continue;
    const where = `line ${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const method = node.parent;
    const called =
      ts.isPropertyAccessExpression(method) &&
      method.expression === node &&
      ['prefetch', 'preload'].includes(method.name.text) &&
      ts.isCallExpression(method.parent) &&
      method.parent.expression === method;
    if (!called) problems.push(`${where}: window.docusaurus is read other than to call its prefetch or preload`);
    if (ts.findAncestor(node, ts.isFunctionLike) === undefined) problems.push(`${where}: window.docusaurus is read when the module runs`);
  }
  return problems;
}

/** The modules below `dir` that import core's docusaurus.js (and so hold the frozen object itself). */
function importersOfTheObject(dir = CLIENT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return importersOfTheObject(full);
    if (!entry.name.endsWith('.js')) return [];
    const imports = parse(full)
      .statements.filter(ts.isImportDeclaration)
      .map((declaration) => (declaration.moduleSpecifier as ts.StringLiteral).text)
      .filter((request) => request.startsWith('.') && path.resolve(path.dirname(full), request).replace(/\.js$/, '') === OBJECT.replace(/\.js$/, ''));
    return imports.length > 0 ? [path.relative(CLIENT, full)] : [];
  });
}

/** The names of the object docusaurus.js exports, frozen: `export default Object.freeze(docusaurus)`. */
function objectShape(file: ts.SourceFile): string[] {
  const exported = file.statements.find(ts.isExportAssignment)?.expression;
  if (!exported || !ts.isCallExpression(exported) || exported.expression.getText(file) !== 'Object.freeze') return ['not Object.freeze(...)'];
  const [argument] = exported.arguments;
  const declaration = descendants(file).find(
    (node): node is ts.VariableDeclaration => ts.isVariableDeclaration(node) && argument !== undefined && node.name.getText(file) === argument.getText(file),
  );
  const literal = declaration?.initializer;
  if (!literal || !ts.isObjectLiteralExpression(literal)) return ['not an object literal'];
  return literal.properties.map((property) => property.name?.getText(file) ?? '?').sort();
}

describe("prefetch-when-idle: core's reads of window.docusaurus", () => {
  it('Link reads window.docusaurus.prefetch at each call, inside the component, and has no other hold on the object', () => {
    const link = parse(LINK);
    expect(readsProblems(link)).toEqual([]);
    const calls = descendants(link).filter((node) => ts.isPropertyAccessExpression(node) && node.getText(link) === 'window.docusaurus.prefetch');
    expect(calls.length).toBeGreaterThan(0);
  });

  it('only the client entry imports the frozen object, to put it on window, and no module of the client reads it otherwise', () => {
    expect(importersOfTheObject()).toEqual(['clientEntry.js']);
    expect(parse(ENTRY).getText()).toMatch(/window\.docusaurus = docusaurus;/);
    for (const file of fs.readdirSync(CLIENT, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js')))
      expect(readsProblems(parse(path.join(CLIENT, file))), file).toEqual([]);
  });

  it('the object is frozen and holds prefetch and preload, the shape the override copies', () => {
    expect(objectShape(parse(OBJECT))).toEqual(['prefetch', 'preload']);
  });

  it('goes red when Link keeps the method, reads it once, or the object changes shape', () => {
    const link = fs.readFileSync(LINK, 'utf8');
    const kept = link.replace('window.docusaurus.prefetch(targetLink);', 'const { prefetch } = window.docusaurus;\n prefetch(targetLink);');
    expect(kept).not.toBe(link);
    expect(readsProblems(parse(LINK, kept))).toEqual([expect.stringMatching(/read other than to call/)]);
    const once = `const docusaurusPrefetch = window.docusaurus.prefetch;\n${link}`;
    expect(readsProblems(parse(LINK, once)).join('\n')).toMatch(/read other than to call[\s\S]*read when the module runs/);
    const object = fs.readFileSync(OBJECT, 'utf8');
    const grown = object.replace('    preload,\n};', '    preload,\n    prefetchAll,\n};');
    expect(grown).not.toBe(object);
    expect(objectShape(parse(OBJECT, grown))).toEqual(['prefetch', 'prefetchAll', 'preload']);
  });
});
