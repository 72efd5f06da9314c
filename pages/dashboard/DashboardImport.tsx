import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorStore } from '../../runtime/dashboard';
import { widgetRegistry } from '../../widgets';
import { replaceContent } from './transfer';
import type { FileProblem, Translate } from './transferCheck';

/** The most problems the refusal lists; a file wrong throughout says how many more there are. */
const MOST_SHOWN = 50;

export interface DashboardImportProps {
  store: EditorStore;
}

/**
 * Import of a dashboard (see `DashboardTransfer`): reads a file, checks it in the browser (its
 * checks load with the first import) and either lists every problem found, changing nothing, or
 * puts its dashboard in place of the one being edited as one step of undo.
 */
export function DashboardImport({ store }: DashboardImportProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [reading, setReading] = useState(false);
  const [refused, setRefused] = useState<{ name: string; problems: FileProblem[] }>({ name: '', problems: [] });
  const [refusalShown, setRefusalShown] = useState(false);

  const refuse = (name: string, problems: FileProblem[]) => {
    setRefused({ name, problems });
    setRefusalShown(true);
  };

  const importDashboard = async (file: File) => {
    const translate: Translate = (key, values) => String(t(key as never, values as never));
    setReading(true);
    try {
      const { readDashboardFile } = await import('./transferCheck');
      const result = await readDashboardFile(file, widgetRegistry, translate);
      if (result.problems) refuse(file.name, result.problems);
      else {
        store.getState().edit((draft) => replaceContent(draft, result.file));
        void message.success(t('dashboard.transfer.imported', { file: file.name }));
      }
    } catch {
      refuse(file.name, [{ path: '', message: t('dashboard.transfer.readFailed') }]);
    } finally {
      setReading(false);
    }
  };

  const { problems } = refused;
  return (
    <>
      <Upload
        accept=".json,application/json"
        showUploadList={false}
        disabled={reading}
        beforeUpload={(file) => {
          void importDashboard(file);
          // The file is read here, not sent anywhere.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={reading}>
          {t('dashboard.importDashboard')}
        </Button>
      </Upload>
      <Modal
        open={refusalShown}
        title={
          // A file name is one long word: on a phone it wraps anywhere rather than run under the close button.
          <span style={{ display: 'block', paddingInlineEnd: 24, overflowWrap: 'anywhere' }}>
            {t('dashboard.transfer.refusedTitle', { file: refused.name })}
          </span>
        }
        width={640}
        onCancel={() => setRefusalShown(false)}
        footer={
          <Button type="primary" onClick={() => setRefusalShown(false)}>
            {t('common.ok')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('dashboard.transfer.refusedContent')}</Typography.Paragraph>
        <ul style={{ maxHeight: '50vh', overflowY: 'auto', margin: 0, paddingInlineStart: 20 }}>
          {problems.slice(0, MOST_SHOWN).map((problem, index) => (
            <li key={index} style={{ marginBottom: 4, overflowWrap: 'anywhere' }}>
              <Typography.Text code>{problem.path || t('dashboard.transfer.wholeFile')}</Typography.Text> {problem.message}
            </li>
          ))}
        </ul>
        {problems.length > MOST_SHOWN ? (
          <Typography.Text type="secondary">
            {t('dashboard.transfer.more', { count: problems.length - MOST_SHOWN })}
          </Typography.Text>
        ) : null}
      </Modal>
    </>
  );
}
