import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../shell/AppProviders';
import { memoryRuntime } from '../shell/memoryRuntime';
import { emptyDocument, type WidgetConfig } from './document';
import { createEditorStore } from './editor';
import type { DataNeed } from './needs';
import { DataScheduler, type NeedAnswer } from './scheduler';
import { defineWidget, type DashboardPeriod, type StationContext } from './widget';
import { PREVIEW_DELAY_MS, WidgetConfigDialog } from './WidgetConfigDialog';

const STATION: StationContext = { sn: 'T2-ST1', name: 'Storage', timeZone: 'Asia/Shanghai', fields: {} };

/**
 * A widget type of the given name: the dialog reads its schema by the name. It needs the realtime
 * value of the variable its name says, and shows what arrived for it.
 */
const typed = (type: string) =>
  defineWidget<WidgetConfig & { name?: string }>({
    type,
    group: 'data',
    icon: null,
    size: { w: 6, h: 4 },
    needs: (config) => ({ v: { operationId: 'getRealtimeData', body: { sns: config.name ?? '' } } }),
    View: ({ data }) => <p>{data.v?.status === 'ready' ? `value of ${String(data.v.data)}` : 'waiting'}</p>,
    migrate: (config) => config,
  });

/** A running scheduler whose server answers each need with the variable it asked for. */
function scheduler() {
  const requests: DataNeed[][] = [];
  const fetchBatch = async (needs: DataNeed[]): Promise<NeedAnswer[]> => {
    requests.push(needs);
    // The scheduler hands data on without reading it: the variable's name stands for its value.
    const answer = (data: unknown) => ({ ok: true, operationId: 'getRealtimeData', data }) as NeedAnswer;
    return needs.map((need) => answer((need.body as { sns: string }).sns));
  };
  const running = new DataScheduler({
    fetchBatch,
    intervalMs: 3_600_000,
    visibility: { hidden: () => false, subscribe: () => () => {} },
  });
  running.start();
  return { scheduler: running, requests };
}

/** The app's providers in English, with an API no test here calls. */
function app(children: ReactNode) {
  return <AppProviders runtime={memoryRuntime('en', 'default')}>{children}</AppProviders>;
}

function dialog(
  type: string,
  options: {
    config?: WidgetConfig;
    onCancel?: () => void;
    data?: DataScheduler;
    definition?: ReturnType<typeof typed>;
    period?: DashboardPeriod;
  } = {},
) {
  return render(
    app(
      <WidgetConfigDialog
        definition={options.definition ?? typed(type)}
        title="Figure"
        id="w1"
        config={options.config ?? {}}
        station={STATION}
        period={options.period}
        scheduler={options.data ?? scheduler().scheduler}
        onSave={vi.fn()}
        onCancel={options.onCancel ?? vi.fn()}
      />,
    ),
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, PREVIEW_DELAY_MS + 200));

describe("a widget's configuration dialog", () => {
  test("renders the type's schema, and Save is offered once it has", async () => {
    dialog('singleData');
    expect(await screen.findByRole('dialog', { name: 'module configuration: Figure' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('radio', { name: 'Month on month (vs last month)' })).toBeTruthy();
  });

  test('a schema that cannot be loaded says so instead of spinning, and Save stays off', async () => {
    dialog('noSuchType');
    expect(
      await screen.findByText('The configuration form could not be loaded; close the dialog and open it again.'),
    ).toBeTruthy();
    expect(screen.getByText('no schema for widget noSuchType')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});

describe("the configuration's preview", () => {
  test('shows the widget on the answers the dashboard has, and follows quick changes with one request once they settle', async () => {
    const { scheduler: data, requests } = scheduler();
    // The dashboard's own widget, answered already.
    data.setWidget(
      'w1',
      () => ({ v: { operationId: 'getRealtimeData', body: { sns: 'SOC' } } }),
      () => {},
    );
    await waitFor(() => expect(requests).toHaveLength(1));
    dialog('trend', { config: { name: 'SOC' }, data });
    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeTruthy();
    expect(await screen.findByText('value of SOC')).toBeTruthy();
    expect(requests).toHaveLength(1);
    const name = screen.getByRole('textbox', { name: 'Name' });
    for (const typed of ['P', 'PV', 'PV1']) fireEvent.input(name, { target: { value: typed } });
    await settle();
    expect(await screen.findByText('value of PV1')).toBeTruthy();
    expect(requests.slice(1)).toEqual([[{ operationId: 'getRealtimeData', body: { sns: 'PV1' } }]]);
  });

  test('a configuration the form refuses leaves the last valid preview, with a note', async () => {
    dialog('trend', { config: { name: 'SOC' } });
    expect(await screen.findByText('value of SOC')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'x'.repeat(51) } });
    await settle();
    expect(screen.getByText('The form has errors: the preview shows the last valid configuration.')).toBeTruthy();
    expect(screen.getByText('value of SOC')).toBeTruthy();
  });

  test('Cancel leaves the dashboard as it was, and the preview leaves the scheduler when the dialog closes', async () => {
    const { scheduler: data } = scheduler();
    data.setWidget(
      'w1',
      () => ({ v: { operationId: 'getRealtimeData', body: { sns: 'SOC' } } }),
      () => {},
    );
    const store = createEditorStore({
      ...emptyDocument('T2-ST1'),
      widgets: [{ id: 'w1', type: 'trend', config: { name: 'SOC' } }],
    });
    const before = store.getState().document;
    const onCancel = vi.fn();
    const { unmount } = dialog('trend', { config: { name: 'SOC' }, data, onCancel });
    expect(await screen.findByText('value of SOC')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'PV1' } });
    await settle();
    expect(await screen.findByText('value of PV1')).toBeTruthy();
    expect(data.slotsOf('preview:w1')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
    expect(store.getState().document).toBe(before);
    // The dashboard's widget keeps its own answers.
    expect(data.slotsOf('w1')).toEqual({ v: { status: 'ready', data: 'SOC' } });
    act(() => unmount());
    expect(data.slotsOf('preview:w1')).toBeUndefined();
  });

  test("the preview shows the widget as the dashboard's period makes it, saying so, until the widget keeps its own", async () => {
    // A type whose figure follows the dashboard's period: the variable of the period's figure.
    const following = {
      ...typed('trend'),
      followPeriod: (config: WidgetConfig, period: DashboardPeriod) => ({
        ...config,
        name: `${String(config.name)} of ${period}`,
      }),
    };
    const { scheduler: data, requests } = scheduler();
    dialog('trend', { config: { name: 'SOC' }, data, definition: following, period: 'month' });
    expect(await screen.findByText('value of SOC of month')).toBeTruthy();
    expect(screen.getByText('As the dashboard shows it, for its period: This month.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: "Follow the dashboard's period" }));
    await settle();
    expect(await screen.findByText('value of SOC')).toBeTruthy();
    expect(screen.queryByText('As the dashboard shows it, for its period: This month.')).toBeNull();
    expect(requests.map((needs) => needs.map((need) => need.body))).toEqual([[{ sns: 'SOC of month' }], [{ sns: 'SOC' }]]);
  });
});
