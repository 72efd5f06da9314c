import { Modal, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import {
  BREAKPOINTS,
  createEditorStore,
  ViewGrid,
  type DashboardDocument,
  type DataScheduler,
  type StationContext,
} from '../../runtime/dashboard';
import { widgetRegistry } from '../../widgets';

/**
 * The version with its widgets' ids marked as the preview's: the page's scheduler, which fetches
 * for the preview too (answers the dashboard needs as well are asked for once), keeps the
 * dashboard's own widgets under their ids.
 */
function previewDocument(document: DashboardDocument): DashboardDocument {
  const id = (widgetId: string) => `preview-${widgetId}`;
  const layouts = Object.fromEntries(
    BREAKPOINTS.map((breakpoint) => [
      breakpoint,
      (document.layouts[breakpoint] ?? []).map((item) => ({ ...item, id: id(item.id) })),
    ]),
  );
  return { ...document, layouts, widgets: document.widgets.map((widget) => ({ ...widget, id: id(widget.id) })) };
}

export interface VersionPreviewProps {
  title: string;
  /** Who saved the version, and when. */
  saved: string;
  document: DashboardDocument;
  station: StationContext;
  scheduler: DataScheduler;
  /** The actions below the preview. */
  footer: ReactNode;
  onClose(): void;
}

/** A version of the dashboard, read-only, on the station's live data. */
export function VersionPreview({ title, saved, document, station, scheduler, footer, onClose }: VersionPreviewProps) {
  const store = useMemo(() => createEditorStore(previewDocument(document)), [document]);
  return (
    <Modal open title={title} width="min(1440px, 96vw)" footer={footer} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{saved}</Typography.Paragraph>
      <ViewGrid store={store} definitions={widgetRegistry} station={station} scheduler={scheduler} />
    </Modal>
  );
}
