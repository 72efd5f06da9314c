import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordSearch, useRecordOptions } from '../forms/widgets/useRecordOptions';

export interface RefFilterProps {
  /** The entity the filtered field refers to (`x-ref`). */
  entity: string;
  /** The accessible name: the field's label. */
  label: string;
  /** The chosen record's id as the query string holds it, if any. */
  value?: string;
  onChange?(value: string | undefined): void;
}

/**
 * A filter of a reference: the records of the entity picked by name (as the form's picker offers
 * them, expired ones included, since older records still name them), sent as the record's id.
 */
export function RefFilter({ entity, label, value, onChange }: RefFilterProps) {
  const { t } = useTranslation();
  const id = value ? Number(value) : undefined;
  const records = useRecordOptions(entity, id === undefined ? [] : [id]);
  return (
    <Select<string>
      aria-label={label}
      allowClear
      showSearch={recordSearch(records)}
      placeholder={t('common.select')}
      style={{ minWidth: 160 }}
      value={value || undefined}
      options={records.options.map((option) => ({ value: String(option.id), label: option.name }))}
      onChange={(next?: string) => {
        records.choose(next ? [Number(next)] : []);
        onChange?.(next);
      }}
    />
  );
}
