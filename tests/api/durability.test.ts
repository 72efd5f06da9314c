import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { sqliteDemoCopy } from '../support/demoCopies';
import { httpFetch, signInTokens } from '../support/httpSignIn';
import { startServerProcess } from '../support/serverProcess';

/**
 * The embedded database (WAL, `synchronous=FULL`) keeps every write the server has acknowledged
 * when its process is killed outright, on the SQLite driver and the Node.js the platform runs on.
 */
describe('what the embedded database keeps', () => {
  test('the server opens SQLite with a write-ahead log and synchronous=FULL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-pragmas-'));
    const database = openDatabase({ dataDir });
    try {
      const { rows: journal } = await sql<{ journalMode: string }>`pragma journal_mode`.execute(database.db);
      const { rows: synchronous } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
      expect(journal[0]?.journalMode).toBe('wal');
      // 2 is FULL: each commit waits for the log on disk, so a power cut loses no acknowledged write.
      expect(synchronous[0]?.synchronous).toBe(2);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a customer saved just before the server process is killed is there when it starts again', async () => {
    const dataDir = sqliteDemoCopy();
    const env = { DATA_DIR: dataDir, LOG: '0', SIMULATOR: '0' };
    try {
      const first = await startServerProcess({ env });
      const { user } = await signInTokens(httpFetch(first.url));
      const headers = { authorization: `Bearer ${user}`, 'content-type': 'application/json' };
      const name = `Kill -9 customer ${Date.now()}`;
      const saved = await fetch(`${first.url}/manager/customer`, { method: 'POST', headers, body: JSON.stringify({ name }) });
      expect(((await saved.json()) as { code: number }).code).toBe(0);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('killed by SIGKILL');
      // A process killed outright leaves its write-ahead log for the next one to recover.
      expect(existsSync(join(dataDir, 'platform.db-wal'))).toBe(true);

      const second = await startServerProcess({ env });
      try {
        const { user: again } = await signInTokens(httpFetch(second.url));
        const list = await fetch(`${second.url}/manager/customer/getCustomerList?size=50`, {
          headers: { authorization: `Bearer ${again}` },
        });
        const page = (await list.json()) as { data: { records: { name: string }[] } };
        expect(page.data.records.map((r) => r.name)).toContain(name);
      } finally {
        expect(await second.stop()).toBe('exit 0');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
