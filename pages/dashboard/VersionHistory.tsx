import { HistoryOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '../../runtime/shell/lazyScreen';
import { useLazyPanel, type LazyPanelProps } from './useLazyPanel';
import type { VersionHistoryDrawerProps } from './VersionHistoryDrawer';

/** The drawer, with its previews and comparisons, loads when it is about to open: the dashboard shown never needs it. */
const VersionHistoryDrawer = lazyScreen<VersionHistoryDrawerProps>(() =>
  import('./VersionHistoryDrawer').then((module) => ({ default: module.VersionHistoryDrawer })),
);

export type VersionHistoryProps = Omit<VersionHistoryDrawerProps, keyof LazyPanelProps>;

/**
 * The History control of the dashboard: a drawer listing the saved versions of the station's
 * dashboard, newest first (who saved each, when in the reader's zone, their note), each of which
 * can be previewed, compared with the current dashboard and restored as a new version.
 */
export function VersionHistory(props: VersionHistoryProps) {
  const { t } = useTranslation();
  const drawer = useLazyPanel(VersionHistoryDrawer);
  return (
    <>
      <Button icon={<HistoryOutlined />} {...drawer.trigger}>
        {t('dashboard.history.open')}
      </Button>
      {drawer.rendered ? <VersionHistoryDrawer {...props} open={drawer.open} onClose={drawer.close} /> : null}
    </>
  );
}
