import type { Handler } from '../http/services';
import { stationOf } from '../telemetry/lookup';
import { checkWidgets } from './kanbanCheck';
import { kanbanDocument, storedKanban, type KanbanDocument } from './kanbanStore';
import { storeStationDashboard, templateDashboard } from './templates';
import { planKanbanCopy } from './kanbanCopy';
import { planKanbanImport } from './kanbanImport';
import { kanbanVersionHandlers } from './kanbanVersions';

export { checkWidgets } from './kanbanCheck';

/**
 * `GET main/siteKanban/{stationSn}`: the station's dashboard; one that has none stored yet and
 * follows a template (or whose kind has a default template) shows the template as it takes it.
 */
export const getKanban: Handler = async (call) => {
  const station = await stationOf(call, String(call.params.stationSn));
  const stored = await storedKanban(call, station);
  if (stored.version > 0) return stored;
  const template = await templateDashboard(call, station);
  return template ? { ...stored, ...template } : stored;
};

/**
 * `POST main/siteKanban/saveOrUpdate`: stores the document when it was made from the stored
 * version, as the next version, and keeps that version in the station's history with the saver's
 * note; a document made from an older version (another tab saved meanwhile) is refused with 409
 * and changes nothing.
 */
export const saveKanban: Handler = async (call) => {
  const scope = call.scope();
  // Who saved and when are the server's to say; the rest is the document.
  const { stationSn, version, updatedBy: _by, updateTime: _at, ...content } = call.body as KanbanDocument;
  checkWidgets(call, content.widgets as { id: string; type: string; config: unknown }[]);
  const station = await stationOf(call, stationSn);
  const note = typeof call.query.note === 'string' ? call.query.note.trim() : '';
  const stored = await storeStationDashboard(call, station, {
    from: version,
    content,
    updatedBy: scope.userName,
    note: note || null,
    restoredFrom: null,
  });
  return kanbanDocument(stored, stationSn);
};

/** The named handlers of site dashboards and their history, by their `x-handler` name. */
export const kanbanHandlers: Record<string, Handler> = {
  getKanban,
  saveKanban,
  planKanbanCopy,
  planKanbanImport,
  ...kanbanVersionHandlers,
};
