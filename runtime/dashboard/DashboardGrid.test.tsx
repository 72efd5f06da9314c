import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../shell/AppProviders';
import { memoryRuntime } from '../shell/memoryRuntime';
import { DashboardGrid } from './DashboardGrid';
import { addWidget, emptyDocument, removeWidget, setWidgetConfig } from './document';
import { createEditorStore } from './editor';
import { DataScheduler } from './scheduler';
import { defineWidget, type WidgetViewProps } from './widget';

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
