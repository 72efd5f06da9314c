import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/workOrderList.json';
import type { Worksheet } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { workOrderList } from '../../widgets/work-order-list';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

const sheet = (id: number, fields: Partial<Worksheet>): Worksheet => ({
  id,
  name: '储能示范站日常巡检',
  stationId: 1,
  stationName: '储能示范站',
  stationSn: 'T2-ST1',
  type: 'inspection',
  priority: 'low',
  status: 'toDo',
  planDate: '2026-11-21',
  assigneeId: 3,
  assigneeName: '张工',
  ...fields,
});

/** The answer of getStationWorksheetPage for the default states: to do and in progress, latest planned first. */
const PAGE = {
  records: [
    sheet(45, { name: '储能示范站电池簇一致性测试', type: 'test', planDate: '2026-11-24', assigneeName: '李工' }),
    sheet(43, { name: '储能示范站光伏组件清洗', type: 'cleaning', status: 'inProgress' }),
    sheet(44, { planDate: '2026-11-21', assigneeId: undefined, assigneeName: undefined }),
  ],
  total: 3,
  current: 1,
  size: 5,
};
const answer = (data: unknown): Record<string, SlotState> => ({ worksheets: { status: 'ready', data } });

const meta = {
  title: 'Widgets/workOrderList',
  component: WidgetStory,
  args: { definition: workOrderList, config: config({}), data: answer(PAGE), lng: 'zh', theme: 'default' },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each work order with its kind, state, planned day and assignee ('--' when it has none yet). */
const listsWorkOrders =
  (texts: { test: string; toDo: string; cleaning: string; inProgress: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + PAGE.records.length);
    const test = within(canvas.getByRole('row', { name: /电池簇一致性测试/ }));
    await expect(test.getByText(texts.test)).toBeInTheDocument();
    await expect(test.getByText(texts.toDo)).toBeInTheDocument();
    await expect(test.getByText('2026-11-24')).toBeInTheDocument();
    await expect(test.getByText('李工')).toBeInTheDocument();
    const cleaning = within(canvas.getByRole('row', { name: /光伏组件清洗/ }));
    await expect(cleaning.getByText(texts.cleaning)).toBeInTheDocument();
    await expect(cleaning.getByText(texts.inProgress)).toBeInTheDocument();
    await expect(cleaning.getByText('张工')).toBeInTheDocument();
    await expect(within(canvas.getByRole('row', { name: /日常巡检/ })).getByText('--')).toBeInTheDocument();
  };
const zh = listsWorkOrders({ test: '试验测试', toDo: '待处理', cleaning: '清洁', inProgress: '进行中' });
const en = listsWorkOrders({ test: 'Test', toDo: 'To do', cleaning: 'Cleaning', inProgress: 'In progress' });

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** The columns are named in the language of the UI. */
export const Columns: Story = {
  args: { lng: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Work order', 'Kind', 'State', 'Planned', 'Assignee'])
      await expect(canvas.getByRole('columnheader', { name })).toBeInTheDocument();
  },
};

/** No state chosen: 'please configure'. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({ statuses: [] }), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** A station without work orders in those states says 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: answer({ records: [], total: 0, current: 1, size: 5 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { worksheets: { status: 'error', code: 40000, message: 'statuses: must match pattern' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('statuses: must match pattern');
  },
};
