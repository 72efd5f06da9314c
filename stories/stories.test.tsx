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

/** Each story renders and its play function's assertions hold. */
describe.each(Object.entries(modules))('%s', (_file, module) => {
  test.each(Object.entries(composeStories(module) as Record<string, ComposedStory>))('%s', async (_name, Story) => {
    await Story.run();
  });
});
