import { theme, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import {
  figureOf,
  formatFigure,
  stationInfoText,
  WidgetStatus,
  type SlotState,
  type StationContext,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { readableOn, textContrastMinimum } from '../../runtime/a11y/readable';
import { figureFontSize, isConfigured, slotOf, UNIT_PX, type KeyFigure, type MultiKeyDataConfig } from './rules';

/** The figures' blue of the specification. */
const FIGURE_COLOUR = '#409EFF';

/** What an entry shows: its name, its value and unit. */
function shown(
  entry: KeyFigure,
  data: Record<string, SlotState>,
  station: StationContext,
  decimals: number,
  t: TFunction,
): { name: string; value: string; unit: string } {
  const stationName =
    entry.dataType === 'station_info' && entry.stationValue ? enumLabel(t, 'stationInfoField', entry.stationValue) : '';
  const name = entry.name || stationName;
  if (!isConfigured(entry)) return { name, value: t('widgets.common.pleaseConfigure'), unit: '' };
  if (entry.dataType === 'text') return { name, value: entry.textValue, unit: '' };
  if (entry.dataType === 'station_info') {
    return { name, value: stationInfoText(t, station, entry.stationValue), unit: '' };
  }
  const figure = figureOf(data[slotOf(entry)], entry.deviceValue?.varSn ?? '');
  return { name, value: formatFigure(figure?.value, decimals), unit: figure?.unit ?? '' };
}

export function MultiKeyDataView({ config, data, context }: WidgetViewProps<MultiKeyDataConfig>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const entries = config.multiKeyData ?? [];
  // The figure is large bold text (24 px), its unit normal text (14 px): the blue as dark (or light) as the unit needs.
  const figureColour = readableOn(FIGURE_COLOUR, token.colorBgContainer, textContrastMinimum(14, true));
  return (
    <WidgetStatus data={data} empty={entries.length === 0 ? t('widgets.common.noData') : false}>
      {() => (
        <ul
          aria-label={t('widgets.multiKeyData.figures')}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            // A lone column is never wider than the widget (a phone's 330 px).
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 140px), 1fr))',
            gap: 12,
          }}
        >
          {entries.map((entry, index) => {
            const { name, value, unit } = shown(entry, data, context.station, config.numberFix, t);
            return (
              // Each figure is sized to its own box (a size container): its column, not its text, sets the width.
              <li
                key={index}
                style={{
                  display: 'flex',
                  flexDirection: 'column',
                  padding: '8px 12px',
                  minWidth: 0,
                  containerType: 'inline-size',
                }}
              >
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Typography.Text>
                <Typography.Text
                  strong
                  style={{
                    fontSize: figureFontSize(value, unit),
                    color: figureColour,
                    overflowWrap: 'anywhere',
                    lineHeight: 1.3,
                  }}
                >
                  {value}
                  {unit ? <span style={{ fontSize: UNIT_PX, marginLeft: 4, whiteSpace: 'nowrap' }}>{unit}</span> : null}
                </Typography.Text>
              </li>
            );
          })}
        </ul>
      )}
    </WidgetStatus>
  );
}
