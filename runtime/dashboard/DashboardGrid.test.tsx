import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../shell/AppProviders';
import { memoryRuntime } from '../shell/memoryRuntime';
import { DashboardGrid } from './DashboardGrid';
import { addWidget, emptyDocument, removeWidget, setWidgetConfig } from './document';
import { createEditorStore } from './editor';
import { followOption } from './period';
import { DataScheduler, type NeedsOf } from './scheduler';
import { defineWidget, type DashboardPeriod, type WidgetViewProps } from './widget';

/** How often each widget's view rendered, by widget id. */
const renders = new Map<string, number>();

/** A widget that shows its configured name and counts its renders. */
const counted = defineWidget({
  type: 'counted',
  group: 'data',
  icon: null,
  size: { w: 6, h: 4 },
  needs: () => ({}),
  View: ({ id, config }: WidgetViewProps<{ name?: string }>) => {
    renders.set(id, (renders.get(id) ?? 0) + 1);
    return <p>{`Body of ${config.name ?? ''}`}</p>;
  },
  migrate: (config) => config,
});

function shown() {
  const document = emptyDocument('T2-ST1');
  for (const id of ['a', 'b', 'c']) addWidget(document, { id, type: 'counted', config: { name: `Widget ${id}` } }, counted.size);
  const store = createEditorStore(document);
  const scheduler = new DataScheduler({ fetchBatch: () => Promise.resolve([]), mode: 'coalesced' });
  render(
    <AppProviders runtime={memoryRuntime('en', 'default')}>
      <DashboardGrid
        store={store}
        definitions={new Map([['counted', counted]])}
        station={{ sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} }}
        scheduler={scheduler}
        editing={false}
        onLayoutChange={vi.fn()}
        onEdit={vi.fn()}
        onRemove={vi.fn()}
        onMove={vi.fn()}
        navigate={vi.fn()}
      />
    </AppProviders>,
  );
  return store;
}

describe('the dashboard grid over the editor store', () => {
  afterEach(() => {
    cleanup();
    renders.clear();
  });

  test('a change to one widget renders that widget again, and no other', () => {
    const store = shown();
    expect(screen.getByText('Body of Widget b')).toBeTruthy();
    const before = new Map(renders);
    act(() => store.getState().edit((draft) => setWidgetConfig(draft, 'b', { name: 'Renamed b' })));
    expect(screen.getByText('Body of Renamed b')).toBeTruthy();
    expect(renders.get('b')).toBe((before.get('b') ?? 0) + 1);
    expect(renders.get('a')).toBe(before.get('a'));
    expect(renders.get('c')).toBe(before.get('c'));
  });

  test('undo shows the widget as it was; a removed widget leaves the grid, the others are not rendered again', () => {
    const store = shown();
    act(() => store.getState().edit((draft) => setWidgetConfig(draft, 'a', { name: 'Renamed a' })));
    act(() => store.getState().undo());
    expect(screen.getByText('Body of Widget a')).toBeTruthy();
    const before = new Map(renders);
    act(() => store.getState().edit((draft) => removeWidget(draft, 'c')));
    expect(screen.queryByText('Body of Widget c')).toBeNull();
    expect(renders.get('a')).toBe(before.get('a'));
    expect(renders.get('b')).toBe(before.get('b'));
  });
});

interface DatedConfig {
  [field: string]: unknown;
  interval: 'today' | 'month';
  followPeriod?: boolean;
}

/** A figure of today or this month that follows the dashboard's period: it shows and needs what it is given. */
const dated = defineWidget<DatedConfig>({
  type: 'dated',
  group: 'data',
  icon: null,
  size: { w: 6, h: 4 },
  needs: (config) => ({ figure: { operationId: 'getStatisticalValue', query: { type: config.interval } } }),
  View: ({ id, config, context }: WidgetViewProps<DatedConfig>) => (
    <p>{`${id} shows ${config.interval} (dashboard: ${context.period ?? 'as configured'})`}</p>
  ),
  followPeriod: followOption<DatedConfig, 'interval'>('interval', { day: 'today', month: 'month' }),
  migrate: (config) => config,
});

describe("the dashboard grid with the dashboard's period", () => {
  /** The grid of a widget that follows (f) and one set to keep its own period (k), showing `period`; the needs each registered last. */
  function shownFor(period: DashboardPeriod | undefined) {
    const document = emptyDocument('T2-ST1');
    addWidget(document, { id: 'f', type: 'dated', config: { interval: 'today' } }, dated.size);
    addWidget(document, { id: 'k', type: 'dated', config: { interval: 'today', followPeriod: false } }, dated.size);
    const store = createEditorStore(document);
    const scheduler = new DataScheduler({ fetchBatch: () => Promise.resolve([]), mode: 'coalesced' });
    const needs = new Map<string, NeedsOf>();
    vi.spyOn(scheduler, 'setWidget').mockImplementation((id, needsOf) => void needs.set(id, needsOf));
    const grid = (shown: DashboardPeriod | undefined) => (
      <AppProviders runtime={memoryRuntime('en', 'default')}>
        <DashboardGrid
          store={store}
          definitions={new Map([['dated', dated]])}
          station={{ sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} }}
          period={shown}
          scheduler={scheduler}
          editing={false}
          onLayoutChange={vi.fn()}
          onEdit={vi.fn()}
          onRemove={vi.fn()}
          onMove={vi.fn()}
          navigate={vi.fn()}
        />
      </AppProviders>
    );
    const { rerender } = render(grid(period));
    const asked = (id: string) => needs.get(id)?.(0).figure?.query;
    return { store, asked, show: (next: DashboardPeriod | undefined) => rerender(grid(next)) };
  }

  test('a widget that follows shows and needs the period chosen; one set to keep its own keeps it; the document is unchanged', () => {
    const { store, asked } = shownFor('month');
    expect(screen.getByText('f shows month (dashboard: month)')).toBeTruthy();
    expect(asked('f')).toEqual({ type: 'month' });
    expect(screen.getByText('k shows today (dashboard: month)')).toBeTruthy();
    expect(asked('k')).toEqual({ type: 'today' });
    expect(store.getState().document?.widgets.map((widget) => widget.config.interval)).toEqual(['today', 'today']);
  });

  test('choosing another period, or none, shows and asks for it at once', () => {
    const { asked, show } = shownFor(undefined);
    expect(screen.getByText('f shows today (dashboard: as configured)')).toBeTruthy();
    act(() => show('month'));
    expect(screen.getByText('f shows month (dashboard: month)')).toBeTruthy();
    expect(asked('f')).toEqual({ type: 'month' });
    act(() => show(undefined));
    expect(screen.getByText('f shows today (dashboard: as configured)')).toBeTruthy();
    expect(asked('f')).toEqual({ type: 'today' });
  });
});
