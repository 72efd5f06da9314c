import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesName } from '../../runtime/charts/seriesName';
import { EChart, figureOf, formatFigure, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { configuredNodes, percentText, proportionOption, sharesOf, totalOf, type ProportionConfig } from './rules';

export function ProportionView({ config, data }: WidgetViewProps<ProportionConfig>) {
  const { t } = useTranslation();
  const decimals = config.numberFix;
  const shares = useMemo(
    () =>
      sharesOf(
        configuredNodes(config).map((node) => {
          const figure = figureOf(data.values, node.deviceVar.varSn);
          return {
            name: seriesName(node, data.names),
            color: node.color,
            value: figure?.value ?? null,
            unit: figure?.unit ?? '',
          };
        }),
      ),
    [config, data],
  );
  const option = useMemo(() => proportionOption(shares, decimals), [shares, decimals]);
  const total = totalOf(shares);
  return (
    <WidgetStatus data={data} empty={shares.length === 0 ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <div style={{ flex: 1, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.proportion.chart')} />
          </div>
          <ul aria-label={t('widgets.proportion.parts')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {shares.map((share, index) => (
              <li key={index} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: share.color, flex: 'none' }} />
                <Typography.Text style={{ flex: 1 }}>{share.name}</Typography.Text>
                <Typography.Text strong>
                  {formatFigure(share.value, decimals)}
                  {share.unit && share.value !== null ? ` ${share.unit}` : ''}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ minWidth: 64, textAlign: 'right' }}>
                  {percentText(share.percent, decimals)}
                </Typography.Text>
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary">
            {t('widgets.proportion.total')}: {formatFigure(total.value, decimals)}
            {total.unit ? ` ${total.unit}` : ''}
          </Typography.Text>
        </div>
      )}
    </WidgetStatus>
  );
}
