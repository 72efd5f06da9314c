import type { Transaction } from 'kysely';
import type { Tables } from '../db/tables';
import { isUniqueViolation } from '../db/errors';
import { ApiError } from '../errors';
import type { CallContext } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import type { TenantCatalog } from '../telemetry/catalog';
import { catalogOf } from '../telemetry/lookup';
import { refuseForeignBindings } from './bindings';
import { writeKanban, type KanbanRow, type KanbanSave } from './kanbanStore';
import { applyOverrides, conflictsOf, NO_OVERRIDES, overridesOf, type Overrides } from './overrides';
import { placesOf, resolveRoles, type DashboardContent, type RoleContent } from './roles';

/** A template row as stored. */
export type TemplateRow = Tables['kanbanTemplate'] & { id: number };

/** The template a station follows, as stored; `overrides` parsed. */
export interface Following {
  templateId: number;
  templateVersion: number;
  overrides: Overrides;
  detached: boolean;
}

/** A template of the caller's tenant, or 404. */
export async function templateOf(call: CallContext, id: number): Promise<TemplateRow> {
  const db = call.data();
  const row = await db
    .selectFrom('kanbanTemplate')
    .selectAll()
    .where('tenantId', '=', call.scope().tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  return row as TemplateRow;
}

/** The content of one version of a template. */
export async function templateContent(call: CallContext, templateId: number, version: number): Promise<RoleContent> {
  const db = call.data();
  const row = await db
    .selectFrom('kanbanTemplateVersion')
    .select('content')
    .where('tenantId', '=', call.scope().tenantId)
    .where('templateId', '=', templateId)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.content) as RoleContent;
}

/** The template a station follows (or detached from); undefined when it never followed one. */
export async function followingOf(call: CallContext, station: EntityRecord): Promise<Following | undefined> {
  const db = call.data();
  const row = await db
    .selectFrom('stationTemplate')
    .selectAll()
    .where('tenantId', '=', call.scope().tenantId)
    .where('stationId', '=', Number(station.id))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    templateId: row.templateId,
    templateVersion: row.templateVersion,
    overrides: JSON.parse(row.overrides) as Overrides,
    detached: row.detached === 1,
  };
}

/** The default template of a kind of station in the caller's tenant, if it has one. */
export async function defaultTemplate(call: CallContext, stationType: string): Promise<TemplateRow | undefined> {
  const db = call.data();
  const row = await db
    .selectFrom('kanbanTemplate')
    .selectAll()
    .where('tenantId', '=', call.scope().tenantId)
    .where('stationType', '=', stationType)
    .where('isDefault', '=', 1)
    .executeTakeFirst();
  return row as TemplateRow | undefined;
}

/**
 * A template's content as a station takes it: bound to the station's own devices, labels and
 * cameras; a widget the station cannot bind stays, as a placeholder saying why (see `resolveRoles`).
 */
export async function resolvedFor(call: CallContext, catalog: TenantCatalog, content: RoleContent, station: EntityRecord) {
  return resolveRoles(content, await placesOf(call, catalog, station), [], { placeholders: true });
}

/** Writes which template a station follows, from which version, with which overrides. */
export async function writeFollowing(
  trx: Transaction<Tables>,
  place: { tenantId: number; stationId: number },
  following: Omit<Following, 'detached'> & { detached?: boolean },
): Promise<void> {
  const values = {
    templateId: following.templateId,
    templateVersion: following.templateVersion,
    overrides: JSON.stringify(following.overrides),
    detached: following.detached ? 1 : 0,
  };
  const updated = await trx
    .updateTable('stationTemplate')
    .set(values)
    .where('tenantId', '=', place.tenantId)
    .where('stationId', '=', place.stationId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    try {
      await trx
        .insertInto('stationTemplate')
        .values({ ...place, ...values })
        .execute();
    } catch (error) {
      // Another save of the same station came first; its dashboard write refuses this one as stale.
      if (isUniqueViolation(error)) throw new ApiError('staleVersion');
      throw error;
    }
  }
}

/**
 * Stores a station's dashboard as its next version (the 409 rule holds); a station that follows a
 * template (or, with no dashboard of its own yet, whose kind has a default template) keeps what
 * the dashboard changes of the template's version as its overrides, in the same transaction. A
 * dashboard that binds a variable of another station in a widget that does not say it means to is
 * refused (400) before anything is written.
 */
export async function storeStationDashboard(call: CallContext, station: EntityRecord, save: KanbanSave): Promise<KanbanRow> {
  await refuseForeignBindings(call, station, (save.content as DashboardContent).widgets);
  const place = { tenantId: call.scope().tenantId, stationId: Number(station.id) };
  let following = await followingOf(call, station);
  if (!following && save.from === 0) {
    const template = await defaultTemplate(call, String(station.stationType));
    if (template)
      following = { templateId: template.id, templateVersion: template.version, overrides: NO_OVERRIDES, detached: false };
  }
  let overrides: Overrides | undefined;
  if (following && !following.detached) {
    const catalog = await catalogOf(call);
    const template = await resolvedFor(
      call,
      catalog,
      await templateContent(call, following.templateId, following.templateVersion),
      station,
    );
    overrides = overridesOf(template.content, save.content as DashboardContent);
  }
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const row = await writeKanban(trx, place, save);
    if (following && overrides) await writeFollowing(trx, place, { ...following, overrides });
    return row;
  });
}

/** The dashboard a station following a template shows when it has none stored: the template, as the station takes it. */
export async function templateDashboard(call: CallContext, station: EntityRecord): Promise<DashboardContent | undefined> {
  const following = await followingOf(call, station);
  if (following?.detached) return undefined;
  const template = following
    ? await templateOf(call, following.templateId)
    : await defaultTemplate(call, String(station.stationType));
  if (!template) return undefined;
  const version = following?.templateVersion ?? template.version;
  const resolved = await resolvedFor(call, await catalogOf(call), await templateContent(call, template.id, version), station);
  return applyOverrides(resolved.content, following?.overrides ?? NO_OVERRIDES);
}

/** What publishing a template version does to one following station. */
export async function rollOutTo(
  call: CallContext,
  catalog: TenantCatalog,
  station: EntityRecord,
  following: Following,
  next: RoleContent,
  current: DashboardContent,
) {
  const places = await placesOf(call, catalog, station);
  const before = resolveRoles(await templateContent(call, following.templateId, following.templateVersion), places, [], {
    placeholders: true,
  });
  const after = resolveRoles(next, places, [], { placeholders: true });
  const effective = applyOverrides(after.content, following.overrides);
  const changes = overridesOf(current, effective);
  return {
    effective,
    overrides: overridesOf(after.content, effective),
    conflicts: conflictsOf(before.content, after.content, following.overrides),
    unbound: after.unbound,
    leftOut: after.leftOut,
    placeholders: after.placeholders,
    changes: {
      added: changes.added.map((widget) => widget.id),
      removed: changes.removed,
      changed: Object.keys(changes.changed),
      placed: [...new Set(Object.values(changes.placed).flatMap((items) => items.map((item) => item.id)))].filter(
        (id) => !changes.added.some((widget) => widget.id === id),
      ),
    },
  };
}
