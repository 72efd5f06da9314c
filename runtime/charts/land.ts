import { loadCharts } from './loadCharts';
import { decodeLand, LAND_MAP, landGeoJson } from './places';

let registering: Promise<void> | undefined;

/**
 * The land outline registered with ECharts as the map `LAND_MAP`, once, with the first map shown:
 * its data is a chunk of its own (not in the dashboard's first JavaScript), and a map drawn before
 * its outline is registered has nothing to draw on.
 */
export function registerLand(): Promise<void> {
  registering ??= Promise.all([loadCharts(), import('./land.json')]).then(([{ registerMap }, land]) =>
    registerMap(LAND_MAP, landGeoJson(decodeLand(land.default))),
  );
  return registering;
}
