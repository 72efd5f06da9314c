import { Alert, Empty, Spin, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LedgerRecomputes as Recomputes } from '../../generated/types';
import { label, useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { ScrollBox } from '../../runtime/table/ScrollBox';
import { shownFigure } from '../../runtime/format/ledger';

type Recompute = Recomputes[number];

/** The causes the ledger records in words of its own, by the label that says each. */
const CAUSES: Record<string, string> = {
  'price list added': 'ledger.causes.listAdded',
  'price list edited': 'ledger.causes.listEdited',
  'price list deleted': 'ledger.causes.listDeleted',
  'the prices in force changed': 'ledger.causes.pricesChanged',
  'sample corrected': 'ledger.causes.sampleCorrected',
};

/** What changed, in the reader's language: the price list written, or the reading corrected and why. */
function causeOf(t: TFunction, detail: Record<string, unknown>): string {
  const cause = typeof detail.cause === 'string' ? detail.cause : '';
  const key = CAUSES[cause];
  if (!key) return cause;
  return label(t, key, { id: detail.listId, sn: detail.varSn, reason: detail.reason });
}

const savingsOf = (side: unknown) =>
  shownFigure('savings', typeof side === 'object' && side !== null ? Number((side as { savings?: number }).savings) : null);

/**
 * The recomputations of a station's ledger, newest first: when, why (the prices in force changed,
 * a reading was corrected), which intervals and how many, and what their savings came to before
 * and after. `version` changes when the ledger was read again.
 */
export function LedgerRecomputes({ stationSn, version }: { stationSn: string; version: string }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const answer = useAnswer(
    () => api.call('getLedgerRecomputes', { query: { stationSn, size: 50 } }, { silent: true }),
    `${stationSn}:${version}`,
  );
  const caption = t('ledger.tabs.recomputes');
  if (answer.error) return <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  if (!answer.data) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (answer.data.length === 0) return <Empty description={t('ledger.noRecomputes')} />;
  return (
    <ScrollBox label={caption}>
      <Table<Recompute>
        size="small"
        rowKey="id"
        aria-label={caption}
        dataSource={answer.data}
        pagination={{ defaultPageSize: 10, pageSizeOptions: [10, 15, 20, 30, 40, 50], hideOnSinglePage: true }}
        columns={[
          { key: 'at', title: t('ledger.recomputeFields.at'), render: (_, row) => row.at },
          {
            key: 'reason',
            title: t('ledger.recomputeFields.reason'),
            render: (_, row) => label(t, `ledger.reasons.${row.reason}`),
          },
          { key: 'cause', title: t('ledger.recomputeFields.cause'), render: (_, row) => causeOf(t, row.detail) },
          { key: 'span', title: t('ledger.recomputeFields.span'), render: (_, row) => `${row.from} – ${row.to}` },
          { key: 'intervals', title: t('ledger.recomputeFields.intervals'), align: 'right', render: (_, row) => row.intervals },
          {
            key: 'savings',
            title: t('ledger.recomputeFields.savings'),
            align: 'right',
            render: (_, row) => `${savingsOf(row.detail.before)} → ${savingsOf(row.detail.after)}`,
          },
        ]}
      />
    </ScrollBox>
  );
}
