/** A colour as red, green and blue (0–255) and opacity (0–1). */
type Rgba = [number, number, number, number];

/**
 * Reads `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb(...)` and `rgba(...)`, the forms the Ant Design tokens
 * and the colour picker give; anything else is not a colour here.
 */
export function parseColour(colour: string): Rgba | undefined {
  const text = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const channel = (at: number) => parseInt(full.slice(at, at + 2), 16);
    return [channel(0), channel(2), channel(4), full.length === 8 ? channel(6) / 255 : 1];
  }
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(text)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3 || parts.some((part) => Number.isNaN(part))) return undefined;
  const [red = 0, green = 0, blue = 0, alpha = 1] = parts;
  return [red, green, blue, alpha];
}

function parsed(colour: string): Rgba {
  const value = parseColour(colour);
  if (!value) throw new Error(`not a colour: ${colour}`);
  return value;
}

const hex = (channel: number) =>
  Math.round(Math.min(255, Math.max(0, channel)))
    .toString(16)
    .padStart(2, '0');

/** `colour` laid over the opaque `ground`, as the eye sees a translucent text or fill. */
function over([red, green, blue, alpha]: Rgba, ground: Rgba): Rgba {
  const mix = (top: number, below: number) => top * alpha + below * (1 - alpha);
  return [mix(red, ground[0]), mix(green, ground[1]), mix(blue, ground[2]), 1];
}

/** A translucent `colour` laid over the opaque `ground`, as the opaque `#RRGGBB` the eye sees. */
export function onGround(colour: string, ground: string): string {
  const seen = over(parsed(colour), parsed(ground));
  return `#${seen.slice(0, 3).map(hex).join('')}`;
}

/** Relative luminance of WCAG 2.1 (sRGB). */
function luminance([red, green, blue]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/**
 * The contrast ratio of WCAG 2.1 (1 to 21) of a text or mark in `foreground` on `ground`; a
 * translucent foreground is laid over the ground first (the ground itself is taken as opaque).
 */
export function contrastRatio(foreground: string, ground: string): number {
  const below = parsed(ground);
  const lighter = luminance(over(parsed(foreground), below));
  const darker = luminance(below);
  return (Math.max(lighter, darker) + 0.05) / (Math.min(lighter, darker) + 0.05);
}

/**
 * The contrast WCAG 2.1 AA asks of text (1.4.3): 3:1 for large text (24 px, or 18.66 px bold) and
 * 4.5:1 for any other.
 */
export const textContrastMinimum = (fontSizePx: number, bold = false): number =>
  fontSizePx >= 24 || (bold && fontSizePx >= 18.66) ? 3 : 4.5;

/**
 * A text colour chosen by a user (a figure's colour in a widget's configuration) as it is drawn on
 * the opaque `ground`: unchanged when it reads at `minimum` (see `textContrastMinimum`), else the same hue
 * mixed towards black on a light ground, towards white on a dark one, just as far as it takes to
 * read. A value that is not a colour is left as it is.
 */
export function readableOn(colour: string, ground: string, minimum = 4.5): string {
  const value = parseColour(colour);
  const below = parseColour(ground);
  if (!value || !below || contrastRatio(colour, ground) >= minimum) return colour;
  const seen = over(value, below);
  // Black on a ground lighter than mid-grey (where black reaches the higher contrast), else white.
  const towards = luminance(below) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 20; step += 1) {
    const share = step / 20;
    const mixed = seen.slice(0, 3).map((channel) => channel * (1 - share) + towards * share);
    const candidate = `#${mixed.map(hex).join('')}`;
    if (contrastRatio(candidate, ground) >= minimum) return candidate;
  }
  return towards === 0 ? '#000000' : '#ffffff';
}
