import type { RJSFSchema } from '@rjsf/utils';
import { Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../generated/meta';
import { enumLabel, fieldLabel } from '../i18n/labels';
import { propertiesOf } from '../schema/properties';
import { useNarrowScreen } from './useNarrowScreen';

export interface ListTabsProps {
  page: PageSchema;
  schema: RJSFSchema;
  values: Record<string, string>;
  onSelect(field: string, value: string): void;
}

/**
 * The page's rows of tabs: each over a coded field, the first tab of a row showing every value. On
 * a phone, where the tabs would not fit (and the overflow's "more" button would sit inside the tab
 * list, where assistive technology expects tabs only), each row is a drop-down of the same choices.
 */
export function ListTabs({ page, schema, values, onSelect }: ListTabsProps) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const properties = propertiesOf(schema);
  return (
    <>
      {(page.tabs ?? []).map(({ field, values: offered }) => {
        const property = properties[field];
        const enumName = property?.['x-enum'];
        const codes = offered ?? (Array.isArray(property?.enum) ? property.enum : []);
        const choices = [
          { key: '', label: t('common.all') },
          ...codes.map((code) => ({
            key: String(code),
            label: typeof enumName === 'string' ? enumLabel(t, enumName, code) : String(code),
          })),
        ];
        const name = fieldLabel(t, page.entity, field);
        return narrow ? (
          <Select
            key={field}
            aria-label={name}
            value={values[field] ?? ''}
            onChange={(key: string) => onSelect(field, key)}
            options={choices.map(({ key, label }) => ({ value: key, label }))}
            style={{ width: '100%' }}
          />
        ) : (
          <Tabs
            key={field}
            aria-label={name}
            activeKey={values[field] ?? ''}
            onChange={(key) => onSelect(field, key)}
            style={{ marginBottom: 0 }}
            items={choices}
          />
        );
      })}
    </>
  );
}
