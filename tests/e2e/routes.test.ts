// Every route of SPEC §2 renders its page in its area; unknown paths get the not-found page; .html paths are cleaned.
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hydrated, launchBrowser, sitePath, siteUrl } from './support';

const RPC_CATEGORIES = [
  'account',
  'blockchain',
  'evm',
  'governance',
  'icxorderbook',
  'loan',
  'masternode',
  'mining',
  'misc',
  'net',
  'oracle',
  'poolpair',
  'rawtx',
  'server',
  'spv',
  'token',
  'vault',
  'wallet',
] as const;

/** Navbar label of each docs area, by the first segment of its routes. */
const AREA_LABEL: Record<string, string> = {
  ecosystem: 'Ecosystem',
  node: 'Full Node RPC',
  ocean: 'Ocean REST API',
  legacy: 'Stats REST API',
  testing: 'Testing',
};

/** SPEC §2, written out: a route missing from the build fails here, generated or not. */
const DOC_ROUTES = [
  '/ecosystem/',
  '/ocean/',
  '/ocean/address',
  '/ocean/oracles',
  '/ocean/poolpairs',
  '/ocean/prices',
  '/testing/testcontainers',
  '/testing/jellyfish-testing',
  '/legacy/',
  '/legacy/dex',
  '/node/',
  '/node/design',
  '/node/usage',
  ...RPC_CATEGORIES.map((category) => `/node/jellyfish/api/${category}`),
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext(DESKTOP);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
});

afterAll(async () => {
  await browser.close();
});

async function visit(path: string): Promise<number> {
  pageErrors.length = 0;
  const response = await page.goto(siteUrl(path));
  await hydrated(page);
  return response?.status() ?? 0;
}

/** The robots directive of the page, from both the HTML and the server's headers. */
async function robots(path: string): Promise<string> {
  const response = await page.request.get(siteUrl(path));
  const meta = await page.locator('meta[name="robots"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('content') ?? ''));
  return [...meta, response.headers()['x-robots-tag'] ?? ''].join(' ');
}

describe('the home page', () => {
  it('renders the hero and links into every area', async () => {
    expect(await visit('/')).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Jellyfish');
    const title = await page.title();
    expect(title).toMatch(/^.+ \| Jellyfish$/);
    for (const target of ['/ecosystem/', '/node/', '/ocean/', '/legacy/', '/testing/testcontainers']) {
      expect(await page.locator(`main a[href="${target}"]`).count(), target).toBeGreaterThan(0);
    }
    expect(await robots('/')).not.toMatch(/noindex/i);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(pageErrors).toEqual([]);
  });
});

describe('every docs route of SPEC §2', () => {
  it.each(DOC_ROUTES)('%s renders its page in its area', async (route) => {
    const status = await visit(route);
    expect(status, `${route} is missing from the build`).toBe(200);

    const heading = (await page.locator('article h1').first().textContent())?.trim() ?? '';
    expect(heading.length, 'the page has a visible title').toBeGreaterThan(0);
    expect(heading).not.toBe('Page Not Found');
    // A reference page is the page of its category: "Pool pairs" for /ocean/poolpairs, "RawTx" for …/api/rawtx.
    const category = /^\/(?:node\/jellyfish\/api|ocean)\/([a-z]+)$/.exec(route)?.[1];
    if (category) expect(heading.toLowerCase().replace(/[^a-z]/g, '')).toContain(category);
    // Titles read "<page> | Jellyfish".
    expect(await page.title()).toMatch(/^\S.* \| Jellyfish$/);

    // The page belongs to its area: the area's navbar link is active and the sidebar marks this page.
    const area = route.split('/')[1] ?? '';
    // A link is marked navbar__link--active; the Testing dropdown's label is marked `active`.
    const activeAreaLink = page.locator('.navbar__items .navbar__link--active, .navbar__items .dropdown > .navbar__link.active');
    await expect(activeAreaLink.first().textContent()).resolves.toBe(AREA_LABEL[area]);
    const activeSidebarLinks = await page
      .locator('.theme-doc-sidebar-menu .menu__link--active')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(activeSidebarLinks).toContain(route);

    expect(await robots(route)).not.toMatch(/noindex/i);
    expect(pageErrors).toEqual([]);
  });
});

describe('as served by npm run serve', () => {
  it('pages arrive brotli-compressed and revalidated; hashed scripts and styles are cached for good', async () => {
    const assets: Array<{ path: string; encoding?: string; cacheControl?: string }> = [];
    const onResponse = async (response: Response): Promise<void> => {
      const path = new URL(response.url()).pathname;
      if (!path.startsWith('/assets/')) return;
      const headers = await response.allHeaders();
      assets.push({ path, encoding: headers['content-encoding'], cacheControl: headers['cache-control'] });
    };
    // A fresh browser profile: nothing cached yet.
    const fresh = await browser.newContext(DESKTOP);
    const first = await fresh.newPage();
    const pending: Array<Promise<void>> = [];
    const record = (asset: Response): void => {
      pending.push(onResponse(asset));
    };
    first.on('response', record);
    const response = await first.goto(siteUrl('/node/'));
    await hydrated(first);
    // Idle prefetches keep arriving after hydration; stop listening before the context closes, so no header read outlives it.
    first.off('response', record);
    await Promise.all(pending);
    const headers = await response?.allHeaders();
    await fresh.close();
    expect(headers?.['content-encoding']).toBe('br');
    expect(headers?.['cache-control']).toBe('no-cache');
    expect(headers?.etag).toBeTruthy();

    const scripts = assets.filter((asset) => asset.path.endsWith('.js'));
    const styles = assets.filter((asset) => asset.path.endsWith('.css'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const asset of [...scripts, ...styles]) {
      expect(asset.cacheControl, asset.path).toBe('public, max-age=31536000, immutable');
    }
    // The main bundle and the stylesheet are big enough to have been precompressed at build time.
    expect(scripts.find((asset) => /\/main\.[\w]+\.js$/.test(asset.path))?.encoding).toBe('br');
    expect(styles[0]?.encoding).toBe('br');
  });
});

describe('unknown paths', () => {
  it.each(['/no/such/page', '/node/jellyfish/api/not-a-category', '/ecosystem/missing/'])('%s shows the not-found page with status 404', async (path) => {
    expect(await visit(path)).toBe(404);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Page Not Found');
    expect(await page.title()).toBe('Page Not Found | Jellyfish');
    // The site around it still works: the navbar is there.
    await expect(page.locator('.navbar__link', { hasText: 'Full Node RPC' }).count()).resolves.toBeGreaterThan(0);
  });

  it('shows the not-found page when a link inside the site leads nowhere', async () => {
    await visit('/node/');
    // The client router handles this path: no request for a new document.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/node/no-such-method');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Page Not Found');
    // The title follows the content a moment later.
    await page.waitForFunction(() => document.title === 'Page Not Found | Jellyfish', null, { timeout: 5000 });
  });
});

describe('paths ending in .html or /index.html', () => {
  it.each([
    ['/node/design.html', '/node/design'],
    ['/node/index.html', '/node/'],
    ['/ocean/index.html', '/ocean/'],
    ['/testing/testcontainers.html', '/testing/testcontainers'],
    ['/index.html', '/'],
    ['/legacy/dex.html?from=old-link', '/legacy/dex?from=old-link'],
  ])('%s shows the page of %s', async (from, clean) => {
    const redirect = await page.request.get(siteUrl(from), { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe(clean);

    await visit(clean);
    const expected = await page.locator('h1').first().textContent();
    expect(await visit(from)).toBe(200);
    expect(sitePath(page.url())).toBe(clean);
    await expect(page.locator('h1').first().textContent()).resolves.toBe(expected);
  });
});
