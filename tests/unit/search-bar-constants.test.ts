// The search bar's constants module (src/overrides/search-bar-constants), which keeps lunr out of main.js.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import config from '../../docusaurus.config';
import { replacement } from '../../src/overrides/search-bar-constants';
import * as constants from '../../src/overrides/search-bar-constants/constants';
import { inside } from '../../src/overrides/module-replacement';

/** Each import of a module: the request and the names it takes. */
function importsOf(file: string): Array<{ request: string; names: string[] }> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JSX);
  return source.statements.filter(ts.isImportDeclaration).map((declaration) => {
    const bindings = declaration.importClause?.namedBindings;
    return {
      request: (declaration.moduleSpecifier as ts.StringLiteral).text,
      names: bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => (element.propertyName ?? element.name).text) : [],
    };
  });
}

describe('search-bar-constants', () => {
  const { request, within, replacement: target } = replacement();
  const searchBar = path.join(within, 'SearchBar.jsx');

  it("catches the search bar's import of the generated constants, and serves every name it takes", () => {
    const caught = importsOf(searchBar).filter((entry) => request.test(entry.request));
    expect(caught).toHaveLength(1);
    expect(fs.existsSync(target)).toBe(true);
    for (const name of caught[0]?.names ?? []) expect(Object.keys(constants), name).toContain(name);
    // Only the bar's folder: the worker and the search page keep the module that sets up lunr.
    expect(inside(within, within)).toBe(true);
    expect(inside(path.resolve(within, '..'), within)).toBe(false);
  });

  it('serves the value docusaurus.config.ts passes to the plugin', () => {
    // The plugin's entry: its module wrapped so that its postBuild is tracked (src/plugins/site-output), with its options.
    const search = (config.themes ?? []).find(
      (theme) => Array.isArray(theme) && typeof theme[1] === 'object' && theme[1] !== null && 'docsRouteBasePath' in theme[1],
    );
    const options = Array.isArray(search) ? (search[1] as { searchResultLimits?: unknown }) : undefined;
    expect(options?.searchResultLimits).toBe(constants.searchResultLimits);
  });
});
