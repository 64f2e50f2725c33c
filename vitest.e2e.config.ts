import { defineConfig } from 'vitest/config';

/** Browser tests: one real shop, Debian's Chromium, files one after another (two cores). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
