import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { EChart, formatFigure, SeriesLegend, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { chosenVars, histogramOption, histogramSeries, type HistogramConfig } from './rules';

export function HistogramView({ config, data }: WidgetViewProps<HistogramConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { keys, series } = useMemo(() => histogramSeries(config, data.values, data.names), [config, data.values, data.names]);
  const option = useMemo(() => histogramOption(keys, series, fix), [keys, series, fix]);
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
          <SeriesLegend
            label={t('widgets.histogram.list')}
            marker="square"
            entries={series.map((entry) => ({
              key: entry.sn,
              name: entry.name,
              color: entry.color,
              figure: `${formatFigure(entry.value, fix)} ${entry.unit}`,
            }))}
          />
          <div style={{ flex: 1, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.histogram.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
