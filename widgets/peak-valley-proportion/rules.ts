import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import type { StationChargeDay } from '../../generated/types';
import type { PeakValleyProportionConfig } from '../../generated/widgetConfigs';
import type { ChartOption } from '../../runtime/charts/option';
import { shareRing } from '../../runtime/charts/ring';
import { formatFigure, stationTime } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';

/** The periods of a time-of-use tariff, from the dearest to the cheapest (the order of the call's answer). */
export const TARIFF_PERIODS = ['sharp', 'peak', 'flat', 'valley'] as const;
export type TariffPeriodName = (typeof TARIFF_PERIODS)[number];

/** Energy the station's converters charged or discharged. */
export type EnergyFlow = PeakValleyProportionConfig['flow'];

/** The energy of each tariff period (kWh); null for a period without samples. */
export type PeriodEnergy = Record<TariffPeriodName, number | null>;

export type PeakValleyColors = Pick<PeakValleyProportionConfig, 'sharpColor' | 'peakColor' | 'flatColor' | 'valleyColor'>;

export type { PeakValleyProportionConfig };

/**
 * The peak-valley proportion as it follows the dashboard's period: today's or this month's energy by
 * tariff period; this year is not offered (disabled in the schema), so it is kept.
 */
const peakValleyProportionFollowPeriod = followOption<PeakValleyProportionConfig, 'period'>('period', {
  day: 'day',
  month: 'month',
});

const DATE = 'YYYY-MM-DD';

/** The colour of each period, from a configuration. */
export const colorOf = (config: PeakValleyColors, period: TariffPeriodName): string => config[`${period}Color`];

/** The local days of a month of the station (`YYYY-MM`), in order. */
export function daysOfMonth(month: string): string[] {
  const first = dayjs(`${month}-01`);
  return Array.from({ length: first.daysInMonth() }, (_, index) => first.add(index, 'day').format(DATE));
}

/** Today and the month (`YYYY-MM`) of the station at the context's instant. */
export function stationDay(context: WidgetContext): { today: string; month: string } {
  const today = stationTime(context, DATE);
  return { today, month: today.slice(0, 7) };
}

/**
 * The energy by tariff period of each of some days up to today (days to come have nothing to ask
 * for), at the station's purchase prices (the tariff the periods are defined by; the settlement
 * price has no periods): one need for the range, which the server reads at once.
 */
export function dayNeeds(stationSn: string, days: string[], today: string): Needs {
  const asked = days.filter((day) => day <= today);
  const [first] = asked;
  const last = asked.at(-1);
  if (first === undefined || last === undefined) return {};
  return {
    days: {
      operationId: 'getStationChargeDays',
      params: { sn: stationSn },
      query: { startDay: first, endDay: last, chargeType: 'purchase' },
    },
  };
}

/** The needs of the proportion: today, or each day of this month so far. */
function proportionNeeds(config: PeakValleyProportionConfig, context: WidgetContext): Needs {
  const { today, month } = stationDay(context);
  if (config.period === 'year') return {};
  return dayNeeds(context.station.sn, config.period === 'day' ? [today] : daysOfMonth(month), today);
}

/** The answers that have come, by day. */
export function answersByDay(data: Record<string, SlotState>): Map<string, StationChargeDay> {
  const slot = data.days;
  const days = slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as StationChargeDay[]) : [];
  return new Map(days.map((answer) => [answer.day, answer]));
}

/** The energy of one flow in each period of one day's answer. */
export function dayEnergy(answer: StationChargeDay | undefined, flow: EnergyFlow): PeriodEnergy {
  const energy = { sharp: null, peak: null, flat: null, valley: null } as PeriodEnergy;
  for (const entry of answer?.energy ?? []) {
    const value = entry[flow];
    energy[entry.period] = typeof value === 'number' ? value : null;
  }
  return energy;
}

/** The energy of each period summed over days; a period none of the days has a figure for stays null. */
export function sumPeriods(days: PeriodEnergy[]): PeriodEnergy {
  const sum = { sharp: null, peak: null, flat: null, valley: null } as PeriodEnergy;
  for (const day of days) {
    for (const period of TARIFF_PERIODS) {
      const value = day[period];
      if (value !== null) sum[period] = (sum[period] ?? 0) + value;
    }
  }
  return sum;
}

/** A period's energy and its share (%) of the total. */
export interface PeriodShare {
  period: TariffPeriodName;
  energy: number | null;
  share: number | null;
}

/**
 * The share of each period in the total of the periods (in %); no shares when the total is not
 * positive (nothing charged yet), and none for a period without a figure.
 */
export function periodShares(energy: PeriodEnergy): { shares: PeriodShare[]; total: number | null } {
  const present = TARIFF_PERIODS.map((period) => energy[period]).filter((value): value is number => value !== null);
  const total = present.length ? present.reduce((sum, value) => sum + value, 0) : null;
  return {
    total,
    shares: TARIFF_PERIODS.map((period) => {
      const value = energy[period];
      return { period, energy: value, share: value !== null && total !== null && total > 0 ? (value / total) * 100 : null };
    }),
  };
}

/** The chart of the periods: a ring of those that had energy, each in its configured colour, reading its share. */
export function peakValleyProportionOption(
  shares: PeriodShare[],
  colors: PeakValleyColors,
  decimals: number,
  periodName: (period: TariffPeriodName) => string,
): ChartOption {
  return shareRing(
    shares.flatMap((entry) =>
      entry.energy !== null && entry.energy > 0
        ? [{ name: periodName(entry.period), value: entry.energy, share: entry.share, color: colorOf(colors, entry.period) }]
        : [],
    ),
    {
      value: (value) => `${formatFigure(value, decimals)} kWh`,
      share: (share) => `${formatFigure(share, decimals)}%`,
      inner: '62%',
    },
  );
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<PeakValleyProportionConfig>({
  type: 'peakValleyProportion',
  needs: proportionNeeds,
  followPeriod: peakValleyProportionFollowPeriod,
});
