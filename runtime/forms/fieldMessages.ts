import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { catalogueMessage, labelKey } from '../../generated/validationMessages';
import type { RefusedField } from '../api/client';

/** The label of the field at a dotted path of a form whose labels are `owner`'s (`entities.customer`), else its name. */
function labelOf(t: TFunction, owner: string | undefined, path: string): string {
  const { key, name } = labelKey(owner ?? '', path);
  return owner && name ? String(t(key as never, { defaultValue: name })) : name;
}

/**
 * What a failed check of a form says, for people, as the server says it: the schema's own message
 * (a label key in `params.message`), else the catalogue's, naming the field by its label.
 */
export function fieldMessage(t: TFunction, owner: string | undefined, error: RJSFValidationError): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (typeof params.message === 'string') return String(t(params.message as never));
  const path = (error.property ?? '').replace(/^\./, '');
  const other = typeof params.field === 'string' ? labelOf(t, owner, params.field) : '';
  const { key, values } = catalogueMessage(error.name ?? '', params, labelOf(t, owner, path), other);
  return String(t(key as never, (values.type ? { ...values, type: t(values.type as never) } : values) as never));
}

/** The server's refusal of fields as RJSF shows errors, each beside its field. */
export function refusedErrors(fields: RefusedField[]): ErrorSchema {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of fields) {
    let node = errors;
    for (const part of path.split('.').filter(Boolean)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return errors as ErrorSchema;
}
