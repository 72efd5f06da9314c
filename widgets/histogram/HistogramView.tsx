import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, enumLabel, formatFigure, WidgetStatus, type ChartOption, type WidgetViewProps } from '../../runtime';
import { chosenVars, histogramSeries, type HistogramConfig } from './rules';

export function HistogramView({ config, data }: WidgetViewProps<HistogramConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { keys, series } = useMemo(() => histogramSeries(config, data.values), [config, data.values]);
  const option = useMemo<ChartOption>(() => {
    const units = [...new Set(series.map((entry) => entry.unit).filter(Boolean))];
    return {
      grid: { left: 48, right: 16, top: series.length > 1 ? 36 : 24, bottom: 24 },
      legend: series.length > 1 ? { top: 0 } : undefined,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: keys },
      yAxis: { type: 'value', name: units.length === 1 ? units[0] : undefined },
      series: series.map((entry) => ({
        type: 'bar',
        name: entry.name,
        data: entry.datas,
        itemStyle: { color: entry.color },
        barMaxWidth: 20,
        tooltip: { valueFormatter: (value) => `${formatFigure(value as number | null, fix)} ${entry.unit}` },
      })),
    };
  }, [keys, series, fix]);
  const configured = chosenVars(config).length > 0;
  const nothing = data.values?.status === 'ready' && series.every((entry) => entry.value === null);
  return (
    <WidgetStatus
      data={data}
      empty={!configured ? t('widgets.common.pleaseConfigure') : nothing ? t('widgets.common.noData') : false}
    >
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Typography.Text type="secondary">
            {enumLabel(t, 'histogramPeriod', config.period)} · {enumLabel(t, 'histogramMethod', config.calcMethod)}
          </Typography.Text>
          <ul
            aria-label={t('widgets.histogram.list')}
            style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}
          >
            {series.map((entry) => (
              <li key={entry.sn} aria-label={entry.name} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: entry.color }} />
                <Typography.Text>{entry.name}</Typography.Text>
                <Typography.Text strong>
                  {formatFigure(entry.value, fix)} {entry.unit}
                </Typography.Text>
              </li>
            ))}
          </ul>
          <div style={{ flex: 1, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.histogram.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
