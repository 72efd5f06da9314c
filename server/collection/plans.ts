import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import type { LinkTarget } from './modbusLink';
import type { PolledDevice, PolledMap } from './poll';
import { planReads, type ReadCode, type RegisterMap } from './registers';
import { rangeOf } from './values';

/** A channel a collector polls: where its devices are reached, how often, and what to read from each. */
export interface ChannelPlan {
  tenantId: number;
  channelId: number;
  sn: string;
  serverId: number;
  pollMs: number;
  protocol: string;
  /** Whether the collectors speak the channel's protocol (over TCP: a serial line is read through a DTU). */
  supported: boolean;
  /** How the channel is reached; undefined while it names no host and port. */
  target: LinkTarget | undefined;
  devices: PolledDevice[];
}

/** The protocols the collectors speak over TCP, and the framing each uses. */
const FRAMING: Record<string, LinkTarget['framing']> = { modbusTcp: 'tcp', modbusRtu: 'rtuOverTcp' };
/** The longest a request may take: a device slower than this is taken for lost. */
const MAX_TIMEOUT_MS = 3_000;

/**
 * The channels of the enabled collector servers (of every tenant: polling is a job of the
 * installation, each channel's samples stored in its own tenant), with their devices and register
 * maps; only the servers named when `servers` is given.
 */
export async function loadPlans(db: Kysely<Tables>, servers?: ReadonlySet<number>): Promise<ChannelPlan[]> {
  let channelQuery = db
    .selectFrom('monitorChannel as c')
    .innerJoin('monitorServer as s', (join) => join.onRef('s.id', '=', 'c.serverId').onRef('s.tenantId', '=', 'c.tenantId'))
    .select(['c.id', 'c.tenantId', 'c.sn', 'c.protocol', 'c.host', 'c.port', 'c.pollInterval', 'c.serverId'])
    .where('s.enabled', '=', 1)
    .where('s.serverType', '=', 'collector');
  if (servers) channelQuery = channelQuery.where('c.serverId', 'in', [...servers]);
  const channels = await channelQuery.orderBy('c.id').execute();
  if (!channels.length) return [];
  const maps = await db
    .selectFrom('variableMap as m')
    .innerJoin('deviceVariable as v', (join) => join.onRef('v.id', '=', 'm.variableId').onRef('v.tenantId', '=', 'm.tenantId'))
    .innerJoin('device as d', (join) => join.onRef('d.id', '=', 'v.deviceId').onRef('d.tenantId', '=', 'v.tenantId'))
    .select([
      'd.id as deviceId',
      'd.sn as deviceSn',
      'd.channelId',
      'd.slaveAddress',
      'd.tenantId',
      'm.variableId',
      'v.sn as varSn',
      'v.minValue',
      'v.maxValue',
      'm.functionCode',
      'm.register',
      'm.dataType',
      'm.byteOrder',
      'm.ratio',
      'm.offset',
    ])
    .where(
      'd.channelId',
      'in',
      channels.map((c) => Number(c.id)),
    )
    .orderBy('d.id')
    .execute();
  return channels.map((channel) => {
    const tenantId = Number(channel.tenantId);
    const byDevice = new Map<number, { sn: string; unit: number; maps: PolledMap[] }>();
    for (const row of maps) {
      if (Number(row.channelId) !== Number(channel.id) || Number(row.tenantId) !== tenantId) continue;
      const deviceId = Number(row.deviceId);
      const device = byDevice.get(deviceId) ?? { sn: String(row.deviceSn), unit: Number(row.slaveAddress ?? 1), maps: [] };
      byDevice.set(deviceId, device);
      device.maps.push({
        varId: Number(row.variableId),
        functionCode: Number(row.functionCode ?? 3) as ReadCode,
        register: Number(row.register),
        dataType: row.dataType as RegisterMap['dataType'],
        byteOrder: (row.byteOrder ?? 'ABCD') as RegisterMap['byteOrder'],
        ratio: Number(row.ratio ?? 1),
        offset: Number(row.offset ?? 0),
        varSn: String(row.varSn),
        range: rangeOf(row.minValue, row.maxValue),
      });
    }
    const pollMs = Number(channel.pollInterval ?? 5) * 1000;
    const framing = FRAMING[String(channel.protocol)];
    const host = typeof channel.host === 'string' ? channel.host : undefined;
    const port = channel.port === null || channel.port === undefined ? undefined : Number(channel.port);
    return {
      tenantId,
      channelId: Number(channel.id),
      sn: String(channel.sn),
      serverId: Number(channel.serverId),
      pollMs,
      protocol: String(channel.protocol),
      // MQTT devices publish on their own: the collector sends their commands and watches that they keep publishing.
      supported: framing !== undefined || channel.protocol === 'mqtt',
      target: framing && host && port ? { framing, host, port, timeoutMs: Math.min(MAX_TIMEOUT_MS, pollMs * 0.8) } : undefined,
      devices: [...byDevice].map(([deviceId, device]) => ({
        deviceId,
        sn: device.sn,
        unit: device.unit,
        blocks: planReads(device.maps),
      })),
    };
  });
}
