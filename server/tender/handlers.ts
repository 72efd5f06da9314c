import type { Handler } from '../http/services';
import { materialBomImport, materialBomMatchData } from './bom';
import {
  tenderFunnel,
  tenderGenerateNumber,
  tenderPlanVsActual,
  tenderRanking,
  tenderStatistics,
  tenderTrend,
  tenderWinRate,
} from './statistics';
import { saveMaterialMovement } from './stock';

/** The named handlers of tenders, procurement and materials, by their `x-handler` names. */
export const tenderHandlers: Record<string, Handler> = {
  tenderStatistics,
  tenderTrend,
  tenderPlanVsActual,
  tenderRanking,
  tenderWinRate,
  tenderFunnel,
  tenderGenerateNumber,
  saveMaterialMovement,
  materialBomMatchData,
  materialBomImport,
};
