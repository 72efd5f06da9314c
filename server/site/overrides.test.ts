import { describe, expect, test } from 'vitest';
import { applyOverrides, conflictsOf, NO_OVERRIDES, overrideCount, overridesOf, type Placed, type Widget } from './overrides';
import type { DashboardContent } from './roles';

const widget = (id: string, name = id): Widget => ({ id, type: 'customText', config: { name } });
const place = (id: string, x: number, y = 0, w = 6, h = 4): Placed => ({ id, x, y, w, h });
const dashboard = (widgets: Widget[], desktop: Placed[], phone: Placed[] = []): DashboardContent => ({
  schemaVersion: 2,
  layouts: { desktop, tablet: [], phone },
  widgets,
});

/** The template as a station takes it: three widgets side by side. */
const TEMPLATE = dashboard([widget('a'), widget('b'), widget('c')], [place('a', 0), place('b', 6), place('c', 12)]);

describe('a station’s dashboard as its template with its overrides', () => {
  test.each<[string, DashboardContent, Partial<typeof NO_OVERRIDES>]>([
    ['unchanged', TEMPLATE, {}],
    [
      'a widget added',
      dashboard(
        [...(TEMPLATE.widgets as Widget[]), widget('mine')],
        [...(TEMPLATE.layouts.desktop as Placed[]), place('mine', 0, 4)],
      ),
      { added: [widget('mine')], placed: { desktop: [place('mine', 0, 4)] } },
    ],
    ['a widget removed', dashboard([widget('a'), widget('c')], [place('a', 0), place('c', 12)]), { removed: ['b'] }],
    [
      'a widget moved and resized',
      dashboard(TEMPLATE.widgets as Widget[], [place('a', 0), place('b', 6, 8, 12, 6), place('c', 12)]),
      { placed: { desktop: [place('b', 6, 8, 12, 6)] } },
    ],
    [
      'a widget reconfigured',
      dashboard([widget('a'), widget('b', 'Mine'), widget('c')], TEMPLATE.layouts.desktop as Placed[]),
      { changed: { b: widget('b', 'Mine') } },
    ],
    [
      'a phone layout of its own',
      dashboard(TEMPLATE.widgets as Widget[], TEMPLATE.layouts.desktop as Placed[], [place('a', 0, 0, 4, 4)]),
      { placed: { phone: [place('a', 0, 0, 4, 4)] } },
    ],
  ])('%s: stored as overrides, and the template with them gives it back', (_, effective, expected) => {
    const overrides = overridesOf(TEMPLATE, effective);
    expect(overrides).toEqual({ ...NO_OVERRIDES, ...expected });
    expect(applyOverrides(TEMPLATE, overrides)).toEqual(effective);
  });

  test('overrides are counted as the things changed: a widget added and placed counts once', () => {
    const effective = dashboard(
      [widget('a', 'Mine'), widget('c'), widget('mine')],
      [place('a', 0), place('c', 0, 8), place('mine', 6)],
    );
    // a reconfigured, b removed, c moved, mine added.
    expect(overrideCount(overridesOf(TEMPLATE, effective))).toBe(4);
  });

  test('a new template version under the overrides: its changes come through, the station’s stay', () => {
    const overrides = overridesOf(
      TEMPLATE,
      dashboard([widget('a', 'Mine'), widget('c'), widget('mine')], [place('a', 0), place('c', 12), place('mine', 0, 4)]),
    );
    // The new version renames c, adds d and drops nothing.
    const next = dashboard(
      [widget('a'), widget('b'), widget('c', 'New c'), widget('d')],
      [place('a', 0), place('b', 6), place('c', 12), place('d', 18)],
    );
    expect(applyOverrides(next, overrides)).toEqual(
      dashboard(
        [widget('a', 'Mine'), widget('c', 'New c'), widget('d'), widget('mine')],
        [place('a', 0), place('c', 12), place('d', 18), place('mine', 0, 4)],
      ),
    );
  });

  test.each<[string, DashboardContent, DashboardContent, ReturnType<typeof conflictsOf>]>([
    [
      'reconfigured on both sides',
      dashboard([widget('a'), widget('b', 'Mine'), widget('c')], TEMPLATE.layouts.desktop as Placed[]),
      dashboard([widget('a'), widget('b', 'Theirs'), widget('c')], TEMPLATE.layouts.desktop as Placed[]),
      [{ widgetId: 'b', station: 'changed', template: 'changed' }],
    ],
    [
      'reconfigured here, removed there',
      dashboard([widget('a'), widget('b', 'Mine'), widget('c')], TEMPLATE.layouts.desktop as Placed[]),
      dashboard([widget('a'), widget('c')], [place('a', 0), place('c', 12)]),
      [{ widgetId: 'b', station: 'changed', template: 'removed' }],
    ],
    [
      'removed here, reconfigured there',
      dashboard([widget('a'), widget('c')], [place('a', 0), place('c', 12)]),
      dashboard([widget('a'), widget('b', 'Theirs'), widget('c')], TEMPLATE.layouts.desktop as Placed[]),
      [{ widgetId: 'b', station: 'removed', template: 'changed' }],
    ],
    [
      'moved on both sides',
      dashboard(TEMPLATE.widgets as Widget[], [place('a', 0), place('b', 6, 8), place('c', 12)]),
      dashboard(TEMPLATE.widgets as Widget[], [place('a', 0), place('b', 18), place('c', 12)]),
      [{ widgetId: 'b', station: 'placed', template: 'placed' }],
    ],
    [
      'changed on different widgets: no conflict',
      dashboard([widget('a', 'Mine'), widget('b'), widget('c')], TEMPLATE.layouts.desktop as Placed[]),
      dashboard([widget('a'), widget('b', 'Theirs'), widget('c')], TEMPLATE.layouts.desktop as Placed[]),
      [],
    ],
  ])('%s', (_, effective, next, conflicts) => {
    expect(conflictsOf(TEMPLATE, next, overridesOf(TEMPLATE, effective))).toEqual(conflicts);
  });
});
