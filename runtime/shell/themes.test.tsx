import { act, cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { afterEach, describe, expect, test } from 'vitest';
import { useContext } from 'react';
import { contrastRatio, onGround, parseColour } from '../a11y/readable';
import { THEMES, type ThemeName } from '../preferences/preferences';
import { PRIMARY_COLOR } from './shades';
import { themeConfig, useReducedMotion, waveConfig } from './themes';

/** A system preference the test can change, as a user does in their system's settings. */
function systemPreference(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  const state = { reduce };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && state.reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      state.reduce = next;
      for (const listener of listeners) listener();
    },
    restore: () => (window.matchMedia = original),
  };
}

function Motion() {
  const reduced = useReducedMotion();
  return (
    <ConfigProvider theme={themeConfig('default', reduced)} wave={waveConfig(reduced)}>
      <Token />
    </ConfigProvider>
  );
}

function Token() {
  const { token } = theme.useToken();
  const { wave } = useContext(ConfigProvider.ConfigContext);
  return <output>{`${token.motion ? 'motion' : 'no motion'}, ${wave?.disabled ? 'no wave' : 'wave'}`}</output>;
}

describe('motion follows the system preference', () => {
  let preference: ReturnType<typeof systemPreference> | undefined;
  afterEach(() => {
    cleanup();
    preference?.restore();
  });

  test('Ant Design animates (and waves round a pressed button) by default and not for a user who asked for reduced motion, as the preference changes', () => {
    preference = systemPreference(false);
    render(<Motion />);
    expect(screen.getByRole('status').textContent).toBe('motion, wave');
    act(() => preference?.set(true));
    expect(screen.getByRole('status').textContent).toBe('no motion, no wave');
    act(() => preference?.set(false));
    expect(screen.getByRole('status').textContent).toBe('motion, wave');
  });
});

/** The preset colours of Ant Design's tags (`<Tag color="green">`). */
const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
];

/** Every text colour of a theme with the grounds it is drawn on, as Ant Design derives them from `themeConfig`. */
function textPairs(name: ThemeName): [string, string, string][] {
  const config = themeConfig(name);
  const token = theme.getDesignToken(config) as unknown as Record<string, string>;
  const components = (config.components ?? {}) as Record<string, Record<string, string>>;
  const part = (component: string, key: string) => components[component]?.[key] ?? token[key] ?? '';
  const container = token.colorBgContainer ?? '';
  // A table's header and a submenu's entries lie on the container under a faint fill, nested entries under two.
  const tinted = onGround(token.colorFillAlter ?? '', container);
  const grounds = {
    container,
    layout: token.colorBgLayout ?? '',
    elevated: token.colorBgElevated ?? '',
    tinted,
    twiceTinted: onGround(token.colorFillAlter ?? '', tinted),
  };
  const onEveryGround = (what: string, colour: string): [string, string, string][] =>
    Object.entries(grounds).map(([ground, value]) => [`${what} on the ${ground}`, colour, value]);
  const selected = onGround(token.controlItemBgActive ?? '', container);
  const tags = PRESET_COLOURS.map((colour): [string, string, string] => [
    `a ${colour} tag`,
    part('Tag', `${colour}7`),
    onGround(token[`${colour}1`] ?? '', container),
  ]);
  const statusTags = ['Success', 'Info', 'Warning', 'Error'].map((status): [string, string, string] => [
    `a ${status.toLowerCase()} tag`,
    part('Tag', `color${status}`),
    onGround(token[`color${status}Bg`] ?? '', container),
  ]);
  const white = token.colorTextLightSolid ?? '';
  return [
    ...(
      [
        'colorText',
        'colorTextSecondary',
        'colorTextTertiary',
        'colorTextDescription',
        'colorTextPlaceholder',
        'colorPrimaryText',
        'colorPrimaryTextHover',
        'colorLink',
        'colorLinkHover',
        'colorError',
        'colorErrorText',
        'colorErrorTextHover',
        'colorSuccessText',
        'colorWarningText',
        'colorInfoText',
      ] as const
    ).flatMap((key) => onEveryGround(key, token[key] ?? '')),
    ...onEveryGround('an open submenu with the selected entry', part('Menu', 'subMenuItemSelectedColor')),
    ['the selected menu entry', part('Menu', 'itemSelectedColor'), selected],
    ['the primary text on the selected entry', token.colorPrimaryText ?? '', selected],
    ...onEveryGround('the active tab', part('Tabs', 'colorPrimary')),
    ...onEveryGround('the current page', part('Pagination', 'colorPrimary')),
    ...onEveryGround('an empty table', part('Table', 'colorTextDisabled')),
    ...onEveryGround("a calendar's day of another month", part('Calendar', 'colorTextDisabled')),
    ["a calendar's day picked", white, part('Calendar', 'colorPrimary')],
    ...onEveryGround('a link button', token.colorLink ?? ''),
    ...onEveryGround('a danger link', part('Button', 'colorError')),
    ...onEveryGround('a danger link, hovered', part('Button', 'colorErrorHover')),
    ...onEveryGround('a default button, hovered', part('Button', 'defaultHoverColor') || part('Button', 'colorPrimaryHover')),
    ['a primary button', part('Button', 'primaryColor') || white, part('Button', 'colorPrimary')],
    ['a primary button, hovered', part('Button', 'primaryColor') || white, part('Button', 'colorPrimaryHover')],
    ['a primary button, pressed', part('Button', 'primaryColor') || white, part('Button', 'colorPrimaryActive')],
    ['a solid danger button', part('Button', 'dangerColor') || white, part('Button', 'colorError')],
    ['a solid danger button, hovered', part('Button', 'dangerColor') || white, part('Button', 'colorErrorHover')],
    ["a badge's count", white, part('Badge', 'colorError')],
    ...tags,
    ...statusTags,
  ];
}

describe('WCAG 2.1 AA contrast of the text of both themes', () => {
  test.each(THEMES.flatMap((name) => textPairs(name).map(([what, colour, ground]) => [name, what, colour, ground] as const)))(
    '%s theme: %s (%s on %s) reads at 4.5:1',
    (_name, _what, colour, ground) => {
      expect(contrastRatio(colour, ground)).toBeGreaterThanOrEqual(4.5);
    },
  );

  test('the brand red stays the primary colour of the fills, in both themes', () => {
    expect(theme.getDesignToken(themeConfig('default')).colorPrimary.toUpperCase()).toBe(PRIMARY_COLOR);
    // The dark algorithm dims it, as it dims every fill of the dark theme.
    expect(themeConfig('dark').token?.colorPrimary).toBe(PRIMARY_COLOR);
  });
});

/** The hue of a colour, in degrees (0 for a grey). */
function hue(colour: string): number {
  const rgba = parseColour(colour);
  if (!rgba) throw new Error(`not a colour: ${colour}`);
  const [r, g, b] = rgba.slice(0, 3).map((channel) => channel / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const hueDistance = (a: string, b: string) => Math.min(Math.abs(hue(a) - hue(b)), 360 - Math.abs(hue(a) - hue(b)));

describe('a field the user is in does not look like a field in error', () => {
  const FIELDS = ['Input', 'InputNumber', 'DatePicker', 'Mentions', 'Select'];
  test.each(
    THEMES.flatMap((name) =>
      FIELDS.flatMap((field) => ['hoverBorderColor', 'activeBorderColor'].map((key) => [name, field, key])),
    ),
  )('%s theme: %s %s is another hue than the error border and reads at 3:1 on the container', (name, field, key) => {
    const config = themeConfig(name as ThemeName);
    const token = theme.getDesignToken(config);
    const components = (config.components ?? {}) as Record<string, Record<string, string> | undefined>;
    const border = components[field]?.[key] ?? token.colorPrimary;
    // The error border is the error colour (`colorError`); a focused or hovered field is drawn in another hue.
    expect(hueDistance(border, token.colorError)).toBeGreaterThan(90);
    // WCAG 2.1 1.4.11: the border that shows focus reads at 3:1 against what is around it.
    expect(contrastRatio(border, token.colorBgContainer)).toBeGreaterThanOrEqual(3);
  });
});
