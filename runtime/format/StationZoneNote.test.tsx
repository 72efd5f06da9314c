import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18nFor } from '../i18n/i18n';
import { StationZoneNote } from './StationZoneNote';

function note(browser: string, timeZones: string[], language: 'en' | 'zh' = 'en') {
  vi.stubEnv('TZ', browser);
  render(
    <I18nextProvider i18n={i18nFor(language)}>
      <StationZoneNote timeZones={timeZones} />
    </I18nextProvider>,
  );
  return screen.queryByRole('note')?.textContent?.trim();
}

describe('the note of the stations’ time zone', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllEnvs();
  });

  test('a browser on another clock than the station is told whose clock the times are', () => {
    expect(note('Europe/Berlin', ['Asia/Shanghai'])).toBe("Times in the station's time zone (Asia/Shanghai, UTC+8)");
  });

  test('in Chinese', () => {
    expect(note('Europe/Berlin', ['Asia/Shanghai'], 'zh')).toBe('时间按站点所在时区显示（Asia/Shanghai, UTC+8）');
  });

  test('stations on several clocks are named each', () => {
    expect(note('Asia/Shanghai', ['Asia/Shanghai', 'Asia/Kolkata'])).toBe(
      "Times in each station's time zone (Asia/Shanghai, UTC+8; Asia/Kolkata, UTC+5:30)",
    );
  });

  test.each([
    ['Asia/Shanghai', ['Asia/Shanghai']],
    ['Asia/Singapore', ['Asia/Shanghai']],
    ['Asia/Shanghai', []],
  ])('a browser in %s showing stations in %j: no note', (browser, zones) => {
    expect(note(browser, zones)).toBeUndefined();
  });
});
