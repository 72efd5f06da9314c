import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { shownFigure } from '../../runtime/format/ledger';
import { ledgerFigures, type LedgerEarningsConfig } from './rules';

/**
 * The chosen ledger figures side by side, each with its label and, when its span's data are not
 * complete, how much of it is behind the figure; the baseline the earnings are measured against is
 * written under them.
 */
export function LedgerEarningsView({ config, data }: WidgetViewProps<LedgerEarningsConfig>) {
  const { t } = useTranslation();
  const figures = ledgerFigures(config, data);
  return (
    <WidgetStatus data={data} empty={figures.length === 0 ? t('widgets.common.pleaseConfigure') : false}>
      {() => (
        // At least the widget's height, and taller when a narrow widget stacks its figures: the frame then scrolls.
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', minHeight: '100%', gap: 8 }}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: '8px 16px' }}>
            {figures.map(({ figure, field, value, coverage, partial }) => {
              const name = enumLabel(t, 'ledgerEarningsFigure', figure);
              return (
                <section key={figure} aria-label={name} style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {name}
                  </Typography.Text>
                  <Typography.Text strong style={{ fontSize: 20, whiteSpace: 'nowrap' }} aria-label={t('widgets.common.value')}>
                    {shownFigure(field, value)}
                  </Typography.Text>
                  {coverage === null || partial ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {coverage === null
                        ? t('widgets.ledgerEarnings.noClosed')
                        : t('widgets.ledgerEarnings.partial', { coverage: shownFigure('coverage', coverage) })}
                    </Typography.Text>
                  ) : null}
                </section>
              );
            })}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('widgets.ledgerEarnings.baseline')}
          </Typography.Text>
        </div>
      )}
    </WidgetStatus>
  );
}
