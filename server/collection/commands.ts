import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../db/tables';
import type { ModbusLink } from './modbusLink';
import type { PolledDevice } from './poll';
import { encodeRaw, unscaled, type RegisterMap } from './registers';
import type { SampleInput } from '../telemetry/store';

/**
 * What is told (`Services.changed`) when devices are found or lost or commands end: the answers
 * showing them are ended on every node, while what does not hold links (the telemetry catalogue,
 * the alarm rules, the MQTT channels) is kept; telling `device` reloaded a tenant's whole catalogue
 * at each flip, which on a tenant of 100,000 variables held the event loop for seconds.
 */
export const LINKS_CHANGED = 'deviceLink';

/** How long a command may wait for a reading that shows it before it fails. */
export const COMMAND_TIMEOUT_MS = 30_000;

/** A remote-control command not yet done or failed. */
export interface PendingCommand {
  id: number;
  varId: number;
  value: number;
  createTime: number;
}

/** What became of commands at a poll: done (a reading shows them) or failed, with why. */
export interface CommandOutcomes {
  done: number[];
  failed: { id: number; reason: string }[];
}

/** The commands sent to the variables a channel reads, oldest first. */
export async function pendingCommands(db: Kysely<Tables>, tenantId: number, varIds: number[]): Promise<PendingCommand[]> {
  if (!varIds.length) return [];
  const rows = await db
    .selectFrom('ykCommand')
    .select(['id', 'varId', 'value', 'createTime'])
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'sent')
    .where('varId', 'in', varIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, varId: row.varId, value: row.value, createTime: Number(row.createTime) }));
}

/** The device and register map a variable is read by on a channel. */
export function mapOf(devices: readonly PolledDevice[], varId: number): { device: PolledDevice; map: RegisterMap } | undefined {
  for (const device of devices)
    for (const block of device.blocks) {
      const map = block.maps.find((m) => m.varId === varId);
      if (map) return { device, map };
    }
  return undefined;
}

/**
 * Writes a command's value to its device by the variable's register map: a holding register (or
 * several) with write single or multiple registers, a coil with write single coil. Inputs cannot
 * be written.
 * @throws LinkError when the device refuses or does not answer; RangeError when the value cannot be written there.
 */
export async function writeCommand(link: ModbusLink, unit: number, map: RegisterMap, value: number): Promise<void> {
  if (map.functionCode === 1) return link.writeCoil(unit, map.register, value !== 0);
  if (map.functionCode !== 3)
    throw new RangeError(`register ${map.register} is an input (function code ${map.functionCode}): it cannot be written`);
  await link.writeRegisters(unit, map.register, encodeRaw(unscaled(map, value), map.dataType, map.byteOrder));
}

/** The commands a poll's samples show done, and those past their time, beside those that failed on the wire. */
export function outcomesOf(
  commands: readonly PendingCommand[],
  samples: readonly SampleInput[],
  failed: CommandOutcomes['failed'],
  now: number,
): CommandOutcomes {
  const read = new Map(samples.map((s) => [s.varId, s]));
  const refused = new Set(failed.map((f) => f.id));
  const outcomes: CommandOutcomes = { done: [], failed: [...failed] };
  for (const command of commands) {
    if (refused.has(command.id)) continue;
    const sample = read.get(command.varId);
    // A reading taken before the command was sent cannot show it, whatever its value.
    if (sample && sample.ts >= command.createTime && Math.abs(sample.value - command.value) < 1e-6)
      outcomes.done.push(command.id);
    else if (now - command.createTime > COMMAND_TIMEOUT_MS)
      outcomes.failed.push({
        id: command.id,
        reason: `no reading showed ${command.value} within ${COMMAND_TIMEOUT_MS / 1000} s`,
      });
  }
  return outcomes;
}

/**
 * Stores what became of commands, in the transaction that stores the readings showing them; only
 * commands to `varIds` when given (what a channel's device says of its own commands).
 */
export async function settleCommands(
  trx: Transaction<Tables>,
  tenantId: number,
  outcomes: CommandOutcomes,
  ts: number,
  varIds?: readonly number[],
): Promise<void> {
  if (varIds?.length === 0) return;
  const ended = (status: 'done' | 'failed', reason: string | null) => {
    let query = trx
      .updateTable('ykCommand')
      .set({ status, doneTime: ts, ...(reason !== null ? { reason: reason.slice(0, 200) } : {}) })
      .where('tenantId', '=', tenantId)
      .where('status', '=', 'sent');
    if (varIds) query = query.where('varId', 'in', [...varIds]);
    return query;
  };
  if (outcomes.done.length) await ended('done', null).where('id', 'in', outcomes.done).execute();
  for (const { id, reason } of outcomes.failed) await ended('failed', reason).where('id', '=', id).execute();
}
