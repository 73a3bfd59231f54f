// The window-size hook of src/overrides/hydration-transitions, and the requests it replaces.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { replacements } from '../../src/overrides/hydration-transitions';
import { useWindowSize } from '../../src/overrides/hydration-transitions/windowSize';
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
    expect(replacements()).toHaveLength(1);
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

  it('renders what the server rendered before: window size "ssr"', () => {
    function Probe(): ReactNode {
      return useWindowSize();
    }
    expect(renderToStaticMarkup(createElement(Probe))).toBe('ssr');
  });
});
