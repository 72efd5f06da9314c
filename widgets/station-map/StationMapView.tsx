import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PlacesMap, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { stationMapOption, stationsOf, type StationMapConfig } from './rules';

/** The tenant's stations on the land outline; the dashboard's station in the primary colour. */
export function StationMapView({ config, data, context }: WidgetViewProps<StationMapConfig>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { placed, unplaced } = useMemo(() => stationsOf(data.stations, context.station.sn), [data.stations, context.station.sn]);
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
  const empty = data.stations?.status === 'ready' && placed.length === 0;
  return (
    <WidgetStatus data={data} empty={empty ? t('widgets.common.noData') : false}>
      {() => (
        <PlacesMap
          option={option}
          label={t('widgets.stationMap.map', { number: placed.length })}
          names={placed.map((station) =>
            station.current ? t('widgets.stationMap.current', { name: station.name }) : station.name,
          )}
          unplaced={unplaced}
          box={{ flex: 1, minHeight: 120 }}
        />
      )}
    </WidgetStatus>
  );
}
