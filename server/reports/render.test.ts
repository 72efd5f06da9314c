import { describe, expect, test } from 'vitest';
import { loadContract } from '../contract';
import { createTranslator } from '../i18n';
import type { ReportContent, StationSection } from './content';
import { reportDocument } from './render';

const t = createTranslator(loadContract())('en');

/** A fleet report's content: one station per revenue given (null: a station without purchase prices). */
function fleet(revenues: (number | null)[]): ReportContent {
  const stations: StationSection[] = revenues.map((revenue, index) => ({
    id: index + 1,
    sn: `T2-ST${index + 1}`,
    name: `Station ${index + 1}`,
    zone: 'Asia/Shanghai',
    total: revenue === null ? null : { charge: 100, discharge: 90, revenue },
    alarms: [],
  }));
  return {
    kind: 'fleetMonthly',
    period: {
      unit: 'month',
      firstDay: '2026-10-01',
      lastDay: '2026-10-31',
      start: Date.parse('2026-09-30T16:00:00Z'),
      end: Date.parse('2026-10-31T16:00:00Z'),
    },
    zone: 'Asia/Shanghai',
    made: '2026-11-01 07:00:00',
    stations,
  };
}

describe("a fleet report's chart", () => {
  test('ranks the 20 stations that earned most, highest first, leaving out those without revenue', () => {
    const revenues = [...Array.from({ length: 24 }, (_, i) => (i * 37) % 100), null];
    const [section] = reportDocument('Fleet', fleet(revenues), t).sections;
    const expected = revenues
      .map((revenue, index) => ({ sn: `T2-ST${index + 1}`, revenue }))
      .filter((s): s is { sn: string; revenue: number } => s.revenue !== null)
      .sort((a, b) => b.revenue - a.revenue)
      .slice(0, 20);
    expect(section?.chart?.categories).toEqual(expected.map((s) => s.sn));
    expect(section?.chart?.series[0]?.values).toEqual(expected.map((s) => s.revenue));
    expect(section?.chart?.title).toContain('the 20 that earned most');
    // The table still lists every station and the total.
    expect(section?.tables[0]?.rows).toHaveLength(revenues.length + 1);
  });

  test('is left out when no station has revenue (no purchase prices), rather than drawn empty', () => {
    const [section] = reportDocument('Fleet', fleet([null, null]), t).sections;
    expect(section?.chart).toBeUndefined();
    expect(section?.tables[0]?.rows).toHaveLength(3);
  });
});
