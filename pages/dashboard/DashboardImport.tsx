import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../runtime';
import type { EditorStore, StationContext } from '../../runtime/dashboard';
import { widgetRegistry } from '../../widgets';
import { ImportPlanDialog, type ImportPlan } from './ImportPlanDialog';
import { replaceContent, type DashboardFile } from './transfer';
import type { FileProblem, Translate } from './transferCheck';

/** The most problems the refusal lists; a file wrong throughout says how many more there are. */
const MOST_SHOWN = 50;

export interface DashboardImportProps {
  store: EditorStore;
  /** The station whose dashboard is edited: the file's widgets are bound to its devices. */
  station: StationContext;
}

/**
 * Import of a dashboard (see `DashboardTransfer`): reads a file, checks it in the browser (its
 * checks load with the first import) and either lists every problem found, changing nothing, or
 * has the server bind it to the station's own devices (`planSiteKanbanImport`, as Copy to stations
 * does). A file of this station, or one whose every binding was bound, is put in place of the
 * dashboard being edited as one step of undo; otherwise the user first sees what could not be
 * bound and imports without it, or cancels and nothing changes.
 */
export function DashboardImport({ store, station }: DashboardImportProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const [reading, setReading] = useState(false);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [refused, setRefused] = useState<{ name: string; problems: FileProblem[] }>({ name: '', problems: [] });
  const [refusalShown, setRefusalShown] = useState(false);

  const refuse = (name: string, problems: FileProblem[]) => {
    setRefused({ name, problems });
    setRefusalShown(true);
  };

  /** Puts a dashboard in place of the one edited, as one step of undo. */
  const put = (content: DashboardFile, said: string) => {
    store.getState().edit((draft) => replaceContent(draft, content));
    void message.success(said);
  };

  /** The file bound to this station by the server; nothing changes when the call fails (the client says why). */
  const bind = async (name: string, file: DashboardFile) => {
    const document = store.getState().document;
    if (!document) return;
    const { source, ...content } = file;
    let answer;
    try {
      answer = await api.call('planSiteKanbanImport', {
        params: { stationSn: document.stationSn },
        body: {
          document: { ...content, stationSn: document.stationSn, version: document.version },
          ...(source ? { source } : {}),
        },
      });
    } catch {
      return;
    }
    if (answer.sameStation) put(content, t('dashboard.transfer.imported', { file: name }));
    else if (answer.unbound.length === 0 && answer.leftOut.length === 0)
      put(answer.document, t('dashboard.transfer.rebound', { file: name, station: station.name, count: answer.rebound }));
    else setPlan({ name, file, answer });
  };

  const importDashboard = async (file: File) => {
    const translate: Translate = (key, values) => String(t(key as never, values as never));
    setReading(true);
    try {
      const { readDashboardFile } = await import('./transferCheck');
      const result = await readDashboardFile(file, widgetRegistry, translate);
      if (result.problems) refuse(file.name, result.problems);
      else await bind(file.name, result.file);
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
      <ImportPlanDialog
        station={station}
        plan={plan}
        onCancel={() => setPlan(null)}
        onImport={(chosen) => {
          setPlan(null);
          put(
            chosen.answer.document,
            t('dashboard.transfer.rebound', { file: chosen.name, station: station.name, count: chosen.answer.rebound }),
          );
        }}
      />
    </>
  );
}
