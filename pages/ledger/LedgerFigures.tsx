import { Alert, Card, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerStation } from '../../generated/types';
import { label } from '../../runtime';
import { isPartial, shownFigure } from '../../runtime/format/ledger';
import { HEADLINE } from './ledgerFormat';

/** What is written under a figure: the baseline under the savings, what the PV part is, the baseline's capacity charge. */
function noteOf(t: ReturnType<typeof useTranslation>['t'], field: string, ledger: LedgerStation): string | undefined {
  if (field === 'savings') return t('ledger.savingsAgainst', { baseline: t('ledger.baseline') });
  if (field === 'pvValue') return t('ledger.pvBeside');
  if (field === 'demandCharge')
    return t('ledger.baselineCapacity', { amount: shownFigure('baselineDemandCharge', ledger.baselineDemandCharge) });
  return undefined;
}

/**
 * The figures of a span of a station's ledger, each in the money format, with the station's zone
 * and settlement interval above them, the baseline written under the savings, and whether the span's
 * data are complete: a figure from partial data says so.
 */
export function LedgerFigures({ ledger }: { ledger: LedgerStation }) {
  const { t } = useTranslation();
  const partial = isPartial(ledger.coverage);
  return (
    <Card size="small" role="region" aria-label={t('ledger.figures')} title={t('ledger.figures')}>
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          {t('ledger.zoneNote', { zone: ledger.timeZone })} · {t('ledger.settlement', { minutes: ledger.settlementMinutes })}
        </Typography.Text>
        {ledger.coverage === null ? (
          <Alert type="info" showIcon message={t('ledger.noClosed')} />
        ) : (
          <Alert
            type={partial ? 'warning' : 'success'}
            showIcon
            message={
              partial
                ? t('ledger.partial', {
                    complete: ledger.completeIntervals,
                    closed: ledger.closedIntervals,
                    coverage: shownFigure('coverage', ledger.coverage),
                  })
                : t('ledger.complete')
            }
          />
        )}
        <Flex wrap gap="large">
          {HEADLINE.map((field) => {
            const title = label(t, `ledger.fields.${field}`);
            const note = noteOf(t, field, ledger);
            return (
              <div key={field} role="group" aria-label={title} style={{ minWidth: 150, maxWidth: 260 }}>
                <Statistic title={title} value={shownFigure(field, ledger[field])} />
                {note ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {note}
                  </Typography.Text>
                ) : null}
              </div>
            );
          })}
        </Flex>
      </Flex>
    </Card>
  );
}
