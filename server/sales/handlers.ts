import type { Handler } from '../http/services';
import { contractHandlers } from './contracts';
import { saveOrderFiles } from './orderFiles';
import { getRelatedOrders, orderTransfer, orderTransferBatch } from './orders';
import { getBudgetForQuoteInfo, getQuoteForOrder } from './quotes';
import { checkRankingPartake, getContractRanking } from './ranking';
import { siteSchemeHandlers } from './siteSchemes';
import { getOrderYearStat, getPayInvoiceStat, getProjFinishCalcDtl } from './statistics';

/** The named handlers of sales, receivables, quotations, contracts and the leaderboard, by their `x-handler` name. */
export const salesHandlers: Record<string, Handler> = {
  orderTransfer,
  orderTransferBatch,
  getRelatedOrders,
  saveOrderFiles,
  getPayInvoiceStat,
  getProjFinishCalcDtl,
  getOrderYearStat,
  getBudgetForQuoteInfo,
  getQuoteForOrder,
  getContractRanking,
  checkRankingPartake,
  ...contractHandlers,
  ...siteSchemeHandlers,
};
