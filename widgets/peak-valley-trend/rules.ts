import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import type { PeakValleyTrendConfig } from '../../generated/widgetConfigs';
import { cartesianOption } from '../../runtime/charts/cartesian';
import type { ChartOption } from '../../runtime/charts/option';
import { formatFigure } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';
import { followOption } from '../../runtime/dashboard/period';
import {
  answersByDay,
  colorOf,
  dayEnergy,
  dayNeeds,
  daysOfMonth,
  stationDay,
  sumPeriods,
  TARIFF_PERIODS,
  type EnergyFlow,
  type PeakValleyColors,
  type PeriodEnergy,
  type TariffPeriodName,
} from '../peak-valley-proportion/rules';

export type { PeakValleyTrendConfig };

/**
 * The peak-valley trend as it follows the dashboard's period: the days of this month; it draws the
 * days of a month, so today and this year keep the configured month.
 */
const peakValleyTrendFollowPeriod = followOption<PeakValleyTrendConfig, 'period'>('period', { month: 'currentMonth' });

/** The month shown (`YYYY-MM`) and the station's today. */
export function trendMonth(period: PeakValleyTrendConfig['period'], context: WidgetContext): { month: string; today: string } {
  const { today, month } = stationDay(context);
  return { today, month: period === 'lastMonth' ? dayjs(`${month}-01`).subtract(1, 'month').format('YYYY-MM') : month };
}

/** One need per day of the month up to today, named by the day. */
function trendNeeds(config: PeakValleyTrendConfig, context: WidgetContext): Needs {
  const { month, today } = trendMonth(config.period, context);
  return dayNeeds(context.station.sn, daysOfMonth(month), today);
}

/** What the chart stacks: each period's energy on each day of the month (null for days to come), and the month's sums. */
export interface TrendFigures {
  days: string[];
  series: Record<TariffPeriodName, (number | null)[]>;
  sums: PeriodEnergy;
  total: number | null;
}

export function trendFigures(month: string, data: Record<string, SlotState>, flow: EnergyFlow): TrendFigures {
  const days = daysOfMonth(month);
  const answers = answersByDay(data);
  const energies = days.map((day) => dayEnergy(answers.get(day), flow));
  const series = Object.fromEntries(
    TARIFF_PERIODS.map((period) => [period, energies.map((energy) => energy[period])]),
  ) as TrendFigures['series'];
  const sums = sumPeriods(energies);
  const present = TARIFF_PERIODS.map((period) => sums[period]).filter((value): value is number => value !== null);
  return { days, series, sums, total: present.length ? present.reduce((sum, value) => sum + value, 0) : null };
}

/** The chart of the month: each day's energy as a pile of the tariff periods, each in its colour, in kWh. */
export function peakValleyTrendOption(
  figures: TrendFigures,
  colors: PeakValleyColors,
  decimals: number,
  periodName: (period: TariffPeriodName) => string,
): ChartOption {
  return cartesianOption({
    kind: 'bar',
    categories: figures.days.map((day) => day.slice(5)),
    series: TARIFF_PERIODS.map((period) => ({
      name: periodName(period),
      data: figures.series[period],
      color: colorOf(colors, period),
      stack: 'energy',
      unit: 'kWh',
    })),
    unit: 'kWh',
    format: (value) => formatFigure(value, decimals),
    barMaxWidth: 20,
  });
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<PeakValleyTrendConfig>({
  type: 'peakValleyTrend',
  needs: trendNeeds,
  followPeriod: peakValleyTrendFollowPeriod,
});
