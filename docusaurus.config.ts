// Site configuration: the five docs areas, navbar, footer and theme, each as a named piece.
import type { Config, PluginConfig, PluginModule } from '@docusaurus/types';
import { darkCodeTheme, lightCodeTheme } from './config/prism-themes';
import type { PrismTheme } from 'prism-react-renderer';
import type * as Preset from '@docusaurus/preset-classic';
import type * as Docs from '@docusaurus/plugin-content-docs';
import npm2yarn from '@docusaurus/remark-plugin-npm2yarn';
import { rehypeLoneLinks } from './contract/lone-links';
import { overridesOff } from './src/overrides/switch';
import { overrideClientModules, overridePlugins, overrideSiteConfig } from './src/overrides/manifest';
import { trackedModule } from './src/overrides/postbuild-order/index';
import * as searchLocal from '@easyops-cn/docusaurus-search-local';
import { sidebarItemsGenerator } from './config/sidebar-items';
import { ANNOUNCEMENT_ID, DEFAULT_DOCS_AREA, DOCS_AREAS, LICENSE_URL, REPOSITORY_URL, SEARCH_RESULT_LIMITS, SITE_URL, type DocsArea } from './config/site';

/** A code theme with its plain colours alone: what the browser reads of it (see `prism` below). */
const plainColours = (theme: PrismTheme): PrismTheme => ({ plain: theme.plain, styles: [] });

const remarkPlugins: Docs.Options['remarkPlugins'] = [[npm2yarn, { sync: true, converters: ['yarn', 'pnpm'] }]];

function docsOptions(area: DocsArea): Docs.Options {
  return {
    path: `docs/${area.routeBasePath}`,
    routeBasePath: area.routeBasePath,
    sidebarPath: `./sidebars/${area.routeBasePath}.ts`,
    sidebarItemsGenerator,
    editUrl: undefined,
    remarkPlugins,
    // A block of links alone: its links get 24 px of target height whatever the reader's font (contract/lone-links.ts).
    rehypePlugins: [rehypeLoneLinks],
    versions: { current: { label: 'Next' } },
  };
}

const otherAreas = DOCS_AREAS.filter((area) => area !== DEFAULT_DOCS_AREA);

const docsPlugins: Config['plugins'] = otherAreas.map((area) => [
  '@docusaurus/plugin-content-docs',
  { id: area.id, ...docsOptions(area) } satisfies Docs.Options,
]);

const navbar: Preset.ThemeConfig['navbar'] = {
  title: 'Jellyfish',
  hideOnScroll: true,
  logo: { alt: 'Jellyfish logo', src: 'img/logo.svg', width: 32, height: 32 },
  items: [
    { type: 'docSidebar', sidebarId: 'ecosystem', label: 'Ecosystem', position: 'left' },
    { type: 'docSidebar', docsPluginId: 'node', sidebarId: 'node', label: 'Full Node RPC', position: 'left' },
    { type: 'docSidebar', docsPluginId: 'ocean', sidebarId: 'ocean', label: 'Ocean REST API', position: 'left' },
    { type: 'docSidebar', docsPluginId: 'legacy', sidebarId: 'legacy', label: 'Stats REST API', position: 'left' },
    {
      // A dropdown (SPEC §4): the label opens the first guide, the menu lists both.
      type: 'dropdown',
      label: 'Testing',
      to: '/testing/testcontainers',
      // Marks the label active on every page of the area, as the other areas' links are.
      activeBasePath: 'testing',
      position: 'left',
      items: [
        { type: 'doc', docsPluginId: 'testing', docId: 'testcontainers', label: 'Testcontainers' },
        { type: 'doc', docsPluginId: 'testing', docId: 'jellyfish-testing', label: 'Jellyfish Testing' },
      ],
    },
    { href: REPOSITORY_URL, label: 'GitHub', position: 'right', 'aria-label': 'Jellyfish source repository on GitHub' },
  ],
};

const footer: Preset.ThemeConfig['footer'] = {
  style: 'dark',
  links: [
    {
      title: 'DeFiChain',
      items: [
        { label: 'White Paper', href: 'https://defichain.com/white-paper/' },
        { label: 'Pink Paper', href: 'https://github.com/DeFiCh/pinkpaper' },
        { label: 'Developers', href: 'https://defichain.com/developers/' },
      ],
    },
    {
      title: 'Community',
      items: [
        { label: 'Twitter', href: 'https://twitter.com/defichain' },
        { label: 'Reddit', href: 'https://reddit.com/r/defiblockchain' },
        { label: 'GitHub', href: 'https://github.com/JellyfishSDK' },
      ],
    },
    {
      title: 'Legal',
      items: [
        { label: 'Privacy', href: 'https://defichain.com/privacy-policy/' },
        { label: 'MIT License', href: LICENSE_URL },
      ],
    },
  ],
  logo: {
    alt: 'Deploys by Netlify',
    src: 'img/netlify-badge.svg',
    href: 'https://www.netlify.com',
    width: 114,
    height: 51,
  },
  copyright: `Jellyfish is released under the MIT License.`,
};

const themeConfig: Preset.ThemeConfig = {
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  announcementBar: {
    id: ANNOUNCEMENT_ID,
    content:
      'These pages follow Jellyfish 4.0.7. The Full Node RPC and Ocean REST references are generated from the published packages. Press <kbd>/</kbd> to search.',
    isCloseable: true,
  },
  docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  navbar,
  footer,
  prism: {
    // Contrast-checked themes: every token colour reaches 4.5:1 on its background (axe, WCAG AA). The browser reads only
    // their plain colours (CodeBlock's container sets them as CSS variables); the token colours reach the page through
    // generated/prism-tokens.css, written from the full themes (config/prism-themes.ts), so the site config that every
    // page's main.js carries leaves them out (about 1.9 KB).
    theme: plainColours(lightCodeTheme),
    darkTheme: plainColours(darkCodeTheme),
    // None: the bundles use src/prism (see src/overrides/light-prism), which holds the grammars the docs use, bash included.
    additionalLanguages: [],
  },
};

/** Offline full-text search over every docs area, generated pages included (see README: Search). */
const localSearch: PluginConfig = [
  // Its postBuild writes the index, which the site-output plugin compresses once it is written.
  trackedModule(searchLocal as unknown as { default: PluginModule }),
  {
    hashed: true,
    indexDocs: true,
    indexBlog: false,
    indexPages: false,
    docsRouteBasePath: DOCS_AREAS.map((area) => area.routeBasePath),
    docsDir: DOCS_AREAS.map((area) => `docs/${area.routeBasePath}`),
    language: ['en', 'zh'],
    highlightSearchTermsOnTargetPage: true,
    explicitSearchResultPath: true,
    searchResultLimits: SEARCH_RESULT_LIMITS,
    searchResultContextMaxLength: 60,
    searchBarShortcutKeymap: 'mod+k',
  },
];

/**
 * The overrides of Docusaurus's or a plugin's internals, each listed with its reason, gain and guard in
 * src/overrides/manifest.ts (MANIFEST.md is written from it), which says what installs each: a plugin, a client
 * module, options of this config. `NO_OVERRIDES=1` builds without any of them.
 */
const off = overridesOff();

const config: Config = {
  title: 'Jellyfish',
  tagline: 'SDK & Ecosystem for building modern lite DeFi Applications at scale',
  favicon: 'img/favicon.ico',
  url: SITE_URL,
  baseUrl: '/',
  titleDelimiter: '|',
  noIndex: false,
  // The page template whose loader runs the scripts after the first paint, and Docusaurus's banner for a site that
  // did not load off (the override `after-paint`).
  ...overrideSiteConfig(off),
  // A build without overrides keeps out of Rspack's persistent cache: the cache does not follow the module
  // replacements, so the next build with them would reuse modules built without them.
  future: {
    v4: true,
    faster: off
      ? {
          swcJsLoader: true,
          swcJsMinimizer: true,
          swcHtmlMinimizer: true,
          lightningCssMinimizer: true,
          rspackBundler: true,
          rspackPersistentCache: false,
          ssgWorkerThreads: true,
          mdxCrossCompilerCache: true,
          gitEagerVcs: true,
        }
      : true,
  },
  storage: { namespace: false },
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',
  markdown: { hooks: { onBrokenMarkdownLinks: 'warn' } },
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' } },
  },
  presets: [
    [
      'classic',
      {
        docs: docsOptions(DEFAULT_DOCS_AREA),
        blog: false,
        // The token colours by class, written by `npm run generate` from config/prism-themes.ts (contract/prism/token-css.ts).
        theme: { customCss: ['./src/css/custom.css', './generated/prism-tokens.css'] },
        sitemap: { changefreq: 'weekly', priority: 0.5 },
      } satisfies Preset.Options,
    ],
  ],
  themes: [localSearch],
  clientModules: ['./src/client/chunkLoadRetry.ts', ...overrideClientModules(off), './src/client/skipOffscreen.ts'],
  plugins: [
    ...docsPlugins,
    './src/plugins/generate-on-change/index.ts',
    './src/plugins/llms/index.ts',
    ...overridePlugins(off),
    './src/plugins/site-output/index.ts',
  ],
  themeConfig,
};

export default config;
