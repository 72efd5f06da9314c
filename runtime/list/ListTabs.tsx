import type { RJSFSchema } from '@rjsf/utils';
import { Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../generated/meta';
import { enumLabel, fieldLabel, label } from '../i18n/labels';
import { propertiesOf } from '../schema/properties';
import { useNarrowScreen } from './useNarrowScreen';

/** The lists a page offers (its own, then its `lists`), the one shown, and the choice of another. */
export interface ListChoice {
  operations: string[];
  current: string;
  onSelect(operation: string): void;
}

export interface ListTabsProps {
  page: PageSchema;
  schema: RJSFSchema;
  values: Record<string, string>;
  onSelect(field: string, value: string): void;
  lists?: ListChoice;
}

interface TabRowProps {
  name: string;
  value: string;
  choices: { key: string; label: string }[];
  onSelect(key: string): void;
}

/**
 * One row of tabs. On a phone, where the tabs would not fit (and the overflow's "more" button would
 * sit inside the tab list, where assistive technology expects tabs only), a drop-down of the same
 * choices.
 */
function TabRow({ name, value, choices, onSelect }: TabRowProps) {
  const narrow = useNarrowScreen();
  return narrow ? (
    <Select
      aria-label={name}
      value={value}
      onChange={onSelect}
      options={choices.map(({ key, label: text }) => ({ value: key, label: text }))}
      style={{ width: '100%' }}
    />
  ) : (
    <Tabs aria-label={name} activeKey={value} onChange={onSelect} style={{ marginBottom: 0 }} items={choices} />
  );
}

/**
 * The page's rows of tabs: first the lists it offers, each named `pages.<page>.lists.<operation>`;
 * then one over each coded field of `tabs`, its first tab showing every value.
 */
export function ListTabs({ page, schema, values, onSelect, lists }: ListTabsProps) {
  const { t } = useTranslation();
  const properties = propertiesOf(schema);
  return (
    <>
      {lists ? (
        <TabRow
          name={t('common.lists')}
          value={lists.current}
          choices={lists.operations.map((operation) => ({
            key: operation,
            label: label(t, `pages.${page.page}.lists.${operation}`),
          }))}
          onSelect={lists.onSelect}
        />
      ) : null}
      {(page.tabs ?? []).map(({ field, values: offered }) => {
        const property = properties[field];
        const enumName = property?.['x-enum'];
        const codes = offered ?? (Array.isArray(property?.enum) ? property.enum : []);
        return (
          <TabRow
            key={field}
            name={fieldLabel(t, page.entity, field)}
            value={values[field] ?? ''}
            choices={[
              { key: '', label: t('common.all') },
              ...codes.map((code) => ({
                key: String(code),
                label: typeof enumName === 'string' ? enumLabel(t, enumName, code) : String(code),
              })),
            ]}
            onSelect={(key) => onSelect(field, key)}
          />
        );
      })}
    </>
  );
}
