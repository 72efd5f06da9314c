import { render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, test } from 'vitest';
import type { ChartHost } from '../../runtime/dashboard';
import { i18nFor } from '../../runtime/i18n/i18n';
import { DailyQualityCard, type MonthlyQuality } from './DailyQualityCard';

const day = (date: string, max: number | null, min: number | null) => ({ day: date, max, min, avg: null });
const report: MonthlyQuality[] = [
  { sn: 'M.power', name: 'Active power', unit: 'kW', max: 90, min: 10, avg: 50, days: [day('2026-11-01', 90, 10)] },
  {
    sn: 'M.frequency',
    name: 'Frequency',
    code: 'frequency',
    unit: 'Hz',
    max: 50.3,
    min: 49.9,
    avg: 50,
    lower: 49.8,
    upper: 50.2,
    exceededDays: 1,
    days: [day('2026-11-01', 50.1, 49.9), day('2026-11-02', 50.3, 49.95)],
  },
];

type Drawn = {
  legend: { bottom: number }[];
  series: { name: string; markLine?: { data: { yAxis: number }[] }; markArea?: { data: unknown[] } }[];
};

test('the first measurement with limits is drawn day by day, its band and limits on the chart the screen reader names', async () => {
  const view = render(
    <I18nextProvider i18n={i18nFor('en')}>
      <DailyQualityCard report={report} />
    </I18nextProvider>,
  );
  const host = view.getByRole('img', { name: 'Frequency day by day' }) as ChartHost;
  await waitFor(() => expect(host.chart).toBeDefined());
  const drawn = host.chart?.getOption() as unknown as Drawn;
  expect(drawn.series.map((series) => series.name)).toEqual(['Highest', 'Lowest']);
  expect(drawn.series[0]?.markLine?.data.map((line) => line.yAxis)).toEqual([50.2, 49.8]);
  expect(drawn.series[0]?.markArea?.data).toHaveLength(1);
  expect(drawn.legend).toEqual([expect.objectContaining({ bottom: 0 })]);
  // The table under the chart is still there, judging each day against the band.
  expect(view.getAllByText('Within limits')).toHaveLength(1);
  expect(view.getAllByText('Out of limits')).toHaveLength(1);
  // The days scroll in a region a keyboard reaches (WCAG 2.1.1), named after the measurement.
  expect(view.getByRole('region', { name: 'Frequency by day' }).tabIndex).toBe(0);
});
