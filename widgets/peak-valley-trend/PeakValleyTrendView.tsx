import { Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { EChart, formatFigure, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { colorOf, TARIFF_PERIODS } from '../peak-valley-proportion/rules';
import { peakValleyTrendOption, trendFigures, trendMonth, type PeakValleyTrendConfig } from './rules';

export function PeakValleyTrendView({ config, data, context }: WidgetViewProps<PeakValleyTrendConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { month } = trendMonth(config.period, context);
  const figures = useMemo(() => trendFigures(month, data, config.flow), [month, data, config.flow]);
  const option = useMemo(
    () => peakValleyTrendOption(figures, config, fix, (period) => enumLabel(t, 'tariffPeriod', period)),
    [figures, fix, config, t],
  );
  const slots = Object.values(data);
  const answered = slots.length > 0 && slots.every((slot) => slot.status === 'ready');
  return (
    <WidgetStatus data={data} empty={answered && figures.total === null ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Space size="middle" wrap>
            <Typography.Text type="secondary">
              {month} · {enumLabel(t, 'peakValleyTrendFlow', config.flow)}
            </Typography.Text>
            <Typography.Text>
              {t('widgets.peakValleyTrend.total')}{' '}
              <Typography.Text strong aria-label={t('widgets.peakValleyTrend.total')}>
                {formatFigure(figures.total, fix)} kWh
              </Typography.Text>
            </Typography.Text>
          </Space>
          <ul
            aria-label={t('widgets.peakValleyTrend.list')}
            style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}
          >
            {TARIFF_PERIODS.map((period) => {
              const name = enumLabel(t, 'tariffPeriod', period);
              return (
                <li key={period} aria-label={name} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                  <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: colorOf(config, period) }} />
                  <Typography.Text>{name}</Typography.Text>
                  <Typography.Text strong>{formatFigure(figures.sums[period], fix)} kWh</Typography.Text>
                </li>
              );
            })}
          </ul>
          <div style={{ flex: 1, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.peakValleyTrend.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
