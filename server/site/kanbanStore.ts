import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import type { Tables } from '../db/tables';
import { ApiError } from '../errors';
import type { CallContext } from '../http/services';
import type { EntityRecord } from '../resources/repository';

/** A station's dashboard within its tenant. */
export interface KanbanPlace {
  tenantId: number;
  stationId: number;
}

/** A dashboard stored as a new version. */
export interface KanbanSave {
  /** The version the document was made from; 0 when the station has none stored yet. */
  from: number;
  /** The document without its station and version: its schema version, layouts and widgets. */
  content: object;
  updatedBy: string;
  note: string | null;
  /** The version a restore brings back. */
  restoredFrom: number | null;
}

/** A stored document or version as the kanban calls answer it. */
export interface KanbanRow {
  content: string;
  version: number;
  updatedBy: string;
  updateTime: string;
}

/** The dashboard document of a stored row, for its station. */
export function kanbanDocument(row: KanbanRow, stationSn: string) {
  return {
    ...(JSON.parse(row.content) as object),
    stationSn,
    version: row.version,
    updatedBy: row.updatedBy,
    updateTime: row.updateTime,
  };
}

/**
 * Stores a dashboard as the version after the one it was made from, with its row in the history,
 * in one transaction. Made from any version but the stored one (another save came first), it is
 * refused as stale (409) and nothing is written.
 */
export async function storeKanban(db: Kysely<Tables>, place: KanbanPlace, save: KanbanSave): Promise<KanbanRow> {
  return db.transaction().execute((trx) => writeKanban(trx, place, save));
}

/** `storeKanban` within a transaction of the caller's, which a stale save (409) rolls back. */
export async function writeKanban(trx: Transaction<Tables>, place: KanbanPlace, save: KanbanSave): Promise<KanbanRow> {
  const row: KanbanRow = {
    content: JSON.stringify(save.content),
    version: save.from + 1,
    updatedBy: save.updatedBy,
    updateTime: new Date().toISOString(),
  };
  if (save.from === 0) {
    try {
      await trx
        .insertInto('siteKanban')
        .values({ ...place, ...row })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('staleVersion');
      throw error;
    }
  } else {
    const result = await trx
      .updateTable('siteKanban')
      .set(row)
      .where('tenantId', '=', place.tenantId)
      .where('stationId', '=', place.stationId)
      .where('version', '=', save.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new ApiError('staleVersion');
  }
  await trx
    .insertInto('siteKanbanVersion')
    .values({ ...place, ...row, note: save.note, restoredFrom: save.restoredFrom })
    .execute();
  return row;
}

/** The dashboard document of a station: the layouts of its widgets and their configurations. */
export interface KanbanDocument {
  stationSn: string;
  version: number;
  schemaVersion: number;
  layouts: Record<string, unknown[]>;
  widgets: unknown[];
  updatedBy?: string;
  updateTime?: string;
}

/** A station with no saved dashboard has an empty one at version 0. */
const EMPTY = { schemaVersion: 1, layouts: { desktop: [], tablet: [], phone: [] }, widgets: [] };

/** The stored dashboard of a station of the caller's tenant. */
export async function storedKanban(call: CallContext, station: EntityRecord): Promise<KanbanDocument> {
  const db = call.data();
  const row = await db
    .selectFrom('siteKanban')
    .selectAll()
    .where('tenantId', '=', call.scope().tenantId)
    .where('stationId', '=', Number(station.id))
    .executeTakeFirst();
  if (!row) return { stationSn: String(station.sn), version: 0, ...EMPTY };
  return kanbanDocument(row, String(station.sn)) as KanbanDocument;
}
