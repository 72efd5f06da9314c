import { Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { ChartCanvas, formatFigure, WidgetStatus, type ChartConfig, type WidgetViewProps } from '../../runtime/dashboard';
import { colorOf, TARIFF_PERIODS } from '../peak-valley-proportion/rules';
import { trendFigures, trendMonth, type PeakValleyTrendConfig } from './rules';

export function PeakValleyTrendView({ config, data, context }: WidgetViewProps<PeakValleyTrendConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { month } = trendMonth(config.period, context);
  const figures = useMemo(() => trendFigures(month, data, config.flow), [month, data, config.flow]);
  const chart = useMemo<ChartConfig<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: figures.days.map((day) => day.slice(5)),
        datasets: TARIFF_PERIODS.map((period) => ({
          label: enumLabel(t, 'tariffPeriod', period),
          data: figures.series[period],
          backgroundColor: colorOf(config, period),
          maxBarThickness: 20,
        })),
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: { x: { stacked: true }, y: { stacked: true, title: { display: true, text: 'kWh' } } },
        plugins: {
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatFigure(item.parsed.y, fix)} kWh` },
          },
        },
      },
    }),
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
            <ChartCanvas config={chart} label={t('widgets.peakValleyTrend.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
