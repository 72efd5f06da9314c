import serviceTypes from '../../schemas/entities/siteServiceReport.json';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { allOf, countOf, countsBy, eq, numberOf, sumOf, yuan } from './records';

const SITE = 'executeSite';

/** The execution site of the caller's tenant (404 for any other). */
export function siteOf(call: CallContext, id: unknown): Promise<EntityRecord> {
  return call.services.repository.get(call.scope(), SITE, Number(id));
}

/**
 * `POST executesite/setProjStatus`: the status asked for is set by the one step of the site's
 * state machine that leads there from its status; with no such step, 409 and nothing changes.
 */
export const setProjStatus: Handler = async (call) => {
  const { id, projStatus } = call.body as { id: number; projStatus: string };
  const { repository } = call.services;
  const site = await siteOf(call, id);
  const machine = repository.model(SITE).states;
  const step = Object.entries(machine?.transitions ?? {}).find(
    ([, { from, to }]) => to === projStatus && from.some((state) => state === site.projStatus),
  );
  if (!step) {
    throw new ApiError('transitionRefused', {
      transitionLabel: `enums.projStatus.${projStatus}`,
      stateLabel: `enums.projStatus.${String(site.projStatus)}`,
    });
  }
  return repository.transition(call.scope(), SITE, id, step[0]);
};

/** `POST executesite/getSiteIndexInfo`: the site and how much it holds of each kind of record. */
export const getSiteIndexInfo: Handler = async (call) => {
  const { id } = call.body as { id: number };
  const site = await siteOf(call, id);
  const bySite = [eq('siteId', id)];
  const roles = await countsBy(call, 'siteMember', 'memberRole', bySite);
  const steps = await countsBy(call, 'siteSetupItem', 'done', bySite);
  const setupSteps = [...steps.values()].reduce((a, b) => a + b, 0);
  const setupDone = steps.get(true) ?? 0;
  const observerCount = roles.get('observer') ?? 0;
  return {
    site,
    memberCount: [...roles.values()].reduce((a, b) => a + b, 0) - observerCount,
    observerCount,
    workPlanCount: await countOf(call, 'siteWorkPlan', bySite),
    serviceReportCount: await countOf(call, 'siteServiceReport', bySite),
    returnVisitCount: await countOf(call, 'siteReturnVisit', bySite),
    logCount: await countOf(call, 'siteLog', bySite),
    fileCount: await countOf(call, 'projSiteFile', bySite),
    setupSteps,
    setupDone,
    progress: setupSteps ? Math.round((setupDone / setupSteps) * 100) : 0,
  };
};

/** What the calculation areas of a site add up to, yuan. */
export async function calculatedAmountOf(call: CallContext, siteId: unknown): Promise<number> {
  let amount = 0;
  for (const area of await allOf(call, 'calcArea', [eq('siteId', siteId)])) {
    amount += await sumOf(call, 'calcData', 'amount', [eq('areaId', area.id)]);
  }
  return yuan(amount);
}

/**
 * `GET technicalSupportDetail/getBudgetByOrderId`: orders are kept by another part of the
 * platform, so the budget of an order is read from the tenant's own execution sites carrying it
 * out (an order no site carries has no sites and sums of 0).
 */
export const getBudgetByOrderId: Handler = async (call) => {
  const orderId = Number(call.query.orderId);
  const sites = await allOf(call, SITE, [eq('orderId', orderId)]);
  const rows = [];
  for (const site of sites) {
    rows.push({
      id: Number(site.id),
      name: String(site.name),
      projStatus: String(site.projStatus),
      budgetAmount: typeof site.budgetAmount === 'number' ? site.budgetAmount : null,
      contractAmount: typeof site.contractAmount === 'number' ? site.contractAmount : null,
      calculatedAmount: await calculatedAmountOf(call, site.id),
    });
  }
  return {
    orderId,
    sites: rows,
    budgetAmount: yuan(sites.reduce((sum, site) => sum + numberOf(site, 'budgetAmount'), 0)),
    contractAmount: yuan(sites.reduce((sum, site) => sum + numberOf(site, 'contractAmount'), 0)),
    calculatedAmount: yuan(rows.reduce((sum, row) => sum + row.calculatedAmount, 0)),
  };
};

/** `GET executesite/serviceType/list`: the fixed service types with their labels. */
export const listServiceTypes: Handler = (call) =>
  Promise.resolve(
    serviceTypes.properties.serviceType.enum.map((code) => ({ code, name: call.t(`enums.projServiceType.${code}`) })),
  );

/** `GET executesite/setup/process/list/{siteId}`: the steps of a site's setup process, in order. */
export const listSetupProcessBySite: Handler = async (call) => {
  const site = await siteOf(call, call.params.siteId);
  return allOf(call, 'siteSetupItem', [eq('siteId', site.id)], 'sort', 'asc');
};

/** `GET executesite/setup/process/team/{siteId}`: the teams of a site's setup with their steps, and its members. */
export const listSetupTeam: Handler = async (call) => {
  const site = await siteOf(call, call.params.siteId);
  const steps = await allOf(call, 'siteSetupItem', [eq('siteId', site.id)], 'sort', 'asc');
  const teams = new Map<string, { teamName: string; leader?: string; steps: number; done: number }>();
  for (const step of steps) {
    if (typeof step.teamName !== 'string') continue;
    const team = teams.get(step.teamName) ?? { teamName: step.teamName, steps: 0, done: 0 };
    if (team.leader === undefined && typeof step.leader === 'string') team.leader = step.leader;
    team.steps += 1;
    if (step.done === true) team.done += 1;
    teams.set(step.teamName, team);
  }
  return { teams: [...teams.values()], members: await allOf(call, 'siteMember', [eq('siteId', site.id)]) };
};

export const siteHandlers: Record<string, Handler> = {
  setProjStatus,
  getSiteIndexInfo,
  getBudgetByOrderId,
  listServiceTypes,
  listSetupProcessBySite,
  listSetupTeam,
};
