import type { WidgetProps } from '@rjsf/utils';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { WIDGET_ICONS, WidgetIcon } from '../../dashboard/icons';

const OPTIONS = Object.keys(WIDGET_ICONS).map((name) => ({
  value: name,
  label: (
    <Space>
      <WidgetIcon name={name} />
      {name.replace(/Outlined$/, '')}
    </Space>
  ),
}));

/** The icon picker: one of the widget icons, by name, or none. */
export function IconPicker({ id, value, disabled, readonly, onChange, label }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      aria-label={label}
      allowClear
      showSearch
      placeholder={t('common.select')}
      value={typeof value === 'string' && value ? value : undefined}
      disabled={disabled || readonly}
      options={OPTIONS}
      optionFilterProp="value"
      onChange={(name: string | undefined) => onChange(name ?? '')}
      style={{ width: '100%' }}
    />
  );
}
