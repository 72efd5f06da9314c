import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './browser';
import { debianProgram } from './debian';
import { seedDemoOnce } from './demoCopies';

/**
 * Set-up of the browser tests: the built client they are served (`CLIENT_DIR`, else dist/client),
 * Chromium, and the SQLite demo seeded once for the run, which each
 * test file's server starts from a copy of (`startServer({ sqliteDemo: true })`), as the API
 * tests do; the simulator of a file that runs one back-fills its history on the copy.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(process.env.CLIENT_DIR ?? 'dist/client', 'index.html')))
    throw new Error('build the client first (vite build)');
  // The browser tests drive Debian's Chromium; it is installed here when it is missing.
  debianProgram(CHROMIUM, 'chromium');
  const demo = await seedDemoOnce(undefined);
  project.provide('sqliteDemo', demo.sqliteDemo);
  project.provide('postgresDemo', '');
  return () => demo.remove();
}
