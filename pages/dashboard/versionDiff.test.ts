import { describe, expect, test } from 'vitest';
import type { DashboardDocument, WidgetInstance } from '../../runtime/dashboard';
import { versionDiff } from './versionDiff';

const title = (widget: WidgetInstance) => (typeof widget.config.name === 'string' ? widget.config.name : widget.type);

const document = (
  widgets: WidgetInstance[],
  desktop = widgets.map(({ id }, index) => ({ id, x: index * 6, y: 0, w: 6, h: 4 })),
) =>
  ({
    stationSn: 'T2-ST1',
    version: 1,
    schemaVersion: 2,
    layouts: { desktop, tablet: [], phone: [] },
    widgets,
  }) as DashboardDocument;

const energy: WidgetInstance = { id: 'a', type: 'singleData', config: { name: 'Energy', chainType: 'MONTH' } };
const gauge: WidgetInstance = { id: 'b', type: 'gauge', config: { name: 'SOC', monitorVars: [{ minScale: 0, maxScale: 100 }] } };
const text: WidgetInstance = { id: 'c', type: 'customText', config: { name: 'Notes', value: '<p>Hi</p>' } };

describe('comparing two versions of a dashboard', () => {
  test('the same document, or its configurations with their keys in another order, has no changes', () => {
    const reordered = { ...gauge, config: { monitorVars: [{ maxScale: 100, minScale: 0 }], name: 'SOC' } };
    expect(versionDiff(document([energy, gauge]), document([energy, reordered]), title)).toEqual({
      added: [],
      removed: [],
      changed: [],
    });
  });

  test('widgets only in the later are added, widgets only in the earlier removed, each named by its title', () => {
    expect(versionDiff(document([energy, gauge]), document([energy, text]), title)).toEqual({
      added: [{ id: 'c', title: 'Notes' }],
      removed: [{ id: 'b', title: 'SOC' }],
      changed: [],
    });
  });

  test.each([
    ['a configuration value', energy, { ...energy, config: { ...energy.config, chainType: 'YEAR' } }],
    ['an entry of a list', gauge, { ...gauge, config: { ...gauge.config, monitorVars: [{ minScale: 0, maxScale: 80 }] } }],
    ['a field added', energy, { ...energy, config: { ...energy.config, icon: 'HomeOutlined' } }],
  ])('a widget with %s changed is changed in its configuration', (_what, before, after) => {
    expect(versionDiff(document([before]), document([after]), title).changed).toEqual([
      { id: before.id, title: title(before), configuration: true, place: false },
    ]);
  });

  test('a renamed widget is named by its new title, with the one it had', () => {
    const renamed = { ...energy, config: { ...energy.config, name: 'Monthly energy' } };
    expect(versionDiff(document([energy, gauge]), document([renamed, gauge]), title).changed).toEqual([
      { id: 'a', title: 'Monthly energy', titleBefore: 'Energy', configuration: true, place: false },
    ]);
  });

  test('a widget moved or resized in a layout is changed in its place', () => {
    const earlier = document([energy, gauge]);
    const resized = document(
      [energy, gauge],
      [
        { id: 'a', x: 0, y: 0, w: 6, h: 4 },
        { id: 'b', x: 6, y: 0, w: 8, h: 4 },
      ],
    );
    expect(versionDiff(earlier, resized, title).changed).toEqual([{ id: 'b', title: 'SOC', configuration: false, place: true }]);
    const arrangedOnPhone = { ...earlier, layouts: { ...earlier.layouts, phone: [{ id: 'a', x: 0, y: 0, w: 1, h: 4 }] } };
    expect(versionDiff(earlier, arrangedOnPhone, title).changed).toEqual([
      { id: 'a', title: 'Energy', configuration: false, place: true },
    ]);
  });

  test('a widget of another type under the same id is changed in its configuration', () => {
    expect(versionDiff(document([energy]), document([{ ...energy, type: 'keyData' }]), title).changed).toEqual([
      { id: 'a', title: 'Energy', configuration: true, place: false },
    ]);
  });
});
