import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { inputsHash, isCurrent, recordBuild, type BuildTarget } from './stamps';

const target: BuildTarget = { inputs: ['src', 'config.json', 'later'], output: 'out', stamp: 'dist/out.stamp.json' };

describe('build stamps', () => {
  let root = '';
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  /** A run of the step: its inputs read first, then its output written and stamped. */
  const build = (output = 'built') => {
    const inputs = inputsHash(root, target);
    write('out/index.html', output);
    recordBuild(root, target, inputs);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'stamps-'));
    write('src/a.ts', 'export const a = 1;\n');
    write('src/deep/b.tsx', 'export const b = 2;\n');
    write('config.json', '{}\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('a step never run is stale; after a run it is current until something changes', () => {
    expect(isCurrent(root, target)).toBe(false);
    build();
    expect(isCurrent(root, target)).toBe(true);
    // The same content written again (a checkout, a copy) is no change.
    write('src/a.ts', 'export const a = 1;\n');
    expect(isCurrent(root, target)).toBe(true);
  });

  test.each([
    ['a changed file', () => write('src/deep/b.tsx', 'export const b = 3;\n')],
    ['a changed single-file input', () => write('config.json', '{"x":1}\n')],
    ['a new file in an input folder', () => write('src/c.ts', '')],
    ['a removed file', () => rmSync(join(root, 'src/a.ts'))],
    [
      'a renamed file',
      () => {
        rmSync(join(root, 'src/a.ts'));
        write('src/a2.ts', 'export const a = 1;\n');
      },
    ],
    ['an input that appears', () => write('later/d.ts', '')],
  ])('%s makes it stale', (_change, change) => {
    build();
    change();
    expect(isCurrent(root, target)).toBe(false);
  });

  test('a change to a test beside the code costs no build', () => {
    write('src/a.test.ts', 'old');
    build();
    write('src/a.test.ts', 'new');
    write('src/deep/b.test-d.ts', '');
    expect(isCurrent(root, target)).toBe(true);
  });

  test('a missing or changed output is stale', () => {
    build();
    write('out/index.html', 'built from other sources');
    expect(isCurrent(root, target)).toBe(false);
    build();
    rmSync(join(root, 'out'), { recursive: true });
    expect(isCurrent(root, target)).toBe(false);
  });

  test('a missing or unreadable stamp is stale', () => {
    build();
    write(target.stamp, 'not json');
    expect(isCurrent(root, target)).toBe(false);
    rmSync(join(root, target.stamp));
    expect(isCurrent(root, target)).toBe(false);
  });

  test('an input edited while the step runs leaves it stale', () => {
    const inputs = inputsHash(root, target);
    write('src/a.ts', 'export const a = 2;\n');
    write('out/index.html', 'built');
    recordBuild(root, target, inputs);
    expect(isCurrent(root, target)).toBe(false);
  });

  test('other settings make it stale', () => {
    build();
    expect(isCurrent(root, { ...target, settings: 'VITE_X=1' })).toBe(false);
  });
});
