import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './browser';
import { seedDemoOnce } from './demoCopies';

/** The browser tests drive Debian's Chromium; it is installed here when it is missing. */
function installChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) throw new Error(`could not install ${CHROMIUM}`);
}

/**
 * Set-up of the browser tests: Chromium, and the SQLite demo seeded once for the run, which each
 * test file's server starts from a copy of (`startServer({ sqliteDemo: true })`), as the API
 * tests do; the simulator of a file that runs one back-fills its history on the copy.
 */
export default async function setup(project: TestProject) {
  installChromium();
  const demo = await seedDemoOnce(undefined);
  project.provide('sqliteDemo', demo.sqliteDemo);
  project.provide('postgresDemo', '');
  return () => demo.remove();
}
