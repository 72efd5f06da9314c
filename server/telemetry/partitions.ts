import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/tables';

/** A partition holds the raw samples of one UTC day. */
export const DAY_MS = 86_400_000;
/** Days ahead of today that have their partition ready, so that samples never wait for one. */
const DAYS_AHEAD = 7;
/** How long a partition's creation or drop waits for the queries in flight on the samples before it gives up until the next turn. */
const LOCK_TIMEOUT = '5s';

/** The partition of the raw samples of a day (days since the epoch, UTC): `sample_20261125`. */
export function partitionName(day: number): string {
  return `sample_${new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The day of a partition's name; undefined for the default partition. */
function dayOf(name: string): number | undefined {
  const match = /^sample_(\d{4})(\d{2})(\d{2})$/.exec(name);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS : undefined;
}

/** Creates the partition of a day, under a lock timeout. */
async function create(db: Kysely<unknown>, day: number): Promise<void> {
  const table = sql.table(partitionName(day));
  const [from, to] = [sql.lit(day * DAY_MS), sql.lit((day + 1) * DAY_MS)];
  await db.transaction().execute(async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    // Samples of the day that arrived before it had a partition are in the default one: moved over.
    await sql`create table ${table} (like sample)`.execute(trx);
    await sql`insert into ${table} select * from sample_default where ts >= ${from} and ts < ${to}`.execute(trx);
    await sql`delete from sample_default where ts >= ${from} and ts < ${to}`.execute(trx);
    await sql`alter table sample attach partition ${table} for values from (${from}) to (${to})`.execute(trx);
  });
}

/**
 * The raw samples on PostgreSQL, partitioned by UTC day (declarative range partitioning on `ts`;
 * migration 0010): retention drops whole days instead of deleting rows, and a query of a period
 * reads the partitions of its days only. A sample of a day without a partition (far in the past
 * or the future) goes to the default partition, whose rows move to the day's partition when it
 * is made.
 */
export class SamplePartitions {
  private readonly db: Kysely<unknown>;

  constructor(db: Kysely<Tables>) {
    // eslint-disable-next-line no-restricted-syntax -- partitions are tables of every tenant, named in snake_case SQL
    this.db = db.withoutPlugins() as unknown as Kysely<unknown>;
  }

  /** The days that have a partition, in order. */
  async days(): Promise<number[]> {
    const rows = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'sample'::regclass`.execute(this.db);
    return rows.rows
      .map((row) => dayOf(row.name))
      .filter((day) => day !== undefined)
      .sort((a, b) => a - b);
  }

  /** Makes the partitions of the days from `from` (ms) to a week after `now` that have none. */
  async prepare(from: number, now: number): Promise<void> {
    const present = new Set(await this.days());
    const last = Math.floor(now / DAY_MS) + DAYS_AHEAD;
    for (let day = Math.floor(from / DAY_MS); day <= last; day += 1) {
      if (!present.has(day)) await create(this.db, day);
    }
  }

  /**
   * Removes the samples older than `before`: the partitions of days wholly before it are
   * dropped, and older rows of the default partition deleted. The samples of the day `before`
   * falls in stay until that day is wholly past. Answers the days dropped.
   */
  async prune(before: number): Promise<number[]> {
    const dropped = (await this.days()).filter((day) => (day + 1) * DAY_MS <= before);
    for (const day of dropped) {
      await this.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
        await sql`drop table ${sql.table(partitionName(day))}`.execute(trx);
      });
    }
    await sql`delete from sample_default where ts < ${before}`.execute(this.db);
    return dropped;
  }
}
