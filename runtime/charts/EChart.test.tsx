import { render, waitFor } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { i18nFor } from '../i18n/i18n';
import { EChart, type ChartHost } from './EChart';
import type { ChartOption } from './option';
import { heldTasks } from './tasks.testing';

const bars = (data: number[]): ChartOption => ({
  xAxis: { type: 'category', data: data.map(String) },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', name: 'Energy', data }],
});

function Frame({ dark = false, lng = 'en', children }: { dark?: boolean; lng?: 'en' | 'zh'; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18nFor(lng)}>
      <ConfigProvider theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }}>{children}</ConfigProvider>
    </I18nextProvider>
  );
}

const hostOf = (view: ReturnType<typeof render>, name: string) => view.getByRole('img', { name }) as ChartHost;
const drawn = (host: ChartHost) => (host.chart?.getOption() as { series: { data: unknown[] }[] } | undefined)?.series[0]?.data;

describe('a chart', () => {
  // The chart chunk's first import in jsdom took over the second a `waitFor` allows on a busy machine.
  beforeAll(() => import('./echarts'));

  test('draws its option, and each new option in the same chart', async () => {
    const view = render(
      <Frame>
        <EChart option={bars([1, 2])} label="Energy by day" height={200} />
      </Frame>,
    );
    const host = hostOf(view, 'Energy by day');
    await waitFor(() => expect(drawn(host)).toEqual([1, 2]));
    const first = host.chart;
    view.rerender(
      <Frame>
        <EChart option={bars([3, 4, 5])} label="Energy by day" height={200} />
      </Frame>,
    );
    expect(drawn(host)).toEqual([3, 4, 5]);
    expect(host.chart).toBe(first);
  });

  test('a new option that comes with a new size of its box is drawn at that size', async () => {
    const view = render(
      <Frame>
        <EChart option={bars([1])} label="Energy" height={200} />
      </Frame>,
    );
    const host = hostOf(view, 'Energy');
    await waitFor(() => expect(host.chart).toBeDefined());
    // jsdom lays nothing out: the size a browser gives the box when a legend above it takes a line more.
    Object.defineProperty(host, 'clientWidth', { configurable: true, value: 600 });
    Object.defineProperty(host, 'clientHeight', { configurable: true, value: 180 });
    view.rerender(
      <Frame>
        <EChart option={bars([1, 2])} label="Energy" height={200} />
      </Frame>,
    );
    expect(drawn(host)).toEqual([1, 2]);
    expect([host.chart?.getWidth(), host.chart?.getHeight()]).toEqual([600, 180]);
  });

  test('the dark theme re-themes the same chart at once; another language makes it anew', async () => {
    const option = bars([1]);
    const view = render(
      <Frame>
        <EChart option={option} label="Energy" />
      </Frame>,
    );
    const host = hostOf(view, 'Energy');
    await waitFor(() => expect(host.chart).toBeDefined());
    const light = host.chart;
    const textColor = () => (host.chart?.getOption() as { textStyle?: { color?: string } }).textStyle?.color;
    const before = textColor();
    view.rerender(
      <Frame dark>
        <EChart option={option} label="Energy" />
      </Frame>,
    );
    expect(host.chart).toBe(light);
    expect(textColor()).not.toBe(before);
    view.rerender(
      <Frame dark lng="zh">
        <EChart option={option} label="Energy" />
      </Frame>,
    );
    await waitFor(() => expect(host.chart).not.toBe(light));
    expect(light?.isDisposed()).toBe(true);
    expect(drawn(host)).toEqual([1]);
  });

  test('a chart taken off the screen is disposed', async () => {
    const view = render(
      <Frame>
        <EChart option={bars([1])} label="Energy" />
      </Frame>,
    );
    const host = hostOf(view, 'Energy');
    await waitFor(() => expect(host.chart).toBeDefined());
    const chart = host.chart;
    view.unmount();
    expect(chart?.isDisposed()).toBe(true);
  });

  describe('charts shown together', () => {
    afterEach(() => vi.unstubAllGlobals());

    test('are drawn in a task after the one that mounted them, not in it', async () => {
      const tasks = heldTasks();
      const view = render(
        <Frame>
          {[1, 2, 3].map((n) => (
            <EChart key={n} option={bars([n])} label={`Chart ${n}`} height={100} />
          ))}
        </Frame>,
      );
      const hosts = [1, 2, 3].map((n) => hostOf(view, `Chart ${n}`));
      const drawnCount = () => hosts.filter((host) => host.chart).length;
      await waitFor(() => expect(tasks.length).toBeGreaterThan(0));
      expect(drawnCount()).toBe(0);
      // However many tasks the charts take (charts drawn in jsdom are slow), each is drawn after the mounting one.
      await waitFor(() => {
        tasks.shift()?.();
        expect(drawnCount()).toBe(3);
      });
      expect(hosts.map(drawn)).toEqual([[1], [2], [3]]);
    });
  });
});
