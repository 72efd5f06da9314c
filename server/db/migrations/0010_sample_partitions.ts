import { sql, type Kysely } from 'kysely';
import { DAY_MS, partitionName } from '../../telemetry/partitions';
import type { MigrationContext } from '../migrationContext';

/**
 * On PostgreSQL, the raw samples become a table partitioned by UTC day (`ts` ranges), with a
 * default partition: the samples already stored move to a partition per day they fall in.
 * SQLite keeps its one table.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table sample rename to sample_unpartitioned`.execute(db);
  await sql`alter index sample_pk rename to sample_unpartitioned_pk`.execute(db);
  await sql`create table sample (
    tenant_id integer not null,
    var_id integer not null,
    ts bigint not null,
    value double precision not null,
    constraint sample_pk primary key (tenant_id, var_id, ts)
  ) partition by range (ts)`.execute(db);
  await sql`create table sample_default partition of sample default`.execute(db);
  const days = await sql<{ day: number }>`
    select distinct floor(ts / ${DAY_MS}::double precision)::integer as day from sample_unpartitioned`.execute(db);
  for (const { day } of days.rows) {
    await sql`create table ${sql.table(partitionName(day))} partition of sample
      for values from (${sql.lit(day * DAY_MS)}) to (${sql.lit((day + 1) * DAY_MS)})`.execute(db);
  }
  await sql`insert into sample select * from sample_unpartitioned`.execute(db);
  await sql`drop table sample_unpartitioned`.execute(db);
}
