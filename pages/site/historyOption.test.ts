import { describe, expect, test } from 'vitest';
import { historyAlarmBands, historyName, historyOption, historyValue, type HistorySeries } from './historyOption';

const day = { startTime: '2026-11-25 00:00', endTime: '2026-11-25 23:59' };
const variables = [
  { sn: 'S1-PCS1.activePower', name: 'Active power' },
  { sn: 'S1-BMS.soc', name: 'SOC' },
];
const power: HistorySeries = {
  sn: 'S1-PCS1.activePower',
  unit: 'kW',
  datas: [
    { time: '2026-11-25 00:00:05', value: 120.456 },
    { time: '2026-11-25 00:00:10', value: 121 },
    // Two hours without samples: the next point lies two hours on.
    { time: '2026-11-25 02:00:10', value: 80 },
  ],
};
const soc: HistorySeries = { sn: 'S1-BMS.soc', unit: '%', datas: [{ time: '2026-11-25 06:30:00', value: 55 }] };

/** An instant as the call writes it in the station's clock (`YYYY-MM-DD HH:mm:ss`). */
const wallTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

type Series = { type: string; name: string; data: unknown[]; itemStyle?: { color: string } };
const parts = (option: ReturnType<typeof historyOption>) =>
  option as unknown as {
    useUTC?: boolean;
    xAxis: { type: string; min?: number; max?: number; axisLabel: { formatter: { hour: string } } };
    yAxis: { type: string; scale?: boolean };
    series: Series[];
    dataZoom?: { type: string }[];
    tooltip: { valueFormatter(value: unknown): string };
  };

describe('history curves', () => {
  test('a time axis spanning the period asked for, in the station’s clock whatever the browser’s zone', () => {
    const option = parts(historyOption([power], variables, day));
    expect(option.useUTC).toBe(true);
    expect(option.xAxis).toMatchObject({
      type: 'time',
      min: Date.UTC(2026, 10, 25, 0, 0),
      max: Date.UTC(2026, 10, 25, 23, 59),
    });
  });

  test('each sample lies at its own time (a gap in the samples stays as wide as it was), each series on its own times', () => {
    const [first, second] = parts(historyOption([power, soc], variables, day)).series;
    expect(first?.data).toEqual([
      [Date.UTC(2026, 10, 25, 0, 0, 5), 120.456],
      [Date.UTC(2026, 10, 25, 0, 0, 10), 121],
      [Date.UTC(2026, 10, 25, 2, 0, 10), 80],
    ]);
    // Not aligned on the other series' times: no empty points where the other has samples.
    expect(second?.data).toEqual([[Date.UTC(2026, 10, 25, 6, 30), 55]]);
  });

  test('the value axis spans the values rather than starting at 0 (a voltage of 230 V is not a flat line)', () => {
    expect(parts(historyOption([power], variables, day)).yAxis).toMatchObject({ type: 'value', scale: true });
  });

  test('a line per variable, named by the variable with its unit, in the palette’s colours in order', () => {
    const option = parts(historyOption([power, soc], variables, day));
    expect(option.series.map(({ type, name, itemStyle }) => ({ type, name, color: itemStyle?.color }))).toEqual([
      { type: 'line', name: 'Active power (kW)', color: '#409EFF' },
      { type: 'line', name: 'SOC (%)', color: '#29BB9A' },
    ]);
  });

  test.each([
    [{ sn: 'S1-X.code', unit: '', datas: [] }, 'S1-X.code'],
    [{ sn: 'S1-BMS.soc', unit: '', datas: [] }, 'SOC'],
    [{ sn: 'S1-X.code', unit: 'V', datas: [] }, 'S1-X.code (V)'],
  ])('a series of %j is named %s (its number where the variable is unknown)', (series, name) => {
    expect(historyName(series, variables)).toBe(name);
  });

  test.each([
    [day, '{HH}:{mm}'],
    [{ startTime: '2026-11-20 00:00', endTime: '2026-11-25 23:59' }, '{HH}:{mm}'],
    [{ startTime: '2026-01-01 00:00', endTime: '2026-12-31 23:59' }, '{MM}-{dd}'],
  ])('over %j an hour’s mark reads %s', (period, hour) => {
    expect(parts(historyOption([power], variables, period)).xAxis.axisLabel.formatter.hour).toBe(hour);
  });

  test('zoom along the time always; a slider below once a series is longer than a screen reads at once', () => {
    expect(parts(historyOption([power], variables, day)).dataZoom?.map((zoom) => zoom.type)).toEqual(['inside']);
    const long: HistorySeries = {
      ...power,
      // A sample every 5 s, as the simulator stores them.
      datas: Array.from({ length: 1000 }, (_, i) => ({ time: wallTime(Date.UTC(2026, 10, 25, 0, 0, 5 * i)), value: i })),
    };
    expect(parts(historyOption([long], variables, day)).dataZoom?.map((zoom) => zoom.type)).toEqual(['inside', 'slider']);
  });

  test('the tooltip writes values to two decimals at most, as the table under the chart', () => {
    expect(parts(historyOption([power], variables, day)).tooltip.valueFormatter(120.456)).toBe('120.46');
    expect(historyValue(121)).toBe('121');
  });

  test('no series answered, no line; the axis still spans the period', () => {
    const option = parts(historyOption([], variables, day));
    expect(option.series).toEqual([]);
    expect(option.xAxis).toMatchObject({ type: 'time', min: Date.UTC(2026, 10, 25), max: Date.UTC(2026, 10, 25, 23, 59) });
  });

  test('the alarms of the station are bands over the period picked, an open one up to its end', () => {
    // Reported at 09:00 and 20:00 in Shanghai (UTC+8); the first recovered at 10:15.
    const bands = historyAlarmBands(
      [
        { id: 1, level: 'major', reportTime: '2026-11-25T01:00:00.000Z', recoverTime: '2026-11-25T02:15:00.000Z' },
        { id: 2, level: 'notice', reportTime: '2026-11-25T12:00:00.000Z' },
      ],
      'Asia/Shanghai',
      day,
    );
    expect(bands.map(({ start, end, active }) => ({ start, end, active }))).toEqual([
      { start: Date.UTC(2026, 10, 25, 9), end: Date.UTC(2026, 10, 25, 10, 15), active: false },
      { start: Date.UTC(2026, 10, 25, 20), end: Date.UTC(2026, 10, 25, 23, 59), active: true },
    ]);
  });
});
