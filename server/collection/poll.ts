import type { SampleInput } from '../telemetry/store';
import { LinkError, type LinkFailure, type ModbusLink } from './modbusLink';
import { decodeRaw, readsBits, scaled, widthOf, type ReadBlock } from './registers';

/** A device of a channel as a poll reads it: its slave address and its requests. */
export interface PolledDevice {
  deviceId: number;
  sn: string;
  unit: number;
  blocks: ReadBlock[];
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
  /** Requests that failed, and values decoded as no number (NaN, infinite). */
  errors: number;
  badValues: number;
  /** Mean milliseconds of the requests answered; null when none was. */
  roundTripMs: number | null;
  /** The last failure's words, if any request failed. */
  lastError: string | null;
}

const offline = (device: PolledDevice, failure: LinkError): DeviceReading => ({
  deviceId: device.deviceId,
  online: false,
  failure: failure.failure,
  error: failure.message,
});

/** The values of one answered request, decoded by each map it carries; values that are no number are counted, not kept. */
function decodeBlock(block: ReadBlock, words: number[], ts: number): { samples: SampleInput[]; bad: number } {
  const samples: SampleInput[] = [];
  let bad = 0;
  for (const map of block.maps) {
    const at = map.register - block.start;
    const raw = readsBits(block.functionCode)
      ? Number(words[at] ?? 0)
      : decodeRaw(words.slice(at, at + widthOf(map.dataType)), map.dataType, map.byteOrder);
    const value = scaled(map, raw);
    if (Number.isFinite(value)) samples.push({ varId: map.varId, ts, value });
    else bad += 1;
  }
  return { samples, bad };
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
        const { samples, bad } = decodeBlock(block, words, ts);
        result.samples.push(...samples);
        result.badValues += bad;
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
