import { Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, formatFigure, isDeviceVar, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { dodFigures, dodOption, dodRange, type DodAnalysisConfig } from './rules';

export function DodAnalysisView({ config, data, context }: WidgetViewProps<DodAnalysisConfig>) {
  const { t } = useTranslation();
  const sn = isDeviceVar(config.socVar) ? config.socVar.varSn : '';
  const figures = useMemo(
    () => dodFigures(dodRange(config.period, context).days, data.max, data.min, sn),
    [config.period, context, data.max, data.min, sn],
  );
  const fix = config.numberFix;
  const option = useMemo(
    () =>
      dodOption(figures, config.color, fix, {
        series: t('widgets.dodAnalysis.series'),
        average: t('widgets.dodAnalysis.average'),
      }),
    [figures, fix, config.color, t],
  );
  const empty = !sn
    ? t('widgets.common.pleaseConfigure')
    : data.max?.status === 'ready' && data.min?.status === 'ready' && figures.average === null
      ? t('widgets.common.noData')
      : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Space size="large" wrap>
            <Typography.Text>
              {t('widgets.dodAnalysis.average')}{' '}
              <Typography.Text strong aria-label={t('widgets.dodAnalysis.average')}>
                {formatFigure(figures.average, fix)} {figures.unit}
              </Typography.Text>
            </Typography.Text>
            <Typography.Text>
              {t('widgets.dodAnalysis.deepest')}{' '}
              <Typography.Text strong aria-label={t('widgets.dodAnalysis.deepest')}>
                {formatFigure(figures.deepest?.dod, fix)} {figures.unit}
              </Typography.Text>
              {figures.deepest ? <Typography.Text type="secondary"> ({figures.deepest.day.slice(5)})</Typography.Text> : null}
            </Typography.Text>
          </Space>
          <div style={{ flex: 1, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.dodAnalysis.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
