import type { ProjEarnedValue } from '../../generated/types';
import type { CurvePoint } from './earnedValueOption';

/** The answer of `getEarnedValueStatistics`: an order's earned value on a day, yuan. */
export type EarnedValueAnswer = ProjEarnedValue;

/** The months of the chart with their figures, and whether months were left out at the start. */
export interface EarnedValueMonths {
  points: (CurvePoint & { day: string })[];
  cut: boolean;
}
