import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { EChart, formatFigure, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import {
  answersByDay,
  colorOf,
  dayEnergy,
  peakValleyProportionOption,
  periodShares,
  sumPeriods,
  type PeakValleyProportionConfig,
} from './rules';

export function PeakValleyProportionView({ config, data }: WidgetViewProps<PeakValleyProportionConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const { shares, total } = useMemo(
    () => periodShares(sumPeriods([...answersByDay(data).values()].map((answer) => dayEnergy(answer, config.flow)))),
    [data, config.flow],
  );
  const option = useMemo(
    () => peakValleyProportionOption(shares, config, fix, (period) => enumLabel(t, 'tariffPeriod', period)),
    [shares, fix, config, t],
  );
  const slots = Object.values(data);
  const answered = slots.length > 0 && slots.every((slot) => slot.status === 'ready');
  const empty =
    config.period === 'year'
      ? t('widgets.common.pleaseConfigure')
      : answered && total === null
        ? t('widgets.common.noData')
        : false;
  const flow = enumLabel(t, 'peakValleyProportionFlow', config.flow);
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => (
        <div style={{ display: 'flex', height: '100%', gap: 8 }}>
          <div style={{ flex: 1, minWidth: 120, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.peakValleyProportion.chart')} />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 4 }}>
            <Typography.Text type="secondary">
              {enumLabel(t, 'peakValleyProportionPeriod', config.period)} · {flow}
            </Typography.Text>
            <Typography.Text>
              {t('widgets.peakValleyProportion.total')}{' '}
              <Typography.Text strong aria-label={t('widgets.peakValleyProportion.total')}>
                {formatFigure(total, fix)} kWh
              </Typography.Text>
            </Typography.Text>
            <ul aria-label={t('widgets.peakValleyProportion.list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {shares.map((entry) => {
                const name = enumLabel(t, 'tariffPeriod', entry.period);
                return (
                  <li key={entry.period} aria-label={name} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                    <span
                      aria-hidden
                      style={{ width: 10, height: 10, borderRadius: 2, background: colorOf(config, entry.period) }}
                    />
                    <Typography.Text style={{ minWidth: 40 }}>{name}</Typography.Text>
                    <Typography.Text strong>{formatFigure(entry.energy, fix)} kWh</Typography.Text>
                    <Typography.Text type="secondary">{formatFigure(entry.share, fix)}%</Typography.Text>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
