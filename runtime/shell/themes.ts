import { theme, type ThemeConfig } from 'antd';
import type { ThemeName } from '../preferences/preferences';

/** The specification's primary colour. */
export const PRIMARY_COLOR = '#F5222D';

export function themeConfig(name: ThemeName): ThemeConfig {
  return {
    algorithm: name === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: PRIMARY_COLOR },
  };
}
