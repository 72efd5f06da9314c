import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, enumLabel, formatFigure, WidgetStatus, type ChartOption, type WidgetViewProps } from '../../runtime';
import { chosenLabels, labelFigures } from '../multi-energy-consumption/rules';
import { trendLines, type MultiEnergyTrendConfig } from './rules';

export function MultiEnergyTrendView({ config, data }: WidgetViewProps<MultiEnergyTrendConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { keys, lines } = useMemo(() => trendLines(labelFigures(data.trends)), [data.trends]);
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 48, right: 16, top: 36, bottom: 24 },
      legend: { top: 0, type: 'scroll' },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value) => `${formatFigure(value as number | null, fix)} ${lines[0]?.unit ?? ''}`,
      },
      xAxis: { type: 'category', data: keys, boundaryGap: false },
      yAxis: { type: 'value', name: lines[0]?.unit },
      series: lines.map((line) => ({
        type: 'line',
        name: line.name,
        data: line.datas,
        showSymbol: false,
        itemStyle: { color: line.color },
        lineStyle: { color: line.color },
      })),
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
          <ul
            aria-label={t('widgets.multiEnergyTrend.list')}
            style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}
          >
            {lines.map((line) => (
              <li key={line.labelId} aria-label={line.name} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <span aria-hidden style={{ width: 12, height: 3, background: line.color }} />
                <Typography.Text>{line.name}</Typography.Text>
                <Typography.Text strong>
                  {formatFigure(line.value, fix)} {line.unit}
                </Typography.Text>
              </li>
            ))}
          </ul>
          <div style={{ flex: 1, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.multiEnergyTrend.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
