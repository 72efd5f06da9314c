import { theme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';
import type { ThemeName } from '../preferences/preferences';

/**
 * The specification's primary colour, the brand's red, of every fill that carries no text
 * (switches, ticks, progress bars, the selected entry's bar, focus rings, the station on the map).
 * As text on white it reads 4.07:1 and white text on it the same, under the 4.5:1 that WCAG 2.1 AA
 * asks of text: text takes the shades of `TEXT_SHADES`, text on a red fill `RED_UNDER_TEXT`.
 */
export const PRIMARY_COLOR = '#F5222D';

/**
 * The shades of each theme for text, each reaching 4.5:1 on the grounds it is drawn on
 * (themes.test.tsx measures every pair). Red and blue are steps of Ant Design's palettes (red-7,
 * red-8 and blue-7 of the light palettes, lighter steps in the dark theme); the grey is the theme's
 * text colour at an opacity that reads on the container, the layout and the table header alike.
 * `link` and `error` are seeds: the light algorithm draws them as they are, the dark algorithm dims
 * them (#69B1FF is drawn #5C99DC, #FF9C9A #DC8886), so the dark seeds are lighter.
 */
export const TEXT_SHADES = {
  default: {
    /** Red text: the selected menu entry, the primary colour as text, error messages. */
    red: '#CF1322',
    redHover: '#A8071A',
    redActive: '#820014',
    /** The error colour: a form's message, a delete link, an error tag. */
    error: '#CF1322',
    /** Links and link buttons, in the blue Ant Design gives links. */
    link: '#0958D9',
    linkHover: '#003EB3',
    linkActive: '#002C8C',
    /** Secondary text that carries meaning: descriptions, labels of figures, placeholders, empty lists. */
    quiet: 'rgba(0, 0, 0, 0.57)',
    success: '#237804',
    warning: '#AD4E00',
    info: '#0958D9',
  },
  dark: {
    red: '#F37370',
    redHover: '#F89F9A',
    redActive: '#F37370',
    error: '#FF9C9A',
    link: '#69B1FF',
    linkHover: '#8DC5F8',
    linkActive: '#69B1FF',
    quiet: 'rgba(255, 255, 255, 0.55)',
    success: '#6ABE39',
    warning: '#E8B339',
    info: '#69B1FF',
  },
} as const satisfies Record<ThemeName, Record<string, string>>;

/**
 * The red of a fill that carries white text (a primary button's label, a badge's count), with its
 * hover and pressed steps. In the light theme white on the brand red reads 4.07:1: red-7 (as Ant
 * Design shows a pressed primary button), red-8 on hover, red-9 pressed. In the dark theme the
 * dark algorithm's primary fill reads under white (5.2:1); its hover, lighter by default (3.9:1),
 * darkens instead.
 */
export const RED_UNDER_TEXT = {
  default: { fill: '#CF1322', hover: '#A8071A', active: '#820014' },
  dark: { fill: '#D32029', hover: '#A61D24', active: '#791A1F' },
} as const satisfies Record<ThemeName, Record<string, string>>;

/**
 * A tag's text in a preset colour (`<Tag color="green">`) is step 7 of the colour's palette on
 * step 1, and in a status colour (`<Tag color="success">`) the status colour on its tint: where
 * that does not read, the next step that does (darker in the light theme, lighter in the dark).
 */
export const TAG_TEXT = {
  default: {
    cyan7: '#006D75',
    green7: '#237804',
    orange7: '#AD4E00',
    yellow7: '#876800',
    volcano7: '#AD2102',
    lime7: '#3F6600',
    gold7: '#874D00',
    colorSuccess: '#237804',
    colorWarning: '#AD4E00',
    colorInfo: '#0958D9',
  },
  dark: { purple7: '#AB7AE0', geekblue7: '#7F9EF3', colorInfo: '#3C89E8' },
} as const satisfies Record<ThemeName, Record<string, string>>;

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
      // A badge's count is white on the error colour.
      Badge: redFill,
      Tag: TAG_TEXT[name],
      // The active tab and page are named in red text.
      Tabs: redText,
      Pagination: redText,
      // An empty table says so in the disabled grey: there that text is the answer, not a disabled control.
      Table: { colorTextDisabled: shade.quiet },
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
