import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/trend.json';
import { completeConfig } from '../../runtime/dashboard';
import { trend } from '../../widgets/trend';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const PV = { deviceSn: 'T2-ST1-PV', varSn: 'T2-ST1-PV.activePower' };
const LOAD = { deviceSn: 'T2-ST1-METER', varSn: 'T2-ST1-METER.activePower' };
const series = [
  { deviceVar: PV, name: '光伏功率', color: '#409EFF', timestamp: 1763700000000 },
  { deviceVar: LOAD, name: '负荷功率', color: '#29BB9A', timestamp: 1763700001000 },
];
const hours = Array.from({ length: 15 }, (_, hour) => `2026-11-21 ${String(hour).padStart(2, '0')}:00:00`);
/** Today's hourly averages, as getHistoryTrend answers them. */
const hourly = {
  status: 'ready' as const,
  data: [
    {
      sn: PV.varSn,
      name: '有功功率',
      unit: 'kW',
      datas: hours.map((time, hour) => ({ time, value: Math.max(0, Math.sin(((hour - 6) / 12) * Math.PI) * 412.37) })),
    },
    {
      sn: LOAD.varSn,
      name: '有功功率',
      unit: 'kW',
      datas: hours.map((time, hour) => ({ time, value: 180.25 + (hour >= 8 ? 120.5 : 0) })),
    },
  ],
};

const meta = {
  title: 'Widgets/trend',
  component: WidgetStory,
  args: {
    definition: trend,
    config: config({ queryInterval: 'DAY', nodeInfo: series, appendInformation: '数据来源：储能示范站计量表' }),
    data: { trend: hourly },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsSeries =
  (chart: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: chart })).toBeInTheDocument();
    const items = canvas.getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('光伏功率 (kW)');
    await expect(items[1]).toHaveTextContent('负荷功率 (kW)');
    await expect(canvas.getByText('数据来源：储能示范站计量表')).toBeInTheDocument();
  };

export const HourlyZhDefault: Story = { play: showsSeries('趋势图') };
export const HourlyZhDark: Story = { args: { theme: 'dark' }, play: showsSeries('趋势图') };
export const HourlyEnDefault: Story = { args: { lng: 'en' }, play: showsSeries('Trend chart') };
export const HourlyEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsSeries('Trend chart') };

/** All values of today as bars (10% wide, at most 20 px). */
export const AllValuesAsBars: Story = {
  args: {
    lng: 'en',
    config: config({ queryInterval: 'NORMAL', showType: 'bar', nodeInfo: series.slice(0, 1) }),
    data: {
      trend: {
        status: 'ready',
        data: [
          {
            sn: PV.varSn,
            name: 'Active power',
            unit: 'kW',
            datas: [
              { time: '2026-11-21 12:00:05', value: 401.26 },
              { time: '2026-11-21 12:00:10', value: 398.91 },
            ],
          },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Trend chart' })).toBeInTheDocument();
    await expect(canvas.getByRole('list', { name: 'Series' })).toHaveTextContent('光伏功率 (kW)');
  },
};

/** 'no data' when the period has no values yet. */
export const NoValues: Story = {
  args: {
    lng: 'en',
    data: {
      trend: {
        status: 'ready',
        data: [
          { sn: PV.varSn, unit: 'kW', datas: [] },
          { sn: LOAD.varSn, unit: 'kW', datas: [] },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** 'please configure' without series. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { trend: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
