// Navigation: scrolling after a page change, the delayed progress bar, link prefetching, reload on a failed preload.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, emulateConnection, hydrated, idleWorkDone, launchBrowser, openPage, ownChunksOf, sitePath, siteUrl, trackIdleWork } from './support';

let browser: Browser;
let context: BrowserContext | undefined;
/** Chunks only /node/design needs (its content), and only /testing/testcontainers needs. */
let designChunks: string[];
let testcontainersChunks: string[];
/** The visible titles of the pages navigated to, read from the pages themselves. */
let designHeading: string;
let nodeHeading: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const probe = await browser.newContext(DESKTOP);
  designHeading = (await (await openPage(probe, '/node/design')).locator('article h1').textContent()) ?? '';
  nodeHeading = (await (await openPage(probe, '/node/')).locator('article h1').textContent()) ?? '';
  await probe.close();
  designChunks = await ownChunksOf(browser, '/node/design', '/node/usage');
  testcontainersChunks = await ownChunksOf(browser, '/testing/testcontainers', '/testing/jellyfish-testing');
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser.close();
});

const isOneOf = (chunks: string[]) => (url: string | URL) => chunks.includes(new URL(url).pathname);

/** Every request for one of `chunks`, as it happens. */
function recordRequests(page: Page, chunks: string[]): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (isOneOf(chunks)(request.url())) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

describe('scrolling after navigation', () => {
  it('scrolls to the top of the new page', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 500 } });
    const page = await openPage(context, '/');
    const card = page.locator('main a[href="/testing/testcontainers"]').last();
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await card.click();
    await page.waitForURL(siteUrl('/testing/testcontainers'));
    await page.waitForFunction(() => document.querySelector('article h1') !== null);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('scrolls to the hash target when the new location has one', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 400 } });
    // The target: the last second-level heading of a page, so that it starts below the fold.
    const probe = await openPage(context, '/node/usage');
    const target = await probe.locator('article h2[id]').last().getAttribute('id');
    expect(target, '/node/usage needs a second-level heading to scroll to').toBeTruthy();
    await probe.close();

    const page = await openPage(context, '/node/');
    // A client-side navigation, as the router performs it for an in-site link with a hash.
    await page.evaluate((hash) => {
      window.history.pushState(null, '', `/node/usage#${hash}`);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, target ?? '');
    await page.waitForFunction((before) => document.querySelector('article h1')?.textContent !== before, nodeHeading);
    await page.waitForFunction((id) => {
      const top = document.getElementById(id)?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < window.innerHeight / 2 && window.scrollY > 0;
    }, target ?? '');
  });

  it('scrolls to the hash target on a full page load', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 400 } });
    const probe = await openPage(context, '/node/usage');
    const target = (await probe.locator('article h2[id]').last().getAttribute('id')) ?? '';
    const page = await openPage(context, `/node/usage#${target}`);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const top = await page.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1, target);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });
});

describe('anchors that moved with a split page (src/components/MovedAnchors)', () => {
  it('sends a full load of the old anchor on to the section on its new page, and leaves a kept anchor alone', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 400 } });
    const page = await openPage(context, '/node/jellyfish/api/loan#getvault');
    await page.waitForURL(siteUrl('/node/jellyfish/api/loan/vaults#getvault'));
    await page.waitForFunction(() => document.getElementById('getvault') !== null);
    const kept = await openPage(context, '/node/jellyfish/api/loan#createloanscheme');
    await hydrated(kept);
    expect(sitePath(kept.url())).toBe('/node/jellyfish/api/loan#createloanscheme');
  });

  it("sends the transaction package's old OP_CODES anchor on to the OP_CODES page", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 400 } });
    const page = await openPage(context, '/ecosystem/packages/jellyfish-transaction/script#op_codes');
    await page.waitForURL(siteUrl('/ecosystem/packages/jellyfish-transaction/op-codes#op_codes'));
    await page.waitForFunction(() => document.getElementById('op_codes') !== null);
  });
});

/** What a phone reader sees of a docs page's own parts, besides its content. */
async function pageParts(page: Page): Promise<Record<string, string[]>> {
  await page.getByRole('button', { name: 'On this page' }).click();
  await page.locator('.theme-doc-toc-mobile a').first().waitFor();
  const parts = await page.evaluate(() => {
    const texts = (selector: string) => Array.from(document.querySelectorAll(selector), (element) => element.textContent?.trim() ?? '');
    const hrefs = (selector: string) => Array.from(document.querySelectorAll(selector), (element) => element.getAttribute('href') ?? '');
    return {
      breadcrumbs: texts('nav.theme-doc-breadcrumbs li'),
      onThisPage: hrefs('.theme-doc-toc-mobile a'),
      pager: hrefs('nav.pagination-nav a'),
      markdownTwin: hrefs('link[rel="alternate"][type="text/markdown"]'),
    };
  });
  await page.getByRole('button', { name: 'On this page' }).click();
  return parts;
}

describe("a docs page's own parts after a client-side navigation", () => {
  it('show the new page: breadcrumbs, "On this page", pager and Markdown twin, as a full load of it does', async () => {
    context = await browser.newContext(PHONE);
    const expected = await pageParts(await openPage(context, '/node/design'));
    const page = await openPage(context, '/node/usage');
    const before = await pageParts(page);
    // The two pages must differ in every part, or the comparison below would prove nothing.
    for (const key of Object.keys(expected)) expect(before[key], key).not.toEqual(expected[key]);
    await page.evaluate(() => {
      window.history.pushState(null, '', '/node/design');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await page.waitForFunction((heading) => document.querySelector('article h1')?.textContent === heading, designHeading);
    expect(await pageParts(page)).toEqual(expected);
  });
});

describe('the progress bar', () => {
  /**
   * The bar shows once 200 ms have passed since the navigation started and the next page is not there yet. Both tests
   * hold the page's clock (Playwright's clock, paused), so that no timer fires unless the test moves time on: what
   * they assert depends on events (the chunks asked for, the page rendered), never on how fast the host runs them.
   */
  async function openNode(slow: boolean): Promise<Page> {
    context = await browser.newContext(DESKTOP);
    if (slow) await emulateConnection(context, { effectiveType: '4g', saveData: true });
    const page = await openPage(context, '/node/');
    if (!slow) {
      // The sidebar shows the link, so its page is prefetched: wait until its chunks have arrived.
      await page.waitForFunction(
        (chunks) =>
          chunks.every((chunk) =>
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
              (entry) => new URL(entry.name).pathname === chunk && entry.responseEnd > 0,
            ),
          ),
        designChunks,
      );
    }
    // Whether the bar was ever there, even if it went again.
    await page.evaluate(() => {
      const state = window as unknown as { barSeen: boolean };
      state.barSeen = false;
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) state.barSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    return page;
  }

  const barShown = (page: Page): Promise<boolean> =>
    page.evaluate(() => (window as unknown as { barSeen: boolean }).barSeen || document.getElementById('nprogress') !== null);
  const clickDesign = (page: Page): Promise<void> => page.locator('.theme-doc-sidebar-menu a[href="/node/design"]').click();
  const designShown = (page: Page): Promise<unknown> =>
    page.waitForFunction((title) => document.querySelector('article h1')?.textContent === title, designHeading);

  it('appears at 200 ms, not sooner, when the next page takes longer to load, and goes once it is there', async () => {
    const page = await openNode(true);
    // Nothing prefetched: the click asks for the page's chunks, which are held until the test lets them go.
    let askedFor: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      askedFor = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isOneOf(designChunks), async (route: Route) => {
      askedFor();
      await released;
      await route.continue();
    });
    await clickDesign(page);
    // The router asks for the chunks in the same step that starts the bar's timer.
    await asked;
    await page.clock.runFor(199);
    expect(await barShown(page), 'bar after 199 ms').toBe(false);
    await page.clock.runFor(1);
    await page.waitForSelector('#nprogress', { state: 'attached' });
    release();
    await designShown(page);
    // The bar fades out on timers of its own.
    await page.clock.resume();
    await page.waitForFunction(() => document.getElementById('nprogress') === null);
  });

  it('never appears when the next page is ready at once', async () => {
    const page = await openNode(false);
    // Ready at once: every chunk the click asks for comes from the browser's cache, none from the server.
    const cdp = await context!.newCDPSession(page);
    await cdp.send('Network.enable');
    const fromServer: string[] = [];
    const fromCache = new Set<string>();
    cdp.on('Network.requestServedFromCache', ({ requestId }: { requestId: string }) => fromCache.add(requestId));
    cdp.on(
      'Network.responseReceived',
      ({ requestId, response }: { requestId: string; response: { url: string; fromDiskCache?: boolean; fromPrefetchCache?: boolean } }) => {
        const chunk = new URL(response.url).pathname;
        if (designChunks.includes(chunk) && !fromCache.has(requestId) && !response.fromDiskCache && !response.fromPrefetchCache) fromServer.push(chunk);
      },
    );
    await clickDesign(page);
    await designShown(page);
    expect(fromServer, 'chunks fetched from the server at the click').toEqual([]);
    // With the page there, the bar's timer is gone: a second of the page's time later, still no bar.
    await page.clock.runFor(1000);
    expect(await barShown(page)).toBe(false);
  });
});

describe('prefetching', () => {
  /** The home page on a phone: the Testing card is far below the fold, its link target not yet needed. */
  async function homeOnPhone(connection?: { effectiveType: string; saveData: boolean }): Promise<{ page: Page; seen: string[] }> {
    context = await browser.newContext({ ...PHONE, viewport: { width: 390, height: 500 } });
    await trackIdleWork(context);
    if (connection) await emulateConnection(context, connection);
    const page = await context.newPage();
    const seen = recordRequests(page, testcontainersChunks);
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await idleWorkDone(page);
    return { page, seen };
  }

  it('fetches the chunks of a link once it comes near the viewport, not before', async () => {
    const { page, seen } = await homeOnPhone();
    expect(seen, 'fetched before the link was in view').toEqual([]);
    await page.locator('main a[href="/testing/testcontainers"]').last().scrollIntoViewIfNeeded();
    await page.waitForFunction((chunks) => chunks.every((chunk) => document.querySelector(`link[rel="prefetch"][href="${chunk}"]`)), testcontainersChunks);
    expect(seen.sort()).toEqual([...testcontainersChunks].sort());
  });

  it('fetches nothing for the links of the closed phone menu, and still loads a page tapped there', async () => {
    // On /node/jellyfish/api/misc only the menu links to /node/design; closed, it sits just off-screen, hidden.
    context = await browser.newContext(PHONE);
    await trackIdleWork(context);
    const page = await context.newPage();
    const seen = recordRequests(page, designChunks);
    await page.goto(siteUrl('/node/jellyfish/api/misc'));
    await hydrated(page);
    // Idle prefetching goes one page per idle period: wait until it has gone through every link it was told about.
    await idleWorkDone(page);
    expect(seen, 'prefetched from the closed menu').toEqual([]);
    expect(await page.locator('link[rel="prefetch"][href*="/node/design"]').count()).toBe(0);
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    const link = page.locator('.navbar-sidebar a[href="/node/design"]');
    await link.waitFor({ state: 'visible' });
    await link.tap();
    await page.waitForURL(siteUrl('/node/design'));
    await expect.poll(() => page.locator('article h1').textContent()).toBe(designHeading);
    expect([...new Set(seen)].sort()).toEqual([...designChunks].sort());
  });

  it('loads the chunks of a hovered link', async () => {
    context = await browser.newContext(DESKTOP);
    // Nothing is ever "in view", so only the hover can trigger loading.
    await context.addInitScript(() => {
      window.IntersectionObserver = class {
        observe(): void {}
        unobserve(): void {}
        disconnect(): void {}
        takeRecords(): [] {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    });
    await trackIdleWork(context);
    const page = await context.newPage();
    const seen = recordRequests(page, testcontainersChunks);
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await idleWorkDone(page);
    expect(seen).toEqual([]);
    await page.locator('main a[href="/testing/testcontainers"]').last().hover();
    await expect.poll(() => [...new Set(seen)].sort(), { timeout: 5000 }).toEqual([...testcontainersChunks].sort());
  });

  it.each([
    ['a 2g connection', { effectiveType: '2g', saveData: false }],
    ['a slow-2g connection', { effectiveType: 'slow-2g', saveData: false }],
    ['data saver on', { effectiveType: '4g', saveData: true }],
  ])('fetches nothing ahead on %s, in view or hovered', async (_label, connection) => {
    const { page, seen } = await homeOnPhone(connection);
    const link = page.locator('main a[href="/testing/testcontainers"]').last();
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await idleWorkDone(page);
    expect(seen).toEqual([]);
    expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
    // The link itself still works.
    await link.click();
    await page.waitForURL(siteUrl('/testing/testcontainers'));
    await page.waitForFunction(() => document.querySelector('article h1') !== null);
  });
});

describe('a failed route preload', () => {
  it('reloads the page, which then shows the requested page', async () => {
    context = await browser.newContext(DESKTOP);
    await emulateConnection(context, { effectiveType: '4g', saveData: true });
    const page = await openPage(context, '/node/');
    let failures = 0;
    await page.route(isOneOf(designChunks), async (route: Route) => {
      if (failures === 0) {
        failures += 1;
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(sitePath(request.url()));
    });
    // A marker that only survives client-side navigation.
    await page.evaluate(() => {
      (window as unknown as { marker?: string }).marker = 'before';
    });
    await page.locator('.theme-doc-sidebar-menu a[href="/node/design"]').click();
    await page.waitForURL(siteUrl('/node/design'));
    await page.waitForFunction((title) => document.querySelector('article h1')?.textContent === title, designHeading);
    await hydrated(page);
    expect(failures).toBe(1);
    expect(documents).toEqual(['/node/design']);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  });
});
