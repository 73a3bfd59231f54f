// src/overrides/staged-start: the client entry that starts the page in stages, each in a task of its own.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import stagedStart, { STAGED_ENTRY } from '../../src/overrides/staged-start';
import { inStages, nextTask } from '../../src/overrides/staged-start/stages';

const CORE_CLIENT = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib', 'client');

/** The module requests of a file: import declarations and import() calls, read with the TypeScript compiler API. */
function requestsOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0]))
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('nextTask', () => {
  it("uses the browser's scheduler.yield where there is one", async () => {
    let yielded = 0;
    await nextTask({ scheduler: { yield: () => ((yielded += 1), Promise.resolve()) } });
    expect(yielded).toBe(1);
  });

  it('otherwise resolves in a new task, after the microtasks queued before it', async () => {
    const order: string[] = [];
    const next = nextTask({ MessageChannel }).then(() => order.push('next task'));
    void Promise.resolve()
      .then(() => order.push('microtask'))
      .then(() => order.push('second microtask'));
    await next;
    expect(order).toEqual(['microtask', 'second microtask', 'next task']);
  });
});

describe('inStages', () => {
  it('runs each step after a yield, in order, waiting for a step that returns a promise', async () => {
    const log: string[] = [];
    const next = (): Promise<void> => {
      log.push('yield');
      return Promise.resolve();
    };
    await inStages([() => log.push('a'), () => new Promise<void>((resolve) => setTimeout(() => (log.push('b'), resolve()), 5)), () => log.push('c')], next);
    expect(log).toEqual(['yield', 'a', 'yield', 'b', 'yield', 'c']);
  });
});

describe('the plugin', () => {
  const configure = stagedStart().configureWebpack as (config: { mode: string }, isServer: boolean) => Record<string, unknown>;

  it('replaces the entry of the production client bundle only, and puts React and the theme in chunks of their own there', () => {
    type Group = { test: RegExp };
    const client = configure({ mode: 'production' }, false) as {
      entry: string;
      optimization: { splitChunks: { cacheGroups: { react: Group; theme: Group } } };
    };
    expect(client.entry).toBe(STAGED_ENTRY);
    expect(fs.existsSync(STAGED_ENTRY)).toBe(true);
    const { react, theme } = client.optimization.splitChunks.cacheGroups;
    const groupOf = (module: string): string[] =>
      Object.entries({ react, theme }).flatMap(([name, group]) => (group.test.test(`/x/node_modules/${module}`) ? [name] : []));
    for (const module of ['react/index.js', 'react-dom/cjs/react-dom-client.production.js', 'scheduler/index.js'])
      expect(groupOf(module), module).toEqual(['react']);
    for (const module of [
      '@docusaurus/theme-classic/lib/theme/Navbar/index.js',
      '@docusaurus/theme-common/lib/index.js',
      '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.jsx',
    ])
      expect(groupOf(module), module).toEqual(['theme']);
    for (const module of ['react-router/index.js', 'react-helmet-async/lib/index.js', 'react-loadable/lib/index.js', '@docusaurus/core/lib/client/App.js'])
      expect(groupOf(module), module).toEqual([]);
    expect(configure({ mode: 'production' }, true)).toEqual({});
    expect(configure({ mode: 'development' }, false)).toEqual({});
  });
});

describe('the entry', () => {
  it("does what Docusaurus's entry does: every module that entry imports, or the ones they stand for", () => {
    const upstream = requestsOf(path.join(CORE_CLIENT, 'clientEntry.js'));
    const ours = new Set(requestsOf(STAGED_ENTRY));
    // What ours imports for each relative import of Docusaurus's entry: the module itself by its package path, or
    // (preload) the modules the staged preload uses in its place, which are preload.js's own imports.
    const standsFor: Record<string, string[]> = {
      './App': ['@docusaurus/core/lib/client/App'],
      './docusaurus': ['@docusaurus/core/lib/client/docusaurus'],
      './preload': requestsOf(path.join(CORE_CLIENT, 'preload.js')),
      // The entry runs only in the client bundle: there is no environment to ask.
      './exports/ExecutionEnvironment': [],
    };
    expect(upstream.length).toBeGreaterThan(5);
    for (const request of upstream) {
      const needed = request.startsWith('.') ? standsFor[request] : [request];
      expect(needed, `Docusaurus's entry imports ${request}, which this test does not know`).toBeDefined();
      for (const module of needed ?? []) expect(ours.has(module), `${request}: the staged entry does not import ${module}`).toBe(true);
    }
  });
});
