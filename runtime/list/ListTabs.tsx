import type { RJSFSchema } from '@rjsf/utils';
import { Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../generated/meta';
import { enumLabel, fieldLabel } from '../i18n/labels';
import { propertiesOf } from '../schema/properties';
import { countQuery } from './pages';
import { useCallAnswer } from './useCallAnswer';
import { useNarrowScreen } from './useNarrowScreen';

type Tab = NonNullable<PageSchema['tabs']>[number];

export interface ListTabsProps {
  page: PageSchema;
  schema: RJSFSchema;
  values: Record<string, string>;
  onSelect(field: string, value: string): void;
  /** The list's query: a row of tabs with `counts` sends that call the parameters it takes, other than its own field. */
  query?: Record<string, unknown>;
  /** The list's version: a change counts again (a record made, moved or deleted). */
  version?: number;
}

/**
 * The page's rows of tabs: each over a coded field, the first tab of a row showing every value. On
 * a phone, where the tabs would not fit (and the overflow's "more" button would sit inside the tab
 * list, where assistive technology expects tabs only), each row is a drop-down of the same choices.
 */
export function ListTabs({ page, schema, values, onSelect, query = {}, version = 0 }: ListTabsProps) {
  return (
    <>
      {(page.tabs ?? []).map((tab) => (
        <TabRow
          key={tab.field}
          page={page}
          schema={schema}
          tab={tab}
          value={values[tab.field] ?? ''}
          onSelect={(value) => onSelect(tab.field, value)}
          query={query}
          version={version}
        />
      ))}
    </>
  );
}

interface TabRowProps {
  page: PageSchema;
  schema: RJSFSchema;
  tab: Tab;
  value: string;
  onSelect(value: string): void;
  query: Record<string, unknown>;
  version: number;
}

/** One row of tabs, each with its count when the row has a call counting them (the first tab the sum). */
function TabRow({ page, schema, tab, value, onSelect, query, version }: TabRowProps) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const { [tab.field]: _own, ...others } = query;
  const counted = useCallAnswer<{ key: unknown; count: number }[]>(
    tab.counts ?? '',
    tab.counts ? { query: countQuery(tab.counts, others) } : undefined,
    version,
  ).data;
  const property = propertiesOf(schema)[tab.field];
  const enumName = property?.['x-enum'];
  const codes = tab.values ?? (Array.isArray(property?.enum) ? property.enum : []);
  /** The label with its count, once counted (a value no record has counts 0). */
  const withCount = (label: string, count: number | undefined) =>
    counted && count !== undefined ? t('common.tabCount', { label, count }) : label;
  const countOf = (code: unknown) => counted?.find((group) => String(group.key) === String(code))?.count ?? 0;
  const choices = [
    {
      key: '',
      label: withCount(
        t('common.all'),
        counted?.reduce((sum, group) => sum + group.count, 0),
      ),
    },
    ...codes.map((code) => ({
      key: String(code),
      label: withCount(typeof enumName === 'string' ? enumLabel(t, enumName, code) : String(code), countOf(code)),
    })),
  ];
  const name = fieldLabel(t, page.entity, tab.field);
  return narrow ? (
    <Select
      aria-label={name}
      value={value}
      onChange={(key: string) => onSelect(key)}
      options={choices.map(({ key, label }) => ({ value: key, label }))}
      style={{ width: '100%' }}
    />
  ) : (
    <Tabs aria-label={name} activeKey={value} onChange={onSelect} style={{ marginBottom: 0 }} items={choices} />
  );
}
