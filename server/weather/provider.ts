import type { EntityRecord } from '../resources/repository';
import { StationModel } from '../simulator/model';
import type { WeatherCondition } from '../simulator/surroundings';
import { stationSpec } from '../simulator/spec';
import { periodOf, formatLocal, HOUR_MS } from '../telemetry/calendar';

/** The weather of a day: how it looks, and its lowest and highest temperatures (°C). */
export interface WeatherDay {
  date: string;
  condition: WeatherCondition;
  low: number;
  high: number;
}

/** The weather at a station now and for the next days, and where it comes from. */
export interface WeatherReport {
  /** Who made the figures (`simulated` for the demo's). */
  source: string;
  time: string;
  condition: WeatherCondition;
  /** Air temperature, °C. */
  temperature: number;
  /** Sunlight on a horizontal surface, W/m². */
  irradiance: number;
  /** Today and the two days after. */
  days: WeatherDay[];
}

/** Where the weather of a station's place comes from; a weather service plugs in here. */
export interface WeatherProvider {
  report(station: EntityRecord, now: number): Promise<WeatherReport>;
}

const FORECAST_DAYS = 3;

/**
 * The demo's weather: derived from the station's place and the date by the same model that
 * simulates its photovoltaics and loads, so the sky and the power curves agree. It says so in
 * `source`.
 */
export class SimulatedWeather implements WeatherProvider {
  report(station: EntityRecord, now: number): Promise<WeatherReport> {
    const spec = stationSpec(station);
    const model = new StationModel(spec);
    const current = model.weatherAt(now);
    const days: WeatherDay[] = [];
    let day = periodOf('DAY', now, spec.zone);
    for (let i = 0; i < FORECAST_DAYS; i += 1) {
      const hourly = [];
      for (let ts = day.start; ts < day.end; ts += HOUR_MS) hourly.push(model.weatherAt(ts));
      const temperatures = hourly.map((w) => w.temperature);
      days.push({
        date: day.key,
        condition: hourly[12]?.condition ?? current.condition,
        low: Math.min(...temperatures),
        high: Math.max(...temperatures),
      });
      day = periodOf('DAY', day.end, spec.zone);
    }
    return Promise.resolve({ source: 'simulated', time: formatLocal(now, spec.zone), ...current, days });
  }
}

// What handlers work with (`call.services`), given by this area.
declare module '../http/services' {
  interface Services {
    /** The weather at a station's place. */
    weather: WeatherProvider;
  }
}
