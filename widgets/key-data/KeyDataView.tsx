import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { readableOn, textContrastMinimum } from '../../runtime/a11y/readable';
import { figureOf, formatFigure, stationInfoText, WidgetIcon, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { isConfigured, type KeyDataConfig } from './rules';

export function KeyDataView({ config, data, context }: WidgetViewProps<KeyDataConfig>) {
  const { t } = useTranslation();
  const configured = isConfigured(config);
  return (
    <WidgetStatus data={data} empty={configured ? false : t('widgets.common.pleaseConfigure')}>
      {() => {
        let value: string;
        let unit = '';
        if (config.dataType === 'text') {
          value = config.textValue;
        } else if (config.dataType === 'station_info') {
          value = stationInfoText(t, context.station, config.stationValue);
        } else {
          const figure = figureOf(data.value, config.deviceValue?.varSn ?? '');
          value = formatFigure(figure?.value, config.numberFix);
          unit = figure?.unit ?? '';
        }
        // The configured colours of the name and the figure, at a lightness that reads on the
        // configured ground; the figure's unit is smaller, bold as the figure.
        const unitFont = Math.max(12, Math.round(config.dataFont / 2));
        const nameColour = readableOn(config.nameColor, config.bgColorRight, textContrastMinimum(config.nameFont));
        const dataColour = readableOn(
          config.dataColor,
          config.bgColorRight,
          Math.max(textContrastMinimum(config.dataFont, true), unit ? textContrastMinimum(unitFont, true) : 0),
        );
        return (
          <div style={{ display: 'flex', height: '100%', borderRadius: 4, overflow: 'hidden' }}>
            <div
              style={{
                background: config.bgColorLeft,
                color: '#fff',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: '30%',
                fontSize: config.dataFont,
              }}
            >
              <WidgetIcon name={config.icon} />
            </div>
            <div
              style={{
                background: config.bgColorRight,
                flex: 1,
                padding: '8px 12px',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'center',
              }}
            >
              <Typography.Text style={{ color: nameColour, fontSize: config.nameFont }}>
                {config.name || (config.dataType === 'station_info' ? enumLabel(t, 'stationInfoField', config.stationValue) : '')}
              </Typography.Text>
              <Typography.Text
                strong
                style={{ color: dataColour, fontSize: config.dataFont }}
                aria-label={t('widgets.common.value')}
              >
                {value}
                {unit ? <span style={{ fontSize: unitFont, marginLeft: 4, whiteSpace: 'nowrap' }}>{unit}</span> : null}
              </Typography.Text>
            </div>
            {config.rightIcon ? (
              <div
                style={{
                  background: config.bgColorRight,
                  color: dataColour,
                  display: 'flex',
                  alignItems: 'center',
                  padding: 8,
                  fontSize: config.nameFont,
                }}
              >
                <WidgetIcon name={config.rightIcon} />
              </div>
            ) : null}
          </div>
        );
      }}
    </WidgetStatus>
  );
}
