// Search figures for `npm run bench`: the index's size, and the time from a keystroke to the first result shown.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export interface SearchFigures {
  index: { raw: number; gzip: number; brotli: number };
  /** Opening the box to the first result of the first query: includes downloading and loading the index. */
  firstQueryMs: number;
  /** Median over the queries typed once the index is loaded: last keystroke to first result. */
  keystrokeToResultMs: number;
}

const QUERIES = ['getBlockCount', 'listpoolpairs', 'paths/best', 'PoolPairData', 'numeric precision', 'genesis keys', 'vault', 'sendtoaddress'];

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function measureSearch(baseUrl: string, buildDir: string): Promise<SearchFigures> {
  const indexFile = path.join(buildDir, 'search-index.json');
  const data = fs.readFileSync(indexFile);
  const index = {
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(new URL('/ecosystem/', baseUrl).toString());
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    const input = page.locator('input.navbar__search-input');
    const firstResult = page.locator('[role="listbox"] [role="option"]').first();

    // Time from the last keystroke until a result for that query is on screen, measured in the page.
    const timeQuery = async (query: string): Promise<number> => {
      await input.fill('');
      await firstResult.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
      await input.pressSequentially(query.slice(0, -1));
      const started = await page.evaluate(() => performance.now());
      await input.press(query.slice(-1));
      await firstResult.waitFor({ state: 'visible', timeout: 30_000 });
      return (await page.evaluate(() => performance.now())) - started;
    };

    const opened = Date.now();
    await input.focus();
    await input.pressSequentially(QUERIES[0] ?? 'vault');
    await firstResult.waitFor({ state: 'visible', timeout: 60_000 });
    const firstQueryMs = Date.now() - opened;

    const times: number[] = [];
    for (const query of QUERIES) times.push(await timeQuery(query));
    return { index, firstQueryMs, keystrokeToResultMs: median(times) };
  } finally {
    await browser.close();
  }
}
