import type { Handler } from '../http/services';
import { emsGetChargeConfig, emsSaveChargeConfig } from './charge';
import { emsExportDevices, emsExportPrices } from './exports';
import { emsAllDeviceModels, emsAllServers, emsPriceConfig, emsTransformerMonitoring } from './config';
import { emsGetQualitySetting, emsResetQualitySetting, emsSaveQualitySetting } from './quality';
import { bySn } from './records';
import {
  emsCollectorStations,
  emsCompanyDevices,
  emsCopyStation,
  emsDeleteStation,
  emsStationsByDept,
  emsUpdateStationById,
} from './stations';

const channel = bySn('monitorChannel');
const device = bySn('device');

/** The named handlers of station and device administration, by their `x-handler` name. */
export const emsdevicesHandlers: Record<string, Handler> = {
  emsUpdateStationById,
  emsDeleteStation,
  emsStationsByDept,
  emsCollectorStations,
  emsCompanyDevices,
  emsCopyStation,
  emsUpdateChannelBySn: channel.update,
  emsDeleteChannelBySn: channel.remove,
  emsUpdateDeviceBySn: device.update,
  emsDeleteDeviceBySn: device.remove,
  emsAllServers,
  emsAllDeviceModels,
  emsGetQualitySetting,
  emsResetQualitySetting,
  emsSaveQualitySetting,
  emsPriceConfig,
  emsTransformerMonitoring,
  emsGetChargeConfig,
  emsSaveChargeConfig,
  emsExportDevices,
  emsExportPrices,
};
