// axe-core (WCAG 2.2 AA and best practice) over what a route's load does not show: the search box open, with its help
// and its results, and the open mobile menu, in light and dark mode, at desktop and phone width. Every route as it
// loads is audited by the crawl (tests/e2e/crawl.test.ts).
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_TAGS, axeResults, axeViolations } from './page-checks';
import { DESKTOP, PHONE, hydrated, launchBrowser, siteUrl } from './support';

/** Axe's contrast check takes tens of seconds on a busy machine. */
const AXE_TIMEOUT = 180_000;

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
        expect(await axeViolations(page, ['aria-required-children'])).toBe('');
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

describe('the audit itself', () => {
  it(
    'goes red on a wrong page, finding what AxeBuilder finds, and reaches into a frame through the builder',
    async () => {
      const context = await browser.newContext({ ...DESKTOP, colorScheme: 'light' });
      try {
        const page = await context.newPage();
        await page.goto(siteUrl('/node/design'));
        await hydrated(page);
        expect(await axeViolations(page)).toBe('');
        await page.evaluate(() => {
          const article = document.querySelector('article') ?? document.body;
          article.insertAdjacentHTML(
            'afterbegin',
            '<p style="color:#bbbbbb;background:#ffffff">faint words</p><img src="/img/logo.svg"><button type="button"></button><a href="/node/"></a>',
          );
        });
        const direct = await axeResults(page);
        const builder = (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations;
        const summary = (violations: typeof direct): string[] =>
          violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node.target.join(' ')}`)).sort();
        expect(direct.map((violation) => violation.id).sort()).toEqual(['button-name', 'color-contrast', 'image-alt', 'link-name', 'target-size']);
        expect(summary(direct)).toEqual(summary(builder));
        // A rule left out is left out.
        expect((await axeResults(page, ['color-contrast'])).map((violation) => violation.id)).not.toContain('color-contrast');

        // The frame is audited once its document has loaded (its load event), not while the blank document it starts
        // with is being replaced: an audit that reached the frame mid-way would skip it and find nothing there.
        await page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              document.querySelectorAll('article > p:first-child, article > img, article > button, article > a:empty').forEach((element) => element.remove());
              const frame = document.createElement('iframe');
              frame.title = 'a frame';
              frame.srcdoc = '<!doctype html><html lang="en"><title>inner</title><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></html>';
              const loaded = (): void => {
                const inner = frame.contentDocument;
                if (inner !== null && inner.readyState === 'complete' && inner.querySelector('img') !== null) resolve();
                else frame.addEventListener('load', loaded, { once: true });
              };
              frame.addEventListener('load', loaded, { once: true });
              document.querySelector('article')?.append(frame);
            }),
        );
        const inner = page.frames().find((frame) => frame !== page.mainFrame());
        expect(inner).toBeDefined();
        await inner?.waitForLoadState('load');
        expect(await inner?.evaluate(() => document.querySelectorAll('main img').length)).toBe(1);
        expect((await axeResults(page)).map((violation) => violation.id)).toContain('image-alt');
      } finally {
        await context.close();
      }
    },
    AXE_TIMEOUT,
  );
});
