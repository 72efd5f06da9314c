import type { UiSchema } from '@rjsf/utils';
import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/singleData.json';
import { i18nFor } from '../../runtime';
import { configDefaults, effectiveConfig } from '../../runtime/dashboard';
import { disabledReason } from '../../runtime/forms/disabledReason';
import { singleData } from '.';
import {
  chainOf,
  changeOf,
  formatChange,
  periodText,
  singleDataFollowPeriod,
  singleDataUi,
  type SingleDataConfig,
} from './rules';

const defaults = configDefaults(schema as never) as SingleDataConfig;
/** What a rule's UI schema of a field says under it, in a language: why it is disabled (undefined: it is not). */
const said = (ui: UiSchema, language: 'en' | 'zh') => disabledReason(i18nFor(language).t, language, {}, ui);
const context = {
  station: { sn: 'S1', name: 'S1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-03-31T17:00:00Z'),
};
const LOAD = { deviceSn: 'S1-METER', varSn: 'S1-METER.energy' };
const statistic = (querytime: string, type: string, calcmethod = 'DIFF') => ({
  operationId: 'getStatisticalValue',
  query: { sns: LOAD.varSn, calcmethod, querytime, type },
});

describe('single data (specification §3, §4, §5, §9)', () => {
  test.each([
    ['name', '环比/单个关键数据'],
    ['chainType', 'MONTH'],
    ['riseMarkColor', '#F96377'],
    ['dropMarkColor', '#29BB9A'],
    ['numberFix', 2],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('chain types DAY, MONTH, YEAR and average; year and average are disabled', () => {
    expect(schema.properties.chainType.enum).toEqual(['DAY', 'MONTH', 'YEAR', 'AVG']);
    expect(schema.properties.chainType['x-disabled']).toEqual(['YEAR', 'AVG']);
  });

  test.each([
    [undefined, undefined, undefined],
    [
      '2026-02-10',
      'Fixed while a historical record is shown: clear the record date to change it.',
      '查看历史记录时不可更改：清空历史记录日期后即可选择。',
    ],
  ])(
    'viewing the historical record %s disables the chain selector and following the dashboard’s period, saying why: %s',
    (recordDate, en, zh) => {
      for (const field of ['chainType', 'followPeriod']) {
        const ui = singleDataUi({ ...defaults, recordDate })[field] as UiSchema;
        expect(ui['ui:disabled']).toBe(en !== undefined);
        expect([said(ui, 'en'), said(ui, 'zh')]).toEqual([en, zh]);
      }
    },
  );

  test.each([
    // The station's today is 2026-04-01 (Asia/Shanghai) at 2026-03-31T17:00Z.
    ['DAY', undefined, statistic('2026-04-01', 'DAY'), statistic('2026-03-31', 'DAY')],
    ['MONTH', undefined, statistic('2026-04-01', 'MONTH'), statistic('2026-03-01', 'MONTH')],
    ['YEAR', undefined, statistic('2026-04-01', 'YEAR'), statistic('2025-04-01', 'YEAR')],
    ['MONTH', '2026-03-31', statistic('2026-03-31', 'MONTH'), statistic('2026-02-28', 'MONTH')],
    ['AVG', undefined, statistic('2026-04-01', 'MONTH', 'AVG'), statistic('2026-03-01', 'MONTH', 'AVG')],
  ] as const)('%s (record %s) compares %o with %o', (chainType, recordDate, current, previous) => {
    expect(singleData.needs({ ...defaults, deviceVar: LOAD, chainType, recordDate }, context)).toEqual({ current, previous });
  });

  test('a configuration stored without a chain (its schema lets it out) compares as the schema’s default: this month with last month', () => {
    const { chainType: _chain, ...stored } = { ...defaults, deviceVar: LOAD };
    expect(chainOf(stored)).toBe(schema.properties.chainType.default);
    expect(singleData.needs(stored, context)).toEqual({
      current: statistic('2026-04-01', 'MONTH'),
      previous: statistic('2026-03-01', 'MONTH'),
    });
    // Following the dashboard's period as a month's chain does.
    expect(singleDataFollowPeriod(stored, 'day').chainType).toBe('DAY');
    expect(singleDataFollowPeriod(stored, 'month')).toBe(stored);
  });

  test("without a variable there is no call ('please configure')", () => {
    expect(singleData.needs(defaults, context)).toEqual({});
  });

  test.each([
    [120, 100, 'rise', '+20.00%'],
    [80, 100, 'drop', '-20.00%'],
    [100, 100, null, '0.00%'],
    [5, 0, 'rise', '--'],
    [null, 100, null, '--'],
    [100, null, null, '--'],
  ] as const)('from %s to %s: arrow %s, change %s', (current, previous, direction, text) => {
    const change = changeOf(current, previous);
    expect(change.direction).toBe(direction);
    expect(formatChange(change.percent, 2)).toBe(text);
  });

  test.each([
    ['2026-03-31', 'DAY', '2026-03-31'],
    ['2026-03-31', 'MONTH', '2026-03'],
    ['2026-03-31', 'YEAR', '2026'],
  ] as const)('a viewed record %s is named %s → %s', (day, chainType, text) => {
    expect(periodText(day, chainType)).toBe(text);
  });

  test('a configuration of format 1 (variable as a [device, variable] pair) is migrated', () => {
    expect(singleData.migrate({ chainType: 'DAY', deviceVar: ['S1-METER', 'S1-METER.energy'] }, 1)).toEqual({
      chainType: 'DAY',
      deviceVar: LOAD,
    });
    expect(singleData.migrate({ deviceVar: ['', ''] }, 1)).toEqual({});
    const current = { deviceVar: LOAD };
    expect(singleData.migrate(current, 2)).toBe(current);
  });
});

describe("single data following the dashboard's period", () => {
  test.each([
    ['MONTH', 'day', 'DAY'],
    ['DAY', 'month', 'MONTH'],
    ['DAY', 'day', 'DAY'],
    // This year is disabled in the schema: the configured chain stays.
    ['MONTH', 'year', 'MONTH'],
    ['DAY', 'year', 'DAY'],
    // The month's average already compares months.
    ['AVG', 'month', 'AVG'],
    ['AVG', 'day', 'DAY'],
  ] as const)('the chain %s, following %s, is %s', (chainType, period, shown) => {
    expect(singleDataFollowPeriod({ ...defaults, chainType }, period).chainType).toBe(shown);
  });

  test('a historical record (a record date) is kept as it is', () => {
    const record = { ...defaults, chainType: 'MONTH' as const, recordDate: '2026-02-10' };
    expect(singleDataFollowPeriod(record, 'day')).toBe(record);
  });

  test('today on the dashboard: today against yesterday', () => {
    const config = { ...defaults, deviceVar: LOAD, chainType: 'MONTH' as const };
    expect(singleData.needs(effectiveConfig(singleData, config, 'day'), { ...context, period: 'day' })).toEqual({
      current: statistic('2026-04-01', 'DAY'),
      previous: statistic('2026-03-31', 'DAY'),
    });
  });
});
