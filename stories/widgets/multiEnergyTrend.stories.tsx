import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/multiEnergyTrend.json';
import type { LabelTrend } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { multiEnergyTrend } from '../../widgets/multi-energy-trend';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const DAYS = Array.from({ length: 30 }, (_, day) => `11-${String(day + 1).padStart(2, '0')}`);
const LATER = Array<null>(9).fill(null);

/** getSomeLabelTrendDatas of this month: each label's energy per day to the 21st (days to come null). */
const trend = (labelId: number, name: string, value: number | null, datas: (number | null)[]): LabelTrend => ({
  labelId,
  name,
  unit: 'kWh',
  value,
  datas,
  time_keys: DAYS,
});
/** Loads lighter at weekends (Sundays 1, 8, 15; Saturdays 7, 14, 21); charging 1800–1840 kWh each night. */
const LOAD = Array.from({ length: 21 }, (_, index) => {
  const n = index + 1;
  return 2400 + (n % 7) * 35.5 - (n % 7 === 0 || n % 7 === 1 ? 600 : 0);
});
const CHARGE = Array.from({ length: 21 }, (_, index) => 1800 + ((index + 1) % 5) * 10);
const MONTH: SlotState = {
  status: 'ready',
  data: [trend(13, '负荷用电', 49036.5, [...LOAD, ...LATER]), trend(15, '储能充电', 38210, [...CHARGE, ...LATER])],
};

const meta = {
  title: 'Widgets/multiEnergyTrend',
  component: WidgetStory,
  args: {
    definition: multiEnergyTrend,
    config: config({ labelIds: [13, 15] }),
    data: { trends: MONTH },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsLines =
  (texts: { period: string; list: string; chart: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(texts.period)).toBeInTheDocument();
    const rows = within(canvas.getByRole('list', { name: texts.list }));
    await expect(rows.getByRole('listitem', { name: '负荷用电' })).toHaveTextContent('49036.50 kWh');
    await expect(rows.getByRole('listitem', { name: '储能充电' })).toHaveTextContent('38210.00 kWh');
    await expect(canvas.getByRole('img', { name: texts.chart })).toBeInTheDocument();
  };
const zh = showsLines({ period: '本月（按日）', list: '各能源标签的区间用电量', chart: '能源标签用电量趋势折线图' });
const en = showsLines({
  period: 'This month (daily)',
  list: 'Energy of each energy label in the period',
  chart: "Line chart of the energy labels' energy",
});

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** No label chosen: 'please configure'. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** The labels have no samples in the period: 'no data'. */
export const Empty: Story = {
  args: {
    lng: 'en',
    data: {
      trends: {
        status: 'ready',
        data: [
          trend(
            13,
            '负荷用电',
            null,
            DAYS.map(() => null),
          ),
          trend(
            15,
            '储能充电',
            null,
            DAYS.map(() => null),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { trends: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
