import tou from '../../schemas/constants/touTariff.json';

/** The classes of time-of-use periods a price list prices. */
export type PeriodClass = 'sharp' | 'peak' | 'flat' | 'valley';

/** A period of a time-of-use tariff: hours of the day (and months) with their price. */
export interface TariffPeriod {
  startTime: string;
  endTime: string;
  period: PeriodClass;
  price: number;
  months?: number[];
}

/** A period's hours and class, with or without a price of its own (a dated price list prices classes). */
export type PeriodHours = Omit<TariffPeriod, 'price'> & { price?: number };

/** The demo's time-of-use tariff (what its stations are configured with, and what the simulator follows). */
export const DEMO_TARIFF = tou.periods as TariffPeriod[];
export const DEMO_SETTLEMENT_PRICE = tou.settlementPrice;

const hourOfTime = (time: string) => Number(time.slice(0, 2));

/** The periods that cover a local hour (0–23) of a month (1–12): exactly one in a well-formed tariff. */
export function periodsAt<P extends PeriodHours>(periods: P[], hour: number, month: number): P[] {
  return periods.filter(
    (p) => hour >= hourOfTime(p.startTime) && hour < hourOfTime(p.endTime) && (!p.months || p.months.includes(month)),
  );
}

/** The period and price of a local hour (0–23) of a month (1–12); an hour no period covers is flat at no price. */
export function priceAt(periods: TariffPeriod[], hour: number, month: number): { period: PeriodClass; price: number } {
  const found = periodsAt(periods, hour, month)[0];
  return found ? { period: found.period, price: found.price } : { period: 'flat', price: 0 };
}

/**
 * The hours of the year's months that a tariff leaves uncovered, or covers twice, as `M/H` (month
 * 1–12, hour 0–23): empty for a tariff that gives every hour exactly one period.
 */
export function coverageFaults(periods: PeriodHours[]): { uncovered: string[]; twice: string[] } {
  const uncovered: string[] = [];
  const twice: string[] = [];
  for (let month = 1; month <= 12; month += 1) {
    for (let hour = 0; hour < 24; hour += 1) {
      const count = periodsAt(periods, hour, month).length;
      if (count === 0) uncovered.push(`${month}/${hour}`);
      if (count > 1) twice.push(`${month}/${hour}`);
    }
  }
  return { uncovered, twice };
}
