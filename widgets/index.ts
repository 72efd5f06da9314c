import type { AnyWidgetDefinition } from '../runtime/dashboard';
import { alarmList } from './alarm-list';
import { camera } from './camera';
import { customText } from './custom-text';
import { dodAnalysis } from './dod-analysis';
import { gauge } from './gauge';
import { histogram } from './histogram';
import { image } from './image';
import { keyData } from './key-data';
import { ledgerEarnings } from './ledger-earnings';
import { multiEnergyConsumption } from './multi-energy-consumption';
import { multiEnergyProportion } from './multi-energy-proportion';
import { multiEnergyTrend } from './multi-energy-trend';
import { multiKeyData } from './multi-key-data';
import { peakValleyProportion } from './peak-valley-proportion';
import { peakValleyTrend } from './peak-valley-trend';
import { proportion } from './proportion';
import { remoteControl } from './remote-control';
import { remoteSignalChange } from './remote-signal-change';
import { singleData } from './single-data';
import { socialContribution } from './social-contribution';
import { stationAlarmStatus } from './station-alarm-status';
import { stationCommunication } from './station-communication';
import { stationDetailedCommunication } from './station-detailed-communication';
import { stationFaultStatus } from './station-fault-status';
import { stationMap } from './station-map';
import { todayEnergy } from './today-energy';
import { trend } from './trend';
import { weather } from './weather';
import { workOrderList } from './work-order-list';
import { workOrderStatistics } from './work-order-statistics';
import { workTypeStatistics } from './work-type-statistics';

/** Every widget type of the dashboard, in the catalogue's order within each group. */
export const WIDGETS: readonly AnyWidgetDefinition[] = [
  keyData,
  multiKeyData,
  singleData,
  proportion,
  gauge,
  trend,
  todayEnergy,
  histogram,
  dodAnalysis,
  peakValleyProportion,
  peakValleyTrend,
  multiEnergyConsumption,
  multiEnergyProportion,
  multiEnergyTrend,
  socialContribution,
  ledgerEarnings,
  remoteSignalChange,
  remoteControl,
  camera,
  workOrderList,
  workOrderStatistics,
  workTypeStatistics,
  stationCommunication,
  stationAlarmStatus,
  stationFaultStatus,
  stationDetailedCommunication,
  stationMap,
  weather,
  alarmList,
  image,
  customText,
];

/** The widget types by name. */
export const widgetRegistry: ReadonlyMap<string, AnyWidgetDefinition> = new Map(WIDGETS.map((widget) => [widget.type, widget]));
