import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { openServices } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { createDatabase } from '../support/postgres';

const postgresUrl = inject('postgresUrl');

/**
 * Nodes started together on one empty PostgreSQL database: each migrates, creates the entity
 * tables and seeds the demo, and without coordination two of them race (one failed with
 * `relation "alarm" already exists`). Here two nodes' start-ups run at once, each on a pool of
 * its own as two processes would.
 */
describe.skipIf(!postgresUrl)('nodes starting together on PostgreSQL', () => {
  test('both start; the tables are made and the demo is seeded once', async () => {
    const databaseUrl = await createDatabase(postgresUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-startup-'));
    const config = { ...configFromEnv({}), dataDir, databaseUrl, demo: true, logger: false };
    const started = await Promise.allSettled([openServices(config), openServices(config)]);
    try {
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
      const [first] = started as PromiseFulfilledResult<Awaited<ReturnType<typeof openServices>>>[];
      const { db } = first!.value.database;
      // Seeded once: one web client, the demo's admin once, and demo records once each.
      expect(await db.selectFrom('oauthClient').selectAll().execute()).toHaveLength(1);
      const users = await db.selectFrom('appUser').select('username').execute();
      expect(users.filter((user) => user.username === 'admin')).toHaveLength(1);
    } finally {
      await Promise.all(
        started.map((result) => (result.status === 'fulfilled' ? result.value.database.close() : Promise.resolve())),
      );
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
