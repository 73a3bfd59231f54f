// Lint configuration: typescript-eslint's type-aware recommended rules over every TypeScript file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** acorn (and acorn-walk) parse code: only generator/extract may, so that nothing made from the model reads source text. */
const ACORN_PATTERN = { regex: '^acorn(-walk)?$', message: 'Only generator/extract reads code; take the value from the model (CodeValue, RpcArgument).' };

export default tseslint.config(
  { ignores: ['build/', 'build-no-overrides/', '.docusaurus/', 'node_modules/', 'docs/', 'generated/', 'tests/fixtures/', 'tests/unit/fixtures/*/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // The generator's data flows one way: packages → extract → model → render → pages (generator/README.md). What comes
  // after the model (renderers, routes, the OpenRPC and OpenAPI writers, the model's own modules) reads the model only.
  // Only the extractors read code: defaults, constants and RPC params reach everything after them as values in the model.
  {
    files: ['generator/**/*.ts'],
    ignores: ['generator/extract/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [ACORN_PATTERN] }],
    },
  },
  {
    files: ['generator/render/**/*.ts', 'generator/routes.ts', 'generator/openrpc.ts', 'generator/openapi.ts', 'generator/json-schema.ts', 'generator/model.ts', 'generator/model-queries.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)extract(/|$)', message: 'Read the model, not the extractors: packages → extract → model → render (generator/README.md).' },
            ACORN_PATTERN,
          ],
        },
      ],
    },
  },
  {
    files: ['generator/extract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(render/|routes$|openrpc$|openapi$|cli$)', message: 'Extractors feed the model and know nothing of what is made from it (generator/README.md).' }] },
      ],
    },
  },
);
