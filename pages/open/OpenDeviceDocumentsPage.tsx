import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { operations } from '../../generated/registry';
import { OpenPageFrame } from './OpenPageFrame';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';

interface DeviceDocument {
  id: number;
  name: string;
  docType?: string;
  originalFilename?: string;
  createTime?: string;
}

interface OpenDevice {
  company: string;
  name: string;
  code?: string;
  model?: string;
  manufacturer?: string;
  category?: string;
  status?: string;
  stationName?: string;
  location?: string;
  documents: DeviceDocument[];
}

/** The fields of the asset shown, in this order, each with the label of the asset's field (coded ones by their list). */
const FIELDS: { field: keyof OpenDevice; list?: string }[] = [
  { field: 'code' },
  { field: 'model' },
  { field: 'manufacturer' },
  { field: 'category', list: 'emsAssetCategory' },
  { field: 'status', list: 'emsAssetStatus' },
  { field: 'stationName' },
  { field: 'location' },
];

/**
 * `/deviceDocumentsQrcode?token=...`: what the QR code on a piece of equipment opens, without
 * signing in: the asset's record and its documents, each downloaded through the same token (a plain
 * link: the call needs no header).
 */
export function OpenDeviceDocumentsPage() {
  const { t } = useTranslation();
  const token = useScreenSearch()[0].get('token') ?? '';
  const answer = useCallAnswer<OpenDevice>('getOpenDeviceDocuments', { query: { token } });
  const device = answer.data;
  const fileAddress = (doc: DeviceDocument) =>
    `${operations.getOpenDeviceDocumentFile.path}?${new URLSearchParams({ token, documentId: String(doc.id) }).toString()}`;
  return (
    <OpenPageFrame token={token} loading={answer.loading && !answer.data} error={answer.error}>
      {device ? (
        <>
          <Card title={device.name} extra={<Typography.Text type="secondary">{device.company}</Typography.Text>}>
            <Descriptions column={{ xs: 1, sm: 2 }} size="small">
              {FIELDS.filter(({ field }) => device[field]).map(({ field, list }) => (
                <Descriptions.Item key={field} label={t(`entities.asset.fields.${field}`)}>
                  {list ? t(`enums.${list}.${String(device[field])}`) : String(device[field])}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
          <Card title={t('openLinks.device.documents')}>
            {device.documents.length === 0 ? (
              <Empty description={t('openLinks.device.none')} />
            ) : (
              <List
                dataSource={device.documents}
                renderItem={(doc) => (
                  <List.Item
                    actions={[
                      <Button
                        key="download"
                        icon={<DownloadOutlined />}
                        href={fileAddress(doc)}
                        download={doc.originalFilename ?? true}
                        aria-label={t('openLinks.device.download', { name: doc.name })}
                        title={t('openLinks.device.download', { name: doc.name })}
                      />,
                    ]}
                  >
                    <List.Item.Meta
                      avatar={<FileOutlined />}
                      title={doc.name}
                      description={[doc.docType ? t(`enums.emsAssetDocumentType.${doc.docType}`) : '', doc.originalFilename ?? '']
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </>
      ) : null}
    </OpenPageFrame>
  );
}
