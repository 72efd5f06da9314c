import { theme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';
import type { ThemeName } from '../preferences/preferences';

/** The specification's primary colour. */
export const PRIMARY_COLOR = '#F5222D';

/**
 * The theme of Ant Design; without motion (menus, dialogs and popups open at once) for a user who
 * asked their system for reduced motion.
 */
export function themeConfig(name: ThemeName, reducedMotion = false): ThemeConfig {
  return {
    algorithm: name === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: PRIMARY_COLOR, motion: !reducedMotion },
  };
}

/** Ant Design's click wave (a ring fading for 2 s around a pressed button), none for a user who asked for reduced motion. */
export const waveConfig = (reducedMotion = false) => ({ disabled: reducedMotion });

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the user's system asks for reduced motion, following its changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}
