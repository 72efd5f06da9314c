import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, in the order they should start (the two-node cluster, the API
 * simulator and fuzz, the stories in the first run of `npm test`, the browser journeys in the second). A fresh
 * clone has no timings of an earlier run, and without them files start in the order they are
 * found: the longest then started last and ran alone at the end. Started first, the two workers
 * share the run; the files of a minute or less fill in after them. Files that wait much start
 * early, beside files that keep a core busy: a dead collector's lease expiring; a device cut off
 * until the dashboard's next refreshes (found last, it waited 40 s alone); each accessibility
 * sweep, waiting a quarter of a second for every screen to settle (the two side by side left a
 * fifth of the cores idle), beside a part of the page smoke.
 */
const LONGEST_FIRST = [
  'tests/api/cluster.test.ts',
  'tests/api/collectorTakeover.test.ts',
  'tests/api/simulator.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/api/apiCoverage.test.ts',
  'tests/api/crossTenant.test.ts',
  'stories/pages.1.test.tsx',
  'stories/pages.2.test.tsx',
  'codegen/analyse.test.ts',
  'tests/e2e/a11y.light.test.ts',
  'tests/e2e/pages.1.test.ts',
  'tests/e2e/a11y.dark.test.ts',
  'tests/e2e/pages.3.test.ts',
  'tests/e2e/collection.test.ts',
  'tests/e2e/pages.2.test.ts',
  'tests/e2e/dashboard.test.ts',
  'tests/e2e/ledger.test.ts',
  'tests/e2e/session.test.ts',
  'tests/e2e/viewports.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b) || sorted.indexOf(a) - sorted.indexOf(b));
  }
}

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
    // Where the files of `npm test`'s first run wait (leases expiring), the checks, builds and soak
    // beside them (`test:beside`) use the cores.
    maxWorkers: 2,
    // The files a worker runs share the modules it has loaded (and, in jsdom, its document): loading
    // the server's or the runtime's code and a jsdom for each file took seconds a file, most of the
    // UI project's time. Each file still builds its own server, data and rendered tree, and its
    // own Chromium. For the browser files too: ten of them on one worker took 233.6 s with a fresh
    // module graph each, 168.6 s of processor time with their browsers, against 193.4 s and 118.8 s.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    // After a run of two minutes or more, when its long files ran and how many ran at once.
    reporters: ['default', './tests/support/timelineReporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{codegen,server}/**/*.test.ts'],
          // Tests that take a second alone (a year of local times, codegen's checks, a process
          // started) took over 5 s beside the API and UI files on two busy cores.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['{runtime,widgets,pages}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/jsdom.ts'],
          // A form rendered in jsdom takes a second or two alone and took over 7 s beside the API
          // files on two cores: the tests check what is drawn, not how fast.
          testTimeout: 20_000,
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
          globalSetup: ['tests/support/browserSetup.ts'],
          // Three files at once (`--maxWorkers 3` in `npm test`): two kept about 88 % of the two
          // cores busy, each file leaving its core idle while it waits (a screen settling, a
          // collector's poll); with three, 95 %, and the files took 923 s against 979 s (see
          // docs/decisions.md).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // What a page shows after a reload or a switch of tenant arrives after its scripts and its
          // data: beside another browser file on two cores that took over a second (the default).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
