import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test } from 'vitest';
import en from '../../generated/i18n/en.json';
import zh from '../../generated/i18n/zh.json';
import { i18nFor } from '../../runtime';
import { SWITCH_STATUS_CODES, switchStatusCode } from './codes';
import { SWITCH_STATUS_DRAWINGS } from './images';
import { SwitchStatusImage } from './SwitchStatusImage';

const codesOf = (labels: unknown) =>
  (labels as { widgets: { switchStatus: { codes: Record<string, string> } } }).widgets.switchStatus.codes;

const EN = {
  0: 'Open (off)',
  1: 'Closed (on)',
  2: 'Tripped (fault)',
  3: 'Under maintenance',
  4: 'Earthed',
  5: 'Remote control',
  6: 'Local control',
  10: 'Unknown or invalid',
} as const;

describe('switch status images (specification §9: images exist for codes 0-6 and 10)', () => {
  test('the codes with an image are 0 to 6 and 10', () => {
    expect([...SWITCH_STATUS_CODES]).toEqual([0, 1, 2, 3, 4, 5, 6, 10]);
    expect(
      Object.keys(SWITCH_STATUS_DRAWINGS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 10]);
  });

  test.each(SWITCH_STATUS_CODES)('code %s has a label in zh and en', (code) => {
    expect(codesOf(zh)[code]).toMatch(/\S/);
    expect(codesOf(en)[code]).toMatch(/\S/);
  });

  test.each(SWITCH_STATUS_CODES)('code %s is drawn as an image named by its label', (code) => {
    render(
      <I18nextProvider i18n={i18nFor('en')}>
        <SwitchStatusImage code={code} />
      </I18nextProvider>,
    );
    const image = screen.getByRole('img', { name: EN[code] });
    expect(image.getAttribute('data-code')).toBe(String(code));
    expect(image.childElementCount).toBeGreaterThan(0);
  });

  test('the drawings differ from each other', () => {
    const drawn = SWITCH_STATUS_CODES.map((code) => {
      const { container } = render(
        <I18nextProvider i18n={i18nFor('zh')}>
          <SwitchStatusImage code={code} />
        </I18nextProvider>,
      );
      const markup = container.querySelector('svg')?.innerHTML ?? '';
      cleanup();
      return markup;
    });
    expect(new Set(drawn).size).toBe(SWITCH_STATUS_CODES.length);
  });

  test.each([
    [7, 10],
    [9, 10],
    [11, 10],
    [-1, 10],
    [0.5, 10],
    [null, 10],
    [undefined, 10],
    ['1', 10],
    [Number.NaN, 10],
    [1, 1],
    [6, 6],
  ])('value %s shows code %s', (value, code) => {
    expect(switchStatusCode(value)).toBe(code);
  });

  test('an unknown code falls back to the image and label of 10', () => {
    render(
      <I18nextProvider i18n={i18nFor('zh')}>
        <SwitchStatusImage code={42} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('img', { name: '未知或无效' }).getAttribute('data-code')).toBe('10');
  });
});
