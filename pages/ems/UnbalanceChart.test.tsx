import { render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, test } from 'vitest';
import type { ChartHost } from '../../runtime/dashboard';
import { i18nFor } from '../../runtime/i18n/i18n';
import { UnbalanceChart } from './UnbalanceChart';

type Drawn = { series: { name: string; markLine?: { data: { yAxis: number; name: string }[] } }[] };

test('the two unbalances are drawn, each with its limit labelled with its value, on the chart the screen reader names', async () => {
  const view = render(
    <I18nextProvider i18n={i18nFor('en')}>
      <UnbalanceChart
        points={[{ time: '00:00', voltageUnbalance: 1.68, currentUnbalance: 14.29 }]}
        limits={{ voltageUnbalance: 2, currentUnbalance: 15 }}
      />
    </I18nextProvider>,
  );
  const host = view.getByRole('img', { name: 'Unbalance over the period' }) as ChartHost;
  await waitFor(() => expect(host.chart).toBeDefined());
  const drawn = host.chart?.getOption() as unknown as Drawn;
  expect(drawn.series.map((series) => [series.name, series.markLine?.data.map(({ yAxis, name }) => [yAxis, name])])).toEqual([
    ['Voltage unbalance', [[2, 'Voltage limit 2 %']]],
    ['Current unbalance', [[15, 'Current limit 15 %']]],
  ]);
});
