import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../contract';
import { ApiError } from '../errors';
import { fieldLabel as labelOf, fieldMessage } from '../../generated/validationMessages';
import type { Translate } from '../i18n';

/** A field a request got wrong: where it is (`contacts.0.phone`), and what is expected there, for people. */
export interface FieldError {
  path: string;
  message: string;
}

/** The path of the field an error is about, dotted (`contacts.0.phone`); a missing or extra property named. */
function pathOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  return [...error.instancePath.split('/').slice(1), params.missingProperty ?? params.additionalProperty]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('.');
}

/**
 * Whose labels name the fields of a schema: a record's (`x-entity`), a form's (`x-form`), or the
 * owner given (a widget's configuration, `widgets.<type>`).
 */
export type LabelOwner = JsonSchema | { labels: string } | undefined;

function ownerOf(root: LabelOwner): string | undefined {
  if (!root) return undefined;
  if ('labels' in root && typeof root.labels === 'string') return root.labels;
  const schema = root as JsonSchema;
  if (typeof schema['x-entity'] === 'string') return `entities.${schema['x-entity']}`;
  return typeof schema['x-form'] === 'string' ? `forms.${schema['x-form']}` : undefined;
}

/** The label of the field at `path` (dotted): its `fields` or `itemFields` label, else its name. */
export function fieldLabel(root: LabelOwner, path: string, t: Translate): string {
  return labelOf(ownerOf(root), path, t);
}

/**
 * The fields a validation failed on, each with what is expected there in the request's language,
 * the field named by its label (`root`, the schema of the part validated, or whose labels they are). An `if` error
 * ("must match "then" schema") only follows its branch's own errors, which say what is wrong.
 */
export function fieldErrors(errors: ErrorObject[], root: LabelOwner, t: Translate): FieldError[] {
  return errors
    .filter((error) => error.keyword !== 'if')
    .map((error) => {
      const path = pathOf(error);
      return { path, message: fieldMessage(error.keyword, error.params as Record<string, unknown>, path, ownerOf(root), t) };
    });
}

/** The fields of a failure in one line: "Name is required; Telephone: Enter a telephone number ...". */
export function fieldsInOneLine(fields: FieldError[], root: LabelOwner, t: Translate, most = 5): string {
  return fields
    .slice(0, most)
    .map(({ path, message }) => {
      const label = fieldLabel(root, path, t);
      return !label || message.includes(label) ? message : `${label}: ${message}`;
    })
    .join('; ');
}

/**
 * The refusal of one field by a rule no schema states (a rule between fields, checked by a
 * handler): 400 with the message (a label key, given the field's label as `field`) in `msg` and
 * the field in `data`, so that a form shows it beside the field.
 */
export function refuseField(
  t: Translate,
  owner: LabelOwner,
  path: string,
  key: string,
  params: Record<string, string> = {},
): ApiError {
  const message = t(key, { ...params, field: fieldLabel(owner, path, t) });
  return new ApiError('validation', { detail: message }, [{ path, message }]);
}
