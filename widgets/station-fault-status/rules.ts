import type { StationFaultStatusConfig } from '../../generated/widgetConfigs';

export type { StationFaultStatusConfig };

export type FaultState = 'normal' | 'abnormal';

/** 0 unclosed tasks is normal, any other count abnormal. */
export function faultState(unclosedTaskAmount: number): FaultState {
  return unclosedTaskAmount > 0 ? 'abnormal' : 'normal';
}
