import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { isMoneyProperty } from '../format/money';
import { enumLabel, label } from '../i18n/labels';
import { propertiesOf, type PropertySchema } from './properties';

/**
 * The UI schema entry that hides a field of any type (the form's `Hidden` field renders nothing
 * and keeps the value). Here rather than beside that field, so that the rules of widgets use it
 * without loading the form code.
 */
export const HIDDEN_FIELD = { 'ui:field': 'Hidden' } as const;

export type FormMode = 'create' | 'edit';

/** What the conventions derive for one field, whatever its place in the form. */
function fieldUi(t: TFunction, property: PropertySchema, title: string, hintKey: string): UiSchema {
  const ui: UiSchema = { 'ui:title': title };
  const hint = label(t, hintKey, { defaultValue: '' });
  if (hint) ui['ui:description'] = hint;
  const enumName = property['x-enum'];
  if (enumName && Array.isArray(property.enum)) {
    ui['ui:enumNames'] = property.enum.map((value) => enumLabel(t, enumName, value));
    ui['ui:placeholder'] = t('common.select');
  }
  if (Array.isArray(property['x-disabled'])) ui['ui:enumDisabled'] = property['x-disabled'] as (string | number | boolean)[];
  if (property['x-options']) {
    ui['ui:widget'] = 'CallOptionsSelect';
    ui['ui:options'] = { operation: property['x-options'] };
  }
  if (property['x-option-groups']) {
    ui['ui:widget'] = 'OptionGroups';
    ui['ui:options'] = { operation: property['x-option-groups'] };
  }
  if (property['x-ref']) {
    ui['ui:widget'] = 'RefSelect';
    ui['ui:options'] = { entity: property['x-ref'] };
  }
  if (property['x-upload'] === 'image') ui['ui:widget'] = 'ImageUpload';
  if (property['x-upload'] === 'files') ui['ui:widget'] = 'FileListUpload';
  if (isMoneyProperty(property)) ui['ui:widget'] = 'MoneyInput';
  return ui;
}

const isPlain = (value: unknown): value is UiSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A UI schema with another laid over it: entries of fields and of list items are merged, the rest replaced. */
export function mergeUiSchema(base: UiSchema, over: UiSchema): UiSchema {
  const merged: UiSchema = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = merged[key];
    if (key === 'items' && typeof value === 'function' && isPlain(under)) {
      // Rules per list entry: laid over what the conventions give every entry.
      const perItem = value as (...args: unknown[]) => UiSchema;
      merged[key] = (...args: unknown[]) => mergeUiSchema(under, perItem(...args));
    } else {
      merged[key] = !key.startsWith('ui:') && isPlain(value) && isPlain(under) ? mergeUiSchema(under, value) : value;
    }
  }
  return merged;
}

/**
 * The UI schema a form renders: the author's UI schema plus what the conventions derive —
 * a translated title for every field (`<prefix>.fields.<field>`, and
 * `<prefix>.itemFields.<field>.<inner>` inside objects and list items), a translated hint
 * where `<prefix>.hints.<field>` exists, translated names for coded values, a picker for
 * references, uploads and amounts of money, server-filled fields hidden on creation and read-only when editing,
 * fields fixed once created read-only when editing, write-only fields (a first password) left
 * out when editing, and the fields fixed by the page's scope hidden. `prefix` is
 * `entities.<entity>` or `forms.<form>`.
 */
export function buildUiSchema(options: {
  t: TFunction;
  prefix: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  mode: FormMode;
  fixed?: string[];
}): UiSchema {
  const { t, prefix, schema, uiSchema, mode, fixed = [] } = options;
  const result: UiSchema = { ...uiSchema, 'ui:submitButtonOptions': { submitText: t('common.save') } };
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    const derived = fieldUi(t, property, label(t, `${prefix}.fields.${name}`), `${prefix}.hints.${name}`);
    const inner = (property.type === 'array' ? property.items : property) as RJSFSchema | undefined;
    if (inner && typeof inner === 'object' && inner.properties) {
      const innerUi: UiSchema = {};
      for (const [innerName, innerProperty] of Object.entries(propertiesOf(inner))) {
        const innerField = fieldUi(
          t,
          innerProperty,
          label(t, `${prefix}.itemFields.${name}.${innerName}`),
          `${prefix}.hints.${name}.${innerName}`,
        );
        // Server-filled fields of a list's records (their ids and times) are not asked for on creation.
        if (innerProperty.readOnly && mode === 'create') innerField['ui:widget'] = 'hidden';
        innerUi[innerName] = innerField;
      }
      if (property.type === 'array') derived.items = innerUi;
      else Object.assign(derived, innerUi);
    } else if (property.type === 'array' && inner && typeof inner === 'object') {
      // A list of coded values (a multiple choice): its options are named by the items' codes.
      const { 'x-enum': enumName, 'x-ref': ref } = inner as PropertySchema;
      if (enumName && Array.isArray(inner.enum))
        derived.items = { 'ui:enumNames': inner.enum.map((value) => enumLabel(t, enumName, value)) };
      // A list of references (colleagues to share with): one picker choosing several records.
      if (ref) {
        derived['ui:widget'] = 'RefSelect';
        derived['ui:options'] = { entity: ref, multiple: true };
      }
    }
    if (property.readOnly) {
      if (mode === 'create') derived['ui:widget'] = 'hidden';
      else derived['ui:readonly'] = true;
    }
    if (mode === 'edit' && property['x-create-only']) {
      if (property.writeOnly) derived['ui:widget'] = 'hidden';
      else derived['ui:readonly'] = true;
    }
    if (fixed.includes(name)) derived['ui:widget'] = 'hidden';
    // The author's UI schema adds to what the conventions derive, down to the fields of list items.
    result[name] = mergeUiSchema(derived, (uiSchema[name] ?? {}) as UiSchema);
  }
  return result;
}
