import type { JsonObject } from './sources';

const VARIANTS = [
  ['Zh', 'zh', 'Default', 'default'],
  ['Zh', 'zh', 'Dark', 'dark'],
  ['En', 'en', 'Default', 'default'],
  ['En', 'en', 'Dark', 'dark'],
] as const;

/** Stories of one page schema: its list and its form, in each language and theme. */
export function pageStories(page: JsonObject, banner: string): string {
  const name = String(page.page);
  const stories: string[] = [];
  for (const view of ['List', 'Form'] as const) {
    if (view === 'Form' && !page.form) continue;
    for (const [lngName, lng, themeName, theme] of VARIANTS) {
      stories.push(
        `export const ${view}${lngName}${themeName}: Story = {\n` +
          `  args: { view: '${view.toLowerCase()}', lng: '${lng}', theme: '${theme}' },\n` +
          `  play: play${view},\n` +
          `};`,
      );
    }
  }
  return [
    banner,
    "import type { Meta, StoryObj } from '@storybook/react-vite';",
    "import { PageStory, loadPageStory, playForm, playList, type PageStoryLoaded } from '../../stories/PageStory';",
    '',
    'const meta = {',
    `  title: 'Pages/${name}',`,
    '  component: PageStory,',
    `  args: { page: '${name}' },`,
    '  loaders: [loadPageStory],',
    '  render: (args, { loaded }) => <PageStory {...args} loaded={loaded as PageStoryLoaded} />,',
    '} satisfies Meta<typeof PageStory>;',
    'export default meta;',
    'type Story = StoryObj<typeof meta>;',
    '',
    ...stories,
    '',
  ].join('\n');
}
