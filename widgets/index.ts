import type { AnyWidgetDefinition } from '../runtime';
import { alarmList } from './alarm-list';
import { customText } from './custom-text';
import { gauge } from './gauge';
import { image } from './image';
import { keyData } from './key-data';
import { multiKeyData } from './multi-key-data';
import { proportion } from './proportion';
import { singleData } from './single-data';
import { stationAlarmStatus } from './station-alarm-status';
import { stationCommunication } from './station-communication';
import { stationDetailedCommunication } from './station-detailed-communication';
import { stationFaultStatus } from './station-fault-status';
import { trend } from './trend';

/** Every widget type of the dashboard, in the catalogue's order within each group. */
export const WIDGETS: readonly AnyWidgetDefinition[] = [
  keyData,
  multiKeyData,
  singleData,
  proportion,
  gauge,
  trend,
  stationCommunication,
  stationAlarmStatus,
  stationFaultStatus,
  stationDetailedCommunication,
  alarmList,
  image,
  customText,
];

/** The widget types by name. */
export const widgetRegistry: ReadonlyMap<string, AnyWidgetDefinition> = new Map(WIDGETS.map((widget) => [widget.type, widget]));
