// Search figures for `npm run bench`: the index's size, and the time from a keystroke to the first result shown.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface SearchFigures {
  /** The plugin's full-text index (search-index.json). */
  index: Sizes;
  /** The symbol index's chunk (generated/search-symbols.json as the bundler emits it), fetched with it on first use; null in a build without it (NO_OVERRIDES=1). */
  symbols: Sizes | null;
  /** Opening the box to the first result of the first query: includes downloading and loading the index. */
  firstQueryMs: number;
  /** Median over the queries typed once the index is loaded: last keystroke to the results on screen, measured in the page. */
  keystrokeToResultMs: number;
  /** Medians of the two parts the search box measures itself (performance.measure): the symbol index, the plugin's worker. */
  symbolSearchMs: number | null;
  fullTextSearchMs: number | null;
}

const QUERIES = [
  'getBlockCount',
  'listpoolpairs',
  'paths/best',
  'PoolPairData',
  'numeric precision',
  'genesis keys',
  'vault',
  'sendtoaddress',
  'subgraph swaps',
  'rpc:getblock',
  'listpoolpars',
];

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function sizes(data: Buffer): Sizes {
  return {
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The script chunk that holds the symbol index (the one whose text holds the index's opening), or null without one. */
export function symbolChunk(buildDir: string): string | null {
  const dir = path.join(buildDir, 'assets/js');
  const found = fs.readdirSync(dir).filter((file) => file.endsWith('.js') && fs.readFileSync(path.join(dir, file), 'utf8').includes('"version":1,"pages":[['));
  if (found.length > 1) throw new Error(`expected one chunk holding the symbol index, found ${found.length}`);
  return found[0] === undefined ? null : path.join(dir, found[0]);
}

export async function measureSearch(baseUrl: string, buildDir: string): Promise<SearchFigures> {
  const index = sizes(fs.readFileSync(path.join(buildDir, 'search-index.json')));
  const chunk = symbolChunk(buildDir);
  const symbols = chunk === null ? null : sizes(fs.readFileSync(chunk));

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

    // Time from the last keystroke until the box shows the results for the whole query, measured inside the page:
    // from the key's event time to the frame after the list is rendered again (autocomplete renders only answers to
    // what the box holds, so the first render after the key is the final query's). The prefix is typed first and
    // left to settle, so that its own answers are not what is timed. Measured from the test driver instead, each
    // query also carries two round trips to the browser and the driver's polling.
    const timeQuery = async (query: string): Promise<number> => {
      await input.fill('');
      await firstResult.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
      await input.pressSequentially(query.slice(0, -1));
      await page.waitForTimeout(400);
      await page.evaluate(() => {
        const box = document.querySelector('input.navbar__search-input');
        const timing = new Promise<number>((resolve, reject) => {
          let keyAt: number | undefined;
          box?.addEventListener('keydown', (event) => (keyAt = event.timeStamp), { once: true, capture: true });
          const observer = new MutationObserver((records) => {
            const shown = records.some((record) =>
              Array.from(record.addedNodes).some(
                (node) => node instanceof Element && (node.matches('[role="option"]') || node.querySelector('[role="option"]') !== null),
              ),
            );
            if (keyAt === undefined || !shown) return;
            observer.disconnect();
            const from = keyAt;
            requestAnimationFrame(() => resolve(performance.now() - from));
          });
          observer.observe(document.body, { childList: true, subtree: true });
          setTimeout(() => reject(new Error('no results within 30 s')), 30_000);
        });
        (window as unknown as { searchTiming: Promise<number> }).searchTiming = timing;
      });
      await input.press(query.slice(-1));
      return page.evaluate(() => (window as unknown as { searchTiming: Promise<number> }).searchTiming);
    };

    const opened = Date.now();
    await input.focus();
    await input.pressSequentially(QUERIES[0] ?? 'vault');
    await firstResult.waitFor({ state: 'visible', timeout: 60_000 });
    const firstQueryMs = Date.now() - opened;

    const times: number[] = [];
    for (const query of QUERIES) times.push(await timeQuery(query));
    const measures = async (name: string): Promise<number | null> => {
      const durations = await page.evaluate((entry) => performance.getEntriesByName(entry, 'measure').map((measure) => measure.duration), name);
      return durations.length === 0 ? null : median(durations);
    };
    return {
      index,
      symbols,
      firstQueryMs,
      keystrokeToResultMs: median(times),
      symbolSearchMs: await measures('search: symbols'),
      fullTextSearchMs: await measures('search: full text'),
    };
  } finally {
    await browser.close();
  }
}
