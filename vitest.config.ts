import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Projects of the suite: `unit` (plain TypeScript, Node), `ui` (components, jsdom),
 * `api` (the real server in process, on SQLite and PostgreSQL), `stories` (every Storybook
 * story run as a test) and `e2e` (the real server and Debian's Chromium; run after the build).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // A worker per core: by default a run keeps one core free, which on two cores runs every file
    // one after another (the API files wait on PostgreSQL, the stories on jsdom: two use both cores).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['{codegen,server}/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['{runtime,widgets,pages}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/jsdom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/globalSetup.ts'],
          // Starting a server seeds the demo of every area; on PostgreSQL, beside other test files
          // on two cores, that took over a minute once.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stories',
          environment: 'jsdom',
          include: ['stories/**/*.test.tsx'],
          setupFiles: ['tests/support/jsdom.ts', 'tests/support/storybook.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/chromiumSetup.ts'],
          // Two files at once: the page smoke (the longest) beside the dashboard, session and customer journeys.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
