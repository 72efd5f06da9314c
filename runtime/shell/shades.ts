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
    /** The glow around the border of the field the user is in (the link blue, faint). */
    focusRing: 'rgba(9, 88, 217, 0.2)',
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
    focusRing: 'rgba(105, 177, 255, 0.25)',
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
