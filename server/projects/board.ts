import type { Handler } from '../http/services';
import type { Filter } from '../resources/repository';
import { allOf, countOf, countsBy, eq, sumOf, yuan } from './records';

/** An open alarm: raised and not yet handled. */
const OPEN_ALARM = eq('status', 1);

/** `POST getSynthesizeInfo`: the summary board's figures, all from the tenant's records. */
export const getSynthesizeInfo: Handler = async (call) => {
  const byStatus = await countsBy(call, 'executeSite', 'projStatus');
  return {
    siteCount: [...byStatus.values()].reduce((a, b) => a + b, 0),
    byStatus: Object.fromEntries([...byStatus].map(([status, count]) => [String(status), count])),
    contractAmount: yuan(await sumOf(call, 'executeSite', 'contractAmount')),
    budgetAmount: yuan(await sumOf(call, 'executeSite', 'budgetAmount')),
    stationCount: await countOf(call, 'station'),
    stationCapacity: await sumOf(call, 'station', 'capacity'),
    openAlarms: await countOf(call, 'alarm', [OPEN_ALARM]),
  };
};

/** `POST getIdList`: ids of the execution sites the conditions select. */
export const getIdList: Handler = async (call) => {
  const body = call.body as { projStatus?: string; projectType?: string; region?: string };
  const filters: Filter[] = (['projStatus', 'projectType', 'region'] as const).flatMap((field) =>
    body[field] === undefined ? [] : [eq(field, body[field])],
  );
  return (await allOf(call, 'executeSite', filters)).map((site) => Number(site.id));
};

/** `POST getOperationInfo`: what is under way. */
export const getOperationInfo: Handler = async (call) => {
  const executing = await allOf(call, 'executeSite', [eq('projStatus', 'executing')]);
  let membersOnSites = 0;
  for (const site of executing) {
    const roles = await countsBy(call, 'siteMember', 'memberRole', [eq('siteId', site.id)]);
    for (const [role, count] of roles) if (role !== 'observer') membersOnSites += count;
  }
  return {
    executingSites: executing.length,
    pendingWorkFlows: await countOf(call, 'workFlow', [eq('flowStatus', 'pending')]),
    unconfirmedAnnouncements: await countOf(call, 'projectAnnouncement', [eq('confirmStatus', 'unconfirmed')]),
    openAlarms: await countOf(call, 'alarm', [OPEN_ALARM]),
    membersOnSites,
  };
};

/** `POST getSiteNameByIds`: the names of the tenant's sites among the ids, in the order asked. */
export const getSiteNameByIds: Handler = async (call) => {
  const wanted = [...new Set((call.body as { ids: number[] }).ids)];
  const names = new Map<number, string>();
  // Only the tenant's own sites are read: an id of another tenant is simply not among them.
  for (const site of await allOf(call, 'executeSite')) names.set(Number(site.id), String(site.name));
  return wanted.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  });
};

/** `GET siteAlarmInfo`: each station of the tenant with its open and total alarms. */
export const getSiteAlarmInfo: Handler = async (call) => {
  const open = await countsBy(call, 'alarm', 'stationId', [OPEN_ALARM]);
  const all = await countsBy(call, 'alarm', 'stationId');
  return (await allOf(call, 'station', [], 'sn')).map((station) => ({
    stationSn: String(station.sn),
    stationName: String(station.name),
    openAlarms: open.get(station.id) ?? 0,
    totalAlarms: all.get(station.id) ?? 0,
  }));
};

export const boardHandlers: Record<string, Handler> = {
  getSynthesizeInfo,
  getIdList,
  getOperationInfo,
  getSiteNameByIds,
  getSiteAlarmInfo,
};
