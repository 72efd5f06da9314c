import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A handler as an area would write it, reading its records through `reach`. */
const handler = (reach: string) => `
import type { Handler } from '../http/services';

export const listNotes: Handler = async (call) => {
  const db = ${reach};
  return db.selectFrom('note').selectAll().execute();
};
`;

async function messagesOf(text: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(text, { filePath: `${root}server/notes/handlers.ts` });
  return (result?.messages ?? []).map((message) => message.message);
}

test.each([
  ['the raw database', 'call.services.database.db'],
  ['the raw database, destructured', '(() => { const { database } = call.services; return database.db; })()'],
  ['a handle without its tenant scope', 'call.data().withoutPlugins()'],
])(
  'a handler that reaches %s is refused by lint',
  async (_name, reach) => {
    expect(await messagesOf(handler(reach))).toEqual([expect.stringMatching(/call\.data\(\)/)]);
  },
  30_000,
);

test('a handler that reads through call.data() passes lint', async () => {
  expect(await messagesOf(handler('call.data()'))).toEqual([]);
}, 30_000);
