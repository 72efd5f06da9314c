import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/customText.json';
import { completeConfig } from '../../runtime/dashboard';
import { customText } from '../../widgets/custom-text';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** A text as the rich-text editor stores it. */
const TEXT =
  '<h2>运维须知</h2><p class="ql-align-center">进入储能舱前请确认<strong>空调与消防系统</strong>运行正常。</p>' +
  '<ol><li>巡检每日 9:00</li><li>值班电话 021-50000000</li></ol>';

const meta = {
  title: 'Widgets/customText',
  component: WidgetStory,
  args: {
    definition: customText,
    config: config({ name: '运维须知', value: TEXT }),
    data: {},
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsText = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { name: '运维须知' })).toBeInTheDocument();
  await expect(canvas.getByText('空调与消防系统')).toBeInTheDocument();
  await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
};

export const TextZhDefault: Story = { play: showsText };
export const TextZhDark: Story = { args: { theme: 'dark' }, play: showsText };
export const TextEnDefault: Story = { args: { lng: 'en' }, play: showsText };
export const TextEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsText };

/** A stored document from another client is sanitised again when shown: no scripts, handlers or forms. */
export const Sanitised: Story = {
  args: {
    lng: 'en',
    config: config({
      value:
        '<p>Site notice</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true"><form><button>Go</button></form>',
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Site notice')).toBeInTheDocument();
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(canvasElement.querySelector('[onerror]')).toBeNull();
    await expect(within(canvasElement).queryByRole('button', { name: 'Go' })).toBeNull();
  },
};

/** 'please configure' while the text is empty (the editor's empty document included). */
export const Empty: Story = {
  args: { lng: 'en', config: config({ value: '<p><br></p>' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};
