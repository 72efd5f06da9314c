import type { ErrorObject } from 'ajv';
import widgetConfigs from '../../generated/validators/widgetConfigs.js';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { fieldErrors, fieldsInOneLine } from '../http/validation';
import { stationOf } from '../telemetry/lookup';
import { kanbanDocument, storedKanban, type KanbanDocument } from './kanbanStore';
import { storeStationDashboard, templateDashboard } from './templates';
import { planKanbanCopy } from './kanbanCopy';
import { kanbanVersionHandlers } from './kanbanVersions';

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
 * Each widget of a document is of a known type, with an id of its own and a configuration valid
 * by its type's schema; otherwise the save is refused (400), with the configuration's wrong fields
 * (`widgets.<index>.config.<field>`), and nothing is stored.
 */
export function checkWidgets(call: CallContext, widgets: { id: string; type: string; config: unknown }[]): void {
  const seen = new Set<string>();
  for (const [index, widget] of widgets.entries()) {
    const where = `widgets.${index}`;
    if (seen.has(widget.id)) throw new ApiError('validation', { detail: `${where}.id: ${widget.id} is used twice` });
    seen.add(widget.id);
    const validate = widgetConfigs[widget.type];
    if (!validate) throw new ApiError('validation', { detail: `${where}.type: no widget type ${widget.type}` });
    if (!validate(widget.config)) {
      const owner = { labels: `widgets.${widget.type}` };
      const fields = fieldErrors((validate.errors ?? []) as ErrorObject[], owner, call.t);
      throw new ApiError(
        'validation',
        { detail: `${where}.config (${widget.type}) ${fieldsInOneLine(fields, owner, call.t)}` },
        fields.map(({ path, message }) => ({ path: `${where}.config.${path}`, message })),
      );
    }
  }
}

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
export const kanbanHandlers: Record<string, Handler> = { getKanban, saveKanban, planKanbanCopy, ...kanbanVersionHandlers };
