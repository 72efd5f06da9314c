import ExcelJS from 'exceljs';
import type { LedgerStation } from '../../generated/types';
import type { Handler } from '../http/services';
import { attachment } from '../resources/export';
import { getStationLedger } from './handlers';

type Figures = Record<string, unknown>;

const YUAN = '#,##0.00';
const KWH = '#,##0.000';

/** The figures of a span as the workbook lays them out, each with its number format. */
const FIGURES: [field: string, numFmt: string][] = [
  ['earned', YUAN],
  ['savings', YUAN],
  ['baselineCost', YUAN],
  ['actualCost', YUAN],
  ['arbitrage', YUAN],
  ['pvValue', YUAN],
  ['spreadPerMwh', YUAN],
  ['cyclesPerDay', '0.000'],
  ['demandCharge', YUAN],
  ['baselineDemandCharge', YUAN],
  ['demandSavings', YUAN],
  ['maxDemandKw', KWH],
  ['importKwh', KWH],
  ['exportKwh', KWH],
  ['chargeKwh', KWH],
  ['dischargeKwh', KWH],
  ['pvKwh', KWH],
  ['importCost', YUAN],
  ['exportRevenue', YUAN],
  ['chargeCost', YUAN],
  ['dischargeValue', YUAN],
  ['coverage', '0.00%'],
  ['closedIntervals', '0'],
  ['completeIntervals', '0'],
];

/** A day's intervals: what priced each and what it came to. */
const INTERVALS: [field: string, numFmt: string | undefined][] = [
  ['time', undefined],
  ['period', undefined],
  ['purchasePrice', '0.0000'],
  ['salePrice', '0.0000'],
  ['importKwh', KWH],
  ['exportKwh', KWH],
  ['chargeKwh', KWH],
  ['dischargeKwh', KWH],
  ['pvKwh', KWH],
  ['demandKw', KWH],
  ['importCost', YUAN],
  ['exportRevenue', YUAN],
  ['actualCost', YUAN],
  ['baselineCost', YUAN],
  ['savings', YUAN],
  ['chargeCost', YUAN],
  ['dischargeValue', YUAN],
];

const cell = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? value : null);

/**
 * `GET /ems/api/ledger/station/export`: the ledger the money page shows (the same answer as
 * `getStationLedger`, so the file and the page cannot differ) as a workbook: the station, its zone,
 * the span and the baseline written above the figures of each part and of the whole span; a day's
 * intervals, with their time-of-use period and prices, on a second sheet.
 */
export const exportStationLedger: Handler = async (call) => {
  const ledger = (await getStationLedger(call)) as LedgerStation;
  const word = (key: string) => call.t(`ledger.${key}`);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(word('sheets.figures').slice(0, 31));
  const facts: [string, string][] = [
    [word('station'), `${ledger.stationName} (${ledger.stationSn})`],
    [word('zone'), ledger.timeZone],
    [word('period'), `${call.t(`enums.statisticType.${ledger.type}`)} ${ledger.period}`],
    [word('baselineLabel'), word('baseline')],
    [word('currency'), word('yuan')],
  ];
  for (const fact of facts) sheet.addRow(fact).getCell(1).font = { bold: true };
  sheet.addRow([]);
  const header = sheet.addRow([word('part'), word('from'), word('to'), ...FIGURES.map(([field]) => word(`fields.${field}`))]);
  header.font = { bold: true };
  const figures = (row: object) => FIGURES.map(([field]) => cell((row as Figures)[field]));
  for (const part of ledger.parts) sheet.addRow([part.label, part.from, part.to, ...figures(part)]);
  sheet.addRow([word('total'), ledger.parts[0]?.from ?? null, ledger.parts.at(-1)?.to ?? null, ...figures(ledger)]).font = {
    bold: true,
  };
  sheet.getColumn(1).width = 22;
  sheet.getColumn(2).width = 20;
  sheet.getColumn(3).width = 20;
  FIGURES.forEach(([, numFmt], i) => {
    const column = sheet.getColumn(i + 4);
    column.width = 16;
    column.numFmt = numFmt;
  });
  if (ledger.intervals) {
    const intervals = workbook.addWorksheet(word('sheets.intervals').slice(0, 31));
    intervals.columns = INTERVALS.map(([field, numFmt]) => ({
      header: word(`intervalFields.${field}`),
      key: field,
      width: 14,
      ...(numFmt ? { style: { numFmt } } : {}),
    }));
    intervals.getRow(1).font = { bold: true };
    for (const row of ledger.intervals)
      intervals.addRow(
        INTERVALS.map(([field]) =>
          field === 'period' ? call.t(`enums.tariffPeriod.${String(row.period)}`) : cell((row as Figures)[field]),
        ),
      );
  }
  const file = await workbook.xlsx.writeBuffer();
  return call.reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', attachment(`${word('fileName')}-${ledger.stationSn}-${ledger.period}.xlsx`))
    .send(Buffer.from(file));
};

export const ledgerWorkbookHandlers: Record<string, Handler> = { exportStationLedger };
