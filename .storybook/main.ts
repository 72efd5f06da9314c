import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.tsx', '../generated/stories/*.stories.tsx'],
  core: { disableTelemetry: true },
  // Storybook is read from a disk or a local server: its files need no compressed forms beside them.
  viteFinal: (vite) => ({
    ...vite,
    plugins: (vite.plugins ?? []).filter((plugin) => !(plugin && 'name' in plugin && plugin.name === 'precompressed')),
  }),
};
export default config;
