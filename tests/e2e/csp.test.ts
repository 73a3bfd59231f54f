// The served site under its real Content-Security-Policy: no violation and no console error on the pages a reader
// opens and while searching, and the security headers on every page and asset the browser loads.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_FILE, headersFor, parseHeadersFile } from '../../server/security-headers';
import { DESKTOP, buildDir, hydrated, launchBrowser, openPage, siteUrl } from './support';

/** The headers the build's _headers file gives every path (the same file a static host reads). */
let expected: Record<string, string>;
let browser: Browser;
let context: BrowserContext;

interface Observed {
  violations: string[];
  consoleErrors: string[];
  /** Same-origin responses, to check their headers. */
  responses: Response[];
}
const observed = new WeakMap<Page, Observed>();

beforeAll(async () => {
  const file = path.join(buildDir(), HEADERS_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build with \`npm run build:only\`, which writes it.`);
  expected = headersFor(parseHeadersFile(fs.readFileSync(file, 'utf8')), '/');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** A context whose pages record CSP violations (as the page sees them), console errors and responses. */
async function newObservedContext(): Promise<BrowserContext> {
  const created = await browser.newContext(DESKTOP);
  await created.addInitScript(() => {
    const store: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: store });
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  created.on('page', (page) => {
    const record: Observed = { violations: [], consoleErrors: [], responses: [] };
    observed.set(page, record);
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') record.consoleErrors.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => record.consoleErrors.push(`uncaught: ${error.message}`));
    page.on('response', (response) => {
      if (new URL(response.url()).origin === new URL(siteUrl('/')).origin) record.responses.push(response);
    });
  });
  return created;
}

async function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])]);
}

/** Fails on any violation or console error the page recorded, and on a response without the security headers. */
async function expectClean(page: Page, label: string, allowedErrors: readonly string[] = []): Promise<void> {
  await page.waitForLoadState('networkidle');
  const record = observed.get(page);
  if (!record) throw new Error('page not observed');
  expect(await violationsOf(page), `${label}: CSP violations`).toEqual([]);
  expect(record.consoleErrors, `${label}: console errors`).toEqual(allowedErrors);
  expect(record.responses.length, `${label}: responses seen`).toBeGreaterThan(0);
  for (const response of record.responses) {
    const headers = await response.allHeaders();
    for (const [name, value] of Object.entries(expected)) {
      expect(headers[name.toLowerCase()], `${label}: ${name} on ${new URL(response.url()).pathname}`).toBe(value);
    }
  }
}

beforeAll(async () => {
  context = await newObservedContext();
});
afterEach(async () => {
  for (const page of context.pages()) await page.close();
});
afterAll(async () => {
  await context.close();
});

describe('the policy in force', () => {
  it('is the one from _headers: scripts by hash only, no framing', async () => {
    expect(expected['Content-Security-Policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/);
    expect(expected['Content-Security-Policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(expected['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    const response = await (await context.newPage()).goto(siteUrl('/'));
    expect(response?.headers()['content-security-policy']).toBe(expected['Content-Security-Policy']);
  });

  it('is enforced: a script injected into a page is blocked and reported', async () => {
    const page = await openPage(context, '/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
    });
    await expect.poll(() => violationsOf(page)).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });
});

describe('pages under the policy', () => {
  const pages: ReadonlyArray<[string, string]> = [
    ['home page', '/'],
    ['hand-written doc page', '/node/usage'],
    ['generated reference page', '/node/jellyfish/api/blockchain'],
    ['not-found page', '/no/such/page'],
  ];
  for (const [label, route] of pages) {
    it(`${label} (${route}) loads with no violation, no console error, and the headers on every response`, async () => {
      const page = await context.newPage();
      await page.goto(siteUrl(route));
      await hydrated(page);
      // The base-URL banner's inline script runs on DOMContentLoaded; the theme script runs first of all.
      expect(await page.locator('#__docusaurus-base-url-issue-banner').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toMatch(/^(light|dark)$/);
      // Chromium logs the not-found page's own 404 status; that one message is the page doing its job.
      const allowed = route === '/no/such/page' ? ['error: Failed to load resource: the server responded with a status of 404 (Not Found)'] : [];
      await expectClean(page, route, allowed);
    });
  }

  it('the search page (/search?q=getblockcount) runs its search in a worker and lists the result', async () => {
    const page = await openPage(context, '/search?q=getblockcount');
    await page.locator('article a[href*="/node/jellyfish/api/blockchain"]').first().waitFor({ timeout: 30_000 });
    expect(page.workers().map((worker) => new URL(worker.url()).origin)).toContain(new URL(siteUrl('/')).origin);
    await expectClean(page, '/search?q=getblockcount');
  });

  it('the search box finds getblockcount under the policy', async () => {
    const page = await openPage(context, '/node/usage');
    const input = page.locator('input.navbar__search-input');
    await input.click();
    await input.pressSequentially('getblockcount', { delay: 15 });
    await page.locator('[role="listbox"] [role="option"]').first().waitFor({ timeout: 30_000 });
    const record = observed.get(page);
    expect(record?.responses.some((response) => new URL(response.url()).pathname.startsWith('/search-index'))).toBe(true);
    await expectClean(page, 'search box');
  });
});
