import { describe, expect, test } from 'vitest';
import { contrastRatio, parseColour, readableOn, textContrastMinimum } from './readable';

/** A ratio as axe-core reports it: cut, not rounded, to two decimals. */
const reported = (ratio: number) => Math.floor(ratio * 100) / 100;

describe('contrast ratio of WCAG 2.1', () => {
  test.each([
    // The figures of the product issue, as axe-core measured them.
    ['#F5222D', '#FFFFFF', 4.07],
    ['#F5222D', '#FFF1F0', 3.7],
    ['#BFBFBF', '#FFFFFF', 1.83],
    ['#000000', '#FFFFFF', 21],
    ['#FFFFFF', '#FFFFFF', 1],
    // Ant Design's tertiary text: black at 45 % on white, near #8C8C8C.
    ['rgba(0,0,0,0.45)', '#fff', 3.35],
    ['#8C8C8C', '#fff', 3.36],
  ])('%s on %s is %s:1', (foreground, ground, ratio) => {
    expect(reported(contrastRatio(foreground, ground))).toBe(ratio);
  });

  test('the order of the two colours does not matter', () => {
    expect(contrastRatio('#FFFFFF', '#F5222D')).toBe(contrastRatio('#F5222D', '#FFFFFF'));
  });

  test.each(['#abc', '#aabbcc', '#aabbccff', 'rgb(170, 187, 204)', 'rgba(170,187,204,1)'])('%s is read', (colour) => {
    expect(parseColour(colour)).toEqual([170, 187, 204, 1]);
  });

  test.each(['red', '', '#12345', 'rgb(1,2)'])('%j is not a colour', (colour) => {
    expect(parseColour(colour)).toBeUndefined();
  });
});

describe('a chosen text colour drawn readable', () => {
  test.each([
    [14, false, 4.5],
    [18, true, 4.5],
    [19, true, 3],
    [24, false, 3],
  ])('text of %s px (bold: %s) asks %s:1', (size, bold, minimum) => {
    expect(textContrastMinimum(size, bold)).toBe(minimum);
  });

  test('a colour that reads is kept as chosen', () => {
    expect(readableOn('#0958D9', '#FFFFFF')).toBe('#0958D9');
  });

  test.each([
    ['#409EFF', '#FFFFFF', 4.5],
    ['#409EFF', '#FFFFFF', 3],
    ['#29BB9A', '#FFFFFF', 4.5],
    ['#0958D9', '#141414', 4.5],
    ['#F5222D', '#000000', 4.5],
  ])('%s on %s is mixed until it reads at %s:1, keeping its hue', (colour, ground, minimum) => {
    const drawn = readableOn(colour, ground, minimum);
    expect(contrastRatio(drawn, ground)).toBeGreaterThanOrEqual(minimum);
    const [r, g, b] = parseColour(drawn) ?? [];
    const [r0, g0, b0] = parseColour(colour) ?? [];
    const hue = (red = 0, green = 0, blue = 0) => Math.atan2(Math.sqrt(3) * (green - blue), 2 * red - green - blue);
    expect(hue(r, g, b)).toBeCloseTo(hue(r0, g0, b0), 1);
  });

  test('a light ground darkens the colour, a dark ground lightens it', () => {
    const lum = (colour: string) => (parseColour(colour) ?? [0, 0, 0]).slice(0, 3).reduce((sum, channel) => sum + channel, 0);
    expect(lum(readableOn('#409EFF', '#FFFFFF'))).toBeLessThan(lum('#409EFF'));
    expect(lum(readableOn('#0958D9', '#141414'))).toBeGreaterThan(lum('#0958D9'));
  });
});
