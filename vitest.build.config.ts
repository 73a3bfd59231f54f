// Tests that read the production build (build/): coverage of generated pages, byte budgets.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
