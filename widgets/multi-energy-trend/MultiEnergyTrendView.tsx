import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { EChart, formatFigure, SeriesLegend, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { chosenLabels, labelFigures } from '../multi-energy-consumption/rules';
import { multiEnergyTrendOption, trendLines, type MultiEnergyTrendConfig } from './rules';

export function MultiEnergyTrendView({ config, data }: WidgetViewProps<MultiEnergyTrendConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { keys, lines } = useMemo(() => trendLines(labelFigures(data.trends)), [data.trends]);
  const option = useMemo(() => multiEnergyTrendOption(keys, lines, fix), [keys, lines, fix]);
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
            <EChart option={option} label={t('widgets.multiEnergyTrend.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
