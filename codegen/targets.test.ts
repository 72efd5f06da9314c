import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { inputsHash, isCurrent, recordBuild } from './stamps';
import { clientTarget } from './targets';

describe('the client build target', () => {
  let root = '';
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  const buildClient = (env: NodeJS.ProcessEnv) => {
    const target = clientTarget(env);
    const inputs = inputsHash(root, target);
    write('dist/client/index.html', '<!doctype html>');
    recordBuild(root, target, inputs);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'targets-'));
    write('index.html', '<!doctype html>');
    write('runtime/app.ts', 'export {};\n');
    write('generated/api.ts', 'export type A = 1;\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('a variable written into the bundle, or NODE_ENV, builds it again; any other does not', () => {
    buildClient({ VITE_ANALYTICS_URL: 'https://a.example', PATH: '/bin' });
    expect(isCurrent(root, clientTarget({ VITE_ANALYTICS_URL: 'https://a.example', PATH: '/usr/bin' }))).toBe(true);
    expect(isCurrent(root, clientTarget({ VITE_ANALYTICS_URL: 'https://b.example', PATH: '/bin' }))).toBe(false);
    expect(isCurrent(root, clientTarget({ VITE_ANALYTICS_URL: 'https://a.example', NODE_ENV: 'development' }))).toBe(false);
  });

  test('new output of codegen builds it again', () => {
    buildClient({});
    write('generated/api.ts', 'export type A = 2;\n');
    expect(isCurrent(root, clientTarget({}))).toBe(false);
  });

  test('a change to the code of the client builds it again', () => {
    buildClient({});
    write('runtime/app.ts', 'export const changed = true;\n');
    expect(isCurrent(root, clientTarget({}))).toBe(false);
  });
});
