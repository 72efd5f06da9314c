import { Alert, Empty, Flex, Select, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../../runtime';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { StationScreens } from './StationScreens';
import type { StationChoice, StationRecord } from './useStations';

export interface SiteScreenProps {
  /** The route shown: its title heads the screen. */
  route: string;
  choice: StationChoice;
  /** Controls beside the station picker (a period, a device). */
  tools?: ReactNode;
  /** The screen's body for the chosen station. */
  children(station: StationRecord): ReactNode;
}

/** The station picker of a screen: named, searched by the stations' names. */
export function StationPicker<V extends string | number>({
  value,
  options,
  onChange,
}: {
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange(value: V): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Text>{t('dashboard.station')}</Typography.Text>
      <Select
        aria-label={t('dashboard.station')}
        value={value}
        style={{ minWidth: 220 }}
        showSearch
        optionFilterProp="label"
        options={options}
        onChange={onChange}
      />
    </>
  );
}

/**
 * The frame of a site-monitoring screen: its title, the station picker (the stations its kind
 * offers) with the menu of the station's screens and the screen's own controls, then its body for
 * the chosen station — or why there is none (still loading, no such station, none of this kind,
 * the list failed).
 */
export function SiteScreen({ route, choice, tools, children }: SiteScreenProps) {
  const { t } = useTranslation();
  const { stations, station } = choice;
  let body: ReactNode;
  if (choice.error) body = <Alert type="error" showIcon message={`${t('common.loadFailed')} ${choice.error}`} />;
  else if (!stations) body = <Spin style={{ display: 'block', margin: 64 }} />;
  else if (choice.unknown) body = <Empty description={t('dashboard.unknownStation', { sn: choice.unknown })} />;
  else if (!station) body = <Empty description={t('siteViews.noStation')} />;
  else body = children(station);
  return (
    <Flex vertical gap="middle">
      <ScreenHeader title={label(t, `routes.${route}.title`)} />
      <Flex wrap gap="middle" align="center">
        <StationPicker
          value={station?.sn}
          options={(stations ?? []).map((entry) => ({ value: entry.sn, label: entry.name }))}
          onChange={(sn) => choice.choose(sn)}
        />
        {station ? <StationScreens sn={station.sn} /> : null}
        {station ? tools : null}
      </Flex>
      {body}
    </Flex>
  );
}
