import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Space, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { useRuntime } from '../../runtime';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { LinkField } from '../open/LinkField';
import { useIssuedLink } from '../open/useIssuedLink';

interface Asset {
  name: string;
  code: string;
  stationName?: string;
}

/** Side of the QR code picture, in pixels: about 3 cm printed at 300 dpi, readable from arm's length. */
const QR_SIZE = 360;

/** When printing, only the label (the code with the asset's name and number) is on the page. */
const PRINT_STYLE = `@media print {
  body * { visibility: hidden; }
  .asset-qr-label, .asset-qr-label * { visibility: visible; }
  .asset-qr-label { position: absolute; left: 0; top: 0; }
}`;

/**
 * The QR code of an asset, opened from its row: a new link (its token holds 5 years) drawn as a QR
 * code in the browser, with the asset's name and number beneath, to print and stick on the
 * equipment; scanning it opens /deviceDocumentsQrcode without signing in.
 */
export function AssetQrcodePage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const id = Number(useScreenSearch()[0].get('id'));
  const link = useIssuedLink('createAssetLink', id, '/deviceDocumentsQrcode');
  const [asset, setAsset] = useState<Asset>();
  const [picture, setPicture] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (id > 0) {
      api.call('getAsset', { params: { id } }, { silent: true }).then(
        (answer) => setAsset(answer as Asset),
        (failure: unknown) => setError(String((failure as Error).message)),
      );
    }
  }, [api, id]);
  useEffect(() => {
    if (link.address)
      void QRCode.toDataURL(link.address, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' }).then(setPicture);
  }, [link.address]);

  const failure = error ?? link.error;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <style>{PRINT_STYLE}</style>
      <ScreenHeader title={t('routes.EmsAssetQrcode.title')} onClose={() => void navigate(-1)} />
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      <Typography.Paragraph type="secondary">{t('openLinks.staff.assetIntro')}</Typography.Paragraph>
      {picture && asset ? (
        <Card>
          <Flex vertical align="center" gap="small" className="asset-qr-label">
            <img
              src={picture}
              width={QR_SIZE / 1.5}
              height={QR_SIZE / 1.5}
              alt={t('openLinks.staff.qrAlt', { name: asset.name })}
            />
            <Typography.Text strong>{asset.name}</Typography.Text>
            <Typography.Text>{[asset.code, asset.stationName].filter(Boolean).join(' · ')}</Typography.Text>
          </Flex>
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('openLinks.staff.print')}
            </Button>
          </Flex>
        </Card>
      ) : failure ? null : (
        <Spin />
      )}
      {link.address ? <LinkField address={link.address} expiresAt={link.expiresAt} /> : null}
    </Space>
  );
}
