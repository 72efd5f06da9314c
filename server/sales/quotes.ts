import type { Handler } from '../http/services';
import { percent, yuan } from './figures';

const QUOTES_OF_AN_ORDER = 200;

/** `GET quoteinfo/getQuoteForOrder`: the quotations of an order (404 for an order the tenant does not have). */
export const getQuoteForOrder: Handler = async (call) => {
  const scope = call.scope();
  const orderId = Number(call.query.orderId);
  await call.services.repository.get(scope, 'salesOrder', orderId);
  const { records } = await call.services.repository.list(scope, 'quote', {
    filters: [{ field: 'orderId', op: 'eq', value: orderId }],
    sortField: 'createTime',
    sortOrder: 'desc',
    current: 1,
    size: QUOTES_OF_AN_ORDER,
  });
  return records;
};

interface QuoteLine {
  productName: string;
  model?: string;
  quantity: number;
  unitPrice: number;
  costPrice?: number;
}

/** `GET quoteinfo/getBudgetForQuoteInfo`: each line's sales, cost and profit, and the quotation's totals and margin. */
export const getBudgetForQuoteInfo: Handler = async (call) => {
  const id = Number(call.query.id);
  const quote = await call.services.repository.get(call.scope(), 'quote', id);
  const lines = ((quote.items as QuoteLine[] | undefined) ?? []).map((line) => {
    const costPrice = line.costPrice ?? 0;
    const salesAmount = yuan(line.quantity * line.unitPrice);
    const costAmount = yuan(line.quantity * costPrice);
    return {
      productName: line.productName,
      ...(line.model === undefined ? {} : { model: line.model }),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      costPrice,
      salesAmount,
      costAmount,
      profit: yuan(salesAmount - costAmount),
    };
  });
  const salesAmount = yuan(lines.reduce((sum, line) => sum + line.salesAmount, 0));
  const costAmount = yuan(lines.reduce((sum, line) => sum + line.costAmount, 0));
  const grossProfit = yuan(salesAmount - costAmount);
  return {
    quoteId: id,
    ...(quote.totalAmount === undefined ? {} : { totalAmount: Number(quote.totalAmount) }),
    lines,
    salesAmount,
    costAmount,
    grossProfit,
    grossMargin: percent(grossProfit, salesAmount),
  };
};
