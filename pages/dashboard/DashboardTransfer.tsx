import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { EditorStore } from '../../runtime/dashboard';
import { lazyScreen } from '../../runtime/shell/lazyScreen';
import type { DashboardImportProps } from './DashboardImport';
import { exportedFile } from './transfer';

/** The import (file picker and refusal dialog) loads with edit mode, the only time it is offered. */
const DashboardImport = lazyScreen<DashboardImportProps>(() =>
  import('./DashboardImport').then((module) => ({ default: module.DashboardImport })),
);

/** Starts loading the import's code: called when the user is about to start editing. */
export const preloadImport = (): void => void DashboardImport.preload();

export interface DashboardTransferProps {
  store: EditorStore;
  /** Whether the dashboard is being edited: an import replaces the dashboard being edited, so it is offered then only. */
  editing: boolean;
}

/**
 * Export and import of the dashboard shown: Export downloads it as a JSON file; Import reads a
 * file, checks it in the browser and either lists every problem found, changing nothing, or puts
 * its dashboard in place of the one being edited as one step of undo, to be looked over and saved.
 */
export function DashboardTransfer({ store, editing }: DashboardTransferProps) {
  const { t } = useTranslation();
  const loaded = useStore(store, (state) => state.document !== null);

  const exportDashboard = () => {
    const { document } = store.getState();
    if (!document) return;
    const { name, text } = exportedFile(document);
    const link = window.document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    link.download = name;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <Space wrap>
      <Button icon={<DownloadOutlined />} disabled={!loaded} onClick={exportDashboard}>
        {t('dashboard.exportDashboard')}
      </Button>
      {editing ? (
        <Suspense
          fallback={
            // In the button's place while its code loads, so nothing moves; disabled, as a click could not pick a file yet.
            <Button loading disabled>
              {t('dashboard.importDashboard')}
            </Button>
          }
        >
          <DashboardImport store={store} />
        </Suspense>
      ) : null}
    </Space>
  );
}
