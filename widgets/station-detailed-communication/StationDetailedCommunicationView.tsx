import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { DataTable } from '../../runtime/table/DataTable';
import { devicesOf, type DeviceCommunication, type StationDetailedCommunicationConfig } from './rules';

export function StationDetailedCommunicationView({ data }: WidgetViewProps<StationDetailedCommunicationConfig>) {
  const { t } = useTranslation();
  const devices = devicesOf(data.detail);
  const empty = data.detail?.status === 'ready' && !devices?.length ? t('widgets.common.noData') : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => (
        <DataTable<DeviceCommunication>
          rowKey={(device) => device.deviceSn}
          rows={devices ?? []}
          label={t('widgets.stationDetailedCommunication.table')}
          columns={[
            {
              key: 'name',
              title: t('widgets.stationDetailedCommunication.device'),
              ellipsis: true,
              render: (device) => device.name,
            },
            {
              key: 'online',
              width: 110,
              title: t('widgets.stationDetailedCommunication.status'),
              render: (device) =>
                device.online ? (
                  <Tag color="success">{t('widgets.stationDetailedCommunication.online')}</Tag>
                ) : (
                  <Tag color="error">{t('widgets.stationDetailedCommunication.offline')}</Tag>
                ),
            },
          ]}
        />
      )}
    </WidgetStatus>
  );
}
