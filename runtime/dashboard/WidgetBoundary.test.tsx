import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../shell/AppProviders';
import { memoryRuntime } from '../shell/memoryRuntime';
import { DashboardGrid } from './DashboardGrid';
import { addWidget, emptyDocument, setWidgetConfig } from './document';
import { createEditorStore } from './editor';
import type { DataNeed } from './needs';
import { DataScheduler, type NeedAnswer } from './scheduler';
import { defineWidget, type WidgetViewProps } from './widget';

interface ChainedConfig {
  [field: string]: unknown;
  name: string;
  chain?: 'DAY' | 'MONTH';
}

const CHAIN = { DAY: { type: 'DAY' }, MONTH: { type: 'MONTH' } } as const;
const figure = (type: string): DataNeed => ({ operationId: 'getStatisticalValue', query: { type } });

/**
 * A figure compared by its chain, read as single data read it before a configuration stored without
 * its chain was given the schema's default: its needs and its view destructure the chain's entry,
 * and throw when the configuration has none.
 */
const chained = defineWidget<ChainedConfig>({
  type: 'chained',
  group: 'data',
  icon: null,
  size: { w: 6, h: 4 },
  needs: (config) => {
    const { type } = CHAIN[config.chain!];
    return { figure: figure(type) };
  },
  View: ({ config, data }: WidgetViewProps<ChainedConfig>) => {
    const { type } = CHAIN[config.chain!];
    const slot = data.figure;
    return <p>{`${config.name}: ${type} ${slot?.status === 'ready' ? String(slot.data) : '…'}`}</p>;
  },
  migrate: (config) => config,
});

/** The dashboard of a widget stored without its chain between two that have one. */
function shown(language: 'en' | 'zh', editing: boolean) {
  const document = emptyDocument('T2-ST1');
  addWidget(document, { id: 'day', type: 'chained', config: { name: 'Today', chain: 'DAY' } }, chained.size);
  addWidget(document, { id: 'broken', type: 'chained', config: { name: 'Stored without a chain' } }, chained.size);
  addWidget(document, { id: 'month', type: 'chained', config: { name: 'This month', chain: 'MONTH' } }, chained.size);
  const store = createEditorStore(document);
  const requests: DataNeed[][] = [];
  const fetchBatch = vi.fn(async (needs: DataNeed[]) => {
    requests.push(needs);
    return needs.map((need) => ({ ok: true, operationId: need.operationId, data: 42 as unknown }) as NeedAnswer);
  });
  const scheduler = new DataScheduler({ fetchBatch, mode: 'coalesced' });
  scheduler.start();
  const onEdit = vi.fn();
  const onRemove = vi.fn();
  render(
    <AppProviders runtime={memoryRuntime(language, 'default')}>
      <DashboardGrid
        store={store}
        definitions={new Map([['chained', chained]])}
        station={{ sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} }}
        scheduler={scheduler}
        editing={editing}
        onLayoutChange={vi.fn()}
        onEdit={onEdit}
        onRemove={onRemove}
        onMove={vi.fn()}
        navigate={vi.fn()}
      />
    </AppProviders>,
  );
  return { store, scheduler, requests, onEdit, onRemove };
}

describe('a widget whose stored configuration its code cannot show fails alone', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  test('it says so in its own frame, with what to do; the others render with their data, refresh after refresh', async () => {
    // React reports the error it caught; the test reads what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { scheduler, requests } = shown('en', false);
    await screen.findByText('Today: DAY 42');
    expect(screen.getByText('This month: MONTH 42')).toBeTruthy();
    const frame = screen.getByRole('region', { name: 'Stored without a chain' });
    const alert = within(frame).getByRole('alert');
    expect(alert.textContent).toBe(
      'This widget cannot be shown with its configuration' + 'Edit the dashboard to configure it again or delete it.',
    );
    // Only the frame of that widget: the others have none. It has nothing to inspect; they do.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(frame).queryByRole('button', { name: /Inspect/ })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Today' })).getByRole('button', { name: /Inspect/ })).toBeTruthy();
    // The scheduler keeps refreshing the others.
    await act(() => scheduler.tick());
    expect(requests.at(-1)).toEqual([figure('DAY'), figure('MONTH')]);
    scheduler.stop();
  });

  test('in Chinese and in edit mode: its Edit and Delete stay, and once edited it shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, scheduler, onEdit, onRemove } = shown('zh', true);
    await screen.findByText('Today: DAY 42');
    const frame = screen.getByRole('region', { name: 'Stored without a chain' });
    expect(within(frame).getByRole('alert').textContent).toBe(
      '此组件无法按其配置显示' + '编辑此组件，选择在本站显示的内容，或将其删除。',
    );
    within(frame)
      .getAllByRole('button', { name: /Stored without a chain/ })
      .forEach((button) => act(() => button.click()));
    expect(onEdit).toHaveBeenCalledWith('broken');
    expect(onRemove).toHaveBeenCalledWith('broken');
    act(() =>
      store.getState().edit((draft) => setWidgetConfig(draft, 'broken', { name: 'Stored without a chain', chain: 'MONTH' })),
    );
    await within(frame).findByText('Stored without a chain: MONTH 42');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    scheduler.stop();
  });
});
