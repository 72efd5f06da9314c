import { composeStories } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';

type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = { run(): Promise<void> };

const modules = import.meta.glob<StoryModule>(['../generated/stories/*.stories.tsx', './**/*.stories.tsx'], { eager: true });

afterEach(() => cleanup());

test('every page schema has its stories', () => {
  expect(Object.keys(modules).length).toBeGreaterThanOrEqual(2);
});

/**
 * The stories a run renders: every hand-written story, and of each page schema's eight (list and
 * form in zh/en × default/dark) the Chinese list in the default theme and the English form in the
 * dark one, so that both languages, both themes and both views of every page are rendered; the
 * other six are the same components with the other pairing, looked at in Storybook.
 */
const PAGE_STORIES_RUN = new Set(['ListZhDefault', 'FormEnDark']);
const runs = (file: string, name: string) => !file.includes('/generated/stories/') || PAGE_STORIES_RUN.has(name);

/** Stories whose play function does not pass yet, with what stops it: reported as skipped. */
const PENDING: Record<string, string> = {};
const pendingOf = (file: string, name: string) => PENDING[`${file.split('/').pop() ?? ''} ${name}`];

/** Each story renders and its play function's assertions hold. */
describe.each(Object.entries(modules))('%s', (file, module) => {
  const stories = Object.entries(composeStories(module) as Record<string, ComposedStory>).filter(([name]) => runs(file, name));
  for (const [name] of stories.filter(([story]) => pendingOf(file, story)))
    test.skip(`${name} pending: ${pendingOf(file, name) ?? ''}`);
  test.each(stories.filter(([name]) => !pendingOf(file, name)))('%s', async (_name, Story) => {
    await Story.run();
  });
});
