import { describe, expect, test } from 'vitest';
import {
  addWidget,
  BREAKPOINTS,
  breakpointOf,
  oneArrangement,
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
    [1920 - 288, 1920, 'desktop'],
    [1920, 1920, 'desktop'],
    [1440 - 303, 1440, 'desktop'],
    [1366 - 303, 1366, 'desktop'],
    [1024 - 303, 1024, 'desktop'],
    // A tablet's grid without the menu is wider than a 1024 px screen's beside it: the screen decides.
    [768 - 24, 768, 'tablet'],
    [640, 1440, 'desktop'],
    [560, 1440, 'phone'],
    [600, 660, 'tablet'],
    [366, 390, 'phone'],
  ] as const)('a grid %i px wide on a screen %i px wide shows the %s layout', (width, screen, breakpoint) => {
    expect(breakpointOf(width, screen)).toBe(breakpoint);
  });

  test('a document of an earlier version keeps its desktop arrangement, and drops the tablet layout a laptop arranged by the way', () => {
    const tablet = [{ id: 'comm', x: 6, y: 0, w: 6, h: 4 }];
    const phone = [{ id: 'comm', x: 0, y: 0, w: 1, h: 4 }];
    expect(oneArrangement({ desktop: DESKTOP, tablet, phone }, 2)).toEqual({ desktop: DESKTOP, tablet: [], phone });
    // Arranged only on the tablet's 12 columns: the same places on 24.
    expect(oneArrangement({ desktop: [], tablet, phone: [] }, 2)).toEqual({
      desktop: [{ id: 'comm', x: 12, y: 0, w: 12, h: 4 }],
      tablet: [],
      phone: [],
    });
    // The current version's own layouts of a width stay.
    expect(oneArrangement({ desktop: DESKTOP, tablet, phone }, 3)).toEqual({ desktop: DESKTOP, tablet, phone });
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
