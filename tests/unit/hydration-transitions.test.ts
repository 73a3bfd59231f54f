// src/overrides/hydration-transitions: the window-size hook, the browser context and useIsBrowser, the preferred docs
// versions, and the requests they replace.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { replacements } from '../../src/overrides/hydration-transitions';
import { useWindowSize } from '../../src/overrides/hydration-transitions/windowSize';
import { BrowserContextProvider, hasHydrated } from '../../src/overrides/hydration-transitions/browserContext';
import useIsBrowser from '../../src/overrides/hydration-transitions/useIsBrowser';
import { sameState } from '../../src/overrides/hydration-transitions/versionState';
import { inside } from '../../src/overrides/module-replacement';

/** The module requests of a file's import and export-from declarations, read with the TypeScript compiler API. */
function requestsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JSX);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

describe('hydration-transitions', () => {
  const [windowSize] = replacements();

  it("catches theme-common's requests for the hook, from the files that make them", () => {
    expect(replacements()).toHaveLength(5);
    expect(fs.existsSync(windowSize!.replacement)).toBe(true);
    for (const file of [path.join(windowSize!.within, 'index.js'), path.join(windowSize!.within, 'contexts/navbarMobileSidebar.js')]) {
      expect(inside(path.dirname(file), windowSize!.within), file).toBe(true);
      expect(
        requestsOf(file).filter((request) => windowSize!.request.test(request)),
        file,
      ).toHaveLength(1);
    }
    // Requests that name other modules go through.
    expect(windowSize!.request.test('./hooks/useWindowScrollPosition')).toBe(false);
  });

  it("catches core's requests for the browser context, every import of useIsBrowser, and the docs plugin's of its preferred versions", () => {
    const core = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib', 'client');
    const docsClient = path.dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/docsPreferredVersion.js'));
    const nodeModules = path.resolve(core, '../../../..');
    const caught = (file: string): string[] =>
      requestsOf(file).filter((request) =>
        replacements().some((replacement) => replacement.request.test(request) && inside(path.dirname(file), replacement.within)),
      );
    expect(caught(path.join(core, 'App.js'))).toEqual(['./browserContext']);
    expect(caught(path.join(core, 'exports/useIsBrowser.js'))).toEqual(['../browserContext']);
    expect(caught(path.join(docsClient, 'index.js'))).toEqual(['./docsPreferredVersion', './docsPreferredVersion']);
    expect(caught(path.join(docsClient, 'docsUtils.js'))).toEqual(['./docsPreferredVersion']);
    // Every reader of useIsBrowser in the themes, the search plugin and Docusaurus itself.
    for (const file of [
      '@docusaurus/theme-classic/lib/theme/ColorModeToggle/index.js',
      '@docusaurus/theme-common/lib/contexts/colorMode.js',
      '@docusaurus/core/lib/client/hasHydratedDataAttribute.js',
      '@easyops-cn/docusaurus-search-local/dist/client/client/theme/hooks/useSearchQuery.js',
    ])
      expect(caught(path.join(nodeModules, file)), file).toEqual(['@docusaurus/useIsBrowser']);
    for (const { replacement } of replacements()) expect(fs.existsSync(replacement), replacement).toBe(true);
  });

  it('renders false for useIsBrowser on the server, and has not hydrated there', () => {
    function Probe(): ReactNode {
      return String(useIsBrowser());
    }
    expect(renderToStaticMarkup(createElement(BrowserContextProvider, null, createElement(Probe)))).toBe('false');
    expect(hasHydrated()).toBe(false);
  });

  it('keeps the preferred versions when storage holds what the state holds', () => {
    const none = { default: { preferredVersionName: null }, node: { preferredVersionName: null } };
    expect(sameState(none, { node: { preferredVersionName: null }, default: { preferredVersionName: null } })).toBe(true);
    expect(sameState(none, { ...none, node: { preferredVersionName: 'current' } })).toBe(false);
    expect(sameState(none, { default: { preferredVersionName: null } })).toBe(false);
  });

  it('renders what the server rendered before: window size "ssr"', () => {
    function Probe(): ReactNode {
      return useWindowSize();
    }
    expect(renderToStaticMarkup(createElement(Probe))).toBe('ssr');
  });
});
