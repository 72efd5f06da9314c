import { Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerStation } from '../../generated/types';
import { label } from '../../runtime';
import { ScrollBox } from '../../runtime/table/ScrollBox';
import type { Period } from '../site/seriesData';
import { isPartial, shownFigure } from '../../runtime/format/ledger';
import { PART_COLUMNS, partPeriod } from './ledgerFormat';

type Part = LedgerStation['parts'][number];

/**
 * The figures of each part of a span (the intervals of a day, the days of a month, the months of a
 * year), each with the intervals behind it (its first and last, how many closed and how many
 * complete); a day or a month opens as a span of its own, down to a day's intervals.
 */
export function LedgerPartsTable({ ledger, onOpen }: { ledger: LedgerStation; onOpen(period: Period): void }) {
  const { t } = useTranslation();
  const caption = label(t, `ledger.partsOf.${ledger.type}`);
  return (
    <ScrollBox label={caption}>
      <Table<Part>
        size="small"
        rowKey="from"
        aria-label={caption}
        dataSource={ledger.parts}
        pagination={{ defaultPageSize: 20, pageSizeOptions: [10, 15, 20, 30, 40, 50], hideOnSinglePage: true }}
        columns={[
          {
            key: 'label',
            title: t('ledger.part'),
            fixed: 'left',
            render: (_, part) => {
              const opens = partPeriod(ledger.type, part.label);
              return opens ? (
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 0 }}
                  aria-label={t('ledger.openPart', { label: part.label })}
                  onClick={() => onOpen(opens)}
                >
                  {part.label}
                </Button>
              ) : (
                part.label
              );
            },
          },
          {
            key: 'span',
            title: `${t('ledger.from')} – ${t('ledger.to')}`,
            render: (_, part) => `${part.from} – ${part.to}`,
          },
          {
            key: 'intervals',
            title: t('ledger.fields.completeIntervals'),
            align: 'right',
            render: (_, part) =>
              isPartial(part.coverage) ? (
                <Tag color="warning">{`${part.completeIntervals} / ${part.closedIntervals}`}</Tag>
              ) : (
                `${part.completeIntervals} / ${part.closedIntervals}`
              ),
          },
          ...PART_COLUMNS.map((field) => ({
            key: field,
            title: label(t, `ledger.fields.${field}`),
            align: 'right' as const,
            render: (_: unknown, part: Part) => shownFigure(field, part[field]),
          })),
        ]}
      />
    </ScrollBox>
  );
}
