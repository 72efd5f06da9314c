import { isUniqueViolation } from '../db/errors';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { catalogOf, stationOf } from '../telemetry/lookup';
import { checkWidgets } from './kanban';
import { storedKanban, writeKanban, type KanbanDocument } from './kanbanStore';
import { NO_OVERRIDES, overrideCount } from './overrides';
import { placesOf, toRoles, type RoleContent } from './roles';
import { followingOf, resolvedFor, rollOutTo, templateOf, writeFollowing, type Following, type TemplateRow } from './templates';

/** A template as the calls answer it, without its content. */
const summary = (row: TemplateRow) => ({
  id: row.id,
  name: row.name,
  stationType: row.stationType,
  isDefault: row.isDefault === 1,
  version: row.version,
  updatedBy: row.updatedBy,
  updateTime: row.updateTime,
});

const templateId = (call: CallContext) => Number(call.params.id);

/** A station of the caller's tenant of the template's kind; another kind is refused (400). */
async function stationForTemplate(call: CallContext, template: TemplateRow, sn: string): Promise<EntityRecord> {
  const station = await stationOf(call, sn);
  if (station.stationType !== template.stationType)
    throw new ApiError('validation', { detail: `stations: ${sn} is not a ${template.stationType} station` });
  return station;
}

/** The stations that follow a template or detached from it, with their station records. */
async function stationsOf(call: CallContext, id: number): Promise<{ station: EntityRecord; following: Following }[]> {
  const db = call.data();
  const rows = await db
    .selectFrom('stationTemplate')
    .selectAll()
    .where('tenantId', '=', call.scope().tenantId)
    .where('templateId', '=', id)
    .orderBy('stationId')
    .execute();
  const stations = await call.services.repository.all(call.scope(), 'station', {
    filters: [{ field: 'id', op: 'in', value: rows.map((row) => row.stationId) }],
    sortField: 'id',
    sortOrder: 'asc',
  });
  const byId = new Map(stations.map((station) => [Number(station.id), station]));
  return rows.flatMap((row) => {
    const station = byId.get(row.stationId);
    return station
      ? [
          {
            station,
            following: {
              templateId: row.templateId,
              templateVersion: row.templateVersion,
              overrides: JSON.parse(row.overrides) as Following['overrides'],
              detached: row.detached === 1,
            },
          },
        ]
      : [];
  });
}

/** Makes a template the only default of its kind, or not the default. */
async function setDefault(call: CallContext, row: { id: number; stationType: string }, isDefault: boolean, trx = call.data()) {
  if (isDefault)
    await trx
      .updateTable('kanbanTemplate')
      .set({ isDefault: 0 })
      .where('tenantId', '=', call.scope().tenantId)
      .where('stationType', '=', row.stationType)
      .execute();
  await trx
    .updateTable('kanbanTemplate')
    .set({ isDefault: isDefault ? 1 : 0 })
    .where('tenantId', '=', call.scope().tenantId)
    .where('id', '=', row.id)
    .execute();
}

/** `GET main/kanbanTemplate/list`: the tenant's templates, with how many stations follow each. */
export const listKanbanTemplates: Handler = async (call) => {
  const db = call.data();
  const tenantId = call.scope().tenantId;
  const [rows, counts] = await Promise.all([
    db.selectFrom('kanbanTemplate').selectAll().where('tenantId', '=', tenantId).orderBy('name').execute(),
    db
      .selectFrom('stationTemplate')
      .select(['templateId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('tenantId', '=', tenantId)
      .where('detached', '=', 0)
      .groupBy('templateId')
      .execute(),
  ]);
  const following = new Map(counts.map((row) => [row.templateId, Number(row.count)]));
  return rows.map((row) => ({ ...summary(row as TemplateRow), stations: following.get(row.id) ?? 0 }));
};

/**
 * `POST main/kanbanTemplate/create`: a template of a station's kind made of its stored
 * dashboard, bound to roles, as version 1; what has no role (a variable without a code) is named
 * and left out. A name taken in the tenant is refused (409).
 */
export const createKanbanTemplate: Handler = async (call) => {
  const { name, stationSn, isDefault = false } = call.body as { name: string; stationSn: string; isDefault?: boolean };
  const station = await stationOf(call, stationSn);
  const document = await storedKanban(call, station);
  const catalog = await catalogOf(call);
  const bound = toRoles(document, catalog, await placesOf(call, catalog, station));
  const tenantId = call.scope().tenantId;
  const at = new Date().toISOString();
  const content = JSON.stringify(bound.content);
  const db = call.data();
  const made = await db.transaction().execute(async (trx) => {
    let id: number;
    try {
      const row = await trx
        .insertInto('kanbanTemplate')
        .values({
          tenantId,
          name: name.trim(),
          stationType: String(station.stationType),
          isDefault: 0,
          version: 1,
          content,
          updatedBy: call.scope().userName,
          updateTime: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('duplicate');
      throw error;
    }
    await trx
      .insertInto('kanbanTemplateVersion')
      .values({ tenantId, templateId: id, version: 1, content, updatedBy: call.scope().userName, updateTime: at, note: null })
      .execute();
    if (isDefault) await setDefault(call, { id, stationType: String(station.stationType) }, true, trx);
    return id;
  });
  return { ...summary(await templateOf(call, made)), unbound: bound.unbound };
};

/** `GET main/kanbanTemplate/{id}`: a template with its current content, bound to roles. */
export const getKanbanTemplate: Handler = async (call) => {
  const row = await templateOf(call, templateId(call));
  return { ...summary(row), content: JSON.parse(row.content) as RoleContent };
};

/** `POST main/kanbanTemplate/{id}/default`: makes the template the default of its kind (the others not), or not. */
export const setKanbanTemplateDefault: Handler = async (call) => {
  const row = await templateOf(call, templateId(call));
  await setDefault(call, row, (call.body as { isDefault: boolean }).isDefault);
  return summary(await templateOf(call, row.id));
};

/**
 * `POST main/kanbanTemplate/{id}/attach`: each station (of the template's kind, with the version
 * of its dashboard the caller saw) follows the template: its dashboard becomes the template's
 * current version as the station takes it, stored as its next version, with no overrides. All or
 * nothing: a station saved meanwhile (409) or of another kind (400) leaves every station as it was.
 */
export const attachKanbanTemplate: Handler = async (call) => {
  const template = await templateOf(call, templateId(call));
  const { stations } = call.body as { stations: { stationSn: string; version: number }[] };
  const catalog = await catalogOf(call);
  const content = JSON.parse(template.content) as RoleContent;
  const plans = await Promise.all(
    stations.map(async (entry) => {
      const station = await stationForTemplate(call, template, entry.stationSn);
      return { entry, station, resolved: await resolvedFor(call, catalog, content, station) };
    }),
  );
  const note = call.t('dashboard.templates.appliedNote', { name: template.name, version: String(template.version) });
  const tenantId = call.scope().tenantId;
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const answers = [];
    for (const { entry, station, resolved } of plans) {
      const place = { tenantId, stationId: Number(station.id) };
      const row = await writeKanban(trx, place, {
        from: entry.version,
        content: resolved.content,
        updatedBy: call.scope().userName,
        note,
        restoredFrom: null,
      });
      await writeFollowing(trx, place, { templateId: template.id, templateVersion: template.version, overrides: NO_OVERRIDES });
      answers.push({ stationSn: entry.stationSn, version: row.version, unbound: resolved.unbound, leftOut: resolved.leftOut });
    }
    return answers;
  });
};

/** `POST main/siteKanban/{stationSn}/detach`: the station stops following its template and keeps its dashboard as its own. */
export const detachKanbanTemplate: Handler = async (call) => {
  const station = await stationOf(call, String(call.params.stationSn));
  const following = await followingOf(call, station);
  if (!following || following.detached)
    throw new ApiError('validation', { detail: `stationSn: ${String(station.sn)} follows no template` });
  const db = call.data();
  await db
    .transaction()
    .execute((trx) =>
      writeFollowing(trx, { tenantId: call.scope().tenantId, stationId: Number(station.id) }, { ...following, detached: true }),
    );
  return { stationSn: String(station.sn), templateId: following.templateId, detached: true };
};

/**
 * `GET main/kanbanTemplate/{id}/stations`: the stations of a template and how each stands: it
 * follows it as it is, has overrides (how many), has overrides the template's current version
 * changed too (conflicts, when it is on an older version), or detached.
 */
export const listKanbanTemplateStations: Handler = async (call) => {
  const template = await templateOf(call, templateId(call));
  const catalog = await catalogOf(call);
  const current = JSON.parse(template.content) as RoleContent;
  const answers = [];
  for (const { station, following } of await stationsOf(call, template.id)) {
    const overrides = overrideCount(following.overrides);
    let conflicts = 0;
    if (!following.detached && following.templateVersion < template.version) {
      const stored = await storedKanban(call, station);
      const rollOut = await rollOutTo(call, catalog, station, following, current, stored);
      conflicts = rollOut.conflicts.length;
    }
    answers.push({
      stationSn: String(station.sn),
      stationName: String(station.name),
      templateVersion: following.templateVersion,
      overrides,
      conflicts,
      state: following.detached ? 'detached' : conflicts ? 'conflicts' : overrides ? 'overrides' : 'follows',
    });
  }
  return answers;
};

/** A new version of a template as the body gives it: a dashboard made on one station of its kind, bound to roles from there. */
async function proposed(call: CallContext, template: TemplateRow) {
  const { document, baseVersion } = call.body as { document: KanbanDocument; baseVersion: number };
  if (baseVersion !== template.version) throw new ApiError('staleVersion');
  checkWidgets(call, document.widgets as { id: string; type: string; config: unknown }[]);
  const station = await stationForTemplate(call, template, document.stationSn);
  const catalog = await catalogOf(call);
  const bound = toRoles(document, catalog, await placesOf(call, catalog, station));
  return { catalog, content: bound.content, unbound: bound.unbound };
}

/** What a new version does to each station that follows the template (detached ones are not touched). */
async function rollOutPlan(
  call: CallContext,
  template: TemplateRow,
  next: RoleContent,
  catalog: Awaited<ReturnType<typeof catalogOf>>,
) {
  const plans = [];
  for (const { station, following } of await stationsOf(call, template.id)) {
    if (following.detached) continue;
    const stored = await storedKanban(call, station);
    plans.push({
      station,
      following,
      version: stored.version,
      ...(await rollOutTo(call, catalog, station, following, next, stored)),
    });
  }
  return plans;
}

/**
 * `POST main/kanbanTemplate/{id}/preview`: what publishing a new version would do to each
 * following station — the widgets it would add, remove, reconfigure and move there, the station's
 * overrides it conflicts with, and the bindings the station cannot take. Nothing is written.
 */
export const previewKanbanTemplate: Handler = async (call) => {
  const template = await templateOf(call, templateId(call));
  const { catalog, content, unbound } = await proposed(call, template);
  const plans = await rollOutPlan(call, template, content, catalog);
  return {
    baseVersion: template.version,
    unbound,
    stations: plans.map((plan) => ({
      stationSn: String(plan.station.sn),
      stationName: String(plan.station.name),
      version: plan.version,
      templateVersion: plan.following.templateVersion,
      changes: plan.changes,
      conflicts: plan.conflicts,
      unbound: plan.unbound,
      leftOut: plan.leftOut,
      placeholders: plan.placeholders,
    })),
  };
};

/**
 * `POST main/kanbanTemplate/{id}/publish`: stores the new version of the template and rolls it out
 * to the chosen following stations: each gets the new version with its overrides on top (where an
 * override conflicts, the station's stays) as the next version of its dashboard, so a roll-out is
 * undone per station by restoring its previous version. The others stay on the version they have.
 * All or nothing: a template or station saved meanwhile (409) writes nothing.
 */
export const publishKanbanTemplate: Handler = async (call) => {
  const template = await templateOf(call, templateId(call));
  const { stations: chosen = [], note } = call.body as { stations?: string[]; note?: string };
  const { catalog, content } = await proposed(call, template);
  const plans = await rollOutPlan(call, template, content, catalog);
  const following = new Set(plans.map((plan) => String(plan.station.sn)));
  const stranger = chosen.find((sn) => !following.has(sn));
  if (stranger) throw new ApiError('validation', { detail: `stations: ${stranger} does not follow this template` });
  const version = template.version + 1;
  const at = new Date().toISOString();
  const text = JSON.stringify(content);
  const tenantId = call.scope().tenantId;
  const rolled = call.t('dashboard.templates.appliedNote', { name: template.name, version: String(version) });
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('kanbanTemplate')
      .set({ version, content: text, updatedBy: call.scope().userName, updateTime: at })
      .where('tenantId', '=', tenantId)
      .where('id', '=', template.id)
      .where('version', '=', template.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new ApiError('staleVersion');
    await trx
      .insertInto('kanbanTemplateVersion')
      .values({
        tenantId,
        templateId: template.id,
        version,
        content: text,
        updatedBy: call.scope().userName,
        updateTime: at,
        note: note?.trim() || null,
      })
      .execute();
    const stations = [];
    for (const plan of plans.filter((entry) => chosen.includes(String(entry.station.sn)))) {
      const place = { tenantId, stationId: Number(plan.station.id) };
      const row = await writeKanban(trx, place, {
        from: plan.version,
        content: plan.effective,
        updatedBy: call.scope().userName,
        note: rolled,
        restoredFrom: null,
      });
      await writeFollowing(trx, place, { templateId: template.id, templateVersion: version, overrides: plan.overrides });
      stations.push({ stationSn: String(plan.station.sn), version: row.version });
    }
    return { ...summary({ ...template, version, updatedBy: call.scope().userName, updateTime: at }), stations };
  });
};

/**
 * `GET main/siteKanban/{stationSn}/template`: the template the station follows (or detached from):
 * its name, the version the station's dashboard was made from and the template's current one, and
 * how many overrides the station has; `following` is null when it never followed one.
 */
export const getStationTemplate: Handler = async (call) => {
  const station = await stationOf(call, String(call.params.stationSn));
  const following = await followingOf(call, station);
  if (!following) return { stationSn: String(station.sn), following: null };
  const template = await templateOf(call, following.templateId);
  return {
    stationSn: String(station.sn),
    following: {
      templateId: template.id,
      name: template.name,
      templateVersion: following.templateVersion,
      currentVersion: template.version,
      overrides: overrideCount(following.overrides),
      detached: following.detached,
    },
  };
};

/**
 * `GET main/kanbanTemplate/{id}/resolved/{stationSn}`: the template's current version as a station
 * of its kind takes it, without the station's overrides: what a new version is edited from. Its
 * `version` is the template's.
 */
export const getResolvedKanbanTemplate: Handler = async (call) => {
  const template = await templateOf(call, templateId(call));
  const station = await stationForTemplate(call, template, String(call.params.stationSn));
  const resolved = await resolvedFor(call, await catalogOf(call), JSON.parse(template.content) as RoleContent, station);
  return { ...resolved.content, stationSn: String(station.sn), version: template.version };
};

/** The handlers of dashboard templates, by their `x-handler` name. */
export const templateHandlers: Record<string, Handler> = {
  listKanbanTemplates,
  createKanbanTemplate,
  getKanbanTemplate,
  setKanbanTemplateDefault,
  attachKanbanTemplate,
  detachKanbanTemplate,
  listKanbanTemplateStations,
  previewKanbanTemplate,
  publishKanbanTemplate,
  getStationTemplate,
  getResolvedKanbanTemplate,
};
