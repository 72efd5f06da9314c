import type { SampleInput } from '../telemetry/store';
import { LinkError, type LinkFailure, type ModbusLink } from './modbusLink';
import { decodeRaw, readsBits, scaled, widthOf, type ReadBlock, type RegisterMap } from './registers';
import { refuseValue, type ValueRange } from './values';

/** A variable's register map as a poll reads it: with the variable's serial (to name it) and the values it may take. */
export interface PolledMap extends RegisterMap {
  varSn: string;
  range: ValueRange;
}

/** A device of a channel as a poll reads it: its slave address and its requests. */
export interface PolledDevice {
  deviceId: number;
  sn: string;
  unit: number;
  blocks: ReadBlock<PolledMap>[];
}

/** What one poll of a device found. */
export interface DeviceReading {
  deviceId: number;
  /** Every request answered. */
  online: boolean;
  /** Why not, when it is not. */
  failure?: LinkFailure;
  error?: string;
}

/** What one poll of a channel found: samples to store, each device's link, and the channel's health. */
export interface PollResult {
  samples: SampleInput[];
  devices: DeviceReading[];
  /** Requests that failed, and values refused (no number, or outside the variable's range). */
  errors: number;
  badValues: number;
  /** Mean milliseconds of the requests answered; null when none was. */
  roundTripMs: number | null;
  /** The last failure's or refused value's words, naming the device, if there was one. */
  lastError: string | null;
  /** When the newest reading was taken, when not at the poll (a device that publishes on its own). */
  lastRead?: number | undefined;
}

const offline = (device: PolledDevice, failure: LinkError): DeviceReading => ({
  deviceId: device.deviceId,
  online: false,
  failure: failure.failure,
  error: failure.message,
});

/**
 * The values of one answered request, decoded by each map it carries; values the variable cannot
 * take are counted, not kept, the last of them named.
 */
function decodeBlock(
  block: ReadBlock<PolledMap>,
  words: number[],
  ts: number,
): { samples: SampleInput[]; bad: number; refused: string | undefined } {
  const samples: SampleInput[] = [];
  let bad = 0;
  let refused: string | undefined;
  for (const map of block.maps) {
    const at = map.register - block.start;
    const raw = readsBits(block.functionCode)
      ? Number(words[at] ?? 0)
      : decodeRaw(words.slice(at, at + widthOf(map.dataType)), map.dataType, map.byteOrder);
    const value = scaled(map, raw);
    const reason = refuseValue(value, map.range);
    if (reason === undefined) samples.push({ varId: map.varId, ts, value });
    else {
      bad += 1;
      refused = `${map.varSn} refused: ${reason}`;
    }
  }
  return { samples, bad, refused };
}

/**
 * Reads every device of a channel through its link, request by request, and decodes the answers.
 * A device whose request fails is offline for this poll and its other requests are not sent (a
 * device that timed out would make each of them wait as long); the channel's other devices are
 * still read. Samples carry the time the poll started.
 */
export async function pollDevices(link: ModbusLink, devices: readonly PolledDevice[], ts: number): Promise<PollResult> {
  const result: PollResult = { samples: [], devices: [], errors: 0, badValues: 0, roundTripMs: null, lastError: null };
  let answered = 0;
  let waited = 0;
  let unreachable: LinkError | undefined;
  for (const device of devices) {
    if (unreachable) {
      result.devices.push(offline(device, unreachable));
      continue;
    }
    let reading: DeviceReading = { deviceId: device.deviceId, online: true };
    for (const block of device.blocks) {
      const started = performance.now();
      try {
        const words = await link.read(device.unit, block);
        waited += performance.now() - started;
        answered += 1;
        const { samples, bad, refused } = decodeBlock(block, words, ts);
        result.samples.push(...samples);
        result.badValues += bad;
        if (refused) result.lastError = `${device.sn}: ${refused}`;
      } catch (error) {
        const failure = error instanceof LinkError ? error : new LinkError('closed', String(error));
        result.errors += 1;
        result.lastError = `${device.sn}: ${failure.message}`;
        reading = offline(device, failure);
        // Without a connection no other device of the channel answers either: they are not each waited for.
        if (failure.connecting) unreachable = failure;
        break;
      }
    }
    result.devices.push(reading);
  }
  result.roundTripMs = answered ? Math.round((waited / answered) * 10) / 10 : null;
  return result;
}
