import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import { useNarrowScreen } from './useNarrowScreen';

/** The lists a page offers (its own, then its `lists`), the one shown, and the choice of another. */
export interface ListChoice {
  operations: string[];
  current: string;
  onSelect(operation: string): void;
}

/**
 * The choice between the lists a page offers, each named `<names>.<operation>` (a list page's
 * `pages.<page>.lists`). It sits in the row of the list's buttons, taking no height of its own: the
 * list keeps its rows in view. On a phone the lists stand one under another, so that four of them
 * (the duty inspections') fit the width.
 */
export function ListSwitch({ names, lists }: { names: string; lists: ListChoice }) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  return (
    <Segmented<string>
      vertical={narrow}
      aria-label={t('common.lists')}
      value={lists.current}
      onChange={lists.onSelect}
      options={lists.operations.map((operation) => ({
        value: operation,
        label: label(t, `${names}.${operation}`),
      }))}
    />
  );
}
