import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { devicesOf, type DeviceCommunication, type StationDetailedCommunicationConfig } from './rules';

export function StationDetailedCommunicationView({ data }: WidgetViewProps<StationDetailedCommunicationConfig>) {
  const { t } = useTranslation();
  const devices = devicesOf(data.detail);
  const empty = data.detail?.status === 'ready' && !devices?.length ? t('widgets.common.noData') : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => (
        <Table<DeviceCommunication>
          size="small"
          rowKey="deviceSn"
          pagination={false}
          dataSource={devices ?? []}
          aria-label={t('widgets.stationDetailedCommunication.table')}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('widgets.stationDetailedCommunication.device'), ellipsis: true },
            {
              key: 'online',
              dataIndex: 'online',
              width: 110,
              title: t('widgets.stationDetailedCommunication.status'),
              render: (online: boolean) =>
                online ? (
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
