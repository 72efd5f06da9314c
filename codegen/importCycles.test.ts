import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The project's cycle rule, as `eslint.config.js` applies it to the client's and the server's
 * code, over the two fixture modules of `tests/fixtures/importCycle/` (which import each other,
 * one of them through a dynamic import): `npm run lint` fails on a new cycle, a chunk loaded later
 * included.
 */
test('a cycle through a dynamic import fails the lint', async () => {
  const applied = (await new ESLint({ cwd: root }).calculateConfigForFile('runtime/index.ts')) as Linter.Config;
  const rule = applied.rules?.['import-x/no-cycle'];
  expect(rule).toBeDefined();
  const eslint = new ESLint({
    cwd: root,
    ignore: false,
    overrideConfig: {
      files: ['tests/fixtures/importCycle/*.ts'],
      ...(applied.plugins ? { plugins: applied.plugins } : {}),
      ...(applied.settings ? { settings: applied.settings } : {}),
      rules: { 'import-x/no-cycle': rule as Linter.RuleEntry },
    },
  });
  const results = await eslint.lintFiles(['tests/fixtures/importCycle/start.ts', 'tests/fixtures/importCycle/finish.ts']);
  const cycles = results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'import-x/no-cycle'));
  expect(cycles.map((message) => message.message)).toEqual([expect.stringMatching(/cycle/i), expect.stringMatching(/cycle/i)]);
}, 60_000);
