import { cloneLayout, correctBounds, getLayoutItem, moveElement, verticalCompactor, type Layout } from 'react-grid-layout/core';
import { GRID, type Breakpoint, type LayoutItem } from './document';

/** A step of arranging a widget from the keyboard: moved by a column or a place, or resized by a column or a row. */
export type ArrangeStep = 'left' | 'right' | 'up' | 'down' | 'wider' | 'narrower' | 'taller' | 'shorter';

/** The fewest rows a widget is high: its title bar and a line of content. */
export const MIN_ROWS = 2;

/** The step an arrow key takes on a widget's title bar: arrows move it, Shift and arrows resize it. */
export function stepOfKey(key: string, shift: boolean): ArrangeStep | undefined {
  const steps: Record<string, [ArrangeStep, ArrangeStep]> = {
    ArrowLeft: ['left', 'narrower'],
    ArrowRight: ['right', 'wider'],
    ArrowUp: ['up', 'shorter'],
    ArrowDown: ['down', 'taller'],
  };
  return steps[key]?.[shift ? 1 : 0];
}

const overlapsColumns = (a: LayoutItem, b: LayoutItem) => a.x < b.x + b.w && b.x < a.x + a.w;

/**
 * A layout after one keyboard step on widget `id`, as the grid would leave it after the same
 * gesture with the mouse: left and right by a column; up and down past the nearest widget above or
 * below in its columns (the two change places); wider, narrower, taller and shorter by a column or
 * a row, within the grid and no smaller than the breakpoint's fewest columns and `MIN_ROWS`. Other
 * widgets make way and the layout is compacted upwards. A step that cannot be taken changes nothing.
 */
export function arrange(items: LayoutItem[], id: string, step: ArrangeStep, breakpoint: Breakpoint): LayoutItem[] {
  const { cols, minW } = GRID[breakpoint];
  // Where the grid shows the widgets: within its columns, compacted upwards.
  const layout = shown(toGrid(items), cols);
  const item = getLayoutItem(layout, id);
  if (!item) return items;
  const own = { id, x: item.x, y: item.y, w: item.w, h: item.h };
  const others = fromGrid(layout).filter((other) => other.id !== id && overlapsColumns(own, other));
  const move = (target: LayoutItem, x: number, y: number) => {
    const moving = getLayoutItem(layout, target.id);
    return moving ? moveElement(layout, moving, x, y, true, false, 'vertical', cols) : layout;
  };
  let next: Layout;
  switch (step) {
    case 'left':
    case 'right': {
      const x = Math.min(cols - item.w, Math.max(0, item.x + (step === 'left' ? -1 : 1)));
      if (x === item.x) return items;
      next = move(own, x, item.y);
      break;
    }
    case 'up': {
      const above = others.filter((other) => other.y < item.y).sort((a, b) => b.y - a.y)[0];
      if (!above) return items;
      next = move(own, item.x, above.y);
      break;
    }
    case 'down': {
      // The widget below comes up in its place, which moves this one below it.
      const below = others.filter((other) => other.y > item.y).sort((a, b) => a.y - b.y)[0];
      if (!below) return items;
      next = move(below, below.x, item.y);
      break;
    }
    default: {
      const w = Math.min(
        cols - item.x,
        Math.max(Math.min(minW, cols), item.w + (step === 'wider' ? 1 : step === 'narrower' ? -1 : 0)),
      );
      const h = Math.max(MIN_ROWS, item.h + (step === 'taller' ? 1 : step === 'shorter' ? -1 : 0));
      if (w === item.w && h === item.h) return items;
      next = layout.map((entry) => (entry.i === id ? { ...entry, w, h } : entry));
    }
  }
  return fromGrid(verticalCompactor.compact(next, cols));
}

/** A layout as the grid places it: within `cols` columns, compacted upwards. */
export function shown(layout: Layout, cols: number): Layout {
  return verticalCompactor.compact(correctBounds(cloneLayout(layout), { cols }), cols);
}

/** A layout of the document in the grid's terms, and back. */
export const toGrid = (items: readonly LayoutItem[]): Layout => items.map(({ id: i, x, y, w, h }) => ({ i, x, y, w, h }));
export const fromGrid = (layout: Layout): LayoutItem[] => layout.map(({ i, x, y, w, h }) => ({ id: i, x, y, w, h }));
