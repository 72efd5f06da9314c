import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/histogram.json';
import type { StatisticValue } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { histogram } from '../../widgets/histogram';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const PCS1 = { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.chargeEnergy' };
const PCS2 = { deviceSn: 'T2-ST1-PCS2', varSn: 'T2-ST1-PCS2.chargeEnergy' };
const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);
const LATER = Array<null>(9).fill(null);

/** getStatisticalValue, DIFF of today: each converter's charged energy per hour until 14:30 (hours to come null). */
const statistic = (value: number | null, datas: (number | null)[], sn: string): StatisticValue => ({
  sn,
  unit: 'kWh',
  value,
  datas,
  time_keys: HOURS,
});
const TODAY: SlotState = {
  status: 'ready',
  data: [
    statistic(919.95, [115.2, 115.6, 114.9, 115, 114.4, 115.2, 114.8, 114.85, 0, 0, 0, 0, 0, 0, 0, ...LATER], PCS1.varSn),
    statistic(920.3, [115.3, 115.6, 114.9, 115.1, 114.5, 115.2, 114.9, 114.8, 0, 0, 0, 0, 0, 0, 0, ...LATER], PCS2.varSn),
  ],
};
const NODES = [
  { deviceVar: PCS1, name: '1# PCS 充电量', color: '#409EFF' },
  { deviceVar: PCS2, name: '', color: '' },
];

const meta = {
  title: 'Widgets/histogram',
  component: WidgetStory,
  args: { definition: histogram, config: config({ nodeInfo: NODES }), data: { values: TODAY }, lng: 'zh', theme: 'default' },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each variable with its figure of today (the growth of its counter); the unnamed one by its serial number. */
const showsFigures =
  (caption: string, list: string, chart: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(caption)).toBeInTheDocument();
    const rows = within(canvas.getByRole('list', { name: list }));
    await expect(rows.getByRole('listitem', { name: '1# PCS 充电量' })).toHaveTextContent('919.95 kWh');
    await expect(rows.getByRole('listitem', { name: PCS2.varSn })).toHaveTextContent('920.30 kWh');
    await expect(canvas.getByRole('img', { name: chart })).toBeInTheDocument();
  };
const zh = showsFigures('今日（按小时） · 差值', '各变量统计值', '设备变量统计柱状图');
const en = showsFigures('Today (hourly) · Difference', 'Figure of each variable', "Bar chart of the device variables' figures");

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** The highest SOC of each day of this month (MAX per day). */
export const MonthlyMaximum: Story = {
  args: {
    lng: 'en',
    config: config({
      period: 'month',
      calcMethod: 'MAX',
      numberFix: 1,
      nodeInfo: [{ deviceVar: { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' }, name: 'SOC', color: '' }],
    }),
    data: {
      values: {
        status: 'ready',
        data: [
          {
            sn: 'T2-ST1-BMS.soc',
            unit: '%',
            value: 95,
            datas: [94.8, 95, 93.6, ...Array<null>(27).fill(null)],
            time_keys: Array.from({ length: 30 }, (_, day) => `11-${String(day + 1).padStart(2, '0')}`),
          },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This month (daily) · Maximum')).toBeInTheDocument();
    await expect(canvas.getByRole('listitem', { name: 'SOC' })).toHaveTextContent('95.0 %');
  },
};

/** No variable chosen: 'please configure'. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** The variables have no samples today: 'no data'. */
export const Empty: Story = {
  args: {
    lng: 'en',
    data: {
      values: {
        status: 'ready',
        data: [
          statistic(
            null,
            HOURS.map(() => null),
            PCS1.varSn,
          ),
          statistic(
            null,
            HOURS.map(() => null),
            PCS2.varSn,
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
  args: { lng: 'en', data: { values: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
