import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableOn } from '../../runtime/a11y/readable';
import { figureOf, formatFigure, WidgetIcon, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { chainOf, changeOf, comparedDays, formatChange, isConfigured, periodText, type SingleDataConfig } from './rules';

export function SingleDataView({ config, data, context }: WidgetViewProps<SingleDataConfig>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <WidgetStatus data={data} empty={isConfigured(config) ? false : t('widgets.common.pleaseConfigure')}>
      {() => {
        const sn = config.deviceVar?.varSn ?? '';
        const current = figureOf(data.current, sn);
        const previous = figureOf(data.previous, sn);
        const unit = current?.unit ?? previous?.unit ?? '';
        const change = changeOf(current?.value ?? null, previous?.value ?? null);
        const colour =
          change.direction === 'rise' ? config.riseMarkColor : change.direction === 'drop' ? config.dropMarkColor : undefined;
        const days = comparedDays(config, context);
        const chain = chainOf(config);
        const [currentLabel, previousLabel] = config.recordDate
          ? [periodText(days.current, chain), periodText(days.previous, chain)]
          : [t(`widgets.singleData.current.${chain}`), t(`widgets.singleData.previous.${chain}`)];
        return (
          <div style={{ display: 'flex', alignItems: 'center', gap: 16, height: '100%', padding: '8px 12px' }}>
            <div style={{ fontSize: 32, color: colour ?? '#409EFF' }}>
              <WidgetIcon name={config.icon} />
            </div>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
              <Typography.Text type="secondary">{currentLabel}</Typography.Text>
              <Typography.Text strong style={{ fontSize: 28 }} aria-label={t('widgets.common.value')}>
                {formatFigure(current?.value, config.numberFix)}
                {unit ? <span style={{ fontSize: 14, marginLeft: 4, whiteSpace: 'nowrap' }}>{unit}</span> : null}
              </Typography.Text>
              <Typography.Text>
                {previousLabel}: {formatFigure(previous?.value, config.numberFix)}
                {unit ? ` ${unit}` : ''}
              </Typography.Text>
              {/* The change in the configured rise or drop colour, at a lightness that reads on the card. */}
              <Typography.Text style={colour ? { color: readableOn(colour, token.colorBgContainer) } : undefined}>
                {t('widgets.singleData.change')}: {formatChange(change.percent, config.numberFix)}{' '}
                {change.direction === 'rise' ? (
                  <ArrowUpOutlined aria-label={t('widgets.singleData.rose')} />
                ) : change.direction === 'drop' ? (
                  <ArrowDownOutlined aria-label={t('widgets.singleData.dropped')} />
                ) : null}
              </Typography.Text>
            </div>
          </div>
        );
      }}
    </WidgetStatus>
  );
}
