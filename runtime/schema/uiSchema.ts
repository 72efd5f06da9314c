import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { enumLabel, fieldLabel, label } from '../i18n/labels';
import { propertiesOf } from './properties';

export type FormMode = 'create' | 'edit';

/**
 * The UI schema a form renders: the author's UI schema plus what the conventions derive —
 * a translated title for every field, a translated hint where `entities.<entity>.hints.<field>`
 * exists, translated names for coded values, server-filled fields
 * hidden on creation and read-only when editing, and fields fixed by the page's scope hidden.
 */
export function buildUiSchema(options: {
  t: TFunction;
  entity: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  mode: FormMode;
  fixed?: string[];
}): UiSchema {
  const { t, entity, schema, uiSchema, mode, fixed = [] } = options;
  const result: UiSchema = {
    ...uiSchema,
    'ui:submitButtonOptions': { submitText: t('common.save') },
  };
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    const derived: UiSchema = { 'ui:title': fieldLabel(t, entity, name) };
    const hint = label(t, `entities.${entity}.hints.${name}`, { defaultValue: '' });
    if (hint) derived['ui:description'] = hint;
    if (property['x-enum'] && Array.isArray(property.enum)) {
      const enumName = property['x-enum'];
      derived['ui:enumNames'] = property.enum.map((value) => enumLabel(t, enumName, value));
      derived['ui:placeholder'] = t('common.select');
    }
    if (property.readOnly) {
      if (mode === 'create') derived['ui:widget'] = 'hidden';
      else derived['ui:readonly'] = true;
    }
    if (fixed.includes(name)) derived['ui:widget'] = 'hidden';
    result[name] = { ...derived, ...(uiSchema[name] as UiSchema | undefined) };
  }
  return result;
}
