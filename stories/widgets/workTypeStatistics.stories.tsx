import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/workTypeStatistics.json';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { workTypeStatistics } from '../../widgets/work-type-statistics';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** getStationWorksheetTypeCount of November 2026, not revoked: largest group first, as the aggregate answers. */
const COUNTS: SlotState = {
  status: 'ready',
  data: [
    { key: 'inspection', count: 4 },
    { key: 'maintenance', count: 3 },
    { key: 'repair', count: 1 },
  ],
};

const meta = {
  title: 'Widgets/workTypeStatistics',
  component: WidgetStory,
  args: { definition: workTypeStatistics, config: config({}), data: { types: COUNTS }, lng: 'zh', theme: 'default' },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each kind of work with its count and share (those without work orders at 0), the total, and the chart. */
const countsKinds =
  (texts: { period: string; total: string; list: string; chart: string; kinds: [string, string][] }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(texts.period)).toBeInTheDocument();
    await expect(canvas.getByLabelText(texts.total)).toHaveTextContent('8');
    const kinds = within(canvas.getByRole('list', { name: texts.list }));
    await expect(kinds.getAllByRole('listitem')).toHaveLength(5);
    for (const [name, figure] of texts.kinds) await expect(kinds.getByRole('listitem', { name })).toHaveTextContent(figure);
    await expect(canvas.getByRole('img', { name: texts.chart })).toBeInTheDocument();
  };
const zh = countsKinds({
  period: '本月',
  total: '合计',
  list: '各工作类型工单数',
  chart: '各工作类型工单数图表',
  kinds: [
    ['巡检', '4 (50.0%)'],
    ['维护保养', '3 (37.5%)'],
    ['故障维修', '1 (12.5%)'],
    ['清洁', '0 (0.0%)'],
  ],
});
const en = countsKinds({
  period: 'This month',
  total: 'Total',
  list: 'Work orders of each kind',
  chart: 'Chart of the work orders of each kind',
  kinds: [
    ['Inspection', '4 (50.0%)'],
    ['Maintenance', '3 (37.5%)'],
    ['Repair', '1 (12.5%)'],
    ['Test', '0 (0.0%)'],
  ],
});

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** This year as bars. */
export const YearAsBars: Story = {
  args: { lng: 'en', config: config({ period: 'year', chart: 'bar' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This year')).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Chart of the work orders of each kind' })).toBeInTheDocument();
  },
};

/** No work order planned this month: 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: { types: { status: 'ready', data: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { types: { status: 'error', code: 40000, message: 'endDate: must match format "date"' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('endDate: must match format "date"');
  },
};
