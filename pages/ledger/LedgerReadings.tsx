import { Alert, Button, Empty, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerReading } from '../../generated/types';
import { useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { FormDialog } from '../../runtime/forms/FormDialog';
import { formatValue } from '../../runtime/schema/properties';
import { ScrollBox } from '../../runtime/table/ScrollBox';

/** Readings on a page of the table. */
const PAGE_SIZE = 20;

/**
 * The stored readings of the meters a station's ledger reads on a day, newest first, each with
 * Correct: a dialog asks for the correct value and why, and the correction (`correctLedgerSample`)
 * recomputes the intervals it changes, which `onCorrected` shows. `version` changes when the ledger
 * was read again.
 */
export function LedgerReadings({
  stationSn,
  day,
  version,
  onCorrected,
}: {
  stationSn: string;
  day: string;
  version: string;
  onCorrected(): void;
}) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [current, setCurrent] = useState(1);
  const [correcting, setCorrecting] = useState<LedgerReading>();
  const answer = useAnswer(
    () => api.call('getLedgerReadings', { query: { stationSn, time: day, current, size: PAGE_SIZE } }, { silent: true }),
    `${stationSn}:${day}:${current}:${version}`,
  );
  const caption = t('ledger.tabs.readings');
  if (answer.error) return <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  if (!answer.data) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (answer.data.total === 0) return <Empty description={t('ledger.noReadings')} />;
  return (
    <>
      <ScrollBox label={caption}>
        <Table<LedgerReading>
          size="small"
          rowKey={(row) => `${row.varSn}@${row.ts}`}
          aria-label={caption}
          dataSource={answer.data.records}
          pagination={{ current, pageSize: PAGE_SIZE, total: answer.data.total, showSizeChanger: false, onChange: setCurrent }}
          columns={[
            { key: 'time', title: t('ledger.readingFields.time'), render: (_, row) => row.time },
            { key: 'variable', title: t('ledger.readingFields.variable'), render: (_, row) => row.name },
            { key: 'sn', title: t('ledger.readingFields.sn'), render: (_, row) => row.varSn },
            {
              key: 'value',
              title: t('ledger.readingFields.value'),
              align: 'right',
              render: (_, row) => formatValue(t, row.unit ? { 'x-unit': row.unit } : undefined, row.value),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_, row) => (
                <Button type="link" size="small" onClick={() => setCorrecting(row)}>
                  {t('ledger.correct')}
                </Button>
              ),
            },
          ]}
        />
      </ScrollBox>
      {correcting ? (
        <FormDialog
          form="ledgerCorrection"
          save="correctLedgerSample"
          values={{ varSn: correcting.varSn, ts: correcting.ts }}
          title={`${t('forms.ledgerCorrection.title')} · ${correcting.name} · ${correcting.time}`}
          onClose={(saved) => {
            setCorrecting(undefined);
            if (saved) onCorrected();
          }}
        />
      ) : null}
    </>
  );
}
