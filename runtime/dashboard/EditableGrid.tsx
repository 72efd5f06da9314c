import ReactGridLayout, { type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { fromGrid } from './arrange';
import { GRID_MARGIN, ROW_HEIGHT, type GridProps } from './gridGeometry';
import type { LayoutItem } from './document';

/**
 * The grid of a dashboard being edited: widgets moved by their title bar and resized by their
 * corner. A layout is reported when the user lets go of a widget (one step of undo per gesture),
 * not each time the grid compacts its items (after a widget is added, or a step undone).
 */
export function EditableGrid({
  width,
  cols,
  layout,
  items,
  onLayoutChange,
}: GridProps & { onLayoutChange(items: LayoutItem[]): void }) {
  const report = (next: Layout) => onLayoutChange(fromGrid(next));
  return (
    <ReactGridLayout
      width={width}
      layout={layout}
      gridConfig={{ cols, rowHeight: ROW_HEIGHT, margin: [GRID_MARGIN, GRID_MARGIN] }}
      dragConfig={{ enabled: true, handle: '.widget-drag-handle' }}
      resizeConfig={{ enabled: true }}
      onDragStop={(next: Layout) => report(next)}
      onResizeStop={(next: Layout) => report(next)}
    >
      {items.map(({ id, node }) => (
        <div key={id} className="dashboard-grid-item">
          {node}
        </div>
      ))}
    </ReactGridLayout>
  );
}
