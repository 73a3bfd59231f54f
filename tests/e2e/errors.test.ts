// The error catalogue of SPEC §8 as a reader meets it: chunk failure with Retry, a crashing page, the base-URL banner.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, buildDir, emulateConnection, hydrated, launchBrowser, openPage, ownChunksOf, overrideChunk, readContentModule, siteUrl } from './support';
import { LOAD_FAILURE_BANNER_ID } from '../../src/overrides/after-paint/scripts-after-paint';

let browser: Browser;
let context: BrowserContext | undefined;
/** The chunk holding /node/design's content module, and the page's visible title. */
let designContentChunk: string;
let designHeading: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const own = await ownChunksOf(browser, '/node/design', '/node/usage');
  const content = own.find((chunk) => readContentModule(fs.readFileSync(path.join(buildDir(), chunk), 'utf8'))?.exportNames.includes('toc'));
  if (!content) throw new Error(`no content module among ${own.join(', ')}`);
  designContentChunk = content;
  const probe = await browser.newContext(DESKTOP);
  designHeading = (await (await openPage(probe, '/node/design')).locator('article h1').textContent()) ?? '';
  await probe.close();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser.close();
});

describe('a script chunk that fails to load', () => {
  it('shows the error with a Retry button, and Retry brings the page to life', async () => {
    context = await browser.newContext(DESKTOP);
    // No prefetching, so every request for the chunk is the page loading it.
    await emulateConnection(context, { effectiveType: '4g', saveData: true });
    const page = await context.newPage();
    let attempts = 0;
    await page.route(
      (url) => url.pathname === designContentChunk,
      async (route: Route) => {
        attempts += 1;
        if (attempts === 1) await route.abort('connectionreset');
        else await route.continue();
      },
    );
    await page.goto(siteUrl('/node/design'));
    const alert = page.getByRole('alert').filter({ hasText: 'did not load' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Loading chunk \S+ failed/);
    expect(await page.getAttribute('html', 'data-has-hydrated')).toBe('false');

    await alert.getByRole('button', { name: 'Retry' }).click();
    await hydrated(page);
    expect(attempts).toBe(2);
    expect(await page.getByRole('alert').filter({ hasText: 'did not load' }).count()).toBe(0);
    await expect(page.locator('article h1').textContent()).resolves.toBe(designHeading);
    // Alive: the colour toggle, which needs React, works.
    await page.locator('.navbar button[aria-label^="Switch between dark and light mode"]').first().click();
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).not.toBeNull();
  });

  it('shows nothing of the kind on a normal visit', async () => {
    context = await browser.newContext(DESKTOP);
    const page = await openPage(context, '/node/design');
    expect(await page.getByRole('alert').filter({ hasText: 'did not load' }).count()).toBe(0);
  });
});

describe('a page that throws while rendering', () => {
  it('shows "This page crashed." with "Try again" and the cause chain; Try again recovers', async () => {
    context = await browser.newContext(DESKTOP);
    await emulateConnection(context, { effectiveType: '4g', saveData: true });
    const page = await openPage(context, '/node/');
    // The page's own content module, served so that its component throws until the test allows it to render.
    const source = overrideChunk(fs.readFileSync(path.join(buildDir(), designContentChunk), 'utf8'), {
      default: `function CrashingContent(props) {
        if (!window.allowRender) {
          throw new Error('The method table could not be drawn', { cause: new Error('the example response is missing its "result" field') });
        }
        return original.default(props);
      }`,
    });
    await page.route(
      (url) => url.pathname === designContentChunk,
      (route) => route.fulfill({ contentType: 'text/javascript', body: source }),
    );

    await page.locator('.theme-doc-sidebar-menu a[href="/node/design"]').click();
    await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('The method table could not be drawn');
    expect(text).toContain('Cause:');
    expect(text).toContain('the example response is missing its "result" field');
    // The rest of the site still works around the crashed page.
    expect(await page.locator('.navbar__link', { hasText: 'Full Node RPC' }).isVisible()).toBe(true);

    await page.evaluate(() => {
      (window as unknown as { allowRender: boolean }).allowRender = true;
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForFunction((title) => document.querySelector('article h1')?.textContent === title, designHeading);
    expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(0);
  });
});

describe('when the site cannot load its assets', () => {
  it('shows the red "did not load properly" banner on the home page', async () => {
    context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    // As with a wrong base URL: the scripts and styles of the build are not where the page looks for them.
    await page.route(
      (url) => url.pathname.startsWith('/assets/'),
      (route) => route.abort(),
    );
    await page.goto(siteUrl('/'));
    // The template's script loader shows it (src/overrides/after-paint/scripts-after-paint.ts), in place of Docusaurus's.
    const banner = page.locator(`#${LOAD_FAILURE_BANNER_ID}`);
    await banner.waitFor();
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toMatch(/Your (Docusaurus )?site did not load properly/);
    expect(await banner.evaluate((node) => getComputedStyle(node).borderTopColor)).toBe('rgb(255, 0, 0)');
    expect(await banner.textContent()).toContain('this page is at /.');
  });

  it('shows it on a page below the home page too, and says where the page is', async () => {
    context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.route(
      (url) => url.pathname.startsWith('/assets/'),
      (route) => route.abort(),
    );
    await page.goto(siteUrl('/node/design'));
    const banner = page.locator(`#${LOAD_FAILURE_BANNER_ID}`);
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Your site did not load properly\..*fetched from \/assets\/.*this page is at \/node\/design\./s);
  });

  it('keeps the banner out of sight when the site loads', async () => {
    context = await browser.newContext(DESKTOP);
    const page = await openPage(context, '/');
    const visible = await page.locator(`#${LOAD_FAILURE_BANNER_ID}`).isVisible();
    expect(visible).toBe(false);
  });
});
