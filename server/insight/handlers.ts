import type { Handler } from '../http/services';
import { getDeviceDetection } from './detection';
import { getStorageIncome } from './income';
import { getVehicleMaintenanceByType, getVehicleMaintenanceYear, getVehicleOverview } from './vehicles';

/** Figures the monitoring, income, "me" and vehicle overview screens read, across the tenant's records. */
export const insightHandlers: Record<string, Handler> = {
  getStorageIncome,
  getDeviceDetection,
  getVehicleOverview,
  getVehicleMaintenanceYear,
  getVehicleMaintenanceByType,
};
