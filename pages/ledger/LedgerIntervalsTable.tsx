import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerStation } from '../../generated/types';
import { enumLabel, label } from '../../runtime';
import { ScrollBox } from '../../runtime/table/ScrollBox';
import { shownFigure } from '../../runtime/format/ledger';
import { INTERVAL_COLUMNS } from './ledgerFormat';

type Interval = NonNullable<LedgerStation['intervals']>[number];

/** A day's settlement intervals as stored: the tariff period and prices that priced each, its energies and money. */
export function LedgerIntervalsTable({ intervals }: { intervals: Interval[] }) {
  const { t } = useTranslation();
  const caption = t('ledger.tabs.intervals');
  return (
    <ScrollBox label={caption}>
      <Table<Interval>
        size="small"
        rowKey="start"
        aria-label={caption}
        dataSource={intervals}
        pagination={{ defaultPageSize: 20, pageSizeOptions: [10, 15, 20, 30, 40, 50], hideOnSinglePage: true }}
        columns={[
          { key: 'time', title: t('ledger.intervalFields.time'), fixed: 'left', render: (_, row) => row.time },
          {
            key: 'period',
            title: t('ledger.intervalFields.period'),
            render: (_, row) => enumLabel(t, 'tariffPeriod', row.period),
          },
          ...INTERVAL_COLUMNS.map((field) => ({
            key: field,
            title: label(t, `ledger.intervalFields.${field}`),
            align: 'right' as const,
            render: (_: unknown, row: Interval) => shownFigure(field, row[field]),
          })),
          {
            key: 'complete',
            title: t('ledger.intervalFields.complete'),
            render: (_, row) => (row.complete ? t('common.yes') : <Tag color="warning">{t('common.no')}</Tag>),
          },
        ]}
      />
    </ScrollBox>
  );
}
