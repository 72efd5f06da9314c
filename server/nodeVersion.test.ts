import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import project from '../package.json';
import { OLDEST_NODE_MAJOR, unsupportedNode } from './nodeVersion';

/** A Node.js older than the server needs on the PATH, outside the project's own (the machine's), if there is one. */
function olderNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, 'node');
    if (dir.includes('node_modules') || !existsSync(path)) continue;
    const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    if (Number(version.split('.')[0]) < OLDEST_NODE_MAJOR) return path;
  }
  return undefined;
}

describe('the Node.js the server runs on', () => {
  test.each([
    ['20.20.2', false],
    ['22.23.3', false],
    ['24.21.0', true],
    ['26.10.0', true],
  ])('Node.js %s is supported: %s', (version, supported) => {
    const problem = unsupportedNode(version);
    expect(problem === undefined).toBe(supported);
    if (problem) {
      expect(problem).toContain(`Node.js ${OLDEST_NODE_MAJOR} or later; this is Node.js v${version}`);
      expect(problem).toContain(`its own Node.js ${project.dependencies.node}`);
    }
  });

  test('the project runs on the Node.js it brings', () => {
    expect(process.versions.node).toBe(project.dependencies.node);
  });

  const older = olderNode();
  test.runIf(older).each(['server/main.ts', 'server/collectorMain.ts'])(
    `%s started with the machine's older Node.js says which it needs, and exits without crashing`,
    (entry) => {
      const run = spawnSync(older ?? 'node', ['--import', 'tsx', entry], {
        encoding: 'utf8',
        env: { ...process.env, PORT: '0', DATA_DIR: '/nonexistent' },
        timeout: 30_000,
      });
      expect(run.signal).toBeNull();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`The platform runs on Node.js ${OLDEST_NODE_MAJOR} or later`);
      expect(run.stderr).toContain('npm start');
    },
  );
});
