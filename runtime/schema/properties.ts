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
};

export function propertiesOf(schema: RJSFSchema): Record<string, PropertySchema> {
  return (schema.properties ?? {}) as Record<string, PropertySchema>;
}

/** Date and time as the platform shows them. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * A stored value as a list cell shows it: labels for codes (a list of codes as their labels, as the
 * exported workbook has them), amounts with separators, local time for instants.
 */
export function formatValue(t: TFunction, property: PropertySchema | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (property?.['x-enum']) return enumLabel(t, property['x-enum'], value);
  const itemsEnum = (property?.items as PropertySchema | undefined)?.['x-enum'];
  if (itemsEnum && Array.isArray(value)) return value.map((code) => enumLabel(t, itemsEnum, code)).join(', ');
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (isMoneyProperty(property) && typeof value === 'number') return formatMoney(value);
  if (property?.format === 'date-time' && typeof value === 'string') return dayjs(value).format(DATE_TIME_FORMAT);
  return String(value);
}
