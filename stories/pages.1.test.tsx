import { runStories, type StoryModule } from './runStories';

/** Part 1 of 2 of the page schemas' generated stories. */
await runStories(import.meta.glob<StoryModule>('../generated/stories/*.stories.tsx'), 0, 2);
