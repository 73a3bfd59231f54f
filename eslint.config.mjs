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
);
