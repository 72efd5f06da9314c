import type { Transaction } from 'kysely';
import type { AlarmEngine } from '../alarms/engine';
import type { Tables } from '../db/tables';
import { unwatched } from '../db/writes';
import type { Catalog } from './catalog';
import type { IngestResult, SampleInput, TelemetryStore } from './store';

/** Stored telemetry, the tenants' catalogues of variables, and the one way samples come in. */
export class Telemetry {
  private readonly listeners: ((tenantId: number) => void)[] = [];

  constructor(
    readonly store: TelemetryStore,
    readonly catalog: Catalog,
    private readonly alarms: AlarmEngine,
  ) {}

  /** Calls `listener` after samples of a tenant were stored. */
  onSamples(listener: (tenantId: number) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Stores samples of a tenant's variables (collectors and the simulator alike), with `alongside`
   * written in the same transaction, then evaluates the alarm rules on the samples stored. The
   * samples are told of as such (`onSamples`), not as a change of the tenant's records: what is
   * kept of their figures may wait a few seconds for the next ones; an alarm raised is a change.
   */
  async ingest(
    tenantId: number,
    samples: SampleInput[],
    alongside?: (trx: Transaction<Tables>) => Promise<void>,
  ): Promise<IngestResult> {
    const catalog = await this.catalog.of(tenantId);
    const result = await unwatched(() => this.store.ingest(tenantId, samples, catalog.byId, alongside));
    if (result.stored.length > 0) for (const listener of this.listeners) listener(tenantId);
    await this.alarms.evaluate(tenantId, result.stored);
    return result;
  }
}

// What handlers work with (`call.services`), given by this area.
declare module '../http/services' {
  interface Services {
    /** Samples stored and read, with what derives from them. */
    telemetry: Telemetry;
  }
}
