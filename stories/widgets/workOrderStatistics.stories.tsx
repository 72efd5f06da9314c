import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/workOrderStatistics.json';
import type { SiteopsPeriodStatus } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { workOrderStatistics } from '../../widgets/work-order-statistics';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const row = (key: string, toDo: number, inProgress: number, done: number, revoked: number): SiteopsPeriodStatus => ({
  key,
  total: toDo + inProgress + done + revoked,
  toDo,
  inProgress,
  done,
  revoked,
});

/** getStationWorksheetStatus of November 2026 (the story's month): the days that have work orders. */
const MONTH: SlotState = {
  status: 'ready',
  data: [
    row('2026-11-01', 0, 0, 1, 0),
    row('2026-11-15', 0, 0, 1, 0),
    row('2026-11-21', 1, 1, 0, 0),
    row('2026-11-24', 1, 0, 0, 0),
    row('2026-11-30', 0, 0, 0, 1),
  ],
};
/** The same station's year, per month. */
const YEAR: SlotState = {
  status: 'ready',
  data: [row('2026-09', 0, 0, 6, 1), row('2026-10', 0, 0, 8, 0), row('2026-11', 2, 1, 2, 1)],
};

const meta = {
  title: 'Widgets/workOrderStatistics',
  component: WidgetStory,
  args: { definition: workOrderStatistics, config: config({}), data: { counts: MONTH }, lng: 'zh', theme: 'default' },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** This month's work orders: the total, each state's count, and the stacked bars. */
const countsStates =
  (texts: { period: string; total: string; list: string; chart: string; states: [string, string][] }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(texts.period)).toBeInTheDocument();
    await expect(canvas.getByLabelText(texts.total)).toHaveTextContent('6');
    const states = within(canvas.getByRole('list', { name: texts.list }));
    for (const [name, count] of texts.states) await expect(states.getByRole('listitem', { name })).toHaveTextContent(count);
    await expect(canvas.getByRole('img', { name: texts.chart })).toBeInTheDocument();
  };
const zh = countsStates({
  period: '本月（按日）',
  total: '合计',
  list: '各状态工单数',
  chart: '各状态工单数堆叠柱状图',
  states: [
    ['待处理', '待处理2'],
    ['进行中', '进行中1'],
    ['已完成', '已完成2'],
    ['已撤销', '已撤销1'],
  ],
});
const en = countsStates({
  period: 'This month (daily)',
  total: 'Total',
  list: 'Work orders in each state',
  chart: 'Stacked bars of the work orders in each state',
  states: [
    ['To do', 'To do2'],
    ['In progress', 'In progress1'],
    ['Done', 'Done2'],
    ['Revoked', 'Revoked1'],
  ],
});

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** This year, a bar per month: the year's totals. */
export const ThisYear: Story = {
  args: { lng: 'en', config: config({ period: 'year' }), data: { counts: YEAR } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This year (monthly)')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Total')).toHaveTextContent('21');
    await expect(canvas.getByRole('listitem', { name: 'Done' })).toHaveTextContent('Done16');
  },
};

/** No work order planned this month: 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: { counts: { status: 'ready', data: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { counts: { status: 'error', code: 40000, message: 'period: must match pattern' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('period: must match pattern');
  },
};
