import { Input } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export interface NoteInputProps {
  value: string;
  onChange(note: string): void;
  style?: CSSProperties;
}

/** The note of a save (a dashboard's, a template version's), kept with its version in the history. */
export function NoteInput({ value, onChange, style }: NoteInputProps) {
  const { t } = useTranslation();
  return (
    <Input
      aria-label={t('dashboard.history.note')}
      placeholder={t('dashboard.history.notePlaceholder')}
      maxLength={200}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={style}
    />
  );
}
