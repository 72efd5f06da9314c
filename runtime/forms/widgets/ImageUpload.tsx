import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import rules from '../../../schemas/constants/upload.json';
import { useRuntime } from '../../RuntimeContext';
import { checkUpload } from './uploadCheck';

/**
 * Uploads one picture (.jpg, .jpeg, .png) and keeps its address. The upload rules are checked
 * before sending (the server checks them again); a refused or failed file says why.
 */
export function ImageUpload({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const { api, notifier } = useRuntime();
  const [busy, setBusy] = useState(false);
  return (
    <Space orientation="vertical">
      {typeof value === 'string' && value ? <Image src={value} width={160} alt={t('upload.preview')} /> : null}
      <Upload
        accept={rules.imageExtensions.join(',')}
        maxCount={1}
        showUploadList={false}
        disabled={disabled || readonly || busy}
        beforeUpload={(file) => {
          const problem = checkUpload(file, { image: true });
          if (problem) {
            notifier.warn(t(problem.key, problem.params ?? {}));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const upload = file as File;
          const body = new FormData();
          body.append('file', upload);
          setBusy(true);
          api
            .callDynamic('uploadFile', { query: { kind: 'image' }, body }, { silent: true })
            .then((answer) => {
              const { url } = answer as { url: string };
              onChange(url);
              onSuccess?.(answer);
            })
            .catch((error: unknown) => {
              notifier.warn(
                `${t('upload.failed', { name: upload.name })}${error instanceof Error && error.message ? `: ${error.message}` : ''}`,
              );
              onError?.(error instanceof Error ? error : new Error(String(error)));
            })
            .finally(() => setBusy(false));
        }}
      >
        {/* The field's label names the button that opens the file chooser. */}
        <Button id={id} icon={<UploadOutlined />} loading={busy}>
          {t('upload.choose')}
        </Button>
      </Upload>
    </Space>
  );
}
