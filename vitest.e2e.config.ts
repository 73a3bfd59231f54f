// Browser tests: Playwright (playwright-core) driving Debian's Chromium against the served production build.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts', 'src/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores are shared: one browser at a time.
    fileParallelism: false,
  },
});
