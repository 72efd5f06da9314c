import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/peakValleyProportion.json';
import type { StationChargeDay } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { peakValleyProportion } from '../../widgets/peak-valley-proportion';
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

/** Today until 14:30: charged through the valley, discharged in the morning peak. */
const TODAY = answered(day('2026-11-21', [0, 812.4], [36.8, 96.3], [1840.25, 0]));
/** This month to the 21st: 1800–1840 kWh charged in each valley, 20 kWh topped up in the flat hours of every third day. */
const MONTH = answered(
  ...Array.from({ length: 21 }, (_, index) => {
    const date = `2026-11-${String(index + 1).padStart(2, '0')}`;
    const valley = 1800 + ((index + 1) % 5) * 10;
    return day(date, [0, 1650], [(index + 1) % 3 === 0 ? 20 : 0, 150], [valley, 0]);
  }),
);

const meta = {
  title: 'Widgets/peakValleyProportion',
  component: WidgetStory,
  args: { definition: peakValleyProportion, config: config({}), data: TODAY, lng: 'zh', theme: 'default' },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Charged today: 36.8 + 1840.25 = 1877.05 kWh; flat 36.8 / 1877.05 = 1.96 %, valley 98.04 %, peak 0, sharp none. */
const showsCharge =
  (names: Record<'sharp' | 'peak' | 'flat' | 'valley', string>, list: string, total: string, chart: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(total)).toHaveTextContent('1877.05 kWh');
    const rows = within(canvas.getByRole('list', { name: list }));
    await expect(rows.getByRole('listitem', { name: names.sharp })).toHaveTextContent('-- kWh--%');
    await expect(rows.getByRole('listitem', { name: names.peak })).toHaveTextContent('0.00 kWh0.00%');
    await expect(rows.getByRole('listitem', { name: names.flat })).toHaveTextContent('36.80 kWh1.96%');
    await expect(rows.getByRole('listitem', { name: names.valley })).toHaveTextContent('1840.25 kWh98.04%');
    await expect(canvas.getByRole('img', { name: chart })).toBeInTheDocument();
  };
const zh = showsCharge({ sharp: '尖峰', peak: '峰', flat: '平', valley: '谷' }, '各时段电量与占比', '合计', '分时电量占比环形图');
const en = showsCharge(
  { sharp: 'Sharp peak', peak: 'Peak', flat: 'Flat', valley: 'Valley' },
  'Energy and share of each tariff period',
  'Total',
  'Ring chart of the energy by tariff period',
);

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** Discharged today: 812.4 + 96.3 = 908.7 kWh; peak 89.40 %, flat 10.60 %. */
export const Discharge: Story = {
  args: { lng: 'en', config: config({ flow: 'discharge' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Today · Discharged energy')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Total')).toHaveTextContent('908.70 kWh');
    await expect(canvas.getByRole('listitem', { name: 'Peak' })).toHaveTextContent('812.40 kWh89.40%');
    await expect(canvas.getByRole('listitem', { name: 'Flat' })).toHaveTextContent('96.30 kWh10.60%');
  },
};

/** This month: valley 38210 kWh (99.63 %), flat 7 × 20 = 140 kWh (0.37 %), in all 38350 kWh. */
export const ThisMonth: Story = {
  args: { lng: 'en', config: config({ period: 'month', numberFix: 1 }), data: MONTH },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This month · Charged energy')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Total')).toHaveTextContent('38350.0 kWh');
    await expect(canvas.getByRole('listitem', { name: 'Valley' })).toHaveTextContent('38210.0 kWh99.6%');
    await expect(canvas.getByRole('listitem', { name: 'Flat' })).toHaveTextContent('140.0 kWh0.4%');
  },
};

/** No samples today: 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: answered(day('2026-11-21', [null, null], [null, null], [null, null])) },
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
