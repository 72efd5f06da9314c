import { DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryCurves } from '../../generated/meta';
import { enumLabel } from '../../runtime';
import { HistoryChart, type HistoryQuery } from './HistoryChart';
import { SiteScreen } from './SiteScreen';
import { useDevice } from './useDevice';
import { useStations, type StationRecord } from './useStations';
import { viewOf, type SiteScreenProps } from './views';

const RESOLUTIONS = ['RAW', 'HOUR', 'DAY', 'MONTH'] as const;
const FORMAT = 'YYYY-MM-DD HH:mm';

/** Device, variables, period and resolution of one station's curves. */
function Curves({ station, view }: { station: StationRecord; view: HistoryCurves }) {
  const { t } = useTranslation();
  const { devices, device, variables, choose } = useDevice(station.sn, view.deviceKinds);
  const [picked, setPicked] = useState<{ device: string; sns: string[] }>();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day'), dayjs().endOf('day')]);
  const [resolution, setResolution] = useState<HistoryQuery['resolution']>('RAW');
  const preferred = variables?.filter((variable) => view.variables?.includes(variable.code ?? ''));
  const firstGauge = variables?.filter((variable) => variable.kind === 'gauge').slice(0, 1);
  const defaults =
    (preferred?.length ? preferred : firstGauge?.length ? firstGauge : variables?.slice(0, 1))?.map((variable) => variable.sn) ??
    [];
  const sns = picked && picked.device === device?.sn ? picked.sns : defaults;
  const chosen = (variables ?? []).filter((variable) => sns.includes(variable.sn));
  return (
    <Flex wrap gap="middle" align="center">
      <Select
        aria-label={t('siteViews.device')}
        value={device?.sn}
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 200 }}
        options={(devices ?? []).map((entry) => ({ value: entry.sn, label: entry.name }))}
        onChange={choose}
      />
      <Select
        aria-label={t('siteViews.variables')}
        mode="multiple"
        value={sns}
        optionFilterProp="label"
        style={{ minWidth: 320 }}
        options={(variables ?? []).map((entry) => ({
          value: entry.sn,
          label: entry.unit ? `${entry.name} (${entry.unit})` : entry.name,
        }))}
        onChange={(next: string[]) => device && setPicked({ device: device.sn, sns: next })}
      />
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format={FORMAT}
        aria-label={t('siteViews.period')}
        value={range}
        allowClear={false}
        onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
      />
      <Select
        aria-label={t('siteViews.resolution')}
        value={resolution}
        style={{ minWidth: 120 }}
        options={RESOLUTIONS.map((value) => ({ value, label: enumLabel(t, 'trendResolution', value) }))}
        onChange={setResolution}
      />
      <div style={{ flexBasis: '100%' }}>
        <HistoryChart
          variables={chosen}
          resolution={resolution}
          startTime={range[0].format(FORMAT)}
          endTime={range[1].format(FORMAT)}
        />
      </div>
    </Flex>
  );
}

/**
 * History curves (schemas/views/, kind historyCurves): a station's device, its variables and a
 * period; the curves of the stored samples or of their hourly, daily or monthly averages.
 */
export function HistoryCurvesScreen({ route = '' }: SiteScreenProps) {
  const view = viewOf<HistoryCurves>(route, ['historyCurves']);
  const choice = useStations(view.stationTypes);
  return (
    <SiteScreen route={route} choice={choice}>
      {(station) => <Curves key={station.sn} station={station} view={view} />}
    </SiteScreen>
  );
}
