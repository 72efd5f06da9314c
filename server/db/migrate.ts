import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from './database';
import type { MigrationContext } from './migrationContext';
import * as auth from './migrations/0001_auth';
import * as access from './migrations/0002_access';
import * as files from './migrations/0003_files';
import * as sessions from './migrations/0004_sessions';
import * as telemetry from './migrations/0005_telemetry';
import * as site from './migrations/0006_site';
import * as months from './migrations/0007_month_rollups';
import * as openLinks from './migrations/0008_open_links';
import * as jobLeases from './migrations/0009_job_leases';
import * as samplePartitions from './migrations/0010_sample_partitions';
import * as timeWeights from './migrations/0011_time_weights';
import * as kanbanVersions from './migrations/0012_kanban_versions';
import * as kanbanTemplates from './migrations/0013_kanban_templates';
import * as commandOutcome from './migrations/0014_command_outcome';
import * as mqttCredentials from './migrations/0015_mqtt_credentials';
import * as siteScheme from './migrations/0016_site_scheme';
import * as ledger from './migrations/0018_ledger';
import * as reports from './migrations/0017_reports';
import * as ledgerPricedAtRead from './migrations/0019_ledger_priced_at_read';

/** Migrations in order; each takes the dialect where the two engines differ. */
const MIGRATIONS: Record<string, { up(db: Kysely<unknown>, context: MigrationContext): Promise<void> }> = {
  '0001_auth': auth,
  '0002_access': access,
  '0003_files': files,
  '0004_sessions': sessions,
  '0005_telemetry': telemetry,
  '0006_site': site,
  '0007_month_rollups': months,
  '0008_open_links': openLinks,
  '0009_job_leases': jobLeases,
  '0010_sample_partitions': samplePartitions,
  '0011_time_weights': timeWeights,
  '0012_kanban_versions': kanbanVersions,
  '0013_kanban_templates': kanbanTemplates,
  '0014_command_outcome': commandOutcome,
  '0015_mqtt_credentials': mqttCredentials,
  '0016_site_scheme': siteScheme,
  '0018_ledger': ledger,
  '0019_ledger_priced_at_read': ledgerPricedAtRead,
  '0017_reports': reports,
};

/** Runs the migrations not run yet, up to `target` (all of them by default). */
export async function migrate({ db, dialect }: Database, target?: string): Promise<void> {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (trx: Kysely<unknown>) => m.up(trx, { dialect }) }]),
  );
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
