import type { Handler } from '../http/services';
import { stationOf } from '../telemetry/lookup';

/** `photovoltaic/weather/{stationSn}`: the weather at the station now and for the next days. */
export const weather: Handler = async (call) => {
  const station = await stationOf(call, String(call.params.stationSn));
  return { stationSn: String(station.sn), ...(await call.services.weather.report(station, Date.now())) };
};

/** The named handlers of weather, by their `x-handler` name. */
export const weatherHandlers: Record<string, Handler> = { weather };
