// Every route, crawled once: no request leaves the local server, and the console stays free of errors and warnings.
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOT_FOUND_PATH, crawlRoutes } from './a11y-routes';
import { DESKTOP, baseUrl, buildDir, hydrated, siteUrl } from './support';
import { launchBrowser } from './support';

const routes = crawlRoutes(buildDir());

let browser: Browser;
let context: BrowserContext;
let page: Page;
const foreignRequests: string[] = [];
const consoleProblems: string[] = [];

function recordConsole(message: ConsoleMessage): void {
  if (message.type() !== 'error' && message.type() !== 'warning') return;
  // The not-found page is served with status 404 on purpose; Chromium logs that for the document itself.
  const location = message.location().url;
  if (location === siteUrl(NOT_FOUND_PATH) && message.text().includes('status of 404')) return;
  consoleProblems.push(`${message.type()}: ${message.text()} (${location})`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext(DESKTOP);
  page = await context.newPage();
  const localHost = new URL(baseUrl()).host;
  // Every request of the context, workers and prefetches included.
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.host !== localHost) foreignRequests.push(request.url());
  });
  page.on('console', recordConsole);
  page.on('pageerror', (error) => consoleProblems.push(`uncaught: ${error.message}`));
});

afterAll(async () => {
  await browser.close();
});

it.each(routes)('%s asks only the local server and logs no error or warning', async (route) => {
  foreignRequests.length = 0;
  consoleProblems.length = 0;
  await page.goto(siteUrl(route));
  await hydrated(page);
  // Bring the whole page into view so that lazy images and link prefetches fire, then let the network settle.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(foreignRequests).toEqual([]);
  expect(consoleProblems).toEqual([]);
});

it('crawls every sitemap page plus /search and the not-found page', () => {
  expect(routes).toContain('/');
  expect(routes).toContain('/search');
  expect(routes).toContain(NOT_FOUND_PATH);
  expect(routes.length).toBeGreaterThan(40);
});
