import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { stationOf } from '../telemetry/lookup';
import type { EntityRecord } from '../resources/repository';
import { kanbanDocument, type KanbanPlace } from './kanbanStore';
import { storeStationDashboard } from './templates';

/** The station of a history call, within the caller's tenant (another tenant's answers 404). */
async function placeOf(call: CallContext): Promise<{ place: KanbanPlace; stationSn: string; station: EntityRecord }> {
  const station = await stationOf(call, String(call.params.stationSn));
  return { place: { tenantId: call.scope().tenantId, stationId: Number(station.id) }, stationSn: String(station.sn), station };
}

/** One version of a station's dashboard; 404 when the station has none of that number. */
async function versionOf(call: CallContext, place: KanbanPlace, version: number) {
  const db = call.data();
  const row = await db
    .selectFrom('siteKanbanVersion')
    .select(['content', 'version', 'updatedBy', 'updateTime'])
    .where('tenantId', '=', place.tenantId)
    .where('stationId', '=', place.stationId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  return row;
}

/** `GET main/siteKanban/{stationSn}/versions`: a page of the dashboard's versions, newest first. */
export const listKanbanVersions: Handler = async (call) => {
  const { place } = await placeOf(call);
  const { current, size } = call.query as { current: number; size: number };
  const db = call.data();
  const versions = db
    .selectFrom('siteKanbanVersion')
    .where('tenantId', '=', place.tenantId)
    .where('stationId', '=', place.stationId);
  const [records, counted] = await Promise.all([
    versions
      .select(['version', 'updatedBy', 'updateTime', 'note', 'restoredFrom'])
      .orderBy('version', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    versions.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(counted.count), current, size };
};

/** `GET main/siteKanban/{stationSn}/versions/{number}`: the dashboard document as that version saved it. */
export const getKanbanVersion: Handler = async (call) => {
  const { place, stationSn } = await placeOf(call);
  return kanbanDocument(await versionOf(call, place, Number(call.params.number)), stationSn);
};

/**
 * `POST main/siteKanban/{stationSn}/versions/{number}/restore`: stores the document of an earlier
 * version as the next version, naming the version it restores. The body's `version` is the one
 * the caller's dashboard is at: when another save came first, it is refused (409) as a save is.
 */
export const restoreKanbanVersion: Handler = async (call) => {
  const { place, stationSn, station } = await placeOf(call);
  const restored = Number(call.params.number);
  const { content } = await versionOf(call, place, restored);
  const stored = await storeStationDashboard(call, station, {
    from: (call.body as { version: number }).version,
    content: JSON.parse(content) as object,
    updatedBy: call.scope().userName,
    note: null,
    restoredFrom: restored,
  });
  return kanbanDocument(stored, stationSn);
};

/** The handlers of a dashboard's history, by their `x-handler` name. */
export const kanbanVersionHandlers: Record<string, Handler> = { listKanbanVersions, getKanbanVersion, restoreKanbanVersion };
