import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { configFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { Lease } from '../../server/db/leases';
import { migrate } from '../../server/db/migrate';
import { createDatabase } from '../support/postgres';

const postgresUrl = inject('postgresUrl');
const places = [
  { name: 'sqlite', databaseUrl: undefined as string | undefined },
  ...(postgresUrl ? [{ name: 'postgres', databaseUrl: postgresUrl }] : []),
];

/** Two nodes' leases of one background job, on one database. */
describe.each(places)('the lease of a background job on $name', ({ databaseUrl }) => {
  test('one node holds it; another takes it once it expires or is given up; when it last ran is shared', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-lease-'));
    const database = openDatabase({
      ...configFromEnv({}),
      dataDir,
      ...(databaseUrl ? { databaseUrl: await createDatabase(databaseUrl) } : {}),
    });
    try {
      await migrate(database);
      const first = new Lease(database.db, 'retention', 60_000);
      const second = new Lease(database.db, 'retention', 60_000);
      const other = new Lease(database.db, 'simulator', 60_000);
      const t = 1_000_000;
      expect(await first.take(t)).toBe(true);
      expect(await second.take(t + 1_000)).toBe(false);
      // Another job's lease is its own.
      expect(await other.take(t + 1_000)).toBe(true);
      // Renewed in time, it stays; not renewed for its length, the other node takes it.
      expect(await first.take(t + 50_000)).toBe(true);
      expect(await second.take(t + 100_000)).toBe(false);
      expect(await second.take(t + 110_001)).toBe(true);
      expect(await first.take(t + 110_002)).toBe(false);
      // Only the holder records a run, and every node reads it.
      await first.ran(t + 110_003);
      expect(await first.lastRun()).toBe(0);
      await second.ran(t + 110_004);
      expect(await first.lastRun()).toBe(t + 110_004);
      // Given up (a node stopping), the other takes it at once.
      await second.release();
      expect(await first.take(t + 110_005)).toBe(true);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
