import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.tsx', '../generated/stories/*.stories.tsx'],
  core: { disableTelemetry: true },
};
export default config;
