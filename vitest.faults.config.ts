import { defineConfig } from 'vitest/config';

/** `npm run test:faults`: real processes, a private PostgreSQL cluster, restarts and kills; one file at a time. */
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
