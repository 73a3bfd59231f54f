// axe-core (WCAG 2.2 AA and best practice) over every route, in light and dark mode, at desktop and phone width: zero violations.
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_PATH, crawlRoutes } from './a11y-routes';
import { DESKTOP, PHONE, buildDir, hydrated, launchBrowser, siteUrl } from './support';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * One page of each kind by default (axe takes up to a minute on the largest reference pages on a busy 2-core
 * machine); `A11Y_ALL=1` audits every route of the sitemap, as CI does (.ci/run): about 24 minutes here.
 */
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
];
const allRoutes = crawlRoutes(buildDir());
/** `A11Y_ROUTES=/a,/b` audits those routes of the sitemap alone (a page just added, say); `A11Y_ALL=1` every one. */
const only = (process.env.A11Y_ROUTES ?? '').split(',').filter((route) => route !== '');
const routes =
  only.length > 0
    ? allRoutes.filter((route) => only.includes(route))
    : process.env.A11Y_ALL
      ? allRoutes
      : allRoutes.filter((route) => SAMPLE.includes(route) || route === NOT_FOUND_PATH);

it('samples only routes the sitemap lists (a route it lacks would be left out without a word)', () => {
  expect(SAMPLE.filter((route) => !allRoutes.includes(route))).toEqual([]);
});

/** The largest reference pages hold thousands of elements; axe's contrast check on them takes tens of seconds on a busy machine. */
const AXE_TIMEOUT = 180_000;

/** One line per violation, with a few of the offending elements, so a failure says what to fix and where. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const where = violation.nodes
        .slice(0, 3)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''}`)
        .join('\n');
      return `${violation.id} (${violation.impact ?? 'n/a'}) on ${violation.nodes.length} element(s): ${violation.help}\n${where}`;
    })
    .join('\n');
}

async function axeViolations(page: Page): Promise<string> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return describeViolations(violations);
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

const CONFIGURATIONS: { name: string; options: BrowserContextOptions; theme: 'light' | 'dark' }[] = [
  { name: 'light, desktop', options: { ...DESKTOP, colorScheme: 'light' }, theme: 'light' },
  { name: 'dark, desktop', options: { ...DESKTOP, colorScheme: 'dark' }, theme: 'dark' },
  { name: 'light, phone', options: { ...PHONE, colorScheme: 'light' }, theme: 'light' },
  { name: 'dark, phone', options: { ...PHONE, colorScheme: 'dark' }, theme: 'dark' },
];

for (const configuration of CONFIGURATIONS) {
  describe(`axe, ${configuration.name}`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      // One context and one tab per configuration, reused across routes.
      context = await browser.newContext(configuration.options);
      page = await context.newPage();
    });

    afterAll(async () => {
      await context.close();
    });

    it.each(routes)(
      '%s has no violation',
      async (route) => {
        await page.goto(siteUrl(route));
        await hydrated(page);
        // The site follows the system preference, so the emulated scheme must have reached the page.
        expect(await page.getAttribute('html', 'data-theme')).toBe(configuration.theme);
        expect(await axeViolations(page)).toBe('');
      },
      AXE_TIMEOUT,
    );

    it(
      'the search box open, with its help and then its results and their kinds, has no violation',
      async () => {
        await page.goto(siteUrl('/node/'));
        await hydrated(page);
        const input = page.locator('input.navbar__search-input');
        if (!(await input.isVisible())) await page.locator('.navbar__search, [class*="searchBarContainer"]').first().click();
        await input.click();
        await page.locator('#search-help').waitFor({ state: 'visible' });
        expect(await axeViolations(page)).toBe('');
        await input.pressSequentially('getblock', { delay: 15 });
        await page.locator('[role="listbox"] [role="option"] .search-result-kind').first().waitFor({ timeout: 30_000 });
        // Left to the plugin: its list (role listbox) holds the "See all results" link beside its options.
        const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).disableRules(['aria-required-children']).analyze();
        expect(describeViolations(violations)).toBe('');
      },
      AXE_TIMEOUT,
    );

    if (configuration.options.isMobile) {
      it('the open mobile menu of a doc page has no violation', async () => {
        await page.goto(siteUrl('/node/usage'));
        await hydrated(page);
        await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
        await page.locator('.navbar-sidebar--show').waitFor({ state: 'attached' });
        await page.locator('.navbar-sidebar .menu').first().waitFor();
        // The menu slides in over a fading backdrop: axe measures the colours once both transitions have ended (on a
        // busy machine it once caught the links half-way, grey on the backdrop's grey).
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        expect(await axeViolations(page)).toBe('');
      });
    }
  });
}
