import { theme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';
import type { ThemeName } from '../preferences/preferences';
import { PRIMARY_COLOR, RED_UNDER_TEXT, TAG_TEXT, TEXT_SHADES } from './shades';

/**
 * The theme of Ant Design; without motion (menus, dialogs and popups open at once) for a user who
 * asked their system for reduced motion. The brand red stays the primary colour of every fill;
 * the text-level tokens, and the components whose primary colour is a text colour, take the
 * readable shades of `TEXT_SHADES`.
 */
export function themeConfig(name: ThemeName, reducedMotion = false): ThemeConfig {
  const shade = TEXT_SHADES[name];
  const under = RED_UNDER_TEXT[name];
  const redText = { colorPrimary: shade.red, colorPrimaryHover: shade.redHover, colorPrimaryActive: shade.redActive };
  const redFill = { colorError: under.fill, colorErrorHover: under.hover, colorErrorActive: under.active };
  // A field's own red (the primary colour) on hover and focus read as the red of a field in error:
  // a field the user is in is drawn in the link blue instead, the error red staying the error's alone.
  const field = { hoverBorderColor: shade.link, activeBorderColor: shade.link, activeShadow: `0 0 0 2px ${shade.focusRing}` };
  const picker = { hoverBorderColor: shade.link, activeBorderColor: shade.link, activeOutlineColor: shade.focusRing };
  return {
    algorithm: name === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      motion: !reducedMotion,
      colorPrimaryText: shade.red,
      colorPrimaryTextHover: shade.redHover,
      colorPrimaryTextActive: shade.redActive,
      colorLink: shade.link,
      colorLinkHover: shade.linkHover,
      colorLinkActive: shade.linkActive,
      colorError: shade.error,
      colorErrorHover: shade.redHover,
      colorErrorActive: shade.redActive,
      colorErrorText: shade.red,
      colorErrorTextHover: shade.redHover,
      colorErrorTextActive: shade.redActive,
      colorSuccessText: shade.success,
      colorWarningText: shade.warning,
      colorInfoText: shade.info,
      colorTextTertiary: shade.quiet,
      colorTextDescription: shade.quiet,
      colorTextPlaceholder: shade.quiet,
    },
    components: {
      Menu: {
        itemSelectedColor: shade.red,
        subMenuItemSelectedColor: shade.red,
        horizontalItemSelectedColor: shade.red,
        horizontalItemHoverColor: shade.red,
      },
      // A primary button's label is white on its fill. A danger button's colour is also its label's
      // (a delete link): in the light theme one red serves both; in the dark theme the danger colour
      // is the error text colour and a solid danger fill carries dark text, and a hovered default
      // button (by default in the primary hover colour, which darkens there) names itself in the
      // text red.
      Button: {
        colorPrimary: under.fill,
        colorPrimaryHover: under.hover,
        colorPrimaryActive: under.active,
        ...(name === 'dark'
          ? {
              defaultHoverColor: shade.red,
              defaultHoverBorderColor: shade.red,
              defaultActiveColor: shade.redHover,
              defaultActiveBorderColor: shade.redHover,
              dangerColor: 'rgba(0, 0, 0, 0.88)',
            }
          : redFill),
      },
      Input: field,
      InputNumber: field,
      Mentions: field,
      DatePicker: field,
      Select: picker,
      // A badge's count is white on the error colour.
      Badge: redFill,
      Tag: TAG_TEXT[name],
      // The active tab and page are named in red text.
      Tabs: redText,
      Pagination: redText,
      // An empty table says so in the disabled grey: there that text is the answer, not a disabled control.
      Table: { colorTextDisabled: shade.quiet },
      // A calendar's days of the months beside are days to read, not disabled ones; the day picked is
      // white on the fill of a primary button.
      Calendar: { colorTextDisabled: shade.quiet, colorPrimary: under.fill },
    },
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
