import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { fieldMessage as messageOf } from '../../generated/validationMessages';
import type { RefusedField } from '../api/client';

/**
 * What a failed check of a form says, for people, as the server says it: the schema's own message
 * (a label key in `params.message`), else the catalogue's, naming the field by its label.
 */
export function fieldMessage(t: TFunction, owner: string | undefined, error: RJSFValidationError): string {
  const path = (error.property ?? '').replace(/^\./, '');
  const translate = (key: string, values?: Record<string, string>) => String(t(key as never, values as never));
  return messageOf(error.name ?? '', (error.params ?? {}) as Record<string, unknown>, path, owner, translate);
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
