import { describe, expect, test } from 'vitest';
import { periodOf } from '../telemetry/calendar';
import { intervalsBetween, intervalsOf, type SettlementMinutes } from './intervals';
import { bucketsOf, energiesOf, type CounterReadings, type Flow } from './measure';
import { settleInterval, summarize } from './settle';
import { pricesOf, type PriceList, type StationTariffs } from './tariffs';

const MIN = 60_000;
const TOU = [
  { startTime: '00:00', endTime: '08:00', period: 'valley' as const, price: 0.3 },
  { startTime: '08:00', endTime: '12:00', period: 'peak' as const, price: 1 },
  { startTime: '12:00', endTime: '24:00', period: 'flat' as const, price: 0.6 },
];
const list = (id: number, effectiveMonth: string, prices: Partial<PriceList> = {}): PriceList => ({
  id,
  effectiveMonth,
  flatPrice: 0.5,
  peakPrice: 1,
  valleyPrice: 0.25,
  sharpPrice: 1.2,
  capacityCharge: 30,
  ...prices,
});

/** Readings of counters in a zone's local time, priced and settled as the ledger does it. */
function settle(
  zone: string,
  minutes: SettlementMinutes,
  from: string,
  to: string,
  readings: Partial<Record<Flow, [string, number][]>>,
  tariffs: StationTariffs,
) {
  const intervals = intervalsBetween(zone, minutes, periodOf('DAY', from, zone).start, periodOf('DAY', to, zone).start);
  const origin = intervals[0]?.start ?? 0;
  const step = minutes * MIN;
  const at = (local: string) =>
    periodOf('DAY', local.slice(0, 10), zone).start + (Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16))) * MIN;
  const counters: CounterReadings[] = Object.entries(readings).map(([flow, list]) => {
    const points = list.map(([time, value]) => ({ ts: at(time), value }));
    const before = points.filter((p) => p.ts < origin).at(-1);
    return {
      flow: flow as Flow,
      buckets: bucketsOf(
        points.filter((p) => p.ts >= origin),
        (ts) => Math.floor((ts - origin) / step),
      ),
      before,
    };
  });
  const energies = energiesOf(counters, 0, intervals.length, step, (k) => origin + k * step);
  const prices = pricesOf(tariffs, zone, intervals);
  return intervals.map((interval, i) => ({
    ...settleInterval(interval.start, minutes, energies[i]!, prices[i]!),
    month: interval.month,
    capacityRate: prices[i]!.capacityRate,
    clock: interval.clock,
    day: interval.day,
  }));
}

describe('settlement intervals in the station zone', () => {
  test.each([
    // zone, minutes, day, intervals: 24 h × 60 / minutes; 23 and 25 on the days the clocks change
    ['Asia/Shanghai', 15, '2026-07-01', 96],
    ['Asia/Shanghai', 30, '2026-07-01', 48],
    ['Europe/Berlin', 15, '2026-03-29', 92], // 23 h × 4
    ['Europe/Berlin', 60, '2026-03-29', 23],
    ['Europe/Berlin', 15, '2026-10-25', 100], // 25 h × 4
    ['Europe/Berlin', 30, '2026-10-25', 50], // 25 h × 2
  ] as const)('%s, %i min, %s: %i intervals', (zone, minutes, day, count) => {
    const { intervals } = intervalsOf(zone, minutes, 'DAY', day);
    expect(intervals).toHaveLength(count);
    expect(intervals[0]?.clock).toBe('00:00');
    expect(intervals.at(-1)?.end).toBe(periodOf('DAY', day, zone).end);
    expect(intervals.every((iv) => iv.day === day)).toBe(true);
  });

  test('Berlin on 29 March 2026 skips 02:00–03:00; on 25 October 2026 it has 02:00–03:00 twice', () => {
    const spring = intervalsOf('Europe/Berlin', 15, 'DAY', '2026-03-29').intervals.map((iv) => iv.clock);
    expect(spring.slice(7, 9)).toEqual(['01:45', '03:00']);
    const autumn = intervalsOf('Europe/Berlin', 60, 'DAY', '2026-10-25').intervals.map((iv) => iv.clock);
    expect(autumn.slice(0, 5)).toEqual(['00:00', '01:00', '02:00', '02:00', '03:00']);
  });

  test('a month of a Berlin station has 31 × 24 − 1 hourly intervals in March 2026, and a year 8760', () => {
    expect(intervalsOf('Europe/Berlin', 60, 'MONTH', '2026-03').intervals).toHaveLength(743);
    expect(intervalsOf('Europe/Berlin', 60, 'YEAR', '2026').intervals).toHaveLength(8760);
  });
});

describe('dated tariffs', () => {
  const zone = 'Asia/Shanghai';
  const tariffs: StationTariffs = {
    lists: [
      list(1, '2026-01'),
      list(2, '2026-02', { flatPrice: 0.6, valleyPrice: 0.35 }),
      list(3, '2026-02', { startDay: 15, valleyPrice: 0.4, capacityCharge: 40 }),
    ],
    purchase: { id: 9, periods: TOU },
    settlement: { id: 8, periods: [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: 0.4 }] },
  };
  const priceAt = (time: string) => {
    const day = time.slice(0, 10);
    const { intervals } = intervalsOf(zone, 60, 'DAY', day);
    const i = intervals.findIndex((iv) => iv.clock === time.slice(11));
    return pricesOf(tariffs, zone, intervals)[i];
  };

  test.each([
    // before any dated list: the station's time-of-use purchase prices
    ['2025-12-31 23:00', null, 'flat', 0.6],
    // a list from January: 23:00 is flat at its flat price
    ['2026-01-31 23:00', 1, 'flat', 0.5],
    // midnight, 1 February: the February list's valley price
    ['2026-02-01 00:00', 2, 'valley', 0.35],
    ['2026-02-14 23:00', 2, 'flat', 0.6],
    // mid-month, 15 February: the list from the 15th
    ['2026-02-15 00:00', 3, 'valley', 0.4],
    ['2026-02-15 09:00', 3, 'peak', 1],
  ])('%s is priced by list %s, %s at %f', (time, listId, period, purchase) => {
    expect(priceAt(time)).toMatchObject({ listId, period, purchase, sale: 0.4 });
  });

  test("a list's own periods say which class an hour is", () => {
    const own = {
      ...tariffs,
      lists: [list(4, '2026-01', { periods: [{ startTime: '00:00', endTime: '24:00', period: 'peak' }] })],
    };
    const { intervals } = intervalsOf(zone, 60, 'DAY', '2026-01-10');
    expect(new Set(pricesOf(own, zone, intervals).map((p) => `${p.period}@${p.purchase}`))).toEqual(new Set(['peak@1']));
  });

  test('nothing prices a station with neither a list nor time-of-use prices', () => {
    const { intervals } = intervalsOf(zone, 60, 'DAY', '2026-01-10');
    expect(pricesOf({ lists: [] }, zone, intervals)[0]).toMatchObject({ key: null, purchase: 0 });
  });
});

describe('an interval priced against the baseline', () => {
  const flat: StationTariffs = {
    lists: [list(1, '2026-01', { flatPrice: 0.8, capacityCharge: 30 })],
    purchase: { id: 9, periods: [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: 0.8 }] },
    settlement: { id: 8, periods: [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: 0.4 }] },
  };

  test('a 15-min interval that charges and discharges: hand computation', () => {
    // 10:00–10:15 in Shanghai. Import 1000 → 1010 (10 kWh), export 50 → 51 (1), charged 500 → 502 (2),
    // discharged 300 → 303 (3), PV 2000 → 2004 (4). Readings at 09:55 and 10:14.
    const two = (a: number, b: number): [string, number][] => [
      ['2026-01-10 09:55', a],
      ['2026-01-10 10:14', b],
    ];
    const rows = settle(
      'Asia/Shanghai',
      15,
      '2026-01-10',
      '2026-01-11',
      {
        imported: two(1000, 1010),
        exported: two(50, 51),
        charged: two(500, 502),
        discharged: two(300, 303),
        pv: two(2000, 2004),
      },
      flat,
    );
    const row = rows.find((r) => r.clock === '10:00');
    // load = 10 − 1 + 4 + 3 − 2 = 14 kWh; baseline 14 × 0.8 = 11.2; actual 10 × 0.8 − 1 × 0.4 = 7.6; savings 3.6
    // = (PV 4 + discharged 3 − charged 2 − exported 1) × 0.8 + exported 1 × 0.4: each kWh once.
    expect(row).toMatchObject({ importKwh: 10, exportKwh: 1, chargeKwh: 2, dischargeKwh: 3, pvKwh: 4, complete: true });
    expect(row?.importCost).toBeCloseTo(8, 9);
    expect(row?.exportRevenue).toBeCloseTo(0.4, 9);
    expect(row?.actualCost).toBeCloseTo(7.6, 9);
    expect(row?.baselineCost).toBeCloseTo(11.2, 9);
    expect(row?.savings).toBeCloseTo(3.6, 9);
    expect(row?.chargeCost).toBeCloseTo(1.6, 9);
    expect(row?.dischargeValue).toBeCloseTo(2.4, 9);
    // demand: 10 kWh in a quarter hour is 40 kW; the baseline's 14 kWh is 56 kW
    expect(row?.demandKw).toBeCloseTo(40, 9);
    expect(row?.baselineDemandKw).toBeCloseTo(56, 9);
    const sum = summarize(
      rows.filter((r) => r.clock === '10:00'),
      Date.parse('2027-01-01'),
      100,
    );
    // arbitrage 2.4 − 1.6 = 0.8 for 3 kWh discharged: 0.8 / 0.003 MWh = 266.67 per MWh
    expect(sum.arbitrage).toBeCloseTo(0.8, 9);
    expect(sum.spreadPerMwh).toBeCloseTo(266.6667, 3);
    // capacity charge: 40 kW × 30 = 1200; the baseline's 56 kW × 30 = 1680
    expect(sum.demandCharge).toBeCloseTo(1200, 9);
    expect(sum.baselineDemandCharge).toBeCloseTo(1680, 9);
  });

  test('missing samples of a 30-min station: coverage 50 %, and no kWh lost', () => {
    // 00:00–02:00, four 30-min intervals; the counter reads every 10 min from 100 at 23:50 the day
    // before, one kWh a reading, but not at all from 01:00 to 01:30.
    const readings: [string, number][] = [['2026-01-09 23:50', 100]];
    let value = 100;
    for (const time of [
      '00:00',
      '00:10',
      '00:20',
      '00:30',
      '00:40',
      '00:50',
      '01:00',
      '01:10',
      '01:20',
      '01:30',
      '01:40',
      '01:50',
    ]) {
      value += 1;
      if (time >= '01:00' && time < '01:30') continue;
      readings.push([`2026-01-10 ${time}`, value]);
    }
    const rows = settle(
      'Asia/Shanghai',
      30,
      '2026-01-10',
      '2026-01-11',
      {
        imported: readings,
        exported: [
          ['2026-01-09 23:50', 0],
          ['2026-01-10 01:50', 0],
        ],
      },
      flat,
    ).slice(0, 4);
    // 00:00: 101..103 → 3; 00:30: 104..106 → 3; 01:00: no reading → 0; 01:30: 110..112 less 106 → 6
    expect(rows.map((r) => r.importKwh)).toEqual([3, 3, 0, 6]);
    // 01:00 has no reading; 01:30 has none in the interval before it to pin its start
    expect(rows.map((r) => r.complete)).toEqual([false, false, false, false]);
    const importOnly = settle('Asia/Shanghai', 30, '2026-01-10', '2026-01-11', { imported: readings }, flat).slice(0, 4);
    expect(importOnly.map((r) => r.complete)).toEqual([true, true, false, false]);
    const sum = summarize(importOnly, Date.parse('2027-01-01'), null);
    expect(sum).toMatchObject({ closed: 4, complete: 2, coverage: 0.5, importKwh: 12 });
  });

  test('a tariff change at midnight prices each side by its list; the month charge takes its peak interval', () => {
    const tariffs: StationTariffs = {
      ...flat,
      lists: [
        list(1, '2026-01', { flatPrice: 0.8, capacityCharge: 30 }),
        list(2, '2026-02', {
          flatPrice: 1,
          capacityCharge: 40,
          periods: [{ startTime: '00:00', endTime: '24:00', period: 'flat' }],
        }),
      ],
    };
    // 23:00–24:00 on 31 January: 5 kWh; 00:00–01:00 on 1 February: 7 kWh
    const rows = settle(
      'Asia/Shanghai',
      60,
      '2026-01-31',
      '2026-02-02',
      {
        imported: [
          ['2026-01-31 22:30', 0],
          ['2026-01-31 22:59', 0],
          ['2026-01-31 23:59', 5],
          ['2026-02-01 00:59', 12],
        ],
      },
      {
        ...tariffs,
        lists: [
          list(1, '2026-01', {
            flatPrice: 0.8,
            capacityCharge: 30,
            periods: [{ startTime: '00:00', endTime: '24:00', period: 'flat' }],
          }),
          tariffs.lists[1]!,
        ],
      },
    );
    const jan = rows.find((r) => r.day === '2026-01-31' && r.clock === '23:00');
    const feb = rows.find((r) => r.day === '2026-02-01' && r.clock === '00:00');
    expect(jan).toMatchObject({ listId: 1, importKwh: 5 });
    expect(jan?.importCost).toBeCloseTo(4, 9); // 5 × 0.8
    expect(feb).toMatchObject({ listId: 2, importKwh: 7 });
    expect(feb?.importCost).toBeCloseTo(7, 9); // 7 × 1
    const sum = summarize(rows, Date.parse('2027-01-01'), null);
    // January's peak 5 kW × 30 + February's 7 kW × 40 = 150 + 280
    expect(sum.demandCharge).toBeCloseTo(430, 9);
    expect(sum.importCost).toBeCloseTo(11, 9);
  });

  test('equivalent full cycles: 192 kWh discharged in a day from 96 kWh of storage is 2 a day', () => {
    const readings: [string, number][] = [['2026-01-09 23:45', 0]];
    for (let q = 0; q < 96; q += 1) {
      const hh = String(Math.floor(q / 4)).padStart(2, '0');
      const mm = String((q % 4) * 15 + 5).padStart(2, '0');
      readings.push([`2026-01-10 ${hh}:${mm}`, (q + 1) * 2]);
    }
    const rows = settle('Asia/Shanghai', 15, '2026-01-10', '2026-01-11', { discharged: readings }, flat);
    const sum = summarize(rows, Date.parse('2027-01-01'), 96);
    expect(sum).toMatchObject({ intervals: 96, complete: 96, coverage: 1, dischargeKwh: 192, cyclesPerDay: 2 });
  });

  test('intervals measured on their own come to what they come to among the whole day', () => {
    const points = [0, 1, 2, 3, 4, 5].map((h) => ({ ts: h * 3_600_000 + 1_800_000, value: 100 * h + h * h }));
    const counters: CounterReadings[] = [{ flow: 'imported', buckets: bucketsOf(points, (ts) => Math.floor(ts / 3_600_000)) }];
    const whole = energiesOf(counters, 0, 6, 3_600_000, (k) => k * 3_600_000);
    // hour 3: 303 + 9 − (200 + 4) … each hour's growth, 100 + 2h − 1
    expect(whole.map((e) => e.imported)).toEqual([0, 101, 103, 105, 107, 109]);
    for (let k = 1; k < 6; k += 1) expect(energiesOf(counters, k, 1, 3_600_000, (i) => i * 3_600_000)[0]).toEqual(whole[k]);
  });
});
