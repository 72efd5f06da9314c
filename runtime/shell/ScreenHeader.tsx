import { ArrowLeftOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ScreenHeaderProps {
  title: string;
  /** Called by the back link and by the close icon alike. */
  onClose?: () => void;
}

/**
 * The shared header of a screen: a back link, the title and a close icon, where the screen can be
 * closed; back and close both close it. Without `onClose`, the title alone.
 */
export function ScreenHeader({ title, onClose }: ScreenHeaderProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap="small">
      {onClose ? (
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onClose} style={{ paddingInline: 0 }}>
          {t('common.back')}
        </Button>
      ) : null}
      <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
        {title}
      </Typography.Title>
      {onClose ? (
        <Tooltip title={t('common.close')}>
          <Button type="text" icon={<CloseOutlined />} aria-label={t('common.close')} onClick={onClose} />
        </Tooltip>
      ) : null}
    </Flex>
  );
}
