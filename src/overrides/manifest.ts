// Every place where the site patches a framework internal, with what it replaces, the upstream files it was written
// against (and their hashes at the pinned versions), why, what it gains, what guards it, and what would retire it;
// and how each is installed (a plugin, a client module, options of the site config), so that the NO_OVERRIDES switch
// leaves out all of them in one place (docusaurus.config.ts reads the lists below). MANIFEST.md is the same list for a
// maintainer to read; tests/unit/overrides.test.ts holds this file to the folder and to node_modules (the version gate).
import type { Config } from '@docusaurus/types';
import { afterPaintSiteConfig } from './after-paint';
import INTERNAL_IMPORTS_LIST from './internal-imports.json';
import { overridesOff } from './switch';

interface UpstreamFile {
  /** Path below node_modules. */
  file: string;
  /** SHA-256 of the file at the version the override was written against. */
  sha256: string;
}

/** The options of docusaurus.config.ts an override may set. */
export type OverrideSiteConfig = Partial<Pick<Config, 'ssrTemplate' | 'baseUrlIssueBanner'>>;

export interface Override {
  /** Folder (or file) below src/overrides, unless `location` says where it lives. */
  name: string;
  /**
   * Where an override lives that cannot sit in this folder (a swizzle must be in src/theme, a helper beside the
   * feature it serves); the folder's own overrides leave it out.
   */
  location?: string;
  /** The Docusaurus plugin that installs it (docusaurus.config.ts reads this list); none for the always-on ones. */
  plugin?: string;
  /** The client module that installs it (docusaurus.config.ts's clientModules reads this list). */
  clientModule?: string;
  /** The options of the site config it sets (public ones; docusaurus.config.ts spreads them in). */
  siteConfig?: () => OverrideSiteConfig;
  /** Why `NO_OVERRIDES=1` leaves it on, for an override the build or the page cannot do without. */
  alwaysOn?: string;
  replaces: string;
  /** `package@version` it was written against. */
  upstream: string[];
  files: UpstreamFile[];
  why: string;
  /** The measured gain, and the bench command that shows it. */
  gain: string;
  /** The test that fails when the override stops working. */
  guard: string;
  /** The upstream change that would make it unnecessary. */
  retireWhen: string;
}

export const OVERRIDES: readonly Override[] = [
  {
    name: 'light-prism',
    plugin: './src/overrides/light-prism/index.ts',
    replaces: "every bundle import of `prism-react-renderer`, aliased to src/prism (Prism's core with the docs' four grammars)",
    upstream: ['prism-react-renderer@2.4.1', '@docusaurus/theme-classic@3.10.2'],
    files: [
      { file: 'prism-react-renderer/dist/index.js', sha256: '4ad8d9b3e27401e1937ecc7d1d65882ff66f91611adcb14e6a74f736ce67cb69' },
      { file: '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/String.js', sha256: '81ab153e9e797be7a86bcfe00dfd53ae6eb14bca2b40d30515d075e5b4e95f99' },
    ],
    why: 'prism-react-renderer ships Prism with some thirty grammars in one file, evaluated on every page load before any code shows',
    gain: "93 ms of script evaluation per page load here (372 ms at Lighthouse's 4x CPU slowdown); `npm run bench` (main-thread table)",
    guard: 'tests/unit/prism.test.ts (same tokens and markup as prism-react-renderer), tests/unit/token-css.test.ts',
    retireWhen: 'prism-react-renderer loading grammars on demand, or Docusaurus taking a Prism instance from the site',
  },
  {
    name: 'lazy-mark',
    plugin: './src/overrides/lazy-mark/index.ts',
    replaces: "the search plugin's generated module's import of mark.js, pointed at a stand-in that fetches it when a search is marked",
    upstream: ['@easyops-cn/docusaurus-search-local@0.55.3', 'mark.js@8.11.1'],
    files: [
      {
        file: '@easyops-cn/docusaurus-search-local/dist/server/server/utils/generate.js',
        sha256: '0ca882108590232b255b6070d691c56ba035ab0f9ffd88c767414bd1199aeae5',
      },
    ],
    why: 'mark.js was part of main.js on every page, though only a page opened from a search result uses it',
    gain: 'main.js 450,213 -> 432,832 B raw (121,362 -> 117,244 B brotli); `npm run bench` (bytes)',
    guard: 'tests/build/budgets.test.ts (no first load carries mark.js), tests/unit/lazy-mark.test.ts, src/search/search.e2e.test.ts',
    retireWhen: 'the search plugin importing mark.js lazily itself',
  },
  {
    name: 'plain-sort',
    plugin: './src/overrides/plain-sort/index.ts',
    replaces: "two Docusaurus modules' sorts with String#localeCompare (docsClientUtils, theme-common's reactUtils), by copies that compare code units",
    upstream: ['@docusaurus/plugin-content-docs@3.10.2', '@docusaurus/theme-common@3.10.2'],
    files: [
      { file: '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js', sha256: '444c91b32c4a549ccf1710e995635887b6cd2433e6dce6a2bfbf17ecc2bf6ca3' },
      { file: '@docusaurus/theme-common/lib/utils/reactUtils.js', sha256: 'a683742dac1a155bbd1c355601dedc1eeb7cc5edd7331cab26043c74233dca11' },
    ],
    why: 'the first localeCompare of a page builds the locale collator, to order a handful of ASCII keys while the page hydrates',
    gain: "13 to 20 ms of CPU per page load here (four times that on Lighthouse's phone); `npm run bench` (main-thread table)",
    guard: 'tests/build/budgets.test.ts (no String#localeCompare on load), tests/unit/plain-sort.test.ts',
    retireWhen: 'Docusaurus sorting those keys without a collator',
  },
  {
    name: 'compile-hints',
    plugin: './src/overrides/compile-hints/index.ts',
    replaces:
      "nothing upstream: a BannerPlugin (a public Rspack API) adds V8's compile hint to the bundles every page runs (runtime~main.js and main.js, whose names Docusaurus chooses, and react.js and theme.js of src/overrides/staged-start)",
    upstream: ['@docusaurus/core@3.10.2', '@docusaurus/faster@3.10.2'],
    files: [{ file: '@docusaurus/core/lib/webpack/client.js', sha256: 'b38143fa54a7b01ebdecd7ebbae2791ad5fc41897abfe5e6a23602fa02e6be9d' }],
    why: 'Chromium then compiles the bundles on a background thread while they stream in (and finishes each in the task that runs it, which is why src/overrides/staged-start splits them)',
    gain: 'main.js evaluation on /legacy/ 88.7 -> 64-70 ms (medians of 12, no throttling); `npm run bench` (main-thread table)',
    guard: 'tests/build/budgets.test.ts (the four bundles open with the hint, no other script does)',
    retireWhen: 'Docusaurus or Rspack emitting compile hints',
  },
  {
    name: 'search-bar-constants',
    plugin: './src/overrides/search-bar-constants/index.ts',
    replaces: "the local-search bar's import of the plugin's generated constants, which also loads lunr, by a module that exports the one number it reads",
    upstream: ['@easyops-cn/docusaurus-search-local@0.55.3'],
    files: [
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.jsx',
        sha256: '1d6b381687947f38b5a740783ee9e48689b4fb817adfc24a6cac0f0b0992e8b4',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js',
        sha256: '43f4116a9c5c7cbde78b5064c7745448b0fc7c9d1593b495dbdc768b8caa70e5',
      },
    ],
    why: 'every page downloaded and ran lunr at start-up, which only the search worker and the search page need',
    gain: 'about a tenth of main.js (492,003 -> 456,698 B raw); `npm run bench` (bytes)',
    guard: 'tests/build/budgets.test.ts (shared bundle budget), tests/unit/search-bar-constants.test.ts',
    retireWhen: 'the search bar importing its constants without lunr',
  },
  {
    name: 'lean-tslib',
    plugin: './src/overrides/lean-tslib/index.ts',
    replaces: "@docusaurus/utils-common's require of tslib (for __importDefault alone) by a module that exports the helpers its modules call",
    upstream: ['@docusaurus/utils-common@3.10.2', 'tslib@2.9.1'],
    files: [
      { file: '@docusaurus/utils-common/lib/index.js', sha256: 'f67a902f603f736c0b6b81dfe3c4b600e26ad3018fb19158d877a8fe5d55424e' },
      { file: 'tslib/tslib.js', sha256: '26d4007ca82663612bdef5321614b21865cfe4fc299bd339d3680f5134de550d' },
    ],
    why: 'tslib is one CommonJS file of every helper, which the bundler cannot trim: the bundle every page loads carried all of it for one three-line function',
    gain: 'about 11 KB of main.js raw (tslib 11,190 B in the bundle); `npm run bench` (bytes)',
    guard: 'tests/build/budgets.test.ts (shared bundle budget), tests/unit/lean-tslib.test.ts',
    retireWhen: 'utils-common compiled without importHelpers, or tslib published as modules the bundler can trim',
  },
  {
    name: 'hydration-transitions',
    plugin: './src/overrides/hydration-transitions/index.ts',
    replaces:
      "three updates Docusaurus makes from effects right after hydration, each by a module of ours that makes it a React transition: theme-common's useWindowSize (first measurement), core's browser context and useIsBrowser (the switch to true; a component mounting after hydration sees true at once), the docs plugin's preferred-version provider (read from storage; an unchanged state is kept)",
    upstream: ['@docusaurus/theme-common@3.10.2', '@docusaurus/core@3.10.2', '@docusaurus/plugin-content-docs@3.10.2'],
    files: [
      { file: '@docusaurus/theme-common/lib/hooks/useWindowSize.js', sha256: 'a32a46c867130090a4d785590da6f9cc69789eb67a94a5386fc6416857b91872' },
      { file: '@docusaurus/core/lib/client/browserContext.js', sha256: 'f0765ea0de6c682044acc2d1f6f7d474e9ac389591a8e97f877e437c09225b4c' },
      { file: '@docusaurus/core/lib/client/exports/useIsBrowser.js', sha256: '3df5c8e89543244c519ab6787652ca9db7fc8e1c51a9ab54849481cad44f1a07' },
      {
        file: '@docusaurus/plugin-content-docs/lib/client/docsPreferredVersion.js',
        sha256: 'eef363430b9a260d268c076c663448ba1c99e1e4fc4bc37b3ab3b9d44c608a45',
      },
    ],
    why: 'each re-rendered its readers (navbar items, menus, sidebars, table of contents, code blocks, tabs) in one task that input could not interrupt, 10-20 ms here and four times that on a phone',
    gain: "the navbar items' re-render after hydration (12-13 ms of CPU in one task on Account, Chromium without throttling) in React's slices of about 5 ms instead, with the window-size measurement's (BENCHMARKS.md, main thread side by side); `npm run bench` (side by side)",
    guard:
      'tests/unit/hydration-transitions.test.ts, src/search/search.e2e.test.ts (the results page keeps its query), tests/e2e/ui.test.ts (the colour-mode toggle)',
    retireWhen: 'Docusaurus making these post-hydration updates as transitions, or not at all when nothing changed',
  },
  {
    name: 'symbol-search',
    plugin: './src/overrides/symbol-search/index.ts',
    replaces:
      "the local-search plugin's `../searchByWorker` import in its bar and results page, and its bar's `./SuggestionTemplate` import, by modules that load a chunk on first use: the symbol index first, the plugin's full-text worker second (filled up with sections holding some of the query's words when its every-word query finds too few, src/search/partial.ts), a template that says a result's kind",
    upstream: ['@easyops-cn/docusaurus-search-local@0.55.3'],
    files: [
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.jsx',
        sha256: '1d6b381687947f38b5a740783ee9e48689b4fb817adfc24a6cac0f0b0992e8b4',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchPage/SearchPage.jsx',
        sha256: '554dcc569a17cb23c22b30066b58901002bb5b95a9d6345c5b76d302c3d40294',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker.js',
        sha256: 'cf571811cb2fd0fdaa41b1d2e9d57630663d8d575665a5a1aba2875d3b1b6721',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js',
        sha256: '17fe5cd994a7197c174bad20c5572cb8b6b45698c8eb19ca288592688b3c21c5',
      },
    ],
    why: "the plugin's lunr index ranks by word frequency over page text: a lower-case node RPC name's words found nothing, a page that mentions a symbol could outrank its own section, results showed code fragments without saying what a hit is, and a query with one word no page holds (of two, or two of four) found nothing",
    gain: 'see README, Search (queries whose first result is the right section, keystroke to results, index bytes); `npm run bench` (search)',
    guard: 'src/search/engine.test.ts, src/search/partial.test.ts, src/search/search.e2e.test.ts, tests/build/budgets.test.ts',
    retireWhen:
      'the search plugin taking extra documents with their own ranking, a custom result template and queries of some of the words, through its options',
  },
  {
    name: 'after-paint',
    siteConfig: afterPaintSiteConfig,
    replaces:
      "Docusaurus's page template (its public ssrTemplate option, with its own banner for a site that did not load, baseUrlIssueBanner, off): scripts neither fetched nor run before the first paint, then appended by an inline loader (the same text on every page) that also shows the banner of a site that did not load; and, in the site-output plugin's postBuild while the override is on, each page's route chunks named in the loader's data-preload attribute, read from the private .docusaurus output",
    upstream: ['@docusaurus/core@3.10.2'],
    files: [
      { file: '@docusaurus/core/lib/ssg/ssgTemplate.html.js', sha256: '5d6584e4a61b22d44bbbd7fe92a7a30352564b5a1dc89853a9bdbbf14d092597' },
      { file: '@docusaurus/core/lib/server/codegen/codegenRoutes.js', sha256: '6bdf7133ebc411f96e918619faf14543239e27adebe60f4bbb081a392349689c' },
    ],
    why: 'pages were painted only after the bundle ran, route chunks were discovered late (Docusaurus names none in the HTML: its SSG asks the client manifest by module path, which the manifest keys by chunk name), and preloads in <head> put some 150 KiB of script on the line before the largest paint',
    gain: 'the first contentful paint before main.js runs on every page; no script bytes ahead of the largest paint: Lighthouse LCP at 4x 2.0-2.5 s -> 1.0-1.15 s, performance 94-98 -> 99-100 (BENCHMARKS.md, Lighthouse); `npm run bench` (Lighthouse)',
    guard:
      'tests/e2e/first-paint.test.ts, tests/e2e/errors.test.ts (the banner), tests/unit/route-scripts.test.ts, tests/unit/scripts-after-paint.test.ts, tests/build/budgets.test.ts',
    retireWhen: 'Docusaurus preloading route chunks and deferring its bundle itself',
  },
  {
    name: 'postbuild-order',
    alwaysOn: 'the brotli and gzip twins and the security headers must cover the Markdown twins and the search index, whatever the build',
    replaces:
      "the postBuild of the llms and local-search plugins, wrapped so that the site-output plugin's postBuild can wait for theirs (trackedModule in docusaurus.config.ts, tracked in src/plugins/llms)",
    upstream: ['@docusaurus/core@3.10.2'],
    files: [{ file: '@docusaurus/core/lib/commands/build/buildLocale.js', sha256: '8cd1f296d9e9efa05dac0f893c8eb3f9056d27948fc0353c010737d5a6e86da0' }],
    why: "Docusaurus starts every plugin's postBuild at once (executePluginsPostBuild in buildLocale.js) and gives no order, while precompression must see the files the other two write",
    gain: 'every text file of build/ has its brotli and gzip twin (the Markdown twins and the search index too), checked by `npm run bench` (bytes) and tests/build/site-output.test.ts',
    guard: 'tests/unit/site-output.test.ts (waits for slower postBuilds, reports their failure), tests/build/site-output.test.ts',
    retireWhen: 'Docusaurus running postBuild steps in plugin order, or giving a plugin a step after every postBuild',
  },
  {
    name: 'ejected-tabs',
    location: 'src/theme/Tabs/index.tsx',
    alwaysOn: 'a swizzle: Docusaurus resolves the theme component from src/theme whatever the switch says',
    replaces:
      "the theme's Tabs, ejected (a copy of @docusaurus/theme-classic's lib/theme/Tabs) with two changes: no remount of every Tabs after hydration, and a pick in three painted steps: the click's own render marks the tab, the task after that paint renders its panel, synchronously (flushSync: React's scheduled render could come after the next frame and share its paint with the last step; the panels read a context of their own), the task after the next paint runs the theme's selectValue (which stores the choice and re-renders every group with the same groupId)",
    upstream: ['@docusaurus/theme-classic@3.10.2', '@docusaurus/theme-common@3.10.2'],
    files: [{ file: '@docusaurus/theme-classic/lib/theme/Tabs/index.js', sha256: '7fe3d248d13cc48de3b9000e6cea72251cb05b593155fc93c4171dc684367242' }],
    why: 'the theme keys every Tabs on whether the page has hydrated, so each one is thrown away and built again right after load (the account page rebuilt 2,699 of its 6,577 elements); and a click on a tab re-rendered every group of the page that shares its groupId, and rendered and highlighted the lazy panel it picked, before the next paint',
    gain: 'no element of a code tab group rebuilt after hydration; `npm run bench` (main-thread table) and tests/e2e/deferred.test.ts count the rebuilt elements; switching a code tab on Account, INP at 4x 208 -> 96 ms (BENCHMARKS.md, interactions; `npm run bench`, interactions)',
    guard:
      'tests/e2e/ui.test.ts (tabs switch and sync), tests/e2e/deferred.test.ts (nothing remounted after hydration), tests/e2e/code-blocks.test.ts (the picked tab, then its panel, then the other groups)',
    retireWhen: "the theme's Tabs syncing its state without a remount",
  },
  {
    name: 'search-refocus-guard',
    location: 'src/search/guard-refocus.ts',
    alwaysOn: "a wrapper of the search bar (src/theme/SearchBar), which is a swizzle; it patches the field's own focus method, nothing of the plugin's code",
    replaces: "the search field's focus() method, replaced on the element by one that refuses a focus the reader did not ask for",
    upstream: ['@easyops-cn/docusaurus-search-local@0.55.3'],
    files: [
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.jsx',
        sha256: '1d6b381687947f38b5a740783ee9e48689b4fb817adfc24a6cac0f0b0992e8b4',
      },
    ],
    why: 'the plugin focuses its field again once its index has loaded (input.focus() in SearchBar.jsx), taking focus back from a reader who has tabbed on meanwhile',
    gain: 'keyboard focus stays where the reader put it while the index loads (an accessibility fix, no timing); `npm run bench` (search) shows the box costs nothing more',
    guard: 'src/search/guard-refocus.test.ts, tests/e2e/keyboard.test.ts',
    retireWhen: 'the plugin focusing its field only when the reader asked for the box',
  },
  {
    name: 'staged-start',
    plugin: './src/overrides/staged-start/index.ts',
    replaces:
      "Docusaurus's client entry (the module main.js starts from), by one that evaluates the same modules in stages, each in a task of its own: React, the app with its client modules and route table, each route's modules, then hydration in a transition",
    upstream: ['@docusaurus/core@3.10.2'],
    files: [
      { file: '@docusaurus/core/lib/client/clientEntry.js', sha256: 'a9d6514eaf79c05c7d5275b5139298a5467c1c8339ab8a887c5d8ba61aff9871' },
      { file: '@docusaurus/core/lib/client/preload.js', sha256: '8c1e3de18d307e2fb4aee43f765f1d06b05357889b9923467bef44a358683542' },
      { file: '@docusaurus/core/lib/webpack/client.js', sha256: 'b38143fa54a7b01ebdecd7ebbae2791ad5fc41897abfe5e6a23602fa02e6be9d' },
    ],
    why: "main.js evaluated every module it holds, then the page's route modules, in the one task that ran it: 30-50 ms here, 120-200 ms at Lighthouse's 4x, with input waiting behind it",
    gain: "the longest script task of Account's load 52-60 ms of CPU (main.js) -> 10 ms or less, Chromium without throttling (BENCHMARKS.md, main thread side by side); `npm run bench` (side by side)",
    guard: 'tests/unit/staged-start.test.ts, tests/build/budgets.test.ts (the four bundles), tests/e2e/first-paint.test.ts, tests/e2e/navigation.test.ts',
    retireWhen: 'Docusaurus evaluating its client entry in stages, or React and the route table loading in tasks of their own',
  },
  {
    name: 'ejected-code-block',
    location: 'src/theme/CodeBlock/index.tsx',
    alwaysOn: 'a swizzle: Docusaurus resolves the theme component from src/theme whatever the switch says',
    replaces:
      "the theme's CodeBlock, ejected (a copy of @docusaurus/theme-classic's src/theme/CodeBlock/index.tsx) without the key it puts on every block, `String(useIsBrowser())`, and the useIsBrowser call that feeds it",
    upstream: ['@docusaurus/theme-classic@3.10.2'],
    files: [
      { file: '@docusaurus/theme-classic/lib/theme/CodeBlock/index.js', sha256: '639f8655d319e123c4efa5223a42078d3e98ea361e206f6f1bfb87b080a28904' },
      { file: '@docusaurus/theme-classic/src/theme/CodeBlock/index.tsx', sha256: '02872fb480f9cfba3bf6fb26683dfc2a7b4b8d43a2f56f7f72911482028d8a2b' },
    ],
    why: "the key throws every code block away and builds it again right after load, so that a dark-mode reader gets the dark Prism styles the server could not know (ocean/poolpairs rebuilt 5,150 of its 6,848 elements with the theme's Tabs); here tokens are coloured by class for both colour modes (generated/prism-tokens.css), so the server's markup is right in either mode",
    gain: 'no element of a code block rebuilt after hydration (with ejected-tabs, ocean/poolpairs 5,150 -> 5 elements removed after the HTML was parsed, BENCHMARKS.md); `npm run bench` (main-thread table)',
    guard:
      "tests/unit/ejected-code-block.test.ts (the copy is upstream's source without the key and its useIsBrowser call, nothing else changed), tests/e2e/code-blocks.test.ts (the server's tokens kept through hydration, the dark theme shown to a dark-mode reader)",
    retireWhen: "the theme's CodeBlock keeping the server's markup through hydration (no key on useIsBrowser)",
  },
  {
    name: 'prefetch-when-idle',
    clientModule: './src/overrides/prefetch-when-idle/index.ts',
    replaces:
      "core's `window.docusaurus` (a frozen object), by a copy whose prefetch asks for each page once, one page per idle period, and only while a link to it can be seen; core's Link reads `window.docusaurus.prefetch` at each call",
    upstream: ['@docusaurus/core@3.10.2'],
    files: [
      { file: '@docusaurus/core/lib/client/exports/Link.js', sha256: 'cd83fc0c2bffaab83186636c309c8086aac4aa53594dc7eeb4b9f9817527d277' },
      { file: '@docusaurus/core/lib/client/docusaurus.js', sha256: 'b0d1dbdc1e3a706fe1ffd91c726d8348c5e4ed6ac95a716f549eb58127a4b202' },
    ],
    why: "Link prefetches a page's chunks for every internal link in view, once per distinct URL: links to one page with different #anchors each prefetched the same chunks, and on a phone the closed menu (off-screen, but in the viewport's geometry for IntersectionObserver) had every page of its area prefetched on each load",
    gain: "325 <link rel=prefetch> on Account's load (27 distinct files, about 100 ms of main-thread work) -> one page's chunks per link a reader can see (53 links), in idle periods (BENCHMARKS.md, cuts made); `npm run bench` (main-thread table, idle work included)",
    guard:
      "tests/unit/prefetch-when-idle.test.ts (core's Link reads window.docusaurus.prefetch at each call, nothing else holds the object, the object's shape), tests/unit/deferred.test.ts (once per page, one per idle period, visible links only), tests/e2e/navigation.test.ts (prefetching)",
    retireWhen: 'Docusaurus prefetching each page once and only for links a reader can see, or taking a prefetch policy as an option',
  },
  {
    name: 'full-text-query',
    alwaysOn: "the MCP server's reader of the build, not part of the site: a build without overrides writes the same index",
    replaces:
      "the local-search plugin's worker (dist/client/client/theme/worker.js and its smartQueries), replayed on the server: the plugin's private index format (search-index.json) read with the plugin's lunr, its documents handed to the MCP `search` tool's ranking (server/mcp/ranked-text.ts), and asked as the worker asks it",
    upstream: ['@easyops-cn/docusaurus-search-local@0.55.3', 'lunr@2.3.9'],
    files: [
      {
        file: '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js',
        sha256: '183b904d525268258a5b9fb23bd79c31da0398e5b69e454e3a13c716e8227915',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js',
        sha256: 'bd81e902cc6fe3888b72297bc9ea2cb7359b74dc8fa239247f51ed84349e0a6a',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js',
        sha256: '09495ef70a10f82fdb29c314ddfcfbc86f39e20f01652349dd07fa622e12ab66',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartTerms.js',
        sha256: '003d4fe913977fcfa9114d119157a90319b96cd973bdb7fe1f376414c634ab69',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js',
        sha256: 'c156e9b90449047cf24a90e65f9661693e637412ff61d34d3961c33a5a1440bc',
      },
      {
        file: '@easyops-cn/docusaurus-search-local/dist/client/shared/interfaces.js',
        sha256: '98d5020c65dcc7adf00dd75e794a3f6d7a9d591129d96fc1ca71f97da37411c1',
      },
    ],
    why: "the plugin answers full-text queries only in the browser, from a web worker; an assistant asking the MCP server should find the same sections by their text, ranked by the search box's own merge, without a second index",
    gain: "full-text hits in the MCP `search` answers from the index the build already writes: its sections, ranked for questions by server/mcp/ranked-text.ts; the worker's own query kept beside it, the same results and scores as the plugin's worker for English queries of one or two words; `npm run bench:load` times `search` among the MCP calls",
    guard:
      "tests/unit/full-text-query.test.ts (an index written by the plugin's buildIndex with the site's options, asked by the plugin's worker and by this reader), tests/build/mcp-answers.test.ts",
    retireWhen: 'the plugin exporting a query function for its index that runs outside the browser',
  },
  {
    name: 'server-markup',
    location: 'src/components/serverMarkup.ts',
    alwaysOn: 'Deferred, DesktopOnly and the code block wrapper are components of the pages, not patches of a framework file',
    replaces:
      "nothing upstream: relies on react-dom keeping the server's children of an element hydrated with an empty dangerouslySetInnerHTML, which React does not document",
    upstream: ['react-dom@19.3.1'],
    files: [{ file: 'react-dom/cjs/react-dom-client.production.js', sha256: 'a319b413b7a19ee34422d9a12a8e7afd003c07846716d278ba1a0898e8cb6251' }],
    why: "a reference page keeps sections the reader has not reached, the phone's hidden desktop sidebar and the highlighted code as the server wrote them, instead of building them again on load",
    gain: 'the hydration of a reference page limited to what is in view (BENCHMARKS.md, Deferred); `npm run bench` (main-thread table)',
    guard: 'tests/unit/deferred.test.ts, tests/unit/desktop-only.test.ts, tests/e2e/deferred.test.ts (the server markup survives hydration, no mismatch)',
    retireWhen: 'React documenting (or offering an API for) leaving server markup in place, or the pages needing no such part',
  },
];

/** Helpers of the overrides above, not overrides themselves. */
export const SHARED = ['module-replacement.ts', 'switch.ts', 'manifest.ts', 'MANIFEST.md', 'internal-imports.json'];

/**
 * The overrides that point an import of Docusaurus or a plugin at a module of ours, each through module-replacement.ts,
 * the one file of the layer that builds Rspack's NormalModuleReplacementPlugin (tests/unit/overrides.test.ts).
 */
export const MODULE_REPLACEMENT_USERS = ['lazy-mark', 'plain-sort', 'search-bar-constants', 'lean-tslib', 'hydration-transitions', 'symbol-search'];

/** A file outside the override layer that imports a framework internal, and why (eslint.config.mjs reads the file). */
export interface InternalImport {
  file: string;
  imports: string;
  reason: string;
}

export const INTERNAL_IMPORTS: readonly InternalImport[] = INTERNAL_IMPORTS_LIST;

/** The plugins that install the overrides, in the manifest's order; none when `NO_OVERRIDES=1` (docusaurus.config.ts). */
export function overridePlugins(off: boolean): string[] {
  return off ? [] : OVERRIDES.flatMap((override) => (override.plugin === undefined ? [] : [override.plugin]));
}

/** The client modules that install the overrides, in the manifest's order; none when `NO_OVERRIDES=1`. */
export function overrideClientModules(off: boolean): string[] {
  return off ? [] : OVERRIDES.flatMap((override) => (override.clientModule === undefined ? [] : [override.clientModule]));
}

/** The options of the site config the overrides set, merged in the manifest's order; none when `NO_OVERRIDES=1`. */
export function overrideSiteConfig(off: boolean): OverrideSiteConfig {
  return off ? {} : (Object.assign({}, ...OVERRIDES.map((override) => override.siteConfig?.() ?? {})) as OverrideSiteConfig);
}

/**
 * Whether the override `name` is on in this build, for the steps an override adds to code of the site's own (the
 * site-output plugin's): all are on unless the switch is off, which leaves the always-on ones. An unknown name throws.
 */
export function overrideOn(name: string, off: boolean = overridesOff()): boolean {
  const override = OVERRIDES.find((entry) => entry.name === name);
  if (override === undefined) throw new Error(`${name} is not an override of src/overrides/manifest.ts`);
  return !off || override.alwaysOn !== undefined;
}

/** The header of MANIFEST.md, above the entries. */
const MANIFEST_HEADER = `# Overrides: where the site patches framework internals

Written from \`manifest.ts\` by \`npx tsx scripts/write-overrides-manifest.ts\` (tests/unit/overrides.test.ts fails when
the two differ): edit the data there, not this page.

Read this first when you upgrade Docusaurus, the local-search plugin or its lunr, prism-react-renderer, React or MDX.
Each entry below reaches into a private file, the private output or the undocumented behaviour of a specific upstream
version. They were measured and each has a guard test, but an upgrade can break them one by one, quietly; so:

- **Version gate.** \`tests/unit/overrides.test.ts\` hashes every upstream file an override replaces or depends on, and
  checks each package's version, against what is recorded in \`manifest.ts\`. After an upgrade it fails and names the
  override to re-check. Re-check it (its guard test, then the bench), then record the new hash and version.
- **Switch.** \`NO_OVERRIDES=1 npm run build:only\` builds the site without the overrides (Docusaurus's own build,
  served as is): the config takes the plugins, client modules and site options that install them from \`manifest.ts\`
  (each entry says which under "Installed by"), and a step an override adds to the site's own code asks
  \`overrideOn(name)\`. Compare the two builds with \`npm run bench\`; an override whose gain is within the noise of that
  comparison should go. The tests run on the build with overrides; some of them (byte budgets, first paint) fail
  without. An entry marked *always on* says why the switch leaves it.
- **Swizzles** in \`src/theme\` are Docusaurus's own mechanism; each opens with a line \`// Swizzle (wrap|eject|replace)
  of <Component>: <what it changes>\`. A swizzle that copies upstream code (ejected) is an entry below.
- **Framework internals** (a package's \`lib/\` or \`dist/\` files, theme-common's \`internal\` entry) are imported only
  here and by the files listed under "Imports of internals outside this folder" (ESLint holds it; the list is
  \`internal-imports.json\`).

\`module-replacement.ts\` is the helper of the overrides that point an import at a module of ours (${MODULE_REPLACEMENT_USERS.map((name) => `\`${name}\``).join(
  ', ',
)}); \`switch.ts\` reads \`NO_OVERRIDES\`.
`;

/** How an override is installed, for MANIFEST.md: its plugin, its client module, the site options it sets. */
function installedBy(override: Override): string[] {
  const ways = [
    ...(override.plugin === undefined ? [] : [`the plugin \`${override.plugin}\``]),
    ...(override.clientModule === undefined ? [] : [`the client module \`${override.clientModule}\``]),
    ...(override.siteConfig === undefined
      ? []
      : [
          `the site config's ${Object.keys(override.siteConfig())
            .map((option) => `\`${option}\``)
            .join(' and ')} (\`overrideSiteConfig\`)`,
        ]),
  ];
  return ways.length === 0 ? [] : [`- **Installed by:** ${ways.join(', ')}.`];
}

/** MANIFEST.md as written from the list above. */
export function manifestMarkdown(overrides: readonly Override[] = OVERRIDES, imports: readonly InternalImport[] = INTERNAL_IMPORTS): string {
  const entries = overrides.map((override) =>
    [
      `## \`${override.name}\``,
      '',
      ...(override.location === undefined ? [] : [`- **Lives in:** ${override.location}.`]),
      ...(override.alwaysOn === undefined ? [] : [`- **Always on:** ${override.alwaysOn}.`]),
      ...installedBy(override),
      `- **Replaces:** ${override.replaces}.`,
      `- **Written against:** ${override.upstream.map((pinned) => `\`${pinned}\``).join(', ')}; files ${override.files.map(({ file }) => `\`${file}\``).join(', ')}.`,
      `- **Why:** ${override.why}.`,
      `- **Gain:** ${override.gain}.`,
      `- **Guard:** ${override.guard}.`,
      `- **Retire when:** ${override.retireWhen}.`,
    ].join('\n'),
  );
  const internals = [
    '## Imports of internals outside this folder',
    '',
    ...imports.map(({ file, imports: what, reason }) => `- \`${file}\`: ${what}; ${reason}.`),
  ].join('\n');
  return `${[MANIFEST_HEADER, ...entries, internals].join('\n')}\n`;
}
