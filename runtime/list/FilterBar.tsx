import { Badge, Button, Collapse, DatePicker, Form, Input, Select, Space, type SelectProps } from 'antd';
import type { RJSFSchema } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../generated/meta';
import { optionsOperations } from '../../generated/registry';
import { useCodeOptions } from '../api/useCodeOptions';
import { DATE_RANGES, rangeOf } from '../format/dateRanges';
import { enumLabel, fieldLabel } from '../i18n/labels';
import { propertiesOf } from '../schema/properties';
import { RefFilter } from './RefFilter';
import { useNarrowScreen } from './useNarrowScreen';

export interface FilterBarProps {
  page: PageSchema;
  schema: RJSFSchema;
  values: Record<string, string>;
  onSearch(values: Record<string, string>): void;
}

type FormValue = string | Dayjs | [Dayjs, Dayjs] | null | undefined;

/**
 * The filters of a list page: a text box for free text, a choice for coded values and for yes or no,
 * a record picker for a reference (whose entity has an options call), a day or a range of days for dates.
 * On a phone they are folded into a panel, which says how many of them are set.
 */
export function FilterBar({ page, schema, values, onSearch }: FilterBarProps) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const [form] = Form.useForm<Record<string, FormValue>>();
  const properties = useMemo(() => propertiesOf(schema), [schema]);
  const filters = useMemo(() => page.filters ?? [], [page.filters]);
  /** The filters of one day (a date field, not a range). */
  const days = useMemo(
    () => new Set(filters.filter(({ field, range }) => !range && properties[field]?.format === 'date').map((f) => f.field)),
    [filters, properties],
  );

  useEffect(() => {
    // A range is held as its two query parameters and shown as one picker; a day as its date. A
    // filter without a value is shown empty (the tree beside the list may have cleared it).
    const shown: Record<string, FormValue> = { ...values };
    for (const { field, range } of filters) {
      const [start = '', end = ''] = range ?? [];
      if (range) shown[field] = values[start] && values[end] ? [dayjs(values[start]), dayjs(values[end])] : undefined;
      else if (days.has(field)) shown[field] = values[field] ? dayjs(values[field]) : undefined;
      else shown[field] = values[field];
    }
    form.setFieldsValue(shown);
  }, [form, values, filters, days]);

  const submit = (raw: Record<string, FormValue>) => {
    const next: Record<string, string> = {};
    for (const { field, range } of filters) {
      const value = raw[field];
      if (!range) next[field] = dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : typeof value === 'string' ? value.trim() : '';
      else if (Array.isArray(value)) {
        // A date field takes days; a date-time field the first and last instant of those days.
        const asDays = properties[field]?.format === 'date';
        const [start = '', end = ''] = range;
        next[start] = asDays ? value[0].format('YYYY-MM-DD') : value[0].startOf('day').toISOString();
        next[end] = asDays ? value[1].format('YYYY-MM-DD') : value[1].endOf('day').toISOString();
      }
    }
    onSearch(next);
  };

  const presets = DATE_RANGES.map((range) => ({ label: t(`dateRanges.${range}`), value: rangeOf(range) }));

  const bar = (
    <Form form={form} layout={narrow ? 'vertical' : 'inline'} onFinish={submit} role="search">
      {filters.map(({ field, range }) => {
        const property = properties[field];
        const name = fieldLabel(t, page.entity, field);
        const enumName = property?.['x-enum'];
        const choice = !range && (property?.['x-ref'] !== undefined || property?.type === 'boolean' || enumName !== undefined);
        return (
          <Form.Item
            key={field}
            name={field}
            label={name}
            // A choice left empty is '' in the list's query: it shows its placeholder again, not a blank.
            {...(choice ? { getValueProps: (value: FormValue) => ({ value: value === '' ? undefined : value }) } : {})}
          >
            {range ? (
              <DatePicker.RangePicker aria-label={name} presets={presets} allowClear />
            ) : days.has(field) ? (
              <DatePicker aria-label={name} allowClear />
            ) : property?.['x-ref'] && optionsOperations[property['x-ref']] ? (
              <RefFilter entity={property['x-ref']} label={name} />
            ) : property?.type === 'boolean' ? (
              <Select
                aria-label={name}
                allowClear
                placeholder={t('common.select')}
                style={{ minWidth: 120 }}
                options={[
                  { value: 'true', label: t('common.yes') },
                  { value: 'false', label: t('common.no') },
                ]}
              />
            ) : enumName && Array.isArray(property.enum) ? (
              <CodeFilter
                aria-label={name}
                operation={property['x-options']}
                codes={property.enum.map((value) => ({ value: String(value), label: enumLabel(t, enumName, value) }))}
              />
            ) : (
              <Input aria-label={name} allowClear />
            )}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
  if (!narrow) return bar;
  const set = filters.filter(({ field, range }) => values[range?.[0] ?? field]).length;
  return (
    <Collapse
      items={[
        // Rendered while folded, so that the form holds the list's filters before it is first opened.
        { key: 'filters', label: t('common.filters'), extra: <Badge count={set} />, forceRender: true, children: bar },
      ]}
    />
  );
}

/**
 * The filter of a coded field: its codes by their labels, or, when a call offers them
 * (`x-options`), the codes it answers by the names it gives them, as the form's picker offers them.
 */
function CodeFilter({
  operation,
  codes,
  ...select
}: SelectProps & { operation?: string | undefined; codes: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Select
      {...select}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('common.select')}
      style={{ minWidth: 160 }}
      options={useCodeOptions(operation, codes)}
    />
  );
}
