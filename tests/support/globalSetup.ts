import type { TestProject } from 'vitest/node';
import { seedDemoOnce } from './demoCopies';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the run's PostgreSQL, or empty when none could be started. */
    postgresUrl: string;
  }
}

/** Starts the run's PostgreSQL for the API tests and seeds the demo once on each database; removes both afterwards. */
export default async function setup(project: TestProject) {
  // SQLITE_ONLY=1 shortens a local iteration; CI always runs both databases.
  const postgres = process.env.SQLITE_ONLY === '1' && !process.env.CI ? undefined : await startPostgres();
  if (!postgres && process.env.CI) throw new Error('PostgreSQL could not be started; the API tests must run on it in CI');
  if (!postgres) console.warn('PostgreSQL is not available: the API tests run on SQLite only');
  project.provide('postgresUrl', postgres?.url ?? '');
  const demo = await seedDemoOnce(postgres?.url);
  project.provide('sqliteDemo', demo.sqliteDemo);
  project.provide('postgresDemo', demo.postgresDemo);
  return () => {
    demo.remove();
    postgres?.stop();
  };
}
