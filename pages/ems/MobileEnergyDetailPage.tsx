import { Alert, Card, Descriptions, Select, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { enumLabel, fieldLabel, label } from '../../runtime';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { MobileStorageBattery } from './MobileStorageBattery';
import type { DeviceRecord } from './useDevice';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';

/** A mobile storage unit as its calls answer it. */
interface MobileStorageRecord {
  id: number;
  name: string;
  sn: string;
  state: string;
  capacity: number;
  ratedPower: number;
  vehicleName?: string;
  stationName?: string;
  batteryDeviceId?: number;
  batteryDeviceName?: string;
  remark?: string;
  updateTime?: string;
}

const NONE = {};
const UNITS = { query: { size: 50, sortField: 'name', sortOrder: 'asc' } };
const STATE_COLOURS: Record<string, string> = { deployed: 'green', in_transit: 'blue', maintenance: 'orange' };
/** The fields of the unit shown, in order. */
const FIELDS = [
  'sn',
  'capacity',
  'ratedPower',
  'vehicleName',
  'stationName',
  'batteryDeviceName',
  'remark',
  'updateTime',
] as const;

/**
 * One mobile storage unit (`?id=`, opened from the lists of units): its record and, when a battery
 * device is linked, that device's latest readings and state-of-charge curve. Without a unit, a
 * picker of the tenant's units.
 */
export function MobileEnergyDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useScreenSearch();
  const id = Number(search.get('id')) || undefined;
  const units = useCallAnswer<{ records: MobileStorageRecord[] }>('getMobileStoragePage', UNITS);
  const unit = useCallAnswer<MobileStorageRecord>('getMobileStorage', id ? { params: { id } } : undefined);
  const devices = useCallAnswer<DeviceRecord[]>('getAllDevices', NONE, 0, 60_000);
  const record = id && unit.data?.id === id ? unit.data : undefined;
  const device = devices.data?.find((d) => d.id === record?.batteryDeviceId);
  const failure = units.error ?? unit.error ?? devices.error;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ScreenHeader title={record?.name ?? label(t, 'routes.EmsMobileEnergyDetail.title')} onClose={() => void navigate(-1)} />
      <Select
        aria-label={t('mobileStorage.unit')}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 260 }}
        placeholder={t('mobileStorage.choose')}
        value={id}
        onChange={(next: number) => setSearch({ id: String(next) })}
        options={(units.data?.records ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.sn})` }))}
      />
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      {!id || unit.error ? null : !record ? (
        <Spin />
      ) : (
        <>
          <Card
            size="small"
            title={t('mobileStorage.record')}
            extra={<Tag color={STATE_COLOURS[record.state] ?? 'default'}>{enumLabel(t, 'mobileStorageState', record.state)}</Tag>}
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 4 }}
              items={FIELDS.map((field) => ({
                key: field,
                label: fieldLabel(t, 'mobileStorage', field),
                children:
                  record[field] === undefined || record[field] === ''
                    ? '--'
                    : field === 'updateTime'
                      ? dayjs(record[field]).format('YYYY-MM-DD HH:mm')
                      : String(record[field]),
              }))}
            />
          </Card>
          {!record.batteryDeviceId ? (
            <Alert type="info" showIcon message={t('mobileStorage.noDevice')} />
          ) : device ? (
            <MobileStorageBattery device={device} />
          ) : devices.data ? null : (
            <Spin />
          )}
        </>
      )}
    </Space>
  );
}
