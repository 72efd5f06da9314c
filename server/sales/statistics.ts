import type { Handler } from '../http/services';
import { change, orderSum, orderSumInStates, percent, yuan } from './figures';

/** Invoice applications finance has still to act on. */
const WAITING_FOR_FINANCE = ['applied', 'replacementApplied'];

/** `GET orderinfo/getPayInvoiceStat`: received and invoiced against the contract value of an order. */
export const getPayInvoiceStat: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  const orderId = Number(call.query.orderId);
  const order = await repository.get(scope, 'salesOrder', orderId);
  const contractAmount = yuan(Number(order.contractAmount ?? 0));
  const received = await orderSum(repository, scope, 'orderPayment', orderId, 'amount');
  const invoiced = await orderSum(repository, scope, 'invoiceRecord', orderId, 'amount');
  const appliedAmount = await orderSumInStates(repository, scope, 'invoiceApplication', orderId, 'amount', WAITING_FOR_FINANCE);
  return {
    orderId,
    contractAmount,
    receivedAmount: received.sum,
    invoicedAmount: invoiced.sum,
    appliedAmount,
    unreceivedAmount: yuan(contractAmount - received.sum),
    uninvoicedAmount: yuan(contractAmount - invoiced.sum),
    receivedRate: percent(received.sum, contractAmount),
    invoicedRate: percent(invoiced.sum, contractAmount),
    paymentCount: received.count,
    invoiceCount: invoiced.count,
  };
};

/** `GET orderinfo/getProjFinishCalcDtl`: the final account of an order. */
export const getProjFinishCalcDtl: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  const orderId = Number(call.query.orderId);
  const order = await repository.get(scope, 'salesOrder', orderId);
  const contractAmount = yuan(Number(order.contractAmount ?? 0));
  const budgetCost = yuan(Number(order.budgetCost ?? 0));
  const grossProfit = yuan(contractAmount - budgetCost);
  const receivedAmount = (await orderSum(repository, scope, 'orderPayment', orderId, 'amount')).sum;
  const invoicedAmount = (await orderSum(repository, scope, 'invoiceRecord', orderId, 'amount')).sum;
  const receivableBalance = yuan(invoicedAmount - receivedAmount);
  const figures = { contractAmount, budgetCost, grossProfit, receivedAmount, invoicedAmount, receivableBalance };
  return {
    orderId,
    orderNo: String(order.orderNo),
    name: String(order.name),
    ...(order.customerName === undefined ? {} : { customerName: String(order.customerName) }),
    ...figures,
    grossMargin: percent(grossProfit, contractAmount),
    quotedAmount: await orderSumInStates(repository, scope, 'quote', orderId, 'totalAmount', ['replied']),
    contractFileAmount: await orderSumInStates(repository, scope, 'contractFile', orderId, 'amount', ['signed', 'completed']),
    lines: Object.entries(figures).map(([item, amount]) => ({ item, amount })),
  };
};

interface MonthFigures {
  count: number;
  amount: number;
}

/** `GET orderinfo/getOrderYearStat`: orders by signing month of a year and of the year before. */
export const getOrderYearStat: Handler = async (call) => {
  const scope = call.scope();
  const year = Number(call.query.year);
  const empty = (): MonthFigures[] => Array.from({ length: 12 }, () => ({ count: 0, amount: 0 }));
  const byYear = new Map<number, MonthFigures[]>([
    [year, empty()],
    [year - 1, empty()],
  ]);
  const orders = call.services.repository.each(scope, 'salesOrder', {
    filters: [
      { field: 'signDate', op: 'gte', value: `${year - 1}-01-01` },
      { field: 'signDate', op: 'lte', value: `${year}-12-31` },
    ],
    sortField: 'signDate',
    sortOrder: 'asc',
  });
  for await (const batch of orders) {
    for (const order of batch) {
      const signed = String(order.signDate);
      const month = byYear.get(Number(signed.slice(0, 4)))?.[Number(signed.slice(5, 7)) - 1];
      if (!month) continue;
      month.count += 1;
      month.amount += Number(order.contractAmount ?? 0);
    }
  }
  const now = byYear.get(year) ?? empty();
  const before = byYear.get(year - 1) ?? empty();
  const total = (months: MonthFigures[]) =>
    months.reduce((sum, m) => ({ count: sum.count + m.count, amount: sum.amount + m.amount }));
  const thisYear = total(now);
  const lastYear = total(before);
  return {
    year,
    months: now.map((m, index) => {
      const last = before[index] ?? { count: 0, amount: 0 };
      return {
        month: index + 1,
        count: m.count,
        amount: yuan(m.amount),
        lastYearCount: last.count,
        lastYearAmount: yuan(last.amount),
        amountChange: change(yuan(m.amount), yuan(last.amount)),
      };
    }),
    count: thisYear.count,
    amount: yuan(thisYear.amount),
    lastYearCount: lastYear.count,
    lastYearAmount: yuan(lastYear.amount),
    amountChange: change(yuan(thisYear.amount), yuan(lastYear.amount)),
  };
};
