import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChartCanvas,
  figureOf,
  formatFigure,
  WidgetStatus,
  type ChartConfig,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { configuredNodes, sharesOf, totalOf, type ProportionConfig, type Share } from './rules';

const percentText = (share: Share, decimals: number) =>
  share.percent === null ? '--' : `${formatFigure(share.percent, decimals)}%`;

function chartConfig(shares: Share[], decimals: number): ChartConfig<'doughnut'> {
  const shown = shares.filter((share) => share.percent !== null);
  return {
    type: 'doughnut',
    data: {
      labels: shown.map((share) => share.name),
      datasets: [{ data: shown.map((share) => share.value ?? 0), backgroundColor: shown.map((share) => share.color) }],
    },
    options: {
      cutout: '55%',
      radius: '90%',
      plugins: {
        sliceLabels: { text: (index) => (shown[index] ? percentText(shown[index], decimals) : '') },
        tooltip: {
          callbacks: {
            label: (item) => {
              const share = shown[item.dataIndex];
              return share ? `${formatFigure(share.value, decimals)} (${percentText(share, decimals)})` : '';
            },
          },
        },
      },
    },
  };
}

export function ProportionView({ config, data }: WidgetViewProps<ProportionConfig>) {
  const { t } = useTranslation();
  const decimals = config.numberFix;
  const shares = useMemo(
    () =>
      sharesOf(
        configuredNodes(config).map((node) => {
          const figure = figureOf(data.values, node.deviceVar.varSn);
          return {
            name: node.name || node.deviceVar.varSn,
            color: node.color,
            value: figure?.value ?? null,
            unit: figure?.unit ?? '',
          };
        }),
      ),
    [config, data],
  );
  const chart = useMemo(() => chartConfig(shares, decimals), [shares, decimals]);
  const total = totalOf(shares);
  return (
    <WidgetStatus data={data} empty={shares.length === 0 ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <div style={{ flex: 1, minHeight: 160 }}>
            <ChartCanvas config={chart} label={t('widgets.proportion.chart')} />
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
                  {percentText(share, decimals)}
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
