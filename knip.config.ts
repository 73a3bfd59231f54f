// Dead-code check (npm run lint): no unused file, export, type or dependency, no unlisted dependency. knip's own
// plugins know Vitest, ESLint and Prettier; the entries below are the ones only Docusaurus or a path string reaches.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Docusaurus resolves these by convention or by a path in the config: swizzles, client modules, local plugins,
    // pages, sidebars, the components the generated MDX imports (@site/src/components/ReferenceSection, MovedAnchors).
    'sidebars/*.ts',
    'src/pages/**/*.tsx',
    'src/theme/**/index.{ts,tsx}',
    'src/theme/*.ts',
    'src/client/*.ts',
    'src/plugins/*/index.ts',
    'src/components/ReferenceSection/index.tsx',
    'src/components/MovedAnchors/index.tsx',
    // Module replacements: the override plugins name their stand-ins by path (path.resolve(__dirname, ...)).
    'src/overrides/*/index.ts',
    'src/overrides/lazy-mark/mark.ts',
    'src/overrides/plain-sort/{docsClientUtils,reactUtils}.ts',
    'src/overrides/hydration-transitions/{windowSize,docsPreferredVersion}.ts',
    'src/overrides/staged-start/entry.ts',
    'src/overrides/search-bar-constants/constants.ts',
    'src/search/{search,suggestion}.ts',
    // Commands the READMEs name (the npm scripts' own files knip finds in package.json).
    'scripts/*.ts',
    // The builder samples, run by path (tests/support/builder-samples.ts) and read by generator/extract/sdk/builder-examples.ts.
    'generator/examples/builder/**/*.ts',
    // The MCP server's worker thread, started by path (server/mcp/worker.ts).
    'server/mcp/worker-thread.ts',
  ],
  project: ['**/*.{ts,tsx,mjs,mdx}'],
  // Declarations of old releases kept as test data (tests/fixtures/history), cut from the published packages.
  ignore: ['tests/unit/fixtures/**', 'tests/fixtures/**'],
  // The symbol index, a bundler alias of generated/search-symbols.json (src/overrides/symbol-search).
  paths: { '@symbol-index': ['generated/search-symbols.json'] },
  // mkfifo makes the named pipe of a server fault test (coreutils, on every Debian machine).
  ignoreBinaries: ['mkfifo'],
  // The SDK packages that only the docs' code blocks import: tests/unit/code-blocks.test.ts type-checks those blocks
  // and the wallet guide's test runs them, so the packages must be installed, though no module of ours imports them.
  ignoreDependencies: [
    '@defichain/jellyfish-block',
    '@defichain/jellyfish-testing',
    // Spawned by path, not imported: tests/unit/openapi-examples.test.ts runs its cli.js to lint the OpenAPI document.
    '@redocly/cli',
    // Imported by the staged client entry (src/overrides/staged-start/entry.ts) as Docusaurus's own entry imports
    // them: they come with @docusaurus/core, whose copies the entry must share, so they are not listed apart.
    'react-router-config',
    'react-helmet-async',
    'react-router-dom',
    // Named by path in src/overrides/lean-tslib, whose stand-in serves its compiled modules: it comes with
    // @docusaurus/core, whose copy the override must reach, so it is not listed apart.
    '@docusaurus/utils-common',
  ],
};

export default config;
