import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/peakValleyTrend.json';
import type { StationChargeDay } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { peakValleyTrend } from '../../widgets/peak-valley-trend';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** The demo's purchase tariff, as the call gives it with each answer. */
const PERIODS: StationChargeDay['periods'] = [
  { startTime: '00:00', endTime: '08:00', period: 'valley', price: 0.32 },
  { startTime: '08:00', endTime: '11:00', period: 'peak', price: 1.12 },
  { startTime: '11:00', endTime: '13:00', period: 'flat', price: 0.68 },
  { startTime: '13:00', endTime: '15:00', period: 'sharp', price: 1.35, months: [7, 8] },
  { startTime: '13:00', endTime: '15:00', period: 'flat', price: 0.68, months: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] },
  { startTime: '15:00', endTime: '18:00', period: 'flat', price: 0.68 },
  { startTime: '18:00', endTime: '21:00', period: 'peak', price: 1.12 },
  { startTime: '21:00', endTime: '24:00', period: 'flat', price: 0.68 },
];
type Flows = [charge: number | null, discharge: number | null];

/** A day's answer of getStationCharge (each day of getStationChargeDays is one): energy (kWh) and revenue by period; November has no sharp hours (null). */
const day = (date: string, peak: Flows, flat: Flows, valley: Flows): StationChargeDay => {
  const entry = (period: 'peak' | 'flat' | 'valley', [charge, discharge]: Flows) => ({
    period,
    charge,
    discharge,
    revenue:
      Math.round(((discharge ?? 0) - (charge ?? 0)) * (period === 'peak' ? 1.12 : period === 'flat' ? 0.68 : 0.32) * 100) / 100,
  });
  const energy = [
    { period: 'sharp' as const, charge: null, discharge: null, revenue: null },
    entry('peak', peak),
    entry('flat', flat),
    entry('valley', valley),
  ];
  const sum = (pick: (e: (typeof energy)[number]) => number | null) =>
    Math.round(energy.reduce((s, e) => s + (pick(e) ?? 0), 0) * 100) / 100;
  const data: StationChargeDay = {
    stationSn: 'T2-ST1',
    chargeType: 'purchase',
    periods: PERIODS,
    day: date,
    energy,
    total: { charge: sum((e) => e.charge), discharge: sum((e) => e.discharge), revenue: sum((e) => e.revenue) },
  };
  return data;
};
/** The answer of the range of days the widget asks for (getStationChargeDays). */
const answered = (...days: StationChargeDay[]): Record<string, SlotState> => ({ days: { status: 'ready', data: days } });

/**
 * This month to the 21st: 1800–1840 kWh charged in each valley and 20 kWh in the flat hours of every
 * third day; 1612.5–1650 kWh discharged in the peaks and 150 kWh in the flat hours.
 */
const MONTH = answered(
  ...Array.from({ length: 21 }, (_, index) => {
    const date = `2026-11-${String(index + 1).padStart(2, '0')}`;
    const n = index + 1;
    return day(date, [0, 1650 - (n % 4) * 12.5], [n % 3 === 0 ? 20 : 0, 150], [1800 + (n % 5) * 10, 0]);
  }),
);

const meta = {
  title: 'Widgets/peakValleyTrend',
  component: WidgetStory,
  args: { definition: peakValleyTrend, config: config({}), data: MONTH, lng: 'zh', theme: 'default' },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Charged this month: valley 38210 kWh, flat 7 × 20 = 140 kWh, peak 0, sharp none; 38350 kWh in all. */
const showsCharge =
  (names: Record<'sharp' | 'peak' | 'flat' | 'valley', string>, list: string, total: string, chart: string, caption: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(caption)).toBeInTheDocument();
    await expect(canvas.getByLabelText(total)).toHaveTextContent('38350.00 kWh');
    const rows = within(canvas.getByRole('list', { name: list }));
    await expect(rows.getByRole('listitem', { name: names.sharp })).toHaveTextContent('-- kWh');
    await expect(rows.getByRole('listitem', { name: names.peak })).toHaveTextContent('0.00 kWh');
    await expect(rows.getByRole('listitem', { name: names.flat })).toHaveTextContent('140.00 kWh');
    await expect(rows.getByRole('listitem', { name: names.valley })).toHaveTextContent('38210.00 kWh');
    await expect(canvas.getByRole('img', { name: chart })).toBeInTheDocument();
  };
const zh = showsCharge(
  { sharp: '尖峰', peak: '峰', flat: '平', valley: '谷' },
  '各时段月度电量',
  '合计',
  '每日分时电量堆叠柱状图',
  '2026-11 · 充电量',
);
const en = showsCharge(
  { sharp: 'Sharp peak', peak: 'Peak', flat: 'Flat', valley: 'Valley' },
  'Energy of each tariff period in the month',
  'Total',
  'Stacked bar chart of the daily energy by tariff period',
  '2026-11 · Charged energy',
);

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** Discharged this month: peak Σ(1650 − (n mod 4) × 12.5) = 34262.5 kWh, flat 21 × 150 = 3150 kWh; 37412.5 kWh in all. */
export const Discharge: Story = {
  args: { lng: 'en', config: config({ flow: 'discharge', numberFix: 1 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Total')).toHaveTextContent('37412.5 kWh');
    await expect(canvas.getByRole('listitem', { name: 'Peak' })).toHaveTextContent('34262.5 kWh');
    await expect(canvas.getByRole('listitem', { name: 'Flat' })).toHaveTextContent('3150.0 kWh');
    await expect(canvas.getByRole('listitem', { name: 'Valley' })).toHaveTextContent('0.0 kWh');
  },
};

/** No samples in the month: 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: answered(day('2026-11-01', [null, null], [null, null], [null, null])) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A station without a purchase tariff answers 404: this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { days: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
