// Lint configuration: typescript-eslint's type-aware recommended rules over every TypeScript file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['build/', 'build-no-overrides/', '.docusaurus/', 'node_modules/', 'docs/', 'generated/', 'tests/fixtures/', 'tests/unit/fixtures/*/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // The generator's data flows one way: packages → extract → model → render → pages (generator/README.md). What comes
  // after the model (renderers, routes, the OpenRPC and OpenAPI writers, the model's own modules) reads the model only.
  {
    files: ['generator/render/**/*.ts', 'generator/routes.ts', 'generator/openrpc.ts', 'generator/openapi.ts', 'generator/json-schema.ts', 'generator/model.ts', 'generator/model-queries.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)extract(/|$)', message: 'Read the model, not the extractors: packages → extract → model → render (generator/README.md).' },
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
