// Byte budgets of the production build (what a first visit downloads, raw and brotli) and a hydration budget, so that a
// heavier bundle, a new render-blocking resource or a component that rebuilds the page after hydration fails CI.
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { startServer, type RunningServer } from '../../server/server';
import { formatKiB, measureSite, referencedAssets, type PageWeight, type Size, type SiteWeight } from '../../bench/weight';
import { COUNT_REMOVED_AFTER_PARSE } from '../../bench/main-thread';
import { htmlElements, isScriptPreload } from '../../src/overrides/after-paint/route-chunks';
import { COMPILE_HINT } from '../../src/overrides/compile-hints';
import { inlineScripts } from '../../server/security-headers';

const SITE = path.resolve(__dirname, '../..');
const BUILD = path.join(SITE, 'build');

/**
 * Budgets in bytes, set from the build of 2026-11-23 after the first bundle cuts (numbers measured then in the
 * comments) with a margin of about 10 % for the shared bundle and CSS and 20 % for content, which still grows.
 * Brotli is quality 11, as precompressed. Raise a budget only with a reason in the commit message; see BENCHMARKS.md.
 */
export const BUDGETS = {
  /** The bundles every page loads: runtime~main.js, main.js, react.js and theme.js (src/overrides/staged-start).
   * Measured 439,365 raw / 119,957 brotli with one bundle and 57 pages, once mark.js left (456,698 / 124,169 with it;
   * 492,003 / 132,669 with lunr too; 555,595 / 147,968 before the light Prism); 472,021 / 123,108 with 103 pages (Docusaurus keeps every route and its chunk names in
   * main.js: about 26 KB raw for the package, custom transaction and recipe pages); 479,836 / 127,685 after the split
   * into four files (they compress less well than one, and the staged entry and the transition modules are new).
   * The margin stays below what mark.js or lunr weighs, so that either coming back fails here
   * (src/overrides/lazy-mark, src/overrides/search-bar-constants).
   * Why it stays above the 452,000 B it was with one bundle and 57 pages: the four files (no long script task on load)
   * and the route table, which Docusaurus keeps in main.js with every route's chunk names, about 700 B a page (the
   * OP_CODES page took main.js from 193,658 to 194,314 B and the runtime from 10,146 to 10,194 B). Measured 492,368 /
   * 130,797 with 118 pages before the OP_CODES page, 493,072 / 130,820 with it (119 pages): 928 B of room, about one page.
   * Measured 504,524 / 132,321 with 141 pages: the node's own RPCs added 22 routes (about 520 B raw a route).
   * Measured 494,162 / 129,003 with 144 pages (the split loan and account pages add three routes, about 1.5 KB), once
   * tslib left main.js (src/overrides/lean-tslib: 11,190 B for the one helper utils-common calls) and the site config
   * main.js carries lost the code themes' token colours, which reach the page through generated/prism-tokens.css
   * (docusaurus.config.ts, prism: 1,430 B).
   * What stays above the 452,000 B of one bundle and 57 pages, measured in main.js at 144 pages: the route data
   * Docusaurus keeps there for every route, which grows with each page (the registry of route chunk loaders
   * 44,373 B, the docs plugins' global data of every doc 16,946 B, the route table with its chunk names 12,803 B:
   * 74 KB, about 515 B a route: some 45 KB more than at 57 pages), and the four files of the staged start (no long script task on load),
   * which compress less well than one (about 8 KB). Back under 452,000 takes the route data out of main.js, which
   * core does not offer. Next in size of what only some pages need: Prism's core and the grammars (about 24 KB), which
   * only pages that render code in the browser use, but which a code block needs at hydration.
   * The margin is about two routes. */
  sharedJs: { raw: 495_100, brotli: 130_000 },
  /** Scripts of any page's first load, route chunks included. Measured 722,437 / 161,446 (/node/jellyfish/api/loan/). */
  pageJs: { raw: 870_000, brotli: 194_000 },
  /** Stylesheets of any page. Measured 85,169 / 14,519. */
  css: { raw: 94_000, brotli: 16_000 },
  /** The largest HTML document: 160 KiB. Measured 320,935 / 14,009 (/node/jellyfish/api/loan/) before the RPC
   * pages showed the node's answer to every method; 378,724 / 17,304 (blockchain) with them and tokens without inline
   * styles; 163,313 (loan) once code became text and short-classed tokens, type sections were not repeated, tabs were
   * lazy, and code blocks lost their style attribute, their per-line elements and React's text seams. The answers are
   * mostly txids, hashes and addresses, which do not compress. */
  // The pages that outgrew it are split: OP_CODES has a page of its own (the transaction scripts page weighed 165,918 B
  // with it; now 44,497 B, and OP_CODES 152,562 B), and the loan and account RPC categories are on several pages
  // (generator/extract/rpc/pages.ts): loan weighed 169,541 B on one page, now 101,420 and 97,754 (loan/vaults);
  // account 162,036 B, now 99,746, 68,223 (account/history) and 51,730 (account/future-swaps). The largest now:
  // 157,753 B (/ecosystem/packages/jellyfish-transaction-builder/loans/), 156,234 B (/node/jellyfish/api/blockchain/).
  html: { raw: 163_840, brotli: 22_500 },
  /** Pages allowed over the HTML budget, each with its figure and the reason: none (a page that outgrows the budget is
   * split, as the RPC categories are by generator/extract/rpc/pages.ts). */
  htmlOver: {} as Readonly<Record<string, Size>>,
  /** HTML + CSS + JS of the heaviest first load. Measured 1,128,541 / 189,974 (/node/jellyfish/api/loan/). */
  total: { raw: 1_350_000, brotli: 225_000 },
  /** Script files of one first load (runtime, main, route chunks). Measured 11. */
  scriptFiles: 14,
  /** Elements React removes from the server-rendered page while hydrating. Measured 5 (2,763 on account before the
   * CodeBlock and Tabs swizzles). */
  hydrationRemovedElements: 50,
} as const;

let measured: SiteWeight | undefined;
/** Brotli at quality 11 over every page takes seconds: measured once per run. */
function site(): SiteWeight {
  measured ??= measureSite(BUILD, path.join(SITE, '.docusaurus'));
  return measured;
}

function describeSize(size: Size): string {
  return `${size.raw} B raw (${formatKiB(size.raw)}), ${size.brotli} B brotli (${formatKiB(size.brotli)})`;
}

function expectWithin(what: string, size: Size, budget: Size): void {
  expect(size.raw, `${what}: ${describeSize(size)} exceeds the raw budget of ${budget.raw} B`).toBeLessThanOrEqual(budget.raw);
  expect(size.brotli, `${what}: ${describeSize(size)} exceeds the brotli budget of ${budget.brotli} B`).toBeLessThanOrEqual(budget.brotli);
}

function heaviestFirst(pages: PageWeight[], pick: (page: PageWeight) => Size): PageWeight[] {
  if (pages.length === 0) throw new Error('the build has no pages');
  return [...pages].sort((a, b) => pick(b).brotli - pick(a).brotli || pick(b).raw - pick(a).raw);
}

describe('first-load byte budgets', () => {
  beforeAll(() => {
    site();
  }, 120_000);

  it('measures every page of every docs area, with the route chunks the client loads before hydrating', () => {
    const routes = site().pages.map((page) => page.route);
    for (const route of [
      '/',
      '/ecosystem/',
      '/ecosystem/custom-transactions/',
      '/ecosystem/custom-transactions/loans/',
      '/node/',
      '/node/jellyfish/api/account/',
      '/ocean/',
      '/legacy/',
      '/testing/testcontainers/',
    ]) {
      expect(routes).toContain(route);
    }
    for (const page of site().pages.filter((candidate) => candidate.route !== '/404.html')) {
      // Every page's own content comes in a route chunk; zero would mean the route analysis found nothing.
      expect(page.routeChunks.length, `${page.route} has no route chunk`).toBeGreaterThan(0);
      // src/overrides/after-paint/route-scripts.ts names them all in the HTML (for the paint loader to preload), so none
      // waits for main.js to ask for it.
      expect(page.routeScripts, `${page.route}: route chunks the HTML does not name`).toEqual([]);
    }
  });

  it('keeps the bundle every page loads within budget', () => {
    const home = site().pages.find((page) => page.route === '/');
    if (!home) throw new Error('no home page');
    const shared = home.htmlScripts.map((file) => site().assets.get(file) ?? { raw: 0, brotli: 0 });
    expect(home.htmlScripts.some((file) => /\/main\.[0-9a-f]+\.js$/.test(file))).toBe(true);
    expectWithin('runtime + main bundle', { raw: shared.reduce((sum, size) => sum + size.raw, 0), brotli: shared.reduce((sum, size) => sum + size.brotli, 0) }, BUDGETS.sharedJs);
  });

  // Every page is checked, heaviest first, so that a failure names the worst offender.
  it('keeps the JavaScript of every first load within budget', () => {
    for (const page of heaviestFirst(site().pages, (candidate) => candidate.js)) expectWithin(`JS of ${page.route}`, page.js, BUDGETS.pageJs);
  });

  it('keeps the CSS of every page within budget', () => {
    for (const page of heaviestFirst(site().pages, (candidate) => candidate.css)) expectWithin(`CSS of ${page.route}`, page.css, BUDGETS.css);
  });

  it('keeps every HTML document, the largest included, within budget', () => {
    for (const page of heaviestFirst(site().pages, (candidate) => candidate.html)) expectWithin(`HTML of ${page.route}`, page.html, BUDGETS.htmlOver[page.route] ?? BUDGETS.html);
    // An exception names a page that is there and still needs it.
    for (const [route, budget] of Object.entries(BUDGETS.htmlOver)) {
      const page = site().pages.find((candidate) => candidate.route === route);
      expect(page?.html.raw, `${route}: a page allowed over the HTML budget`).toBeGreaterThan(BUDGETS.html.raw);
      expect(page?.html.raw).toBeLessThanOrEqual(budget.raw);
    }
  });

  it('keeps every first load (HTML + CSS + JS) within budget', () => {
    for (const page of heaviestFirst(site().pages, (candidate) => candidate.total)) expectWithin(`first load of ${page.route}`, page.total, BUDGETS.total);
  });

  it('leaves mark.js out of every first load, in a chunk of its own fetched when a search is marked (src/overrides/lazy-mark)', () => {
    // An option name of mark.js's own code, which the stand-in that main.js carries does not contain.
    const isMarkJs = (file: string): boolean => fs.readFileSync(path.join(BUILD, file), 'utf8').includes('acrossElements');
    const scripts = fs.readdirSync(path.join(BUILD, 'assets/js')).filter((name) => name.endsWith('.js'));
    expect(scripts.filter((name) => isMarkJs(path.join('assets/js', name))).map((name) => name.replace(/\.[0-9a-f]+\.js$/, ''))).toEqual(['mark-js']);
    for (const page of site().pages) {
      expect([...page.htmlScripts, ...page.routeScripts].filter(isMarkJs), `${page.route} loads mark.js`).toEqual([]);
    }
  });

  it('keeps the number of script files on a first load within budget', () => {
    const page = [...site().pages].sort((a, b) => b.htmlScripts.length + b.routeScripts.length - a.htmlScripts.length - a.routeScripts.length)[0];
    if (!page) throw new Error('the build has no pages');
    expect(page.htmlScripts.length + page.routeScripts.length, `${page.route} loads too many script files`).toBeLessThanOrEqual(BUDGETS.scriptFiles);
  });
});

describe('nothing render-blocking that need not be', () => {
  it('loads every script with defer or async, one same-origin stylesheet, nothing from another host', () => {
    for (const page of site().pages) {
      const html = fs.readFileSync(path.join(BUILD, page.htmlFile), 'utf8');
      const { scripts, stylesheets } = referencedAssets(html);
      expect(stylesheets, `${page.route} stylesheets`).toHaveLength(1);
      for (const href of [...scripts, ...stylesheets]) expect(href, `${page.route} loads ${href}`).toMatch(/^\/(?!\/)/);
      for (const tag of scriptTags(html)) {
        if (tag.src === undefined) continue;
        expect(tag.defer || tag.async, `${page.route}: <script src="${tag.src}"> blocks parsing`).toBe(true);
      }
    }
  });

  it('asks for no script before the first paint: the paint loader names runtime, React, theme and main, and the route chunks', () => {
    for (const page of site().pages) {
      const html = fs.readFileSync(path.join(BUILD, page.htmlFile), 'utf8');
      const bundle = referencedAssets(html).scripts.filter((src) => /\/(runtime~main|react|theme|main)\.[0-9a-f]+\.js$/.test(src));
      // React and the theme in chunks of their own (src/overrides/staged-start).
      expect(bundle, `${page.route}: runtime, React, theme and main bundle`).toHaveLength(4);
      expect(scriptTags(html).filter((tag) => tag.src !== undefined), `${page.route}: scripts the parser runs`).toEqual([]);
      // Nothing the browser fetches before the loader asks (src/overrides/after-paint/scripts-after-paint.ts).
      expect(htmlElements(html).filter(isScriptPreload), `${page.route}: script preloads in the HTML`).toEqual([]);
      // The template's loader (paintThenRun), as the HTML minifier wrote it, on its <script> with the URLs.
      const loaders = htmlElements(html).filter((element) => element.tagName === 'script' && element.attributes['data-run'] !== undefined);
      expect(loaders, `${page.route}: the paint loader`).toHaveLength(1);
      expect(loaders[0]?.attributes['data-run']?.split(' '), `${page.route}: what the loader runs`).toEqual(bundle);
      expect(inlineScripts(html).filter((script) => script.includes('first-contentful-paint')), `${page.route}: the loader's text`).toHaveLength(1);
    }
  });

  it('writes the paint loader with the same text on every page (one hash in the Content-Security-Policy)', () => {
    const texts = new Set(site().pages.flatMap((page) => inlineScripts(fs.readFileSync(path.join(BUILD, page.htmlFile), 'utf8')).filter((script) => script.includes('first-contentful-paint'))));
    expect(texts.size).toBe(1);
  });

  it('opens the four bundles with the compile hint, and no other script (src/overrides/compile-hints)', () => {
    const files = fs.readdirSync(path.join(BUILD, 'assets/js')).filter((name) => name.endsWith('.js'));
    const hinted = files.filter((name) => fs.readFileSync(path.join(BUILD, 'assets/js', name), 'utf8').startsWith(`${COMPILE_HINT}\n`));
    expect(hinted.map((name) => name.replace(/\.[0-9a-f]+\.js$/, '')).sort()).toEqual(['main', 'react', 'runtime~main', 'theme']);
  });
});

/** The route of an SDK package page from its data file's name (`<package>` or `<package>.<page>`, generator/cli.ts). */
function sdkRoute(name: string): string {
  const model = JSON.parse(fs.readFileSync(path.join(SITE, 'generated/sdk-model.json'), 'utf8')) as { packages: { short: string; area: 'ecosystem' | 'testing' }[] };
  const [short = '', slug] = name.split('.');
  const pkg = model.packages.find((candidate) => candidate.short === short);
  if (pkg === undefined) throw new Error(`no SDK package ${short}`);
  return `/${pkg.area}/packages/${short}${slug === undefined ? '' : `/${slug}`}`;
}

/** The strings of section data (contract/section-nodes.ts), depth first. */
function dataStrings(node: unknown, into: string[] = []): string[] {
  if (typeof node === 'string') into.push(node);
  // A lazy disclosure's content (src/components/LazyDetails) reaches the HTML only once the reader opens it.
  else if (Array.isArray(node) && node[0] !== 'LazyDetails') for (const child of node) dataStrings(child, into);
  return into;
}

const occurrences = (text: string, probe: string): number => text.split(probe).length - 1;

describe('reference pages ship their section data once (src/components/ReferenceSection)', () => {
  const dataDir = path.join(SITE, 'generated/pages');
  const dataFiles = (['rpc', 'ocean', 'sdk', 'custom-tx'] as const).flatMap((area) =>
    fs.existsSync(path.join(dataDir, area)) ? fs.readdirSync(path.join(dataDir, area)).map((file) => ({ area, name: file.replace(/\.json$/, '') })) : [],
  );

  it('has the data of every generated page', () => {
    expect(dataFiles.filter((file) => file.area === 'rpc').length).toBeGreaterThanOrEqual(18);
    expect(dataFiles.filter((file) => file.area === 'ocean').length).toBeGreaterThanOrEqual(15);
    expect(dataFiles.filter((file) => file.area === 'sdk').length).toBeGreaterThanOrEqual(17);
    // The custom transaction pages: one per family (the overview has no deferred sections).
    expect(dataFiles.filter((file) => file.area === 'custom-tx').length).toBeGreaterThanOrEqual(8);
  });

  it("renders every section from the data into the HTML, and carries the data in the page's scripts exactly once", () => {
    for (const { area, name } of dataFiles) {
      const route =
        // A page below another has its data as `<folder>.<page>` (generator/cli.ts): `node-only.wallet` at
        // /node/jellyfish/api/node-only/wallet, a split category's `loan.vaults` at /node/jellyfish/api/loan/vaults.
        area === 'rpc' ? `/node/jellyfish/api/${name.replace('.', '/')}/` : area === 'ocean' ? `/ocean/${name}/` : area === 'custom-tx' ? `/ecosystem/custom-transactions/${name}/` : `${sdkRoute(name)}/`;
      const page = site().pages.find((candidate) => candidate.route === route);
      if (!page) throw new Error(`no page ${route}`);
      const json = fs.readFileSync(path.join(dataDir, area, `${name}.json`), 'utf8');
      const sections = JSON.parse(json) as unknown[];
      const html = fs.readFileSync(path.join(BUILD, page.htmlFile), 'utf8');
      // One deferred block per section, each right after its heading (the MDX keeps the headings).
      expect(html.match(/<div data-deferred=/g)?.length, route).toBe(sections.length);
      // A probe from the section furthest down that has one: a text written once in the data, with no character that
      // scripts or HTML escape, and not part of a heading (a heading is page markup, in the scripts and the table of
      // contents too: `MasterNodeRegTestContainer` of the heading `MasterNodeRegTestContainer.waitForReady`).
      const headings = [...html.matchAll(/<h[2-6][^>]*>([\s\S]*?)<\/h[2-6]>/g)].map((match) => (match[1] ?? '').replace(/<[^>]*>/g, '')).join('\n');
      const probe = [...sections]
        .reverse()
        .map(
          (section) =>
            dataStrings(section)
              .filter((text) => /^[\w .,:;()-]{24,}$/.test(text) && occurrences(json, text) === 1 && !headings.includes(text))
              .sort((a, b) => b.length - a.length)[0],
        )
        .find((text) => text !== undefined);
      if (probe === undefined) throw new Error(`${route}: no text to look for`);
      const scripts = [...page.htmlScripts, ...page.routeScripts].map((file) => fs.readFileSync(path.join(BUILD, file), 'utf8')).join('\n');
      expect(occurrences(scripts, probe), `${route}: "${probe}" in the first-load scripts`).toBe(1);
      expect(occurrences(html, probe), `${route}: "${probe}" in the HTML`).toBe(1);
    }
  });
});

function scriptTags(html: string): { src?: string; defer: boolean; async: boolean }[] {
  // referencedAssets only gives the URLs; the attributes come from the same parse.
  return htmlElements(html)
    .filter((element) => element.tagName === 'script')
    .map(({ attributes }) => ({ src: attributes.src, defer: 'defer' in attributes, async: 'async' in attributes }));
}

describe('hydration budget', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ root: BUILD, port: 0 });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });


  for (const colorScheme of ['light', 'dark'] as const) {
    it(`keeps the server-rendered DOM of pages with code blocks and tabs (${colorScheme} mode)`, async () => {
      // The served CSP forbids evaluating strings, which is how the probes below run; the CSP has its own browser test.
      const context = await browser.newContext({ colorScheme, bypassCSP: true });
      try {
        const page = await context.newPage();
        await page.addInitScript(COUNT_REMOVED_AFTER_PARSE);
        for (const route of ['/node/jellyfish/api/account', '/ocean/poolpairs']) {
          await page.goto(new URL(route, server.url).href, { waitUntil: 'load' });
          // The colour-mode button is disabled in the server HTML and enabled by the first render after hydration,
          // the render in which upstream CodeBlock and Tabs remount.
          await page.waitForFunction('document.querySelector("button[aria-label*=\'dark and light mode\']:not([disabled])") !== null');
          await page.waitForTimeout(500);
          const tokens = await page.locator('pre code span[class]').count();
          expect(tokens, `${route} shows highlighted code`).toBeGreaterThan(100);
          const removed = await page.evaluate('window.__removedAfterParse');
          expect(removed, `${route}: elements rebuilt after hydration`).toBeLessThanOrEqual(BUDGETS.hydrationRemovedElements);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('loads a page without String#localeCompare, whose first call builds a collator (src/overrides/plain-sort)', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.addInitScript(`
        window.__localeCompares = 0;
        var original = String.prototype.localeCompare;
        String.prototype.localeCompare = function () {
          window.__localeCompares += 1;
          return original.apply(this, arguments);
        };
      `);
      for (const route of ['/', '/node/jellyfish/api/account', '/ocean/poolpairs', '/testing/testcontainers']) {
        await page.goto(new URL(route, server.url).href, { waitUntil: 'load' });
        await page.waitForFunction('document.documentElement.dataset.hasHydrated === "true"');
        await page.waitForTimeout(300);
        expect(await page.evaluate('window.__localeCompares'), route).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});
