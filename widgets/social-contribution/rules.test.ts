import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/socialContribution.json';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { socialContribution } from '.';
import {
  CO2_KG_PER_KWH,
  CO2_KG_PER_TREE_YEAR,
  COAL_KG_PER_KWH,
  contributionOf,
  energyOf,
  massOf,
  toKwh,
  type SocialContributionConfig,
} from './rules';

const defaults = configDefaults(schema as never) as SocialContributionConfig;
const INV1 = { deviceSn: 'T2-PV1-INV1', varSn: 'T2-PV1-INV1.totalYield' };
const INV2 = { deviceSn: 'T2-PV1-INV2', varSn: 'T2-PV1-INV2.totalYield' };
const station = (initialTime?: string) => ({
  sn: 'T2-PV1',
  name: 'T2-PV1',
  timeZone: 'Asia/Shanghai',
  fields: initialTime ? { initialTime } : {},
});
/** 14:30 on 21 November 2026 in Shanghai. */
const NOW = Date.parse('2026-11-21T06:30:00Z');

describe('social contribution', () => {
  test('defaults: title 社会贡献, growth since operation began, no counter', () => {
    expect(defaults).toEqual({
      name: '社会贡献',
      icon: 'EnvironmentOutlined',
      energyVars: [],
      basis: 'growth',
      numberFix: 2,
      otherStation: false,
    });
  });

  test('factors: 0.5703 kg CO2 per kWh (MEE 2022 grid factor), 0.3 kgce per kWh (CEC), 18.3 kg CO2 per tree and year', () => {
    expect([CO2_KG_PER_KWH, COAL_KG_PER_KWH, CO2_KG_PER_TREE_YEAR]).toEqual([0.5703, 0.3, 18.3]);
  });

  test.each([
    // 1000 kWh: 570.3 kg CO2, 300 kg coal, 570.3 / 18.3 = 31.16 trees.
    [1000, 570.3, 300, 31.16],
    // 2 500 000 kWh: 1425.75 t CO2, 750 t coal, 77 909.84 trees.
    [2_500_000, 1_425_750, 750_000, 77_909.84],
    [0, 0, 0, 0],
  ])('%s kWh spared %s kg CO2 and %s kg standard coal, as %s trees do in a year', (kwh, co2Kg, coalKg, trees) => {
    const spared = contributionOf(kwh);
    expect(spared.co2Kg).toBeCloseTo(co2Kg, 6);
    expect(spared.coalKg).toBeCloseTo(coalKg, 6);
    expect(spared.trees).toBeCloseTo(trees, 2);
  });

  test.each([
    [570.3, { value: 570.3, unit: 'kg' }],
    [999.99, { value: 999.99, unit: 'kg' }],
    [1000, { value: 1, unit: 't' }],
    [1_425_750, { value: 1425.75, unit: 't' }],
  ])('%s kg is shown as %o', (kg, mass) => {
    expect(massOf(kg)).toEqual(mass);
  });

  test.each([
    [1500, 'kWh', 1500],
    [1.5, 'MWh', 1500],
    [1_500_000, 'Wh', 1500],
    [1500, '', 1500],
  ])('%s %s is %s kWh', (value, unit, kwh) => {
    expect(toKwh(value, unit)).toBeCloseTo(kwh, 9);
  });

  test('growth: one statistics call per year from the station’s first year in operation to this one', () => {
    const needs = socialContribution.needs(
      { ...defaults, energyVars: [INV1, INV2, INV1] },
      { station: station('2024-06-01 00:00:00'), now: NOW },
    );
    const query = (querytime: string) => ({ sns: `${INV1.varSn},${INV2.varSn}`, calcmethod: 'DIFF', querytime, type: 'YEAR' });
    expect(needs).toEqual({
      y2024: { operationId: 'getStatisticalValue', query: query('2024') },
      y2025: { operationId: 'getStatisticalValue', query: query('2025') },
      y2026: { operationId: 'getStatisticalValue', query: query('2026') },
    });
  });

  test.each([
    ['reading', '2024-06-01'],
    ['growth', undefined],
    ['growth', '2030-01-01'],
  ] as const)('basis %s with first day %s: the counters’ latest readings', (basis, initialTime) => {
    expect(
      socialContribution.needs({ ...defaults, basis, energyVars: [INV1] }, { station: station(initialTime), now: NOW }),
    ).toEqual({
      reading: { operationId: 'getRealtimeData', body: { sns: INV1.varSn } },
    });
  });

  test('needs nothing without a counter', () => {
    expect(socialContribution.needs(defaults, { station: station('2024-06-01'), now: NOW })).toEqual({});
  });

  test('energy: the counters’ growth added over the years (a year without samples adds nothing)', () => {
    const year = (a: number | null, b: number | null): SlotState => ({
      status: 'ready',
      data: [
        { sn: INV1.varSn, unit: 'kWh', value: a, datas: [], time_keys: [] },
        { sn: INV2.varSn, unit: 'MWh', value: b, datas: [], time_keys: [] },
      ],
    });
    const sns = [INV1.varSn, INV2.varSn];
    expect(energyOf({ y2025: year(400_000, 410.5), y2026: year(350_000, null) }, sns)).toBe(1_160_500);
    expect(energyOf({ y2025: year(null, null) }, sns)).toBeNull();
  });

  test('energy: the latest readings added', () => {
    const reading: SlotState = {
      status: 'ready',
      data: [
        { sn: INV1.varSn, data: 1_250_400.5, unit: 'kWh' },
        { sn: INV2.varSn, data: null, unit: 'kWh' },
      ],
    };
    expect(energyOf({ reading }, [INV1.varSn, INV2.varSn])).toBe(1_250_400.5);
  });

  test('a configuration of format 1 (counters as [device, variable] pairs) is migrated', () => {
    expect(socialContribution.migrate({ energyVars: [['T2-PV1-INV1', 'T2-PV1-INV1.totalYield'], INV2, 'x'] }, 1)).toEqual({
      energyVars: [INV1, INV2],
    });
    expect(socialContribution.migrate({ energyVars: [INV1] }, 2)).toEqual({ energyVars: [INV1] });
  });
});
