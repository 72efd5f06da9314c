import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableOn } from '../../runtime/a11y/readable';
import { formatFigure, stationTime, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { flowFigures, type TodayEnergyConfig, type TodayFlow } from './rules';

export function TodayEnergyView({ config, data, context }: WidgetViewProps<TodayEnergyConfig>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const names: Record<TodayFlow, string> = {
    pvYield: t('widgets.todayEnergy.pvYield'),
    charge: t('widgets.todayEnergy.charge'),
    discharge: t('widgets.todayEnergy.discharge'),
  };
  const fix = config.numberFix;
  const figures = flowFigures(config.energyKind, data.today, data.yesterday, stationTime(context, 'HH:mm'));
  // Neither day has any of the flows: the station has no such devices (a storage widget on a PV station).
  const nothing =
    data.today?.status === 'ready' &&
    data.yesterday?.status === 'ready' &&
    figures.every((figure) => figure.today === null && figure.yesterday === null);
  return (
    <WidgetStatus data={data} empty={nothing ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', gap: 8, height: '100%', alignItems: 'stretch' }}>
          {figures.map(({ flow, today, yesterday, change }) => {
            const configured = change === null || change === 0 ? undefined : change > 0 ? config.riseColor : config.dropColor;
            // The configured rise or drop colour, at a lightness that reads on the card (the default drop green does not on white).
            const color = configured ? readableOn(configured, token.colorBgContainer) : undefined;
            return (
              <section
                key={flow}
                aria-label={names[flow]}
                style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', minWidth: 0 }}
              >
                <Typography.Text type="secondary">{names[flow]}</Typography.Text>
                <Typography.Text strong style={{ fontSize: 24 }} aria-label={t('widgets.common.value')}>
                  {/* A figure and its unit break between them, never inside either. */}
                  <span style={{ whiteSpace: 'nowrap' }}>{formatFigure(today, fix)}</span>{' '}
                  <span style={{ fontSize: 12, whiteSpace: 'nowrap' }}>kWh</span>
                </Typography.Text>
                <Typography.Text type="secondary" aria-label={t('widgets.todayEnergy.yesterday')}>
                  {t('widgets.todayEnergy.yesterday')} {formatFigure(yesterday, fix)} kWh
                </Typography.Text>
                <Typography.Text aria-label={t('widgets.todayEnergy.sameTime')} style={{ color }}>
                  {t('widgets.todayEnergy.sameTime')} {change !== null && change > 0 ? <ArrowUpOutlined /> : null}
                  {change !== null && change < 0 ? <ArrowDownOutlined /> : null}
                  {formatFigure(change === null ? null : Math.abs(change), 1)}%
                </Typography.Text>
              </section>
            );
          })}
        </div>
      )}
    </WidgetStatus>
  );
}
