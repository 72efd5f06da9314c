import { Alert, Card, Descriptions, Select, Space, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { enumLabel, fieldLabel, label } from '../../runtime';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { DeviceAlarms } from './DeviceAlarms';
import { shown } from './EmsScreen';
import type { Reading } from './readings';
import type { DeviceRecord } from './useDevice';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { useStationReadings } from './useStationReadings';

const NONE = {};
/** The fields of the device record shown, in order. */
const FIELDS = ['sn', 'kind', 'model', 'ratedPower', 'stationName', 'channelName', 'slaveAddress', 'modelName'] as const;

/**
 * One device's details, opened from a device (`?deviceSn=`): its record, whether it communicates,
 * each of its variables with its latest stored value, and its latest alarms. Without a device, a
 * picker of the tenant's devices.
 */
export function EquipDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useScreenSearch();
  const deviceSn = search.get('deviceSn') ?? undefined;
  const all = useCallAnswer<DeviceRecord[]>('getAllDevices', NONE, 0, 60_000);
  const device = all.data?.find((d) => d.sn === deviceSn);
  const record = useCallAnswer<{ records: Record<string, unknown>[] }>(
    'getMonitorDevicePage',
    deviceSn ? { query: { sn: deviceSn, size: 10 } } : undefined,
  );
  const { devices: readings, error } = useStationReadings(device?.stationSn, 0, 60_000);
  const values = readings?.find((d) => d.sn === deviceSn)?.readings;
  const fields = record.data?.records[0];
  const title = device?.name ?? label(t, 'routes.EmsEquipDetail.title');
  const picker = (
    <Select
      aria-label={t('emsScreens.device')}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 260 }}
      placeholder={t('emsScreens.detail.choose')}
      value={device?.sn}
      onChange={(sn: string) => setSearch({ deviceSn: sn })}
      options={(all.data ?? []).map((d) => ({ value: d.sn, label: `${d.name} (${d.sn})` }))}
    />
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ScreenHeader title={title} onClose={() => void navigate(-1)} />
      {picker}
      {(all.error ?? record.error ?? error) ? <Alert type="error" showIcon message={all.error ?? record.error ?? error} /> : null}
      {!deviceSn ? null : !all.data ? (
        <Spin />
      ) : !device ? (
        <Alert type="warning" showIcon message={t('common.notFound')} />
      ) : (
        <>
          <Card
            size="small"
            title={t('emsScreens.detail.record')}
            extra={
              <Tag color={device.status === 1 ? 'green' : 'default'}>
                {t(device.status === 1 ? 'emsScreens.online' : 'emsScreens.offline')}
              </Tag>
            }
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 4 }}
              items={[
                ...FIELDS.map((field) => {
                  const value = fields?.[field];
                  return {
                    key: field,
                    label: fieldLabel(t, 'device', field),
                    children:
                      field === 'kind' && value
                        ? enumLabel(t, 'deviceKind', value)
                        : value === undefined || value === null
                          ? '--'
                          : String(value),
                  };
                }),
                { key: 'lastTime', label: t('emsScreens.lastTime'), children: device.lastTime ?? '--' },
              ]}
            />
          </Card>
          <section aria-label={t('emsScreens.detail.variables')}>
            <Card size="small" title={t('emsScreens.detail.variables')}>
              <Table<Reading>
                rowKey="sn"
                size="small"
                pagination={false}
                loading={!values}
                dataSource={values ?? []}
                columns={[
                  { key: 'name', title: t('emsScreens.detail.variable'), render: (_, v) => v.name },
                  { key: 'sn', title: t('emsScreens.sn'), render: (_, v) => v.sn },
                  { key: 'value', title: t('emsScreens.value'), render: (_, v) => shown(v.value, v.unit) },
                  { key: 'time', title: t('emsScreens.time'), render: (_, v) => v.time ?? '--' },
                ]}
              />
            </Card>
          </section>
          <DeviceAlarms stationSn={device.stationSn} deviceSn={device.sn} />
        </>
      )}
    </Space>
  );
}
