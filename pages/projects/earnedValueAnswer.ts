import type { CurvePoint } from './earnedValueOption';

/** The answer of `getEarnedValueStatistics`: an order's earned value on a day, yuan. */
export interface EarnedValueAnswer {
  orderId: number;
  siteCount: number;
  budgetAtCompletion: number;
  plannedValue: number;
  earnedValue: number;
  actualCost: number;
  costVariance: number;
  scheduleVariance: number;
  cpi: number | null;
  spi: number | null;
  date: string;
  firstPlannedDay: string | null;
  stations: { id: number; sn: string; name: string }[];
}

/** The months of the chart with their figures, and whether months were left out at the start. */
export interface EarnedValueMonths {
  points: (CurvePoint & { day: string })[];
  cut: boolean;
}
