import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../../runtime/schema/properties';

export interface LinkFieldProps {
  address: string;
  expiresAt?: number | undefined;
}

/** An open link as staff hand it out: the address to select or copy, a button to open it, and until when it holds. */
export function LinkField({ address, expiresAt }: LinkFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      void message.success(t('openLinks.staff.copied'));
    } catch {
      // Without the clipboard (an insecure page, a refusal) the address stays selectable in the field.
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Flex gap="small" wrap>
        <Input
          readOnly
          value={address}
          aria-label={t('openLinks.staff.link')}
          style={{ flex: 1, minWidth: 280 }}
          onFocus={(e) => e.target.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('openLinks.staff.copy')}
        </Button>
        <Button icon={<ExportOutlined />} href={address} target="_blank" rel="noreferrer">
          {t('openLinks.staff.open')}
        </Button>
      </Flex>
      {expiresAt ? (
        <Typography.Text type="secondary">
          {t('openLinks.staff.expires', { time: dayjs(expiresAt).format(DATE_TIME_FORMAT) })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
