import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openServices } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { createDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Data folder of the run's seeded SQLite demo, copied for each test server. */
    sqliteDemo: string;
    /** Name of the run's seeded PostgreSQL demo database, the template of each test's database; empty without PostgreSQL. */
    postgresDemo: string;
  }
}

/** The demo seeded once, on the database given, and the database closed again. */
async function seed(place: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const services = await openServices({
    ...configFromEnv({}),
    ...place,
    demo: true,
    logger: false,
    simulator: false,
    collector: false,
  });
  await services.database.close();
}

/**
 * Seeds the demo once per run on SQLite and (when the run has one) PostgreSQL, both at once.
 * Seeding takes about 7 s on SQLite and 20 s on PostgreSQL; a copy of the seeded database takes
 * well under a second, and every API test file starts a server on each database.
 */
export async function seedDemoOnce(postgresUrl: string | undefined) {
  const sqliteDemo = mkdtempSync(join(tmpdir(), 'platform-demo-'));
  // PostgreSQL keeps uploads in the database; its data folder only holds what the server writes beside.
  const postgresDir = mkdtempSync(join(tmpdir(), 'platform-demo-'));
  const postgresDemo = postgresUrl ? await createDatabase(postgresUrl) : '';
  await Promise.all([
    seed({ dataDir: sqliteDemo }),
    postgresDemo ? seed({ dataDir: postgresDir, databaseUrl: postgresDemo }) : undefined,
  ]);
  return {
    sqliteDemo,
    postgresDemo: postgresDemo ? new URL(postgresDemo).pathname.slice(1) : '',
    remove() {
      for (const dir of [sqliteDemo, postgresDir]) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A data folder holding a copy of the run's seeded SQLite demo. */
export function sqliteDemoCopy(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-test-'));
  cpSync(inject('sqliteDemo'), dataDir, { recursive: true });
  return dataDir;
}

/** A new database on the run's PostgreSQL holding a copy of its seeded demo; answers its connection string. */
export function postgresDemoCopy(postgresUrl: string): Promise<string> {
  return createDatabase(postgresUrl, inject('postgresDemo'));
}
