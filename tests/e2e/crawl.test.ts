// Every route of the site, loaded once per configuration (light and dark, desktop and phone), with every per-page
// check run on that one load, several pages in flight:
// - axe (WCAG 2.2 AA and best practice): zero violations, in all four configurations;
// - requests and console (light, desktop): no request leaves the local server, nothing logged as an error or warning;
// - off-screen blocks (light, desktop and phone): every block and heading of an article where it is without the
//   off-screen rules (src/client/skipOffscreen.ts, src/css/custom.css);
// What overflows its box is measured on the HTML as served, scripts off, by tests/e2e/reference-layout.test.ts.
// axe runs on one page of each kind by default and on every route with `A11Y_ALL=1` (CI), or on the routes named by
// `A11Y_ROUTES=/a,/b`; the other checks always cover every route. `CRAWL_PAGES` sets how many pages are in flight.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_PATH, crawlRoutes } from './a11y-routes';
import { axeViolations, layoutWithAndWithoutRules, marked, recordTraffic, scrollThrough } from './page-checks';
import { DESKTOP, PHONE, baseUrl, browserSession, buildDir, hydrated, siteUrl } from './support';

const session = browserSession();

/** One page of each kind: what axe audits when neither A11Y_ALL nor A11Y_ROUTES is set. */
const SAMPLE = [
  '/',
  '/ecosystem/',
  '/ecosystem/custom-transactions/',
  '/ecosystem/custom-transactions/loans',
  '/ecosystem/recipes',
  '/node/design',
  '/node/jellyfish/api/blockchain',
  '/ocean/',
  '/ocean/prices',
  '/legacy/dex',
  '/testing/testcontainers',
  '/ecosystem/packages/',
  '/ecosystem/packages/jellyfish-address',
  '/ecosystem/packages/jellyfish-transaction/dftx-pool',
  '/ecosystem/packages/releases/v0',
  '/testing/packages/testcontainers/regtest',
  '/search',
  NOT_FOUND_PATH,
];

const allRoutes = crawlRoutes(buildDir());
const only = (process.env.A11Y_ROUTES ?? '').split(',').filter((route) => route !== '');
const axeRoutes = new Set(
  only.length > 0 ? allRoutes.filter((route) => only.includes(route)) : process.env.A11Y_ALL ? allRoutes : allRoutes.filter((route) => SAMPLE.includes(route)),
);

type Check = 'axe' | 'requests' | 'console' | 'offscreen';

interface Configuration {
  name: string;
  options: BrowserContextOptions;
  theme: 'light' | 'dark';
  /** The checks besides axe that this configuration runs on every route. */
  checks: ReadonlySet<Check>;
}

const CONFIGURATIONS: readonly Configuration[] = [
  { name: 'light, desktop', options: { ...DESKTOP, colorScheme: 'light' }, theme: 'light', checks: new Set(['requests', 'console', 'offscreen']) },
  { name: 'dark, desktop', options: { ...DESKTOP, colorScheme: 'dark' }, theme: 'dark', checks: new Set() },
  { name: 'light, phone', options: { ...PHONE, colorScheme: 'light' }, theme: 'light', checks: new Set(['offscreen']) },
  { name: 'dark, phone', options: { ...PHONE, colorScheme: 'dark' }, theme: 'dark', checks: new Set() },
];

/** How often each check ran on each route, printed at the end and held against what each route must get. */
const ran = new Map<string, Map<Check, number>>();
function count(route: string, check: Check): void {
  const checks = ran.get(route) ?? new Map<Check, number>();
  checks.set(check, (checks.get(check) ?? 0) + 1);
  ran.set(route, checks);
}
/** Articles whose layout was compared, per configuration. */
const articles = new Map<string, number>();

/** The largest reference pages hold thousands of elements; axe's contrast check on them takes tens of seconds on a busy machine. */
const ROUTE_TIMEOUT = 240_000;

it('audits with axe only routes the sitemap lists (a route it lacks would be left out without a word)', () => {
  expect(SAMPLE.filter((route) => !allRoutes.includes(route))).toEqual([]);
  expect(only.filter((route) => !allRoutes.includes(route))).toEqual([]);
});

it('crawls every sitemap page plus /search and the not-found page', () => {
  expect(allRoutes).toContain('/');
  expect(allRoutes).toContain('/search');
  expect(allRoutes).toContain(NOT_FOUND_PATH);
  expect(allRoutes.length).toBeGreaterThan(40);
});

/** The route's page in the build (its size orders the crawl: the largest pages, axe's longest audits, go first). */
function builtSize(route: string): number {
  const file = path.join(buildDir(), route.replace(/\/$/, ''), 'index.html');
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

/**
 * Every load the crawl owes: each configuration's routes, the largest pages first so that the long audits start early
 * and the pool of pages in flight does not end waiting on one of them, the configurations side by side.
 */
const loads = CONFIGURATIONS.flatMap((configuration) =>
  (configuration.checks.size > 0 ? allRoutes : allRoutes.filter((route) => axeRoutes.has(route))).map((route) => ({ configuration, route })),
)
  .map((load) => ({ ...load, size: builtSize(load.route) }))
  .sort((a, b) => b.size - a.size || a.route.localeCompare(b.route) || a.configuration.name.localeCompare(b.configuration.name));

/** One browser context per configuration, shared by its pages (and its HTTP cache, as a reader's browser has one). */
const contexts = new Map<string, BrowserContext>();
/**
 * Each configuration's pages between loads. A load goes to a page that an earlier load has finished with, as a
 * reader's tab goes from page to page: every load is a new document, while the tab's renderer process, started
 * once, keeps the site's compiled scripts (a new page per load cost about a third more CPU over the crawl). A page
 * whose load failed is closed, not reused.
 */
const idlePages = new Map<string, Page[]>();
/** Requests any page of a configuration made to another host, workers and prefetches included. */
const foreignFromContext = new Map<string, string[]>();

describe('every route in every configuration', () => {
  beforeAll(async () => {
    const localHost = new URL(baseUrl()).host;
    for (const configuration of CONFIGURATIONS) {
      const context = await session.browser().newContext(configuration.options);
      const foreign: string[] = [];
      // Every request of the context, workers and prefetches included, whichever page made it.
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol === 'data:' || url.protocol === 'blob:') return;
        if (url.host !== localHost) foreign.push(request.url());
      });
      contexts.set(configuration.name, context);
      foreignFromContext.set(configuration.name, foreign);
    }
  });

  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  it.concurrent.for(loads)('$route, $configuration.name', { timeout: ROUTE_TIMEOUT }, async ({ configuration, route }, { expect }) => {
    const checks = configuration.checks;
    const context = contexts.get(configuration.name);
    if (context === undefined) throw new Error(`no context for ${configuration.name}`);
    const idle = idlePages.get(configuration.name) ?? [];
    idlePages.set(configuration.name, idle);
    const page = idle.pop() ?? (await context.newPage());
    let finished = false;
    const traffic = checks.has('requests') ? recordTraffic(page, new URL(baseUrl()).host, route === NOT_FOUND_PATH ? siteUrl(route) : undefined) : undefined;
    try {
      const response = await page.goto(siteUrl(route));
      const status = response?.status() ?? 0;
      expect(status, 'status').toBe(route === NOT_FOUND_PATH ? 404 : 200);
      await hydrated(page);
      // The site follows the system preference, so the emulated scheme must have reached the page.
      expect(await page.getAttribute('html', 'data-theme')).toBe(configuration.theme);

      if (axeRoutes.has(route)) {
        expect(await axeViolations(page), 'axe').toBe('');
        count(route, 'axe');
      }

      if (traffic) {
        await scrollThrough(page);
        expect(traffic.foreign, 'requests to other hosts').toEqual([]);
        count(route, 'requests');
        expect(traffic.console, 'console errors and warnings').toEqual([]);
        count(route, 'console');
      }

      if (checks.has('offscreen') && (await page.locator('.markdown').count()) > 0) {
        await marked(page);
        const layout = await layoutWithAndWithoutRules(page);
        expect(layout.removed, 'the off-screen rules found in the stylesheet').toBeGreaterThanOrEqual(3);
        expect(layout.withRules, 'blocks and headings where they are without the off-screen rules').toEqual(layout.without);
        count(route, 'offscreen');
        articles.set(configuration.name, (articles.get(configuration.name) ?? 0) + 1);
      }
      finished = true;
    } finally {
      traffic?.stop();
      if (finished) idle.push(page);
      else await page.close();
    }
  });

  for (const configuration of CONFIGURATIONS.filter((candidate) => candidate.checks.has('requests'))) {
    it(`no page asked another host, workers and prefetches included (${configuration.name})`, () => {
      expect(foreignFromContext.get(configuration.name)).toEqual([]);
    });
  }
});

describe('the crawl', () => {
  it('ran every check on every route it owes it to', () => {
    const expected = (route: string): Record<Check, number> => ({
      axe: axeRoutes.has(route) ? CONFIGURATIONS.length : 0,
      requests: 1,
      console: 1,
      // Articles only (not the home page, /search or the not-found page), at both widths.
      offscreen: (ran.get(route)?.get('offscreen') ?? 0) > 0 ? 2 : 0,
    });
    const wrong: string[] = [];
    for (const route of allRoutes) {
      const want = expected(route);
      for (const check of Object.keys(want) as Check[]) {
        const got = ran.get(route)?.get(check) ?? 0;
        if (got !== want[check]) wrong.push(`${route}: ${check} ran ${got} times, owed ${want[check]}`);
      }
    }
    expect(wrong).toEqual([]);
    // Some 115 articles have blocks to lay out, at each width.
    for (const configuration of CONFIGURATIONS.filter((candidate) => candidate.checks.has('offscreen'))) {
      expect(articles.get(configuration.name) ?? 0, `articles laid out, ${configuration.name}`).toBeGreaterThan(80);
    }
    const totals = new Map<Check, number>();
    for (const checks of ran.values()) for (const [check, times] of checks) totals.set(check, (totals.get(check) ?? 0) + times);
    console.log(
      `crawl: ${allRoutes.length} routes, ${loads.length} page loads; checks run: ${[...totals].map(([check, times]) => `${check} ${times}`).join(', ')}` +
        `; per route (axe on ${axeRoutes.size} routes): axe ${CONFIGURATIONS.length}, requests 1, console 1, offscreen 2 on articles`,
    );
  });
});
