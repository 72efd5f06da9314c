import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { EChart, formatFigure, seriesColor, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { chosenLabels, labelFigures } from '../multi-energy-consumption/rules';
import { labelShares, multiEnergyProportionOption, type MultiEnergyProportionConfig } from './rules';

export function MultiEnergyProportionView({ config, data }: WidgetViewProps<MultiEnergyProportionConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { shares, total } = useMemo(() => labelShares(labelFigures(data.figures)), [data.figures]);
  const unit = shares[0]?.unit ?? 'kWh';
  const option = useMemo(() => multiEnergyProportionOption(shares, fix), [shares, fix]);
  const configured = chosenLabels(config.labelIds).length > 0;
  const nothing = data.figures?.status === 'ready' && total === null;
  return (
    <WidgetStatus
      data={data}
      empty={!configured ? t('widgets.common.pleaseConfigure') : nothing ? t('widgets.common.noData') : false}
    >
      {() => (
        <div style={{ display: 'flex', height: '100%', gap: 8 }}>
          <div style={{ flex: 1, minWidth: 120, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.multiEnergyProportion.chart')} />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 4 }}>
            <Typography.Text type="secondary">{enumLabel(t, 'multiEnergyProportionPeriod', config.period)}</Typography.Text>
            <Typography.Text>
              {t('widgets.multiEnergyProportion.total')}{' '}
              <Typography.Text strong aria-label={t('widgets.multiEnergyProportion.total')}>
                {formatFigure(total, fix)} {unit}
              </Typography.Text>
            </Typography.Text>
            <ul aria-label={t('widgets.multiEnergyProportion.list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {shares.map((entry, index) => (
                <li key={entry.labelId} aria-label={entry.name} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                  <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: seriesColor(index) }} />
                  <Typography.Text>{entry.name}</Typography.Text>
                  <Typography.Text strong>
                    {formatFigure(entry.value, fix)} {entry.unit}
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatFigure(entry.share, fix)}%</Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
