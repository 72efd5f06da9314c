import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/ledgerEarnings.json';
import type { LedgerStation } from '../../generated/types';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { ledgerEarnings } from '.';
import { ledgerFigures, type LedgerEarningsConfig } from './rules';

const defaults = configDefaults(schema as never) as LedgerEarningsConfig;
const station = { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} };
/** 2026-10-31 23:30 in Shanghai: still the 31st of October there, already past midnight nowhere west of it. */
const NOW = Date.parse('2026-10-31T15:30:00Z');

const answered = (figures: Partial<LedgerStation>): SlotState => ({ status: 'ready', data: figures });

describe('earnings', () => {
  test('defaults: title 收益, every figure in the order of the schema', () => {
    expect(defaults).toEqual({
      name: '收益',
      icon: 'PayCircleOutlined',
      figures: ['earnedToday', 'earnedMonth', 'savingsMonth', 'spreadMonth', 'cyclesMonth'],
    });
  });

  test.each([
    [['earnedToday'], { day: 'DAY 2026-10-31' }],
    [['spreadMonth', 'cyclesMonth'], { month: 'MONTH 2026-10' }],
    [['cyclesMonth', 'earnedToday'], { day: 'DAY 2026-10-31', month: 'MONTH 2026-10' }],
    [[], {}],
  ] as const)('figures %o ask for the ledger of %o in the station’s zone', (figures, spans) => {
    const needs = ledgerEarnings.needs({ ...defaults, figures: [...figures] }, { station, now: NOW });
    expect(
      Object.fromEntries(Object.entries(needs).map(([name, need]) => [name, `${need.query?.type} ${need.query?.time}`])),
    ).toEqual(spans);
    for (const need of Object.values(needs)) {
      expect(need.operationId).toBe('getStationLedger');
      expect(need.query?.stationSn).toBe('T2-ST1');
    }
  });

  test('each figure is its span’s field, with that span’s coverage; a partial span says so', () => {
    const data = {
      day: answered({ earned: 12.5, coverage: 0.75 }),
      month: answered({ earned: 812.34, savings: 790.1, spreadPerMwh: 310.25, cyclesPerDay: 0.912, coverage: 1 }),
    };
    expect(ledgerFigures(defaults, data)).toEqual([
      { figure: 'earnedToday', field: 'earned', value: 12.5, coverage: 0.75, partial: true },
      { figure: 'earnedMonth', field: 'earned', value: 812.34, coverage: 1, partial: false },
      { figure: 'savingsMonth', field: 'savings', value: 790.1, coverage: 1, partial: false },
      { figure: 'spreadMonth', field: 'spreadPerMwh', value: 310.25, coverage: 1, partial: false },
      { figure: 'cyclesMonth', field: 'cyclesPerDay', value: 0.912, coverage: 1, partial: false },
    ]);
  });

  test('a span with no closed interval, or not answered, gives no figure and no coverage', () => {
    const figures = ledgerFigures(
      { ...defaults, figures: ['earnedToday', 'spreadMonth'] },
      { day: answered({ earned: null, coverage: null }), month: { status: 'loading' } },
    );
    expect(figures.map(({ value, coverage, partial }) => [value, coverage, partial])).toEqual([
      [null, null, false],
      [null, null, false],
    ]);
  });
});
