import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { figureOf, formatFigure, WidgetIcon, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { isConfigured, type KeyDataConfig } from './rules';

/** Station fields whose values are codes of a code list. */
const CODED: Record<string, string> = { powerSupplyType: 'powerSupplyType', voltageClass: 'voltageClass' };

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
          const field = context.station.fields[config.stationValue];
          const code = CODED[config.stationValue];
          value = field === null || field === undefined || field === '' ? '--' : code ? enumLabel(t, code, field) : String(field);
        } else {
          const figure = figureOf(data.value, config.deviceValue?.varSn ?? '');
          value = formatFigure(figure?.value, config.numberFix);
          unit = figure?.unit ?? '';
        }
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
              <Typography.Text style={{ color: config.nameColor, fontSize: config.nameFont }}>
                {config.name || (config.dataType === 'station_info' ? enumLabel(t, 'stationInfoField', config.stationValue) : '')}
              </Typography.Text>
              <Typography.Text
                strong
                style={{ color: config.dataColor, fontSize: config.dataFont }}
                aria-label={t('widgets.common.value')}
              >
                {value}
                {unit ? (
                  <span style={{ fontSize: Math.max(12, Math.round(config.dataFont / 2)), marginLeft: 4 }}>{unit}</span>
                ) : null}
              </Typography.Text>
            </div>
            {config.rightIcon ? (
              <div
                style={{
                  background: config.bgColorRight,
                  color: config.dataColor,
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
