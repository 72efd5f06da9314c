import { describe, expect, test } from 'vitest';
import {
  addWidget,
  BREAKPOINTS,
  breakpointOf,
  deriveLayout,
  emptyDocument,
  GRID,
  isArranged,
  layoutFor,
  type Breakpoint,
  type DashboardDocument,
  type LayoutItem,
} from './document';

/** Two items overlap when their rectangles share a cell. */
const overlaps = (a: LayoutItem, b: LayoutItem) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const noOverlaps = (items: LayoutItem[]) => items.every((a, i) => items.slice(i + 1).every((b) => !overlaps(a, b)));
const readingOrder = (items: LayoutItem[]) => [...items].sort((a, b) => a.y - b.y || a.x - b.x).map((item) => item.id);

/** A desktop layout as the demo dashboards have: three status tiles, two wide charts, a tall list, and more below. */
const DESKTOP: LayoutItem[] = [
  { id: 'comm', x: 0, y: 0, w: 4, h: 4 },
  { id: 'alarm', x: 4, y: 0, w: 4, h: 4 },
  { id: 'fault', x: 8, y: 0, w: 4, h: 4 },
  { id: 'key', x: 12, y: 0, w: 12, h: 4 },
  { id: 'trend', x: 0, y: 4, w: 12, h: 10 },
  { id: 'gauge', x: 12, y: 4, w: 8, h: 10 },
  { id: 'list', x: 20, y: 4, w: 4, h: 10 },
  { id: 'map', x: 0, y: 14, w: 24, h: 10 },
];

describe('layouts at every width', () => {
  test.each([
    [1920 - 300, 'desktop'],
    [1200, 'desktop'],
    [1140, 'tablet'],
    [660, 'tablet'],
    [600, 'tablet'],
    [360, 'phone'],
  ] as const)('a grid %i px wide shows the %s layout', (width, breakpoint) => {
    expect(breakpointOf(width)).toBe(breakpoint);
  });

  test.each(['tablet', 'phone'] as const)(
    'derived for the %s: reading order kept, no overlaps, within the columns',
    (breakpoint) => {
      const derived = deriveLayout(DESKTOP, 'desktop', breakpoint);
      const { cols, minW } = GRID[breakpoint];
      expect(readingOrder(derived)).toEqual(readingOrder(DESKTOP));
      expect(noOverlaps(derived)).toBe(true);
      expect(derived.every((item) => item.x >= 0 && item.x + item.w <= cols && item.w >= Math.min(minW, cols))).toBe(true);
      // Heights are the widgets' own.
      expect(derived.map((item) => item.h)).toEqual(DESKTOP.map((item) => item.h));
    },
  );

  test('on the tablet, widths scale to 12 columns (no narrower than 3), rows flow without gaps', () => {
    expect(deriveLayout(DESKTOP, 'desktop', 'tablet')).toEqual([
      { id: 'comm', x: 0, y: 0, w: 3, h: 4 },
      { id: 'alarm', x: 3, y: 0, w: 3, h: 4 },
      { id: 'fault', x: 6, y: 0, w: 3, h: 4 },
      { id: 'key', x: 0, y: 4, w: 6, h: 4 },
      { id: 'trend', x: 6, y: 4, w: 6, h: 10 },
      { id: 'gauge', x: 0, y: 14, w: 4, h: 10 },
      { id: 'list', x: 4, y: 14, w: 3, h: 10 },
      { id: 'map', x: 0, y: 24, w: 12, h: 10 },
    ]);
  });

  test.each([
    [1140, 3],
    [744, 4],
    [620, 5],
  ])('a tablet grid %i px wide draws a derived widget at least %i columns wide (240 px)', (width, fewest) => {
    const document = { widgets: DESKTOP.map((item) => ({ id: item.id, type: 'any' })), layouts: { desktop: DESKTOP } };
    const tablet = layoutFor(document, 'tablet', () => ({ w: 6, h: 6 }), width);
    expect(Math.min(...tablet.map((item) => item.w))).toBe(fewest);
    expect((Math.min(...tablet.map((item) => item.w)) * width) / 12).toBeGreaterThanOrEqual(240);
  });

  test('on the phone, one column in reading order', () => {
    const phone = deriveLayout(DESKTOP, 'desktop', 'phone');
    expect(phone.every((item) => item.x === 0 && item.w === 1)).toBe(true);
    expect(phone.map((item) => item.y)).toEqual([0, 4, 8, 12, 16, 26, 36, 46]);
  });

  test.each(BREAKPOINTS.flatMap((from) => BREAKPOINTS.map((to) => [from, to] as const)))(
    'deriving from %s for %s and deriving that again changes nothing (idempotent)',
    (from: Breakpoint, to: Breakpoint) => {
      const once = deriveLayout(from === 'desktop' ? DESKTOP : deriveLayout(DESKTOP, 'desktop', from), from, to);
      expect(deriveLayout(once, to, to)).toEqual(once);
    },
  );

  const documentWith = (layouts: DashboardDocument['layouts']): DashboardDocument => ({
    ...emptyDocument('T2-ST1'),
    layouts,
    widgets: DESKTOP.map((item) => ({ id: item.id, type: 'any', config: {} })),
  });
  const sizeOf = () => ({ w: 6, h: 6 });

  test('a breakpoint without a layout of its own shows one derived from the nearest arranged', () => {
    const desktopOnly = documentWith({ desktop: DESKTOP, tablet: [], phone: [] });
    expect(layoutFor(desktopOnly, 'desktop', sizeOf)).toEqual(DESKTOP);
    expect(layoutFor(desktopOnly, 'tablet', sizeOf)).toEqual(deriveLayout(DESKTOP, 'desktop', 'tablet'));
    const tablet = deriveLayout(DESKTOP, 'desktop', 'tablet').map((item) => (item.id === 'map' ? { ...item, h: 6 } : item));
    const tabletOnly = documentWith({ desktop: [], tablet, phone: [] });
    expect(layoutFor(tabletOnly, 'tablet', sizeOf)).toEqual(tablet);
    expect(layoutFor(tabletOnly, 'phone', sizeOf).find((item) => item.id === 'map')?.h).toBe(6);
    expect(layoutFor(tabletOnly, 'desktop', sizeOf)).toEqual(deriveLayout(tablet, 'tablet', 'desktop'));
  });

  test('a widget is added to the arranged layouts only; the derived ones place it as the others', () => {
    const document = structuredClone(documentWith({ desktop: DESKTOP, tablet: [], phone: [] }));
    addWidget(document, { id: 'new', type: 'any', config: {} }, { w: 8, h: 6 });
    expect(document.layouts.desktop?.at(-1)).toEqual({ id: 'new', x: 0, y: 24, w: 8, h: 6 });
    expect(isArranged(document.layouts, 'tablet')).toBe(false);
    expect(layoutFor(document, 'tablet', sizeOf).at(-1)).toMatchObject({ id: 'new', w: 4, h: 6 });
    const empty = structuredClone(emptyDocument('T2-ST1'));
    addWidget(empty, { id: 'first', type: 'any', config: {} }, { w: 8, h: 6 });
    expect(empty.layouts).toEqual({ desktop: [{ id: 'first', x: 0, y: 0, w: 8, h: 6 }], tablet: [], phone: [] });
  });
});
