import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { variableLabel } from '../../runtime/charts/seriesName';
import { EChart, SeriesLegend, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { configuredNodes, trendAnswer, trendOption, trendSeries, type TrendConfig } from './rules';

export function TrendView({ config, data, context }: WidgetViewProps<TrendConfig>) {
  const { t } = useTranslation();
  const series = useMemo(() => trendSeries(config, trendAnswer(data.trend), data.names), [config, data.trend, data.names]);
  const option = useMemo(
    () =>
      trendOption(config, series, context, {
        max: t('widgets.trend.itemFields.selChecked.maxChecked'),
        min: t('widgets.trend.itemFields.selChecked.minChecked'),
        average: t('widgets.trend.itemFields.selChecked.avgChecked'),
      }),
    [config, series, context, t],
  );
  const empty = data.trend?.status === 'ready' && series.every((entry) => entry.points.length === 0);
  return (
    <WidgetStatus data={data} empty={configuredNodes(config).length === 0 ? t('widgets.common.pleaseConfigure') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <SeriesLegend
            label={t('widgets.trend.series')}
            marker="line"
            entries={series.map((entry, index) => ({ key: index, name: variableLabel(entry), color: entry.node.color }))}
          />
          {empty ? <Typography.Text type="secondary">{t('widgets.common.noData')}</Typography.Text> : null}
          <div style={{ flex: 1, minHeight: 180 }}>
            <EChart option={option} label={t('widgets.trend.chart')} />
          </div>
          {config.appendInformation ? <Typography.Text type="secondary">{config.appendInformation}</Typography.Text> : null}
        </div>
      )}
    </WidgetStatus>
  );
}
