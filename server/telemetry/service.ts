import type { Transaction } from 'kysely';
import type { AlarmEngine } from '../alarms/engine';
import type { Tables } from '../db/tables';
import type { Catalog } from './catalog';
import type { IngestResult, SampleInput, TelemetryStore } from './store';

/** Stored telemetry, the tenants' catalogues of variables, and the one way samples come in. */
export class Telemetry {
  constructor(
    readonly store: TelemetryStore,
    readonly catalog: Catalog,
    private readonly alarms: AlarmEngine,
  ) {}

  /**
   * Stores samples of a tenant's variables (collectors and the simulator alike), with `alongside`
   * written in the same transaction, then evaluates the alarm rules on the samples stored.
   */
  async ingest(
    tenantId: number,
    samples: SampleInput[],
    alongside?: (trx: Transaction<Tables>) => Promise<void>,
  ): Promise<IngestResult> {
    const catalog = await this.catalog.of(tenantId);
    const result = await this.store.ingest(tenantId, samples, catalog.byId, alongside);
    await this.alarms.evaluate(tenantId, result.stored);
    return result;
  }
}
