import { unmountElement } from '@storybook/react-dom-shim';
import { composeStories } from '@storybook/react-vite';
import { act } from '@testing-library/react';
import { describe, expect, test } from 'vitest';

export type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = { run(context: { canvasElement: HTMLElement }): Promise<void> };

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

  const boxes: HTMLElement[] = [];
  test('the set has story files, and this part its share of them', () => {
    expect(files.length).toBeGreaterThanOrEqual(parts);
    expect(modules.length).toBe(Math.ceil((files.length - part) / parts));
  });

  describe.each(modules)('%s', (file, module) => {
    const stories = Object.entries(composeStories(module) as Record<string, ComposedStory>).filter(([name]) => runs(file, name));
    test.each(stories)('%s', async (_name, Story) => {
      boxes.push(await drawnAndTakenAway(Story));
    });
  });

  test('the stories leave nothing drawn behind them', () => {
    expect(boxes.filter((box) => box.isConnected || box.hasChildNodes())).toEqual([]);
  });
}

/**
 * Runs a story in a box of its own, then unmounts it and takes the box away. Storybook unmounts a
 * story only when the next one runs: the last story of a file stayed mounted, and a form's timer
 * (a record picker's search, a quarter of a second after mounting) fired after the file had ended,
 * in a worker whose next file runs without a document ("window is not defined").
 */
async function drawnAndTakenAway(Story: ComposedStory): Promise<HTMLElement> {
  const canvasElement = document.body.appendChild(document.createElement('div'));
  try {
    await Story.run({ canvasElement });
  } finally {
    act(() => unmountElement(canvasElement));
    canvasElement.remove();
  }
  return canvasElement;
}
