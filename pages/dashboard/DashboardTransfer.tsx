import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { EditorStore, StationContext } from '../../runtime/dashboard';
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
  /** The station shown: the file names it, and an import binds to its devices. */
  station: StationContext;
  /** Whether the dashboard is being edited: an import replaces the dashboard being edited, so it is offered then only. */
  editing: boolean;
}

/**
 * Export and import of the dashboard shown: Export downloads it as a JSON file naming its station;
 * Import reads a file, checks it in the browser and either lists every problem found, changing
 * nothing, or has it bound to this station's devices and puts it in place of the one being edited
 * as one step of undo (after showing what could not be bound), to be looked over and saved.
 */
export function DashboardTransfer({ store, station, editing }: DashboardTransferProps) {
  const { t } = useTranslation();
  const loaded = useStore(store, (state) => state.document !== null);

  const exportDashboard = () => {
    const { document } = store.getState();
    if (!document) return;
    const { name, text } = exportedFile(document, new Date(), station.name);
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
          <DashboardImport store={store} station={station} />
        </Suspense>
      ) : null}
    </Space>
  );
}
