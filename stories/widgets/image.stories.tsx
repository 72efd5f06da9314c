import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/image.json';
import { completeConfig } from '../../runtime/dashboard';
import { image } from '../../widgets/image';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
/** An address as the upload answers it (served to the owning tenant only; the story has no server behind it). */
const IMAGE_URL = '/admin/sys-file/tenant-2/Jq7b0Vx3kM1sY9cA2fQe4w.jpg';

const meta = {
  title: 'Widgets/image',
  component: WidgetStory,
  args: {
    definition: image,
    config: config({ name: '张江储能电站鸟瞰', imageUrl: IMAGE_URL }),
    data: {},
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The picture, named by the widget's name. */
const showsPicture = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(within(canvasElement).getByRole('img', { name: '张江储能电站鸟瞰' })).toHaveAttribute('src', IMAGE_URL);
};

export const PictureZhDefault: Story = { play: showsPicture };
export const PictureZhDark: Story = { args: { theme: 'dark' }, play: showsPicture };
export const PictureEnDefault: Story = { args: { lng: 'en' }, play: showsPicture };
export const PictureEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsPicture };

/** 'please configure' until a picture is uploaded. */
export const Empty: Story = {
  args: { lng: 'en', config: config({}) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

/** The widget calls nothing, so nothing can fail; a stored address of another kind is not shown. */
export const UnsafeAddress: Story = {
  args: { lng: 'en', config: config({ name: 'x', imageUrl: 'javascript:alert(1)' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};
