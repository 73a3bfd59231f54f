// Lint configuration: typescript-eslint's type-aware recommended rules over every TypeScript file, and Prettier's check
// (npm run lint runs both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** acorn (and acorn-walk) parse code: only generator/extract may, so that nothing made from the model reads source text. */
const ACORN_PATTERN = { regex: '^acorn(-walk)?$', message: 'Only generator/extract reads code; take the value from the model (CodeValue, RpcArgument).' };

export default tseslint.config(
  { ignores: ['build/', 'build-no-overrides/', 'build-limit/', '.docusaurus/', 'node_modules/', 'docs/', 'generated/', 'tests/fixtures/', 'tests/unit/fixtures/*/dist/'] },
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
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
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
    files: [
      'generator/render/**/*.ts',
      'generator/routes.ts',
      'generator/openrpc.ts',
      'generator/openapi.ts',
      'generator/json-schema.ts',
      'generator/model.ts',
      'generator/model-queries.ts',
    ],
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
        {
          patterns: [
            {
              regex: '(^|/)(render/|routes$|openrpc$|openapi$|cli$)',
              message: 'Extractors feed the model and know nothing of what is made from it (generator/README.md).',
            },
          ],
        },
      ],
    },
  },
);
