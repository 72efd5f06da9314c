import { ApiError } from '../errors';
import type { Handler } from '../http/services';
import { catalogOf, stationOf } from '../telemetry/lookup';
import { storedKanban } from './kanbanStore';
import { placesOf, resolveRoles, toRoles } from './roles';

/**
 * `POST main/siteKanban/{stationSn}/copyPlan`: the station's stored dashboard as each target
 * station of the tenant would take it, bound to roles (`roles.ts`) and resolved at the target, with
 * what could not be rebound and the target's version to save it from (a save of the copy follows
 * the 409 rule). Nothing is written.
 */
export const planKanbanCopy: Handler = async (call) => {
  const sourceSn = String(call.params.stationSn);
  const { targets } = call.body as { targets: string[] };
  if (targets.includes(sourceSn)) throw new ApiError('validation', { detail: `targets: ${sourceSn} is the station copied from` });
  const catalog = await catalogOf(call);
  const station = await stationOf(call, sourceSn);
  const document = await storedKanban(call, station);
  const bound = toRoles(document, catalog, await placesOf(call, catalog, station));
  const plans = [];
  for (const sn of targets) {
    const target = await stationOf(call, sn);
    const stored = await storedKanban(call, target);
    const copy = resolveRoles(bound.content, await placesOf(call, catalog, target), bound.unbound);
    plans.push({
      stationSn: sn,
      stationName: String(target.name),
      rebound: copy.rebound,
      unbound: [...bound.unbound, ...copy.unbound],
      leftOut: copy.leftOut,
      document: { ...copy.content, stationSn: sn, version: stored.version },
    });
  }
  return { stationSn: sourceSn, version: document.version, targets: plans };
};
