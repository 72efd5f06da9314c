import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/todayEnergy.json';
import type { DailyDegree } from '../../generated/types';
import { AppProviders, type ThemeName } from '../../runtime';
import { contrastRatio } from '../../runtime/a11y/readable';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { memoryRuntime } from '../../runtime/shell/memoryRuntime';
import { themeConfig } from '../../runtime/shell/themes';
import { todayEnergy } from '.';
import type { TodayEnergyConfig } from './rules';

const defaults = configDefaults(schema as never) as TodayEnergyConfig;
const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);
const day = (date: string, kWh: number): SlotState => {
  const data: DailyDegree = { day: date, time_keys: HOURS, charge: HOURS.map(() => kWh), discharge: HOURS.map(() => kWh) };
  return { status: 'ready', data };
};
// 14:00 at the station: today's hours so far against yesterday's up to the same time.
const context = {
  station: { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:00:00Z'),
};

/** The “Against yesterday at this time” figures of the widget, drawn in `name`'s theme with `config`. */
function figures(name: ThemeName, config: TodayEnergyConfig, data: Record<string, SlotState>) {
  render(
    <AppProviders runtime={memoryRuntime('en', name)}>
      <todayEnergy.View
        id="w1"
        config={config}
        data={data}
        context={context}
        editing={false}
        actions={{ refresh: () => undefined, navigate: () => undefined }}
      />
    </AppProviders>,
  );
  return screen.getAllByLabelText('Against yesterday at this time');
}

describe('today energy: the change against yesterday reads on its card', () => {
  // The default drop colour #29BB9A is 2.42:1 on white: shown only when a figure dropped.
  test.each(['default', 'dark'] as const)('a drop in the %s theme, in the default drop colour, at 4.5:1 or more', (name) => {
    const ground = theme.getDesignToken(themeConfig(name)).colorBgContainer;
    const shown = figures(name, defaults, { today: day('2026-11-21', 1), yesterday: day('2026-11-20', 2) });
    expect(shown).toHaveLength(2);
    for (const figure of shown) {
      // 24 kWh today so far against 28 kWh yesterday up to 14:00.
      expect(figure.textContent).toContain('14.3%');
      expect(figure.style.color).not.toBe('');
      expect(contrastRatio(figure.style.color, ground)).toBeGreaterThanOrEqual(4.5);
    }
  });

  test.each(['default', 'dark'] as const)('a rise in the %s theme, in a configured pale colour, at 4.5:1 or more', (name) => {
    const ground = theme.getDesignToken(themeConfig(name)).colorBgContainer;
    const config = { ...defaults, riseColor: name === 'dark' ? '#202020' : '#FFE0E0' };
    for (const figure of figures(name, config, { today: day('2026-11-21', 3), yesterday: day('2026-11-20', 2) }))
      expect(contrastRatio(figure.style.color, ground)).toBeGreaterThanOrEqual(4.5);
  });
});
