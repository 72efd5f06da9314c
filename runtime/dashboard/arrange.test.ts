import { describe, expect, test } from 'vitest';
import { arrange, MIN_ROWS, stepOfKey } from './arrange';
import { GRID, type LayoutItem } from './document';

/** Two widgets stacked on the left of a tablet's 12 columns, a third beside them. */
const LAYOUT: LayoutItem[] = [
  { id: 'a', x: 0, y: 0, w: 6, h: 2 },
  { id: 'b', x: 0, y: 2, w: 6, h: 4 },
  { id: 'c', x: 6, y: 0, w: 6, h: 3 },
];
const at = (items: LayoutItem[], id: string) => items.find((item) => item.id === id);

/** Whether two widgets of a layout cover a common cell. */
function overlaps(items: LayoutItem[]): boolean {
  return items.some((a, i) =>
    items.slice(i + 1).some((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h),
  );
}

describe('arranging a widget from the keyboard', () => {
  test('arrows move, Shift and arrows resize; other keys do nothing', () => {
    expect(stepOfKey('ArrowLeft', false)).toBe('left');
    expect(stepOfKey('ArrowDown', false)).toBe('down');
    expect(stepOfKey('ArrowRight', true)).toBe('wider');
    expect(stepOfKey('ArrowUp', true)).toBe('shorter');
    expect(stepOfKey('Enter', false)).toBeUndefined();
  });

  test('down: the widget below comes up, this one goes below it', () => {
    const next = arrange(LAYOUT, 'a', 'down', 'tablet');
    expect(at(next, 'b')).toMatchObject({ x: 0, y: 0 });
    expect(at(next, 'a')).toMatchObject({ x: 0, y: 4 });
    expect(at(next, 'c')).toEqual(LAYOUT[2]);
  });

  test('up: the widget goes above the nearest one in its columns', () => {
    const next = arrange(LAYOUT, 'b', 'up', 'tablet');
    expect(at(next, 'b')).toMatchObject({ x: 0, y: 0 });
    expect(at(next, 'a')).toMatchObject({ x: 0, y: 4 });
  });

  test('left and right by one column, never out of the grid', () => {
    expect(at(arrange(LAYOUT, 'c', 'left', 'tablet'), 'c')).toMatchObject({ x: 5 });
    expect(arrange(LAYOUT, 'c', 'right', 'tablet')).toBe(LAYOUT);
    expect(arrange(LAYOUT, 'a', 'left', 'tablet')).toBe(LAYOUT);
  });

  test('wider and taller by one, others make way; never narrower than the fewest columns or lower than the fewest rows', () => {
    const wider = arrange(LAYOUT, 'a', 'wider', 'tablet');
    expect(at(wider, 'a')).toMatchObject({ w: 7, h: 2 });
    expect(overlaps(wider)).toBe(false);
    expect(at(arrange(LAYOUT, 'b', 'taller', 'tablet'), 'b')).toMatchObject({ h: 5 });
    const narrow = [{ id: 'n', x: 0, y: 0, w: GRID.tablet.minW, h: MIN_ROWS }];
    expect(arrange(narrow, 'n', 'narrower', 'tablet')).toBe(narrow);
    expect(arrange(narrow, 'n', 'shorter', 'tablet')).toBe(narrow);
    // Wider stops at the grid's edge.
    expect(arrange(LAYOUT, 'c', 'wider', 'tablet')).toBe(LAYOUT);
  });

  test('every step leaves a layout without overlaps, and an unknown widget changes nothing', () => {
    for (const id of ['a', 'b', 'c'])
      for (const step of ['left', 'right', 'up', 'down', 'wider', 'narrower', 'taller', 'shorter'] as const)
        expect(overlaps(arrange(LAYOUT, id, step, 'tablet')), `${id} ${step}`).toBe(false);
    expect(arrange(LAYOUT, 'x', 'down', 'tablet')).toBe(LAYOUT);
  });
});
