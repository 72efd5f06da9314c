import type { EventEmitter } from 'node:events';
import { ServerTCP } from 'modbus-serial';
import { decodeRaw, encodeRaw, scaled, unscaled, widthOf } from '../collection/registers';
import type { RegisterSlot } from './registerLayout';

/** A simulated device as its station's gateway serves it: its Modbus unit, its register layout and registers. */
export interface WiredDevice {
  /** The device's key in its station (`PCS1`). */
  key: string;
  unit: number;
  slots: RegisterSlot[];
  /** The codes an operator may write (remote control). */
  writable: ReadonlySet<string>;
}

/** Modbus exception codes a gateway answers with. */
const ILLEGAL_ADDRESS = 0x02;
const ILLEGAL_VALUE = 0x03;
const TARGET_FAILED = 0x0b;

/** A refusal the modbus-serial server answers as a Modbus exception. */
const exception = (modbusErrorCode: number) =>
  Object.assign(new Error(`Modbus exception ${modbusErrorCode}`), { modbusErrorCode });

interface Served {
  device: WiredDevice;
  registers: Uint16Array;
  /** Slots by their first register. */
  at: Map<number, RegisterSlot>;
  /** Whether the device answers: it has values (not in an outage) and is not cut off. */
  answering: boolean;
  cut: boolean;
}

/**
 * The Modbus TCP gateway of a simulated station, on a loopback port: each device answers at its
 * unit id with the registers of its layout, refreshed from the model at every step; a device in an
 * outage (no values from the model) or cut off answers "gateway target device failed to respond"
 * (exception 0x0B), as a real gateway does for a device behind it that is silent. A write to a
 * controllable variable's register is handed to `onWrite`; any other write is refused.
 */
export class StationWire {
  private readonly units = new Map<number, Served>();
  private readonly byKey = new Map<string, Served>();
  private server: ServerTCP | undefined;
  /** The port it listens on, once listening. */
  port = 0;

  constructor(
    devices: readonly WiredDevice[],
    private readonly onWrite: (deviceKey: string, code: string, value: number) => void,
  ) {
    for (const device of devices) {
      const width = device.slots.reduce((end, slot) => Math.max(end, slot.register + widthOf(slot.dataType)), 0);
      const served: Served = {
        device,
        registers: new Uint16Array(width),
        at: new Map(device.slots.map((slot) => [slot.register, slot])),
        answering: false,
        cut: false,
      };
      this.units.set(device.unit, served);
      this.byKey.set(device.key, served);
    }
  }

  /**
   * Listens on `host` at the first of `ports` that is free (modbus-serial's server cannot be asked
   * for a port of the system's choosing: 0 means its default, 502); answers the port.
   * @throws Error when none is free.
   */
  async listen(host: string, ports: Iterable<number>): Promise<number> {
    for (const port of ports) {
      try {
        this.port = await this.open(host, port);
        return this.port;
      } catch (error) {
        if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
      }
    }
    throw new Error(`no free port for the gateway on ${host}`);
  }

  private open(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = new ServerTCP(
        {
          getHoldingRegister: (address: number, unit: number) => this.read(unit, address, 1)[0] ?? 0,
          getMultipleHoldingRegisters: (address: number, length: number, unit: number) => this.read(unit, address, length),
          setRegister: (address: number, value: number, unit: number) => this.write(unit, address, value),
        },
        { host, port, unitID: 255 },
      );
      // modbus-serial's server emits its listening failure without declaring the event.
      (server as unknown as EventEmitter).on('serverError', (error: Error) => {
        server.close(() => undefined);
        reject(error);
      });
      server.on('initialized', () => {
        this.server = server;
        resolve(port);
      });
    });
  }

  private served(unit: number): Served {
    const served = this.units.get(unit);
    if (!served?.answering || served.cut) throw exception(TARGET_FAILED);
    return served;
  }

  private read(unit: number, address: number, length: number): number[] {
    const { registers } = this.served(unit);
    if (address + length > registers.length) throw exception(ILLEGAL_ADDRESS);
    return Array.from(registers.subarray(address, address + length));
  }

  private write(unit: number, address: number, word: number): void {
    const { device, at } = this.served(unit);
    const slot = at.get(address);
    if (!slot || !device.writable.has(slot.code) || widthOf(slot.dataType) !== 1) throw exception(ILLEGAL_ADDRESS);
    const value = scaled(slot, decodeRaw([word], slot.dataType, slot.byteOrder));
    try {
      this.onWrite(device.key, slot.code, value);
    } catch {
      throw exception(ILLEGAL_VALUE);
    }
  }

  /** The model's values at a step (`{device key}.{code}`): a device with none is in an outage and does not answer. */
  update(values: ReadonlyMap<string, number>, _ts?: number): void {
    for (const served of this.units.values()) {
      let any = false;
      for (const slot of served.device.slots) {
        const value = values.get(`${served.device.key}.${slot.code}`);
        if (value === undefined) continue;
        any = true;
        try {
          served.registers.set(encodeRaw(unscaled(slot, value), slot.dataType, slot.byteOrder), slot.register);
        } catch {
          // A value the register cannot carry keeps the last one, as a device's own range check would.
        }
      }
      served.answering = any;
    }
  }

  /** Cuts a device off (as a pulled cable does), or connects it again. */
  cut(deviceKey: string, off: boolean): void {
    const served = this.byKey.get(deviceKey);
    if (!served) throw new RangeError(`No device ${deviceKey} on this wire`);
    served.cut = off;
  }

  close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
