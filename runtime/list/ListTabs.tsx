import type { RJSFSchema } from '@rjsf/utils';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../generated/meta';
import { enumLabel, fieldLabel } from '../i18n/labels';
import { propertiesOf } from '../schema/properties';

export interface ListTabsProps {
  page: PageSchema;
  schema: RJSFSchema;
  values: Record<string, string>;
  onSelect(field: string, value: string): void;
}

/** The page's rows of tabs: each over a coded field, the first tab of a row showing every value. */
export function ListTabs({ page, schema, values, onSelect }: ListTabsProps) {
  const { t } = useTranslation();
  const properties = propertiesOf(schema);
  return (
    <>
      {(page.tabs ?? []).map(({ field, values: offered }) => {
        const property = properties[field];
        const enumName = property?.['x-enum'];
        const codes = offered ?? (Array.isArray(property?.enum) ? property.enum : []);
        return (
          <Tabs
            key={field}
            aria-label={fieldLabel(t, page.entity, field)}
            activeKey={values[field] ?? ''}
            onChange={(key) => onSelect(field, key)}
            style={{ marginBottom: 0 }}
            items={[
              { key: '', label: t('common.all') },
              ...codes.map((code) => ({
                key: String(code),
                label: typeof enumName === 'string' ? enumLabel(t, enumName, code) : String(code),
              })),
            ]}
          />
        );
      })}
    </>
  );
}
