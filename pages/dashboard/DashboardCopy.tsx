import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardDocument, StationContext } from '../../runtime/dashboard';
import { lazyScreen } from '../../runtime/shell/lazyScreen';
import type { DashboardCopyDialogProps } from './DashboardCopyDialog';
import type { StationRecord } from './earlyData';
import { useLazyPanel } from './useLazyPanel';

/** The dialog loads when it is about to open: the dashboard shown never needs it. */
const DashboardCopyDialog = lazyScreen<DashboardCopyDialogProps>(() =>
  import('./DashboardCopyDialog').then((module) => ({ default: module.DashboardCopyDialog })),
);

export interface DashboardCopyProps {
  station: StationContext;
  /** The stations of the tenant; the dashboard is copied to others than its own. */
  stations: StationRecord[];
  /** The dashboard as stored now: what is copied, and the names of its widgets. */
  current: DashboardDocument;
}

/**
 * Copy to stations: the stored dashboard of the station shown goes to other stations of the
 * tenant, each variable rebound to the target's device of the same model and variable of the same
 * code (labels by name, cameras by place). The user first sees, per station, what could not be
 * rebound (and is left out), and chooses the stations to copy to; each copy is saved as the
 * station's next version, refused when that station's dashboard was saved meanwhile.
 */
export function DashboardCopy({ station, stations, current }: DashboardCopyProps) {
  const { t } = useTranslation();
  const dialog = useLazyPanel(DashboardCopyDialog);

  const type = (record: StationRecord | undefined) => record?.stationType;
  const sourceType = type(stations.find((record) => record.sn === station.sn));
  // Stations of the same kind first: those are the ones whose devices match.
  const others = stations
    .filter((record) => record.sn !== station.sn)
    .sort((a, b) => Number(type(b) === sourceType) - Number(type(a) === sourceType));

  return (
    <>
      <Button icon={<CopyOutlined />} disabled={others.length === 0} {...dialog.trigger}>
        {t('dashboard.copy.open')}
      </Button>
      {dialog.rendered ? (
        <DashboardCopyDialog station={station} others={others} current={current} open={dialog.open} onClose={dialog.close} />
      ) : null}
    </>
  );
}
