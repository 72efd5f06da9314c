import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Typography, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import rules from '../../../schemas/constants/upload.json';
import { useRuntime } from '../../RuntimeContext';
import { checkUpload } from './uploadCheck';

/** The addresses of the files the server has taken, in the order they were chosen. */
const addressesOf = (files: UploadFile[]) =>
  files.flatMap((file) => (file.status === 'done' && file.response ? [(file.response as { url: string }).url] : []));

/**
 * Uploads several files at once (a list field with `x-upload: files`): each is checked by the
 * upload rules before it is sent (name length, size, at most 30), then sent by itself, so one
 * refused or failed file does not stop the others. A file whose upload failed stays in the list,
 * marked with "… upload failed, please delete this file", until the user deletes it; the field's
 * value is the addresses of the files uploaded (the server keeps each original name).
 */
export function FileListUpload({ id, disabled, readonly, onChange, schema }: WidgetProps) {
  const { t } = useTranslation();
  const { api, notifier } = useRuntime();
  const [files, setFiles] = useState<UploadFile[]>([]);
  // Files taken so far, counted as they are chosen: one choice of many files is checked one by one before any state updates.
  const taken = useRef(0);
  const maxCount = typeof schema.maxItems === 'number' ? schema.maxItems : rules.maxCount;

  const update = (next: UploadFile[]) => {
    // An uploaded file's name links to it (served to the own tenant only).
    setFiles(
      next.map((file) =>
        file.status === 'done' && file.response ? { ...file, url: (file.response as { url: string }).url } : file,
      ),
    );
    onChange(addressesOf(next));
  };

  return (
    <Upload
      multiple
      fileList={files}
      disabled={disabled || readonly}
      beforeUpload={(file) => {
        const problem = checkUpload(file, { count: taken.current, maxCount });
        if (problem) {
          notifier.warn(t(problem.key, problem.params ?? {}));
          return Upload.LIST_IGNORE;
        }
        taken.current += 1;
        return true;
      }}
      onChange={({ fileList }) => update(fileList)}
      onRemove={() => {
        taken.current -= 1;
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        const upload = file as File;
        const body = new FormData();
        body.append('file', upload);
        api
          .callDynamic('uploadFile', { query: { kind: 'any' }, body }, { silent: true })
          .then((answer) => onSuccess?.(answer))
          .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))));
      }}
      itemRender={(node, file) =>
        file.status === 'error' ? (
          <div>
            {node}
            <Typography.Text type="danger">{t('upload.failed', { name: file.name })}</Typography.Text>
          </div>
        ) : (
          node
        )
      }
    >
      {/* The field's label names the button that opens the file chooser. */}
      <Button id={id} icon={<UploadOutlined />} disabled={disabled || readonly}>
        {t('upload.choose')}
      </Button>
    </Upload>
  );
}
