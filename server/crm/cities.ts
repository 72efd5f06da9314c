import cityTable from '../../schemas/constants/crmCities.json';
import type { Handler } from '../http/services';

/** A city of the table shipped with the platform. */
export interface City {
  name: string;
  province: string;
  longitude: number;
  latitude: number;
}

const CITIES: readonly City[] = cityTable.cities;

/**
 * The city an address names: the longest city name found in it (so that a longer name is not
 * taken for a shorter one it contains), else the capital of the province it names, else none.
 */
export function cityOfAddress(address: string): City | undefined {
  const text = address.replace(/\s+/g, '');
  const named = CITIES.filter((city) => text.includes(city.name)).sort((a, b) => b.name.length - a.name.length)[0];
  if (named) return named;
  return CITIES.find((city) => text.includes(city.province));
}

/** `GET customer/getLocationByAddress`. */
export const locationByAddress: Handler = (call) => {
  const address = String(call.query.address);
  const city = cityOfAddress(address);
  return Promise.resolve({
    address,
    found: city !== undefined,
    city: city?.name ?? null,
    province: city?.province ?? null,
    longitude: city?.longitude ?? null,
    latitude: city?.latitude ?? null,
  });
};

/** `GET customer/getCityList`: the static city table, or one province of it. */
export const cityList: Handler = (call) => {
  const province = call.query.province as string | undefined;
  return Promise.resolve(province ? CITIES.filter((city) => city.province === province) : CITIES);
};

export const cityHandlers: Record<string, Handler> = {
  crmLocationByAddress: locationByAddress,
  crmCityList: cityList,
};
