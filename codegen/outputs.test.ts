import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { staleOutputs, writeOutputs } from './outputs';

describe('codegen outputs', () => {
  const root = mkdtempSync(join(tmpdir(), 'codegen-'));
  afterEach(() => rmSync(join(root, 'generated'), { recursive: true, force: true }));
  const files = new Map([
    ['generated/a.json', '{}\n'],
    ['generated/sub/b.ts', 'export {};\n'],
  ]);

  test('written output is up to date', () => {
    writeOutputs(root, 'generated', files);
    expect(staleOutputs(root, 'generated', files)).toEqual([]);
  });

  test('a changed, a missing and a leftover file are each reported', () => {
    writeOutputs(root, 'generated', files);
    writeFileSync(join(root, 'generated/a.json'), '{"edited": true}\n');
    rmSync(join(root, 'generated/sub/b.ts'));
    mkdirSync(join(root, 'generated/old'), { recursive: true });
    writeFileSync(join(root, 'generated/old/c.ts'), '');
    expect(staleOutputs(root, 'generated', files).sort()).toEqual([
      'not generated generated/old/c.ts',
      'stale generated/a.json',
      'stale generated/sub/b.ts',
    ]);
  });

  test('writing removes what codegen no longer makes', () => {
    mkdirSync(join(root, 'generated'), { recursive: true });
    writeFileSync(join(root, 'generated/gone.ts'), '');
    writeOutputs(root, 'generated', files);
    expect(staleOutputs(root, 'generated', files)).toEqual([]);
  });
});
