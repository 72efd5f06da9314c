import { getUiOptions, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { label } from '../i18n/labels';

/**
 * The UI schema of a field that a rule disables, with why (`reason`, the i18n key of a sentence
 * for people, shown under the field); `false`: the rule leaves the field enabled.
 */
export function disabledBecause(reason: string | false): UiSchema {
  return reason ? { 'ui:disabled': true, 'ui:disabledReason': reason } : { 'ui:disabled': false };
}

/**
 * Why a field or some of its options cannot be chosen, in the user's language: the reason of the
 * rule that disables the field (`disabledBecause`); else the options the schema does not offer
 * (`x-disabled`), by their names. Undefined when everything can be chosen, or when the field is
 * disabled for no reason of its own (the whole form, while it is being sent).
 */
export function disabledReason(
  t: TFunction,
  language: string,
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
): string | undefined {
  const { disabled, disabledReason: reason, enumDisabled, enumNames } = getUiOptions(uiSchema);
  if (disabled) return typeof reason === 'string' ? label(t, reason) : undefined;
  const values = Array.isArray(schema.enum) ? schema.enum : [];
  const names = Array.isArray(enumNames) ? enumNames : [];
  const off = (Array.isArray(enumDisabled) ? enumDisabled : []).flatMap((value) => {
    const index = values.indexOf(value as never);
    return index < 0 ? [] : [String(names[index] ?? value)];
  });
  if (off.length === 0) return undefined;
  return t('forms.notOffered', { options: new Intl.ListFormat(language, { type: 'conjunction' }).format(off) });
}
