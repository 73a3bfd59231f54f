// Unit tests: the generator, the server and the helpers, and a feature's own tests beside it (src/search); browser
// tests (*.e2e.test.ts, tests/e2e) run separately.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['src/**/*.e2e.test.ts', 'node_modules/**'],
    testTimeout: 120_000,
  },
});
