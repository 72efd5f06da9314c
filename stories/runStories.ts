import { composeStories } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';

export type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = { run(): Promise<void> };

/**
 * The stories a run renders: every hand-written story, and of each page schema's eight (list and
 * form in zh/en × default/dark) the Chinese list in the default theme and the English form in the
 * dark one, so that both languages, both themes and both views of every page are rendered; the
 * other six are the same components with the other pairing, looked at in Storybook.
 */
const PAGE_STORIES_RUN = new Set(['ListZhDefault', 'FormEnDark']);
const runs = (file: string, name: string) => !file.includes('/generated/stories/') || PAGE_STORIES_RUN.has(name);

/**
 * Runs one part of a set of story files: the files are split into `parts` by their place in the
 * sorted list, so that the test files of one set share the run's workers. Each story renders and
 * its play function's assertions hold.
 */
export async function runStories(loaders: Record<string, () => Promise<StoryModule>>, part: number, parts: number) {
  const files = Object.entries(loaders).sort(([a], [b]) => a.localeCompare(b));
  const mine = files.filter((_file, index) => index % parts === part);
  const modules = await Promise.all(mine.map(async ([file, load]) => [file, await load()] as const));

  afterEach(() => cleanup());

  test('the set has story files, and this part its share of them', () => {
    expect(files.length).toBeGreaterThanOrEqual(parts);
    expect(modules.length).toBe(Math.ceil((files.length - part) / parts));
  });

  describe.each(modules)('%s', (file, module) => {
    const stories = Object.entries(composeStories(module) as Record<string, ComposedStory>).filter(([name]) => runs(file, name));
    test.each(stories)('%s', async (_name, Story) => {
      await Story.run();
    });
  });
}
