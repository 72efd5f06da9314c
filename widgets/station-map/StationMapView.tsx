import { theme, Typography } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { stationMapOption, stationsOf, type PlacedStation, type StationMapConfig } from './rules';
import { useLand } from './useLand';

/** Read by a screen reader, not shown: the chart is a picture, the list says what it shows. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

function MapChart({ config, placed }: { config: StationMapConfig; placed: PlacedStation[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const land = useLand();
  const { projection, minSpan, showNames } = config;
  const option = useMemo(
    () =>
      stationMapOption({ projection, minSpan, showNames }, placed, {
        current: token.colorPrimary,
        other: token.colorInfo,
        text: token.colorText,
        currentText: token.colorPrimaryText,
        halo: token.colorBgContainer,
        currentName: (name) => t('widgets.stationMap.current', { name }),
      }),
    [projection, minSpan, showNames, placed, token, t],
  );
  return (
    <div
      style={{
        flex: 1,
        minHeight: 120,
        position: 'relative',
        overflow: 'hidden',
        borderRadius: token.borderRadius,
        background: token.colorFillQuaternary,
      }}
    >
      {land ? <EChart option={option} label={t('widgets.stationMap.map', { number: placed.length })} /> : null}
      <ul style={VISUALLY_HIDDEN}>
        {placed.map((station) => (
          <li key={station.sn}>{station.current ? t('widgets.stationMap.current', { name: station.name }) : station.name}</li>
        ))}
      </ul>
    </div>
  );
}

/** The tenant's stations on the land outline; the dashboard's station in the primary colour. */
export function StationMapView({ config, data, context }: WidgetViewProps<StationMapConfig>) {
  const { t, i18n } = useTranslation();
  const { placed, unplaced } = useMemo(() => stationsOf(data.stations, context.station.sn), [data.stations, context.station.sn]);
  const empty = data.stations?.status === 'ready' && placed.length === 0;
  return (
    <WidgetStatus data={data} empty={empty ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 4 }}>
          <MapChart config={config} placed={placed} />
          {unplaced.length ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('widgets.stationMap.withoutLocation', {
                names: new Intl.ListFormat(i18n.language === 'en' ? 'en' : 'zh', { type: 'unit' }).format(unplaced),
              })}
            </Typography.Text>
          ) : null}
        </div>
      )}
    </WidgetStatus>
  );
}
