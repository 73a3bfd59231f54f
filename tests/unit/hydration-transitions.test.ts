// The browser context and window-size modules of src/plugins/hydration-transitions, and the requests they replace.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { createElement, useContext, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { replacements } from '../../src/plugins/hydration-transitions';
import { BrowserContextProvider, Context } from '../../src/plugins/hydration-transitions/browserContext';
import { useWindowSize } from '../../src/plugins/hydration-transitions/windowSize';
import { inside } from '../../src/plugins/plain-sort';

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
  const [browser, windowSize] = replacements();

  it('catches the requests Docusaurus makes for the two modules, from the files that make them', () => {
    for (const { replacement } of replacements()) expect(fs.existsSync(replacement), replacement).toBe(true);
    const importers: Array<[typeof browser, string]> = [
      [browser, require.resolve('@docusaurus/core/lib/client/App.js')],
      [browser, require.resolve('@docusaurus/core/lib/client/exports/useIsBrowser.js')],
      [windowSize, path.join(windowSize!.within, 'index.js')],
      [windowSize, path.join(windowSize!.within, 'contexts/navbarMobileSidebar.js')],
    ];
    for (const [rule, file] of importers) {
      expect(inside(path.dirname(file), rule!.within), file).toBe(true);
      expect(requestsOf(file).filter((request) => rule!.request.test(request)), file).toHaveLength(1);
    }
    // Requests that name other modules go through.
    expect(browser!.request.test('./browserContextual')).toBe(false);
    expect(windowSize!.request.test('./hooks/useWindowScrollPosition')).toBe(false);
  });

  it('renders what the server rendered before: not yet a browser, window size "ssr"', () => {
    function Probe(): ReactNode {
      return `${String(useContext(Context))} ${useWindowSize()}`;
    }
    expect(renderToStaticMarkup(createElement(BrowserContextProvider, null, createElement(Probe)))).toBe('false ssr');
  });
});
