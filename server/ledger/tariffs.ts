import { periodOf } from '../telemetry/calendar';
import type { EntityRecord } from '../resources/repository';
import { periodsAt, type PeriodClass, type PeriodHours, type TariffPeriod } from '../telemetry/tariff';
import type { SettlementInterval } from './intervals';

/** A dated price list as the ledger reads it (an `electricityPrice` record). */
export interface PriceList {
  id: number;
  /** First month (`YYYY-MM`) and day of it (1 when not given) the list applies from. */
  effectiveMonth: string;
  startDay?: number | undefined;
  sharpPrice?: number | undefined;
  peakPrice?: number | undefined;
  flatPrice: number;
  valleyPrice?: number | undefined;
  /** RM per kVA of the month's highest demand. */
  capacityCharge?: number | undefined;
  /** The hours of each class; the station's time-of-use periods when absent. */
  periods?: PeriodHours[] | undefined;
  /** When it was last changed: part of the key of what it prices, so that a change of the list is recorded. */
  updateTime?: string | undefined;
}

/** What an interval is priced at: the purchase price of its period, the price exported energy is sold at, the capacity rate. */
export interface IntervalPrices {
  /** What priced it (`list:<id>@<updated>`, `tou:<id>@<updated>`), or null when nothing did. */
  key: string | null;
  listId: number | null;
  period: PeriodClass;
  purchase: number;
  sale: number;
  capacityRate: number | null;
}

/** A station's tariffs: its dated price lists, its undated time-of-use purchase and settlement periods. */
export interface StationTariffs {
  lists: PriceList[];
  /** The station's time-of-use purchase periods (`stationCharge`), their id and last change. */
  purchase?: { id: number; updateTime?: string | undefined; periods: TariffPeriod[] } | undefined;
  /** The price exported energy is settled at (`stationCharge` of type settlement). */
  settlement?: { id: number; updateTime?: string | undefined; periods: TariffPeriod[] } | undefined;
}

/**
 * A station's tariffs from its price records: its dated price lists (`electricityPrice`), and of
 * its time-of-use records (`stationCharge`) the latest purchase and the latest settlement one.
 */
export function tariffsFrom(lists: EntityRecord[], charges: EntityRecord[]): StationTariffs {
  const latest = [...charges].sort((a, b) => Number(b.id) - Number(a.id));
  const charge = (type: string) => {
    const found = latest.find((c) => c.chargeType === type && Array.isArray(c.periods));
    return found
      ? { id: Number(found.id), updateTime: String(found.updateTime ?? ''), periods: found.periods as TariffPeriod[] }
      : undefined;
  };
  return {
    lists: [...lists].sort((a, b) => Number(a.id) - Number(b.id)) as unknown as PriceList[],
    purchase: charge('purchase'),
    settlement: charge('settlement'),
  };
}

/** The first instant a list applies: local midnight of its first day in the station's zone. */
export function listStart(list: PriceList, zone: string): number {
  const day = String(list.startDay ?? 1).padStart(2, '0');
  return periodOf('DAY', `${list.effectiveMonth}-${day}`, zone).start;
}

/**
 * The dated lists of a station with their spans: each applies from its start to the start of the
 * next (the later id first among lists of one start, which validation refuses to store).
 */
export function listSpans(lists: PriceList[], zone: string): { list: PriceList; start: number; end: number }[] {
  const dated = lists
    .map((list) => ({ list, start: listStart(list, zone) }))
    .sort((a, b) => a.start - b.start || a.list.id - b.list.id);
  const distinct = dated.filter((entry, i) => dated[i + 1]?.start !== entry.start);
  return distinct.map((entry, i) => ({ ...entry, end: distinct[i + 1]?.start ?? Number.POSITIVE_INFINITY }));
}

const CLASS_PRICE: Record<PeriodClass, keyof PriceList> = {
  sharp: 'sharpPrice',
  peak: 'peakPrice',
  flat: 'flatPrice',
  valley: 'valleyPrice',
};

/**
 * The prices of each interval. The dated list in force (the last that started at or before the
 * interval) gives the price of each class; the list's own periods, else the station's time-of-use
 * periods, say which class an hour is (an hour none covers is flat). A class the list has no price
 * for costs its flat price. Without a dated list in force the station's time-of-use purchase prices
 * apply, as every figure of the platform priced them before dated lists; without either, nothing
 * prices the interval. Exported energy is sold at the station's settlement price (0 when it has none).
 * Intervals of one list, month of the year and hour get one object (a year of 15-minute intervals
 * has about 300 different ones), which the caller may group by.
 */
export function pricesOf(tariffs: StationTariffs, zone: string, intervals: SettlementInterval[]): IntervalPrices[] {
  const spans = listSpans(tariffs.lists, zone);
  const tou = tariffs.purchase;
  const sale = (interval: SettlementInterval) =>
    tariffs.settlement ? (periodsAt(tariffs.settlement.periods, interval.hour, interval.monthOfYear)[0]?.price ?? 0) : 0;
  const saleKey = tariffs.settlement ? `|sale:${tariffs.settlement.id}@${tariffs.settlement.updateTime ?? ''}` : '';
  let span = 0;
  const known = new Map<number, IntervalPrices>();
  return intervals.map((interval) => {
    while (span < spans.length && (spans[span]?.end ?? 0) <= interval.start) span += 1;
    const current = spans[span];
    const inForce = current && current.start <= interval.start ? current.list : undefined;
    const key = ((inForce ? span + 1 : 0) * 13 + interval.monthOfYear) * 24 + interval.hour;
    const same = known.get(key);
    if (same) return same;
    const prices = pricesAt(inForce, interval);
    known.set(key, prices);
    return prices;
  });

  function pricesAt(inForce: PriceList | undefined, interval: SettlementInterval): IntervalPrices {
    if (inForce) {
      const hours = inForce.periods?.length ? inForce.periods : (tou?.periods ?? []);
      const period = periodsAt(hours, interval.hour, interval.monthOfYear)[0]?.period ?? 'flat';
      const price = inForce[CLASS_PRICE[period]];
      return {
        key: `list:${inForce.id}@${inForce.updateTime ?? ''}${inForce.periods?.length ? '' : tou ? `|tou:${tou.id}@${tou.updateTime ?? ''}` : ''}${saleKey}`,
        listId: inForce.id,
        period,
        purchase: typeof price === 'number' ? price : inForce.flatPrice,
        sale: sale(interval),
        capacityRate: inForce.capacityCharge ?? null,
      };
    }
    if (tou) {
      const found = periodsAt(tou.periods, interval.hour, interval.monthOfYear)[0];
      return {
        key: `tou:${tou.id}@${tou.updateTime ?? ''}${saleKey}`,
        listId: null,
        period: found?.period ?? 'flat',
        purchase: found?.price ?? 0,
        sale: sale(interval),
        capacityRate: null,
      };
    }
    return { key: null, listId: null, period: 'flat', purchase: 0, sale: sale(interval), capacityRate: null };
  }
}
