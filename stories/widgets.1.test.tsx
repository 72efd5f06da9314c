import { runStories, type StoryModule } from './runStories';

/** Part 1 of 2 of the hand-written stories (widgets and the story frames). */
await runStories(import.meta.glob<StoryModule>('./**/*.stories.tsx'), 0, 2);
