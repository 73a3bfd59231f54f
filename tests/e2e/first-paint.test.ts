// The page before its scripts (src/overrides/after-paint/scripts-after-paint.ts): the server-rendered page reaches the screen before
// Docusaurus's bundle is run, and the bundle still runs and hydrates the page, in a visible tab or a hidden one.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAINT_TIMEOUT_MS } from '../../src/overrides/after-paint/scripts-after-paint';
import { PHONE, browserSession, hydrated, siteUrl } from './support';

const session = browserSession();

/** Records, in `window.__scriptTimes`, when each script element whose URL names the main bundle joins the document. */
async function watchMainBundle(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const times: number[] = [];
    Object.assign(window, { __scriptTimes: times });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof HTMLScriptElement && /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(node.src)) times.push(performance.now());
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function timings(page: Page): Promise<{ contentfulPaint: number | undefined; mainBundle: number[]; scriptRequests: { url: string; start: number }[] }> {
  return page.evaluate(() => ({
    contentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    mainBundle: (window as unknown as { __scriptTimes: number[] }).__scriptTimes,
    scriptRequests: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
  }));
}

describe('the page before its scripts', () => {
  it.each(['/legacy/', '/', '/node/jellyfish/api/account'])('%s is painted before any script is asked for, and the main bundle run', async (path) => {
    const context = await session.context(PHONE);
    await watchMainBundle(context);
    const page = await context.newPage();
    // A phone's CPU: at full speed the first paint could come first by luck.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(siteUrl(path));
    await hydrated(page);
    const { contentfulPaint, mainBundle, scriptRequests } = await timings(page);
    expect(contentfulPaint, 'the browser reports a first contentful paint').toBeGreaterThan(0);
    expect(mainBundle, 'the main bundle is added to the page once').toHaveLength(1);
    expect(mainBundle[0]).toBeGreaterThanOrEqual(contentfulPaint ?? Number.POSITIVE_INFINITY);
    // Not even downloaded before: the bytes of the scripts do not share the line with the page and its stylesheet.
    expect(scriptRequests.length, 'the bundles and the route chunks are fetched').toBeGreaterThanOrEqual(5);
    expect(scriptRequests.filter((request) => request.start < (contentfulPaint ?? 0))).toEqual([]);
    // Hydrated: the menu button, which only React makes work, opens the menu.
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.waitForFunction(() => document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show'));
  });

  /** Makes paint timing report nothing, as a browser would for a page that never gets painted. */
  async function silencePaintTiming(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      const Original = window.PerformanceObserver;
      class Silent extends Original {
        override observe(options?: PerformanceObserverInit): void {
          if (options?.type !== 'paint') super.observe(options);
        }
      }
      Object.defineProperty(window, 'PerformanceObserver', { configurable: true, writable: true, value: Silent });
    });
  }

  /** When the main bundle joined /legacy/ with paint timing silenced, in a tab that is `hidden` or visible. */
  async function mainBundleWithoutPaint(hidden: boolean): Promise<number[]> {
    const context = await session.context(PHONE);
    await watchMainBundle(context);
    await silencePaintTiming(context);
    if (hidden) {
      await context.addInitScript(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      });
    }
    const page = await context.newPage();
    await page.goto(siteUrl('/legacy/'));
    await hydrated(page);
    return (await timings(page)).mainBundle;
  }

  it('runs the bundle at once in a hidden tab, where nothing is painted', async () => {
    const mainBundle = await mainBundleWithoutPaint(true);
    expect(mainBundle).toHaveLength(1);
    expect(mainBundle[0]).toBeLessThan(PAINT_TIMEOUT_MS);
  });

  it('runs the bundle after a while when no paint is ever reported', async () => {
    const mainBundle = await mainBundleWithoutPaint(false);
    expect(mainBundle).toHaveLength(1);
    expect(mainBundle[0]).toBeGreaterThanOrEqual(PAINT_TIMEOUT_MS);
  });
});
