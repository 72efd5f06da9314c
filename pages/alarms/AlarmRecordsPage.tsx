import { App, Button, Pagination, Popconfirm, Space, Spin, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import type { Alarm } from '../../generated/types';
import { enumLabel, fieldLabel, label, useRuntime } from '../../runtime';
import { REFRESH_INTERVAL_MS } from '../../runtime/api/refresh';
import { saveFile } from '../../runtime/api/saveFile';
import { StationZoneNote } from '../../runtime/format/StationZoneNote';
import { useNarrowScreen } from '../../runtime/list/useNarrowScreen';
import { ListSwitch } from '../../runtime/list/ListSwitch';
import { DataTable } from '../../runtime/table/DataTable';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { AlarmConfirmDialog } from '../../widgets/alarm-list/AlarmConfirmDialog';
import { AlarmState } from '../../widgets/alarm-list/AlarmState';
import { alarmTime } from '../../widgets/alarm-list/rules';
import { AlarmCards } from './AlarmCards';
import { AlarmFilterBar } from './AlarmFilterBar';
import { AlarmDetail } from './AlarmDetail';
import { ALARM_LISTS, LEVEL_TAGS, LIST_FILTERS, recordsQuery, type AlarmFilters, type AlarmList } from './alarmRecords';
import { useAlarmRecords } from './useAlarmRecords';
import { useStations, type StationRecord } from '../site/useStations';

const PAGE_SIZES = [20, 10, 30, 40, 50];

/**
 * SiteWarningRecord: the alarms of the tenant's stations, newest first, filtered by station (the
 * address's, as the station-warning widget opens it), status, level and days; an open alarm is
 * confirmed with the specification's dialog, a station's open alarms all at once, its handled
 * ones cleared; the rows the filters select are exported as a workbook. A choice beside the buttons
 * shows the energy alarms instead (`getEngeryAlarmList`: raised by rules of the energy alarm types,
 * filtered by station and status). The page reads itself again every 20 s while it is shown, so an
 * alarm raised meanwhile appears; on a phone each alarm is a card.
 */
export function AlarmRecordsPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const [search, setSearch] = useScreenSearch();
  const { stations = [] } = useStations();
  const [list, setList] = useState<AlarmList>('getAlarmPage');
  const [rest, setRest] = useState<Omit<AlarmFilters, 'stationSn'>>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(PAGE_SIZES[0] ?? 20);
  const [version, setVersion] = useState(0);
  const [confirming, setConfirming] = useState<Alarm | null>(null);
  const [exporting, setExporting] = useState(false);

  const stationSn = search.get('station') ?? undefined;
  // One alarm opened over the list, as a band of a trend names it (`?alarm=id`).
  const opened = Number(search.get('alarm')) || undefined;
  const closeOpened = () =>
    setSearch(
      (params) => {
        params.delete('alarm');
        return params;
      },
      { replace: true },
    );
  const filters = useMemo(() => ({ ...rest, ...(stationSn ? { stationSn } : {}) }), [rest, stationSn]);
  const page = useAlarmRecords(list, filters, current, size, version, REFRESH_INTERVAL_MS);
  const narrow = useNarrowScreen();
  const byId = new Map(stations.map((station) => [station.id, station]));
  const station = stations.find((entry) => entry.sn === stationSn);
  const reload = () => setVersion((v) => v + 1);

  const changeFilters = ({ stationSn: sn, ...others }: AlarmFilters) => {
    setRest(others);
    setCurrent(1);
    if (sn !== stationSn) setSearch(sn ? { station: sn } : {}, { replace: true });
  };
  const stationCall = async (operation: 'confirmStationAlarms' | 'clearStationAlarms', chosen: StationRecord) => {
    try {
      const count = await api.call(operation, { params: { id: chosen.id } });
      const done = operation === 'confirmStationAlarms' ? 'alarmRecords.confirmedCount' : 'alarmRecords.clearedCount';
      void message.success(t(done, { count }));
      reload();
    } catch {
      // The API client has shown the server's message.
    }
  };
  const exportRows = async () => {
    setExporting(true);
    try {
      saveFile(await api.download('exportAlarmRecords', { query: recordsQuery(filters) }));
    } catch {
      // The API client has shown the failure.
    } finally {
      setExporting(false);
    }
  };

  const zoneOf = (alarm: Alarm) => byId.get(alarm.stationId ?? 0)?.timeZone ?? 'Asia/Shanghai';
  const column = (field: string) => fieldLabel(t, 'alarm', field);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ScreenHeader title={label(t, 'routes.SiteWarningRecord.title')} />
      <AlarmFilterBar stations={stations} filters={filters} taken={LIST_FILTERS[list]} onChange={changeFilters} />
      <Space wrap>
        <ListSwitch
          names="alarmRecords.lists"
          lists={{
            operations: [...ALARM_LISTS],
            current: list,
            onSelect: (chosen) => {
              setList(chosen as AlarmList);
              setCurrent(1);
            },
          }}
        />
        {/* The workbook is of every alarm the filters select, as a list page exports its own list only. */}
        {list === 'getAlarmPage' ? (
          <Button loading={exporting} onClick={() => void exportRows()}>
            {t('common.export')}
          </Button>
        ) : null}
        {station ? (
          <>
            <Popconfirm
              title={t('alarmRecords.confirmAllQuestion', { station: station.name })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => void stationCall('confirmStationAlarms', station)}
            >
              <Button>{t('alarms.confirmAll')}</Button>
            </Popconfirm>
            <Popconfirm
              title={t('alarmRecords.clearQuestion', { station: station.name })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => void stationCall('clearStationAlarms', station)}
            >
              <Button danger>{t('alarms.clearAll')}</Button>
            </Popconfirm>
          </>
        ) : null}
        {/* The times are each alarm's station's clock: the station filtered for, else every one offered. */}
        <StationZoneNote timeZones={station ? [station.timeZone] : stations.map((entry) => entry.timeZone)} />
      </Space>
      <Spin spinning={page.loading}>
        {narrow ? (
          <AlarmCards
            label={label(t, 'routes.SiteWarningRecord.title')}
            alarms={page.records}
            zoneOf={zoneOf}
            onConfirm={setConfirming}
            loading={page.loading}
          />
        ) : (
          <DataTable<Alarm>
            label={label(t, 'routes.SiteWarningRecord.title')}
            rowKey={(alarm) => String(alarm.id)}
            rows={page.records}
            columns={[
              { key: 'reportTime', title: column('reportTime'), width: 160, render: (a) => alarmTime(a.reportTime, zoneOf(a)) },
              { key: 'station', title: column('stationName'), width: 150, render: (a) => a.stationName },
              { key: 'device', title: column('deviceName'), width: 130, render: (a) => a.deviceName },
              { key: 'info', title: column('info'), render: (a) => a.info },
              {
                key: 'level',
                title: column('level'),
                width: 90,
                render: (a) => (a.level ? <Tag color={LEVEL_TAGS[a.level]}>{enumLabel(t, 'alarmLevel', a.level)}</Tag> : null),
              },
              { key: 'value', title: column('value'), width: 80, align: 'right', render: (a) => a.value },
              {
                key: 'state',
                title: column('status'),
                width: 170,
                render: (a) => <AlarmState alarm={a} onConfirm={setConfirming} />,
              },
              { key: 'checkInfo', title: column('checkInfo'), width: 160, render: (a) => a.checkInfo },
              {
                key: 'recoverTime',
                title: column('recoverTime'),
                width: 160,
                render: (a) => alarmTime(a.recoverTime, zoneOf(a)),
              },
            ]}
          />
        )}
      </Spin>
      <Pagination
        align="end"
        current={current}
        pageSize={size}
        total={page.total}
        showSizeChanger
        pageSizeOptions={PAGE_SIZES.map(String)}
        showTotal={(count) => t('common.total', { count })}
        onChange={(next, nextSize) => {
          setCurrent(nextSize === size ? next : 1);
          setSize(nextSize);
        }}
      />
      {opened ? (
        <AlarmDetail id={opened} zoneOf={zoneOf} version={version} onConfirm={setConfirming} onClose={closeOpened} />
      ) : null}
      <AlarmConfirmDialog alarm={confirming} onClose={() => setConfirming(null)} onSettled={reload} />
    </Space>
  );
}
