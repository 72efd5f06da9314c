import { decodeLand, type LandRing } from './rules';

let loading: Promise<LandRing[]> | undefined;

/**
 * The land outline, loaded with the first map shown (its data is a chunk of its own, not in the
 * dashboard's first JavaScript) and decoded once.
 */
export function loadLand(): Promise<LandRing[]> {
  loading ??= import('./land.json').then((module) => decodeLand(module.default));
  return loading;
}
