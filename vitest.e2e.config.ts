// Browser tests: Playwright (playwright-core) driving Debian's Chromium against the served production build.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts', 'src/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The crawl's pages in flight (tests/e2e/crawl.test.ts, the one file with concurrent tests): a page spends part of
    // its time waiting for the network to settle, so three keep two cores busy.
    maxConcurrency: Number(process.env.CRAWL_PAGES ?? 3),
    // Two files at a time, each in its own worker and all on the one Chromium (global-setup.ts): the crawl, the longest
    // file, runs beside the others, which follow one another in the second worker. No file shares state with another
    // (each opens its own browser contexts), and the tests that watch time wait on the event they assert.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_FILES ?? 2),
  },
});
