import type { ReactNode } from 'react';
import type { Layout } from 'react-grid-layout/core';

/** Height of a grid row (px). */
export const ROW_HEIGHT = 30;
/** Space between widgets, and around them (px). */
export const GRID_MARGIN = 8;

/** What either grid places (the static one, and the editable one loaded for editing): the layout of the width, and each widget to place, in reading order. */
export interface GridProps {
  width: number;
  cols: number;
  layout: Layout;
  items: { id: string; node: ReactNode }[];
}
