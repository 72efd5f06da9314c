import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import type { TenantCatalog } from '../telemetry/catalog';
import { catalogOf, stationOf } from '../telemetry/lookup';
import { bindingsOf } from './bindings';
import { checkWidgets } from './kanbanCheck';
import type { KanbanDocument } from './kanbanStore';
import { placesOf, resolveRoles, toRoles, type DashboardContent, type Places } from './roles';

/** The body of an import plan: the file's dashboard at the station imported onto, and the station the file says it came from. */
interface ImportBody {
  document: KanbanDocument;
  source?: { stationSn: string; stationName?: string };
}

/** A source that is no station of the tenant: every variable of the file is one it cannot match (`notFound`, or `unknown`). */
const NOWHERE: Places = { sn: '', roleBySn: new Map(), byRole: new Map(), labels: new Map(), cameras: [] };

/**
 * The station of the tenant a file's bindings are read at: the one the file names, when it is the
 * tenant's; else (a file of before the export named its station, or one whose station is not the
 * tenant's) the station that holds most of the file's variables, when the tenant has any of them.
 */
async function sourceOf(
  call: CallContext,
  catalog: TenantCatalog,
  named: string | undefined,
  widgets: unknown[],
): Promise<EntityRecord | undefined> {
  if (named) {
    try {
      return await stationOf(call, named);
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'notFound')) throw error;
    }
  }
  const counts = new Map<string, number>();
  for (const widget of widgets as { config: unknown }[])
    for (const { binding } of bindingsOf(widget.config)) {
      const variable = catalog.bySn.get(binding.varSn);
      if (variable) counts.set(variable.stationSn, (counts.get(variable.stationSn) ?? 0) + 1);
    }
  const [most] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return most ? stationOf(call, most[0]) : undefined;
}

/**
 * `POST main/siteKanban/{stationSn}/importPlan`: a dashboard file as the station would take it. Its
 * widgets are bound to roles (`roles.ts`, as copying does) at the station the file came from when
 * that station is the tenant's, and resolved at this station: each variable to the variable of
 * the same code on the device of the same model and rank here, labels by path, cameras by place.
 * What cannot be bound is listed and left out (a widget that cannot do without it whole); a file
 * whose station is no station of the tenant binds none of its variables here. A file of this very
 * station is answered as it is. Nothing is written.
 */
export const planKanbanImport: Handler = async (call) => {
  const target = await stationOf(call, String(call.params.stationSn));
  const targetSn = String(target.sn);
  const { document, source } = call.body as ImportBody;
  if (document.stationSn !== targetSn)
    throw new ApiError('validation', {
      detail: `document.stationSn: ${document.stationSn} is not ${targetSn}, the station imported onto`,
    });
  const { stationSn: _sn, version, updatedBy: _by, updateTime: _at, ...content } = document;
  checkWidgets(call, content.widgets as { id: string; type: string; config: unknown }[], 'document.');
  const catalog = await catalogOf(call);
  const from = await sourceOf(call, catalog, source?.stationSn, content.widgets);
  const answer = (plan: { content: DashboardContent; rebound: number; unbound: unknown[]; leftOut: string[] }) => ({
    stationSn: targetSn,
    stationName: String(target.name),
    source: from ? { stationSn: String(from.sn), stationName: String(from.name) } : null,
    sameStation: from !== undefined && String(from.sn) === targetSn,
    rebound: plan.rebound,
    unbound: plan.unbound,
    leftOut: plan.leftOut,
    document: { ...plan.content, stationSn: targetSn, version },
  });
  if (from && String(from.sn) === targetSn) return answer({ content, rebound: 0, unbound: [], leftOut: [] });
  const bound = toRoles(content, catalog, from ? await placesOf(call, catalog, from) : NOWHERE);
  const taken = resolveRoles(bound.content, await placesOf(call, catalog, target), bound.unbound);
  return answer({ ...taken, unbound: [...bound.unbound, ...taken.unbound] });
};
