// Unit tests: the generator, the server and the helpers; browser tests run separately (tests/e2e).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
