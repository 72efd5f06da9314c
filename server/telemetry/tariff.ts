import tou from '../../schemas/constants/touTariff.json';

/** A period of a time-of-use tariff: hours of the day (and months) with their price. */
export interface TariffPeriod {
  startTime: string;
  endTime: string;
  period: 'sharp' | 'peak' | 'flat' | 'valley';
  price: number;
  months?: number[];
}

/** The demo's time-of-use tariff (what its stations are configured with, and what the simulator follows). */
export const DEMO_TARIFF = tou.periods as TariffPeriod[];
export const DEMO_SETTLEMENT_PRICE = tou.settlementPrice;

const hourOfTime = (time: string) => Number(time.slice(0, 2));

/** The period and price of a local hour (0–23) of a month (1–12); an hour no period covers is flat at no price. */
export function priceAt(periods: TariffPeriod[], hour: number, month: number): { period: TariffPeriod['period']; price: number } {
  const found = periods.find(
    (p) => hour >= hourOfTime(p.startTime) && hour < hourOfTime(p.endTime) && (!p.months || p.months.includes(month)),
  );
  return found ? { period: found.period, price: found.price } : { period: 'flat', price: 0 };
}
