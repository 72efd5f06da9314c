import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const CLI = join('node_modules', '@redocly', 'cli', 'bin', 'cli.js');

interface LintTotals {
  errors: number;
  warnings: number;
  ignored: number;
}

/** `redocly lint` of a document (the project's allowed warnings apply to the bundled one): its totals and problems. */
function lint(file: string): { totals: LintTotals; problems: { ruleId: string; message: string }[] } {
  let output: string;
  try {
    output = execFileSync(process.execPath, [CLI, 'lint', file, '--format=json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  } catch (error) {
    // The linter exits 1 when it finds errors; its report is on standard output all the same.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(output) as ReturnType<typeof lint>;
}

describe('the bundled OpenAPI document, as integrators lint it', () => {
  test('has no lint error and no warning but those allowed, each with its reason, in .redocly.lint-ignore.yaml', () => {
    const { totals, problems } = lint('generated/openapi.json');
    expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(totals.ignored).toBe(33);
    // The linter runs as a process of its own over a document of a thousand operations: seconds.
  }, 30_000);

  test('a description holding "key: value" or a comma stays a description when quoted; unquoted in a flow mapping it splits, and the lint fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platform-lint-'));
    try {
      const document = (rate: string) => `openapi: 3.1.0
info: { title: Lint, version: '1', license: { name: Proprietary, identifier: LicenseRef-Proprietary }, description: Lint. }
servers: [{ url: 'http://127.0.0.1' }]
security: []
paths:
  /rate:
    get:
      operationId: rate
      summary: Rate.
      description: Rate.
      responses:
        '200':
          description: The rate.
          content:
            application/json:
              schema:
                type: object
                properties:
                  rate: { type: number, ${rate} }
`;
      const quoted = join(dir, 'quoted.yaml');
      writeFileSync(quoted, document("description: 'Ratio: won / decided, in percent.'"));
      const parsed = parse(document("description: 'Ratio: won / decided, in percent.'")) as {
        paths: Record<
          string,
          { get: { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> } }
        >;
      };
      expect(parsed.paths['/rate']?.get.responses['200']?.content['application/json']?.schema.properties.rate).toEqual({
        type: 'number',
        description: 'Ratio: won / decided, in percent.',
      });
      expect(lint(quoted).totals.errors).toBe(0);

      const split = join(dir, 'split.yaml');
      writeFileSync(split, document('description: Won, in percent.'));
      const { totals, problems } = lint(split);
      expect(totals.errors).toBe(1);
      expect(problems[0]).toMatchObject({ ruleId: 'struct', message: 'Property `in percent.` is not expected here.' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two runs of the linter, each a process of its own that loads its rules: about two seconds each
    // alone, over seven beside the other test files on two cores.
  }, 30_000);
});
