import moneyRules from '../../schemas/constants/money.json';
import type { Translate } from '../i18n';
import type { ReportChart } from './charts';
import type { ReportContent, StationSection } from './content';

/** Stations in the fleet report's chart: as many bars as an A4 page's width shows with their names. */
const FLEET_CHART_STATIONS = 20;

/** A table of a report, the same in its PDF and its workbook. */
export interface ReportTable {
  title: string;
  columns: string[];
  /** Cells: text, or a figure (written with the platform's number format in the PDF, kept a number in the workbook). */
  rows: (string | number | null)[][];
  /** Columns that hold figures (right-aligned, `#,##0.00`). */
  figures: number[];
  /** Said instead of an empty table. */
  empty?: string;
}

export interface ReportSection {
  heading: string;
  /** Drawn above the tables in the PDF. */
  chart?: ReportChart;
  tables: ReportTable[];
}

/** What a report says, in its language: the lines under the title and each station's tables. */
export interface ReportDocument {
  title: string;
  lines: string[];
  sections: ReportSection[];
}

/**
 * A figure as the platform writes amounts and energies: thousands separated by commas, two
 * decimals (1,234,567.80); an absent figure is a dash.
 */
export function figure(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function stationTables(section: StationSection, t: Translate): ReportTable[] {
  const d = (key: string, params?: Record<string, string>) => t(`reports.doc.${key}`, params);
  const tables: ReportTable[] = [];
  const money = d('revenue', { currency: moneyRules.currencyLabel });
  if (section.days !== undefined) {
    tables.push({
      title: d('energy'),
      columns: [d('day'), d('charge'), d('discharge'), money],
      rows: section.days
        ? [
            ...section.days.map((r) => [r.day, r.charge, r.discharge, r.revenue]),
            [d('total'), section.total?.charge ?? null, section.total?.discharge ?? null, section.total?.revenue ?? null],
          ]
        : [],
      figures: [1, 2, 3],
      empty: d('noTariff'),
    });
    tables.push({
      title: d('tariff'),
      columns: [d('period_'), d('charge'), d('discharge'), money],
      rows: (section.tariff ?? []).map((r) => [d(r.period), r.charge, r.discharge, r.revenue]),
      figures: [1, 2, 3],
      empty: d('noTariff'),
    });
  }
  if (section.extremes) {
    tables.push({
      title: d('extremes'),
      columns: [d('variable'), d('unit'), d('max'), d('maxTime'), d('min'), d('minTime')],
      rows: section.extremes.map((e) => [e.name, e.unit, e.max, e.maxTime ?? '—', e.min, e.minTime ?? '—']),
      figures: [2, 4],
      empty: d('none'),
    });
  }
  if (section.alarms) {
    tables.push({
      title: d('alarms'),
      columns: [d('alarmTime'), d('alarmRecover'), d('alarmDevice'), d('alarmContent'), d('alarmLevel'), d('alarmHandling')],
      rows: section.alarms.map((a) => [
        a.raised,
        a.recovered ?? '—',
        a.device,
        a.text,
        t(`enums.alarmLevel.${a.level}`),
        a.status === 1 ? d('alarmOpen') : a.checker ? `${d('alarmConfirmed')}: ${a.checker}` : t('enums.alarmStatus.0'),
      ]),
      figures: [],
      empty: d('none'),
    });
  }
  if (section.communication) {
    tables.push({
      title: d('communication'),
      columns: [d('device'), d('online'), d('completeness')],
      rows: section.communication.map((c) => [c.device, c.online ? d('yes') : d('no'), c.completeness]),
      figures: [2],
      empty: d('none'),
    });
  }
  return tables;
}

/** A report's text in its language: title, period, the zone stated, and each station's tables. */
export function reportDocument(name: string, content: ReportContent, t: Translate): ReportDocument {
  const d = (key: string, params?: Record<string, string>) => t(`reports.doc.${key}`, params);
  const zones = [...new Set(content.stations.map((s) => s.zone))];
  const lines = [
    t(`enums.reportKind.${content.kind}`),
    d('period', { first: content.period.firstDay, last: content.period.lastDay }),
    d('zone', { zone: (zones.length ? zones : [content.zone]).join(', ') }),
    d('made', { time: `${content.made} (${content.zone})` }),
  ];
  if (content.kind === 'fleetMonthly') {
    lines.push(d('fleet', { count: String(content.stations.length) }));
    const money = d('revenue', { currency: moneyRules.currencyLabel });
    const rows = content.stations.map((s) => [
      `${s.name} (${s.sn})`,
      s.total?.charge ?? null,
      s.total?.discharge ?? null,
      s.total?.revenue ?? null,
      s.alarms?.length ?? 0,
    ]);
    const total = (pick: (s: StationSection) => number | null | undefined) => {
      const values = content.stations.map(pick).filter((v): v is number => typeof v === 'number');
      return values.length ? Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100 : null;
    };
    // The chart ranks the stations that earned most; the table lists every one.
    const ranked = content.stations
      .filter((s) => typeof s.total?.revenue === 'number')
      .sort((a, b) => (b.total?.revenue ?? 0) - (a.total?.revenue ?? 0))
      .slice(0, FLEET_CHART_STATIONS);
    rows.push([
      d('total'),
      total((s) => s.total?.charge),
      total((s) => s.total?.discharge),
      total((s) => s.total?.revenue),
      total((s) => s.alarms?.length),
    ]);
    return {
      title: name,
      lines,
      sections: [
        {
          heading: d('fleet', { count: String(content.stations.length) }),
          // No chart of nothing: a fleet none of whose stations has purchase prices has no revenue to rank.
          ...(ranked.length
            ? {
                chart: {
                  title: d('chartFleet', { currency: moneyRules.currencyLabel, count: String(ranked.length) }),
                  categories: ranked.map((s) => s.sn),
                  series: [{ name: money, values: ranked.map((s) => s.total?.revenue ?? null) }],
                },
              }
            : {}),
          tables: [
            {
              title: d('energy'),
              columns: [d('stationColumn'), d('charge'), d('discharge'), money, d('alarms')],
              rows,
              figures: [1, 2, 3],
            },
          ],
        },
      ],
    };
  }
  return {
    title: name,
    lines,
    sections: content.stations.map((s) => ({
      heading: d('station', { name: s.name, sn: s.sn }),
      ...(s.days?.length
        ? {
            chart: {
              title: d('chartEnergy'),
              // Days as month-day: the period above says the year.
              categories: s.days.map((r) => r.day.slice(5)),
              series: [
                { name: d('charge'), values: s.days.map((r) => r.charge) },
                { name: d('discharge'), values: s.days.map((r) => r.discharge) },
              ],
            },
          }
        : {}),
      tables: stationTables(s, t),
    })),
  };
}
