import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrationContext';

/**
 * Time weights in the rollups: `area` (each value times the time it counts for, ms) and `span`
 * (those times summed), so that an average over a period is weighted by time. Rollups stored
 * before have no times of their samples; they get the weights of samples evenly spread between
 * their first and last (a rollup of one sample: none, its average stays its value).
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const double = dialect === 'postgres' ? 'double precision' : 'real';
  for (const table of ['rollup_hour', 'rollup_day', 'rollup_month']) {
    await db.schema
      .alterTable(table)
      .addColumn('area', double, (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('span', double, (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`update ${sql.table(table)}
      set span = (last_ts - first_ts) * count / (count - 1.0), area = sum * (last_ts - first_ts) / (count - 1.0)
      where count > 1`.execute(db);
  }
}
