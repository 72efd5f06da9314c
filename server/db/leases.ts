import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Tables } from './tables';

/**
 * The lease of a background job that one node of a cluster runs at a time: a node takes it when
 * it is free or has expired, and keeps it by taking it again before it expires. A node that dies
 * stops renewing it, so another takes the job over once `ttlMs` has passed.
 */
export class Lease {
  /** Who holds it, as an operator reads it in `job_lease`: the node's host and process, and this lease's own mark. */
  private readonly owner = `${hostname()} pid ${process.pid} ${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Kysely<Tables>,
    readonly name: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes or renews the lease; false while another node holds it. */
  async take(now = Date.now()): Promise<boolean> {
    await this.db
      .insertInto('jobLease')
      .values({ name: this.name, owner: this.owner, expires: now + this.ttlMs, lastRun: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await this.db
      .updateTable('jobLease')
      .set({ owner: this.owner, expires: now + this.ttlMs })
      .where('name', '=', this.name)
      .where((eb) => eb.or([eb('owner', '=', this.owner), eb('expires', '<', now)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** When the job last ran, on whichever node (ms since the epoch; 0 if never). */
  async lastRun(): Promise<number> {
    const row = await this.db.selectFrom('jobLease').select('lastRun').where('name', '=', this.name).executeTakeFirst();
    return Number(row?.lastRun ?? 0);
  }

  /** Records that the job ran, while this node holds the lease. */
  async ran(at = Date.now()): Promise<void> {
    await this.db
      .updateTable('jobLease')
      .set({ lastRun: at })
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .execute();
  }

  /** Gives the lease up (a node stopping), so that another node takes the job at once. */
  async release(): Promise<void> {
    await this.db
      .updateTable('jobLease')
      .set({ expires: 0 })
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .execute();
  }
}
