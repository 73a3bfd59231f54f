// Lint configuration: typescript-eslint's type-aware recommended rules over every TypeScript file, the import rules
// that keep the layout (below), and Prettier's check (npm run lint runs both, then knip).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** acorn (and acorn-walk) parse code: only generator/extract may, so that nothing made from the model reads source text. */
const ACORN = { regex: '^acorn(-walk)?$', message: 'Only generator/extract reads code; take the value from the model (CodeValue, RpcArgument).' };

/** Relative imports that leave a folder for another, by the folder they reach. */
const into = (folder, message) => ({ regex: `^(\\.\\./)+(.*/)?${folder}(/|$)`, message });
const CONTRACT = 'generator/ and src/ share only contract/ (README, Layout).';
const SCRIPTS = into('scripts', 'scripts/ holds commands; what the server or the site needs lives with them.');

/**
 * Framework internals: a package's private files (`lib/`, `dist/`) and theme-common's `internal` entry. Only the
 * override layer (src/overrides) reaches them, and the files named in its allow-list, each with its reason
 * (src/overrides/internal-imports.json, listed in MANIFEST.md).
 */
const INTERNALS = {
  regex: '^(@docusaurus/[^/]+/(lib|internal)(/|$)|@docusaurus/theme-common/internal$|@easyops-cn/docusaurus-search-local/dist/)',
  message: 'A framework internal: reach it from src/overrides, or add the file to src/overrides/internal-imports.json with its reason.',
};
const internalAllowList = JSON.parse(fs.readFileSync(new URL('./src/overrides/internal-imports.json', import.meta.url), 'utf8')).map((entry) => entry.file);

/** The model modules that declare its types, and the modules of pure queries over them (the MCP server runs those). */
const MODEL_TYPES = 'types|sdk|custom-tx|history';
const MODEL_QUERIES = 'queries|sdk-queries';
const MCP_RUNS_QUERIES_ONLY =
  'The MCP server answers from generated/ and build/: of the generator it imports the model types (import type) and the model queries only (server/mcp/README.md).';

/** Each stage of the generator, and what it may not import (generator/README.md, Direction of flow). */
const stage = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const READ_THE_MODEL = 'Read the model, not the extractors: packages → extract → model → render / emit (generator/README.md).';
const EXTRACT_KNOWS_NOTHING_AFTER = 'Extractors feed the model and know nothing of what is made from it (generator/README.md).';
const SITE_FROM_GENERATOR = into('src', CONTRACT);

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-no-overrides/',
      'build-limit/',
      '.docusaurus/',
      'node_modules/',
      'docs/',
      'generated/',
      'tests/fixtures/',
      'tests/unit/fixtures/*/dist/',
      'tests/unit/fixtures/sdk/**/dist/',
    ],
  },
  js.configs.recommended,
  // The rules that read types (floating promises, unsafe any, needless assertions ...), with the types of tsconfig.json.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  // Plain JavaScript (this file, static scripts) has no types to read.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  // Tests: Vitest's asymmetric matchers (expect.objectContaining ...) are typed `any`, stand-ins implement async
  // interfaces without awaiting anything, and expect() takes methods unbound. The other type-aware rules hold.
  {
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Nothing imports from scripts/; the site reaches framework internals only through the override layer.
  stage(['**/*.{ts,tsx}'], [SCRIPTS]),
  stage(
    ['src/**/*.{ts,tsx}', 'contract/**/*.ts', 'server/**/*.ts'],
    [SCRIPTS, into('generator', CONTRACT), INTERNALS],
    ['src/overrides/**', '**/*.test.ts', 'server/mcp/**', ...internalAllowList],
  ),
  // The MCP server reads the generated model (JSON files) and the build, and runs no generator code but the model's
  // queries: of the generator it may import the model's types (`import type` from types.ts, sdk.ts, custom-tx.ts and
  // history.ts) and the query modules (queries.ts, sdk-queries.ts: pure functions, which import types only), nothing
  // else. typescript-eslint's form of the rule tells a type import from a value import.
  stage(['server/mcp/**/*.ts'], [SCRIPTS, INTERNALS]),
  {
    files: ['server/mcp/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(.*/)?generator(/(?!model/(${MODEL_TYPES}|${MODEL_QUERIES})$)|$)`,
              message: MCP_RUNS_QUERIES_ONLY,
            },
            { regex: `^(\\.\\./)+(.*/)?generator/model/(${MODEL_TYPES})$`, allowTypeImports: true, message: MCP_RUNS_QUERIES_ONLY },
          ],
        },
      ],
    },
  },
  // The query modules run in the MCP server as they are: of the model they import types only.
  {
    files: [`generator/model/{${MODEL_QUERIES.split('|').join(',')}}.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\./(?!(${MODEL_QUERIES})$)`,
              allowTypeImports: true,
              message: 'A query module imports types only (and the other query modules): the MCP server runs it (eslint.config.mjs).',
            },
            { regex: '^\\.\\./(?!\\.\\./contract/)', message: 'A query module reads the model only.' },
            { regex: '^[^.]', message: 'A query module imports no package: the MCP server runs it.' },
          ],
        },
      ],
    },
  },
  stage(
    ['contract/**/*.ts'],
    [SCRIPTS, into('generator', CONTRACT), into('src', 'contract/ imports nothing of the site or the generator.'), into('server', CONTRACT), INTERNALS],
  ),
  // The generator's stages: packages → extract → model → render / emit. Only extract reads code.
  stage(['generator/**/*.ts'], [SCRIPTS, SITE_FROM_GENERATOR, ACORN], ['generator/extract/**']),
  stage(
    ['generator/extract/**/*.ts'],
    [
      SCRIPTS,
      SITE_FROM_GENERATOR,
      into('render', EXTRACT_KNOWS_NOTHING_AFTER),
      into('emit', EXTRACT_KNOWS_NOTHING_AFTER),
      { regex: '^(\\.\\./)+cli$', message: EXTRACT_KNOWS_NOTHING_AFTER },
    ],
  ),
  stage(
    ['generator/extract/common/**/*.ts'],
    [
      SCRIPTS,
      SITE_FROM_GENERATOR,
      into('render', EXTRACT_KNOWS_NOTHING_AFTER),
      into('emit', EXTRACT_KNOWS_NOTHING_AFTER),
      into('rpc', 'Shared readers know no source.'),
      into('ocean', 'Shared readers know no source.'),
      into('sdk', 'Shared readers know no source.'),
    ],
  ),
  stage(
    ['generator/extract/rpc/**/*.ts'],
    [
      SCRIPTS,
      SITE_FROM_GENERATOR,
      into('render', EXTRACT_KNOWS_NOTHING_AFTER),
      into('emit', EXTRACT_KNOWS_NOTHING_AFTER),
      into('ocean', 'One source does not borrow from another: move the shared reader to extract/common.'),
      into('sdk', 'One source does not borrow from another: move the shared reader to extract/common.'),
    ],
  ),
  stage(
    ['generator/extract/ocean/**/*.ts'],
    [
      SCRIPTS,
      SITE_FROM_GENERATOR,
      into('render', EXTRACT_KNOWS_NOTHING_AFTER),
      into('emit', EXTRACT_KNOWS_NOTHING_AFTER),
      into('rpc', 'One source does not borrow from another: move the shared reader to extract/common.'),
      into('sdk', 'One source does not borrow from another: move the shared reader to extract/common.'),
    ],
  ),
  stage(
    ['generator/extract/sdk/**/*.ts'],
    [
      SCRIPTS,
      SITE_FROM_GENERATOR,
      into('render', EXTRACT_KNOWS_NOTHING_AFTER),
      into('emit', EXTRACT_KNOWS_NOTHING_AFTER),
      into('rpc', 'One source does not borrow from another: move the shared reader to extract/common.'),
      into('ocean', 'One source does not borrow from another: move the shared reader to extract/common.'),
    ],
  ),
  stage(
    ['generator/model/**/*.ts'],
    [
      SCRIPTS,
      SITE_FROM_GENERATOR,
      ACORN,
      into('extract', READ_THE_MODEL),
      into('render', 'The model knows nothing of what is made from it.'),
      into('emit', 'The model knows nothing of what is made from it.'),
    ],
  ),
  stage(['generator/render/**/*.ts', 'generator/emit/**/*.ts'], [SCRIPTS, SITE_FROM_GENERATOR, ACORN, into('extract', READ_THE_MODEL)]),
);
