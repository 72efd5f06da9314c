import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import {
  ChartCanvas,
  type ChartConfig,
  formatFigure,
  SeriesLegend,
  WidgetStatus,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { chosenLabels, labelFigures } from '../multi-energy-consumption/rules';
import { trendLines, type MultiEnergyTrendConfig } from './rules';

export function MultiEnergyTrendView({ config, data }: WidgetViewProps<MultiEnergyTrendConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { keys, lines } = useMemo(() => trendLines(labelFigures(data.trends)), [data.trends]);
  const chart = useMemo<ChartConfig<'line'>>(
    () => ({
      type: 'line',
      data: {
        labels: keys,
        datasets: lines.map((line) => ({
          label: line.name,
          data: line.datas,
          borderColor: line.color,
          backgroundColor: line.color,
          pointRadius: 0,
          borderWidth: 2,
        })),
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: { y: { title: { display: Boolean(lines[0]?.unit), text: lines[0]?.unit ?? '' } } },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${formatFigure(item.parsed.y, fix)} ${lines[0]?.unit ?? ''}`,
            },
          },
        },
      },
    }),
    [keys, lines, fix],
  );
  const configured = chosenLabels(config.labelIds).length > 0;
  const nothing = data.trends?.status === 'ready' && lines.every((line) => line.value === null);
  return (
    <WidgetStatus
      data={data}
      empty={!configured ? t('widgets.common.pleaseConfigure') : nothing ? t('widgets.common.noData') : false}
    >
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Typography.Text type="secondary">{enumLabel(t, 'multiEnergyTrendPeriod', config.period)}</Typography.Text>
          <SeriesLegend
            label={t('widgets.multiEnergyTrend.list')}
            marker="line"
            entries={lines.map((line) => ({
              key: line.labelId,
              name: line.name,
              color: line.color,
              figure: `${formatFigure(line.value, fix)} ${line.unit}`,
            }))}
          />
          <div style={{ flex: 1, minHeight: 160 }}>
            <ChartCanvas config={chart} label={t('widgets.multiEnergyTrend.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
