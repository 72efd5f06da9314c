import type { RJSFSchema } from '@rjsf/utils';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatMoney, isMoneyProperty } from '../format/money';
import { enumLabel } from '../i18n/labels';

/** A property of an entity schema, with the project's extension keywords. */
export type PropertySchema = RJSFSchema & {
  'x-enum'?: string;
  'x-ref'?: string;
  'x-upload'?: string;
  'x-create-only'?: boolean;
  /** Options offered but not selectable. */
  'x-disabled'?: unknown[];
  /** The call whose answer (`{ code, name }[]`) offers a coded field's codes in forms. */
  'x-options'?: string;
  /** The call whose answer (`{ key, name, children }[]`) groups a list of codes in forms. */
  'x-option-groups'?: string;
  /** The unit of a number: one, or one per value of another field of the record (see `unitOf`). */
  'x-unit'?: Unit;
};

/** A unit (`kW`), or the unit by the value of another field of the record (`kWh` for a storage station). */
export type Unit = string | { by: string; units: Record<string, string> };

/** The unit of a property's value in `record`; none when the property has none, or none for the record. */
export function unitOf(property: PropertySchema | undefined, record?: Record<string, unknown>): string | undefined {
  const unit = property?.['x-unit'];
  if (unit === undefined || typeof unit === 'string') return unit;
  const key = record?.[unit.by];
  return key === undefined || key === null ? undefined : unit.units[String(key)];
}

export function propertiesOf(schema: RJSFSchema): Record<string, PropertySchema> {
  return (schema.properties ?? {}) as Record<string, PropertySchema>;
}

/** Date and time as the platform shows them. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * A stored value as a list cell shows it: labels for codes (a list of codes as their labels, as the
 * exported workbook has them), amounts with separators, local time for instants, a number with its
 * unit (`x-unit`, read from `record` where it depends on another field).
 */
export function formatValue(
  t: TFunction,
  property: PropertySchema | undefined,
  value: unknown,
  record?: Record<string, unknown>,
): string {
  if (value === undefined || value === null) return '';
  const unit = typeof value === 'number' ? unitOf(property, record) : undefined;
  if (unit) return `${formatValue(t, { ...property, 'x-unit': undefined }, value)} ${unit}`;
  if (property?.['x-enum']) return enumLabel(t, property['x-enum'], value);
  const itemsEnum = (property?.items as PropertySchema | undefined)?.['x-enum'];
  if (itemsEnum && Array.isArray(value)) return value.map((code) => enumLabel(t, itemsEnum, code)).join(', ');
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (isMoneyProperty(property) && typeof value === 'number') return formatMoney(value);
  if (property?.format === 'date-time' && typeof value === 'string') return dayjs(value).format(DATE_TIME_FORMAT);
  return String(value);
}
