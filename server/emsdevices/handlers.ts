import type { Handler } from '../http/services';
import { emsGetChargeConfig, emsSaveChargeConfig } from './charge';
import { emsSaveChargeDeal, emsUpdateChargeDeal } from './chargeDeals';
import { emsAllDeviceModels, emsAllServers, emsPriceConfig, emsTransformerMonitoring } from './config';
import { emsApplyDeviceModel, emsSaveDeviceModel, emsUpdateDeviceModel } from './deviceModels';
import { emsAirClose, emsAirOpen, emsDeviceTree, emsImportDevices } from './devices';
import { emsDiagramData, emsDiagrams, emsSaveDiagram } from './diagrams';
import { emsGetEnergySetting, emsSaveEnergySetting, emsStorageDevices } from './energySettings';
import { emsExportModelMap, emsExportModelMapCsv, emsImportModelMap } from './modelMaps';
import { emsGetQualitySetting, emsResetQualitySetting, emsSaveQualitySetting } from './quality';
import { emsQualityMonthly, emsQualityRealtime } from './qualityData';
import { bySn } from './records';
import { emsReportData, emsReportTrend, emsStationReportGroups } from './reports';
import { emsCollectorStations, emsCompanyDevices, emsCopyStation, emsDeleteStation, emsStationsByDept } from './stations';
import { emsQualityUnbalance } from './unbalanceData';
import { emsDataTypes, emsGetVars, emsGetVarsSimplify, emsImportVars, emsLinkedVariables } from './vars';

const channel = bySn('monitorChannel');
const device = bySn('device');

/** The named handlers of station and device administration, by their `x-handler` name. */
export const emsdevicesHandlers: Record<string, Handler> = {
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
  emsSaveDeviceModel,
  emsUpdateDeviceModel,
  emsApplyDeviceModel,
  emsExportModelMap,
  emsExportModelMapCsv,
  emsImportModelMap,
  emsGetQualitySetting,
  emsResetQualitySetting,
  emsSaveQualitySetting,
  emsPriceConfig,
  emsTransformerMonitoring,
  emsGetChargeConfig,
  emsSaveChargeConfig,
  emsGetVars,
  emsGetVarsSimplify,
  emsImportVars,
  emsDataTypes,
  emsLinkedVariables,
  emsDeviceTree,
  emsImportDevices,
  emsAirOpen,
  emsAirClose,
  emsDiagrams,
  emsDiagramData,
  emsSaveDiagram,
  emsQualityRealtime,
  emsQualityMonthly,
  emsStationReportGroups,
  emsReportTrend,
  emsReportData,
  emsQualityUnbalance,
  emsStorageDevices,
  emsGetEnergySetting,
  emsSaveEnergySetting,
  emsSaveChargeDeal,
  emsUpdateChargeDeal,
};
