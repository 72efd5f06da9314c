import { Button, Form, Input, Select, Space } from 'antd';
import type { RJSFSchema } from '@rjsf/utils';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../generated/meta';
import { enumLabel, fieldLabel } from '../i18n/labels';
import { propertiesOf } from '../schema/properties';

export interface FilterBarProps {
  page: PageSchema;
  schema: RJSFSchema;
  values: Record<string, string>;
  onSearch(values: Record<string, string>): void;
}

/** The filters of a list page: a text box for free text, a choice for coded values. */
export function FilterBar({ page, schema, values, onSearch }: FilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const properties = propertiesOf(schema);
  useEffect(() => form.setFieldsValue(values), [form, values]);

  const submit = (raw: Record<string, string | undefined>) =>
    onSearch(Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, (value ?? '').trim()])));

  return (
    <Form form={form} layout="inline" onFinish={submit} role="search">
      {(page.filters ?? []).map(({ field }) => {
        const property = properties[field];
        const name = fieldLabel(t, page.entity, field);
        const enumName = property?.['x-enum'];
        return (
          <Form.Item key={field} name={field} label={name}>
            {enumName && Array.isArray(property.enum) ? (
              <Select
                aria-label={name}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('common.select')}
                style={{ minWidth: 160 }}
                options={property.enum.map((value) => ({ value: String(value), label: enumLabel(t, enumName, value) }))}
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
}
