import { theme, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { loadLand } from './land';
import {
  fitWindow,
  landPath,
  placeLabels,
  stationsOf,
  toBox,
  type LandRing,
  type PlacedStation,
  type StationMapConfig,
} from './rules';
import { useBoxSize } from './useBoxSize';

const FONT_SIZE = 12;

function MapCanvas({ config, placed }: { config: StationMapConfig; placed: PlacedStation[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { ref, size } = useBoxSize<HTMLDivElement>({ width: 400, height: 260 });
  const [land, setLand] = useState<LandRing[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadLand().then((rings) => {
      if (live) setLand(rings);
    });
    return () => {
      live = false;
    };
  }, []);

  const frame = useMemo(
    () =>
      fitWindow(
        placed.map((station) => station.point),
        size,
        config.minSpan,
      ),
    [placed, size, config.minSpan],
  );
  const path = useMemo(
    () => (land ? landPath(land, config.projection, frame, size) : ''),
    [land, config.projection, frame, size],
  );
  const markers = placed.map((station) => ({ ...station, at: toBox(station.point, frame) }));
  const labels = placeLabels(markers, FONT_SIZE, size);

  return (
    <div
      ref={ref}
      style={{ flex: 1, minHeight: 120, position: 'relative', overflow: 'hidden', borderRadius: token.borderRadius }}
    >
      <svg
        role="group"
        aria-label={t('widgets.stationMap.map', { number: placed.length })}
        width={size.width}
        height={size.height}
        viewBox={`0 0 ${size.width} ${size.height}`}
        style={{ position: 'absolute', inset: 0, display: 'block' }}
      >
        <rect width={size.width} height={size.height} fill={token.colorFillQuaternary} />
        {path ? <path d={path} fill={token.colorFillSecondary} stroke={token.colorBorder} strokeWidth={0.8} /> : null}
        {markers.map((station, index) => {
          const label = labels[index];
          const name = station.current ? t('widgets.stationMap.current', { name: station.name }) : station.name;
          return (
            <g key={station.sn} role="img" aria-label={name}>
              <title>{name}</title>
              {station.current ? (
                <circle cx={station.at.x} cy={station.at.y} r={11} fill={token.colorPrimary} opacity={0.25} />
              ) : null}
              <circle
                cx={station.at.x}
                cy={station.at.y}
                r={station.current ? 6 : 4.5}
                fill={station.current ? token.colorPrimary : token.colorInfo}
                stroke={token.colorBgContainer}
                strokeWidth={1.5}
              />
              {config.showNames && label ? (
                <text
                  x={label.x}
                  y={label.y}
                  textAnchor={label.anchor}
                  dominantBaseline="central"
                  fontSize={FONT_SIZE}
                  fontWeight={station.current ? 600 : 400}
                  fill={station.current ? token.colorPrimaryText : token.colorText}
                  stroke={token.colorBgContainer}
                  strokeWidth={3}
                  strokeLinejoin="round"
                  paintOrder="stroke"
                >
                  {station.name}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** The tenant's stations on the land outline; the dashboard's station in the primary colour. */
export function StationMapView({ config, data, context }: WidgetViewProps<StationMapConfig>) {
  const { t, i18n } = useTranslation();
  const { placed, unplaced } = useMemo(
    () => stationsOf(data.stations, context.station.sn, config.projection),
    [data.stations, context.station.sn, config.projection],
  );
  const empty = data.stations?.status === 'ready' && placed.length === 0;
  return (
    <WidgetStatus data={data} empty={empty ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 4 }}>
          <MapCanvas config={config} placed={placed} />
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
