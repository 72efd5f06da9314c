import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, test, vi } from 'vitest';
import { fakeVisibility } from '../api/visibility.testing';
import { i18nFor } from '../i18n/i18n';
import type { DataNeed, SlotState } from './needs';
import { DataScheduler, type NeedAnswer } from './scheduler';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

const status: DataNeed = { operationId: 'getStationStatusDetail', params: { stationSn: 'S1' } };

test("a widget's first render, before its needs are registered, shows it loading, not answered with nothing", async () => {
  let answer: (answers: NeedAnswer[]) => void = () => undefined;
  const scheduler = new DataScheduler({
    fetchBatch: () => new Promise<NeedAnswer[]>((resolve) => (answer = resolve)),
    visibility: fakeVisibility(),
  });
  scheduler.start();
  const needsOf = () => ({ detail: status });
  const renders: Record<string, SlotState>[] = [];
  function Widget() {
    const slots = useWidgetData(scheduler, 'devices', needsOf);
    renders.push(slots);
    return <WidgetStatus data={slots}>{() => 'the devices'}</WidgetStatus>;
  }
  const view = render(
    <I18nextProvider i18n={i18nFor('en')}>
      <Widget />
    </I18nextProvider>,
  );
  expect(renders[0]).toEqual({ detail: { status: 'loading' } });
  expect(view.getByRole('status', { name: 'Loading' })).toBeDefined();
  await vi.waitFor(() => expect(scheduler.stats.requests).toBe(1));
  await act(async () => answer([{ ok: true, operationId: status.operationId, data: [] } as NeedAnswer]));
  await vi.waitFor(() => expect(view.getByText('the devices')).toBeDefined());
  expect(renders.some((slots) => Object.keys(slots).length === 0)).toBe(false);
  scheduler.stop();
});
