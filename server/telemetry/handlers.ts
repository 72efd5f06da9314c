import type { Handler } from '../http/services';

/** `POST /ems/api/collector/samples`: samples of the tenant's variables, by serial number. */
export const ingest: Handler = async (call) => {
  const scope = call.scope();
  const { samples } = call.body as { samples: { sn: string; ts: number; value: number }[] };
  const catalog = await call.services.telemetry.catalog.of(scope.tenantId);
  const unknown = new Set<string>();
  const known = samples.flatMap((sample) => {
    const variable = catalog.bySn.get(sample.sn);
    if (!variable) unknown.add(sample.sn);
    return variable ? [{ varId: variable.id, ts: sample.ts, value: sample.value }] : [];
  });
  const { accepted, skipped } = await call.services.telemetry.ingest(scope.tenantId, known);
  return { accepted, skipped: skipped + (samples.length - known.length), unknown: [...unknown] };
};

/** The named handlers of telemetry, by their `x-handler` name. */
export const telemetryHandlers: Record<string, Handler> = { ingest };
