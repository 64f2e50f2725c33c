import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Database tests are I/O bound; two cores run two files at once comfortably.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['./src/server/test/global-setup.ts'],
        },
      },
      {
        // Rules shared by both sides: plain functions, no database.
        extends: true,
        test: { name: 'shared', include: ['src/shared/**/*.test.ts'] },
      },
      {
        // The project's own tooling: lint rules and build scripts.
        extends: true,
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'] },
      },
      {
        // The web app's units run in a simulated DOM and need no database.
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['./src/web/test/setup.ts'],
        },
      },
    ],
  },
});
