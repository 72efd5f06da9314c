import type { ErrorObject } from 'ajv';
import widgetConfigs from '../../generated/validators/widgetConfigs.js';
import { ApiError } from '../errors';
import type { CallContext } from '../http/services';
import { fieldErrors, fieldsInOneLine } from '../http/validation';

/**
 * Each widget of a document is of a known type, with an id of its own and a configuration valid
 * by its type's schema; otherwise the save is refused (400), with the configuration's wrong fields
 * (`widgets.<index>.config.<field>`, after `prefix` when the document is part of a body), and
 * nothing is stored.
 */
export function checkWidgets(call: CallContext, widgets: { id: string; type: string; config: unknown }[], prefix = ''): void {
  const seen = new Set<string>();
  for (const [index, widget] of widgets.entries()) {
    const where = `${prefix}widgets.${index}`;
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
