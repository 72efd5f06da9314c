import ModbusRTU from 'modbus-serial';
import type { ReadBlock } from './registers';

/** How a channel reaches its devices over TCP: Modbus TCP, or RTU frames through a DTU's transparent transmission. */
export interface LinkTarget {
  framing: 'tcp' | 'rtuOverTcp';
  host: string;
  port: number;
  /** Milliseconds a connection or an answer may take. */
  timeoutMs: number;
}

/** Why a device did not answer (or, publishing on its own, fell silent), as an operator reads it on the channel and the device. */
export type LinkFailure = 'timeout' | 'refused' | 'exception' | 'closed' | 'silent';

/** A request that failed on the wire, with its kind and the library's words. */
export class LinkError extends Error {
  constructor(
    readonly failure: LinkFailure,
    message: string,
    /** The connection itself could not be made: no device of the channel can be reached. */
    readonly connecting = false,
  ) {
    super(message);
  }
}

function failureOf(error: unknown, connecting = false): LinkError {
  if (error instanceof LinkError) return error;
  const e = error as { name?: string; message?: string; errno?: string; code?: string; modbusCode?: number };
  const message = e.message ?? String(error);
  if (typeof e.modbusCode === 'number') return new LinkError('exception', message, connecting);
  if (e.name === 'TransactionTimedOutError' || e.errno === 'ETIMEDOUT' || e.code === 'ETIMEDOUT')
    return new LinkError('timeout', message, connecting);
  if (e.errno === 'ECONNREFUSED' || e.code === 'ECONNREFUSED') return new LinkError('refused', message, connecting);
  return new LinkError('closed', message, connecting);
}

/**
 * One connection of a channel through modbus-serial: opened when first needed, used for one
 * request at a time (a channel's devices share it, as they share a DTU's line), and opened again
 * after it broke.
 */
export class ModbusLink {
  private client: ModbusRTU | undefined;

  constructor(private readonly target: LinkTarget) {}

  private async open(): Promise<ModbusRTU> {
    if (this.client?.isOpen) return this.client;
    this.close();
    const client = new ModbusRTU();
    const { host, port, timeoutMs } = this.target;
    // RTU frames (with their CRC) go through the socket as they would down the DTU's serial line:
    // modbus-serial's telnet port does that, while its `connectTcpRTUBuffered` sends Modbus TCP
    // frames (an MBAP header, no CRC), which a transparent DTU would pass to the line as garbage.
    const connecting =
      this.target.framing === 'tcp'
        ? client.connectTCP(host, { port, timeout: timeoutMs })
        : client.connectTelnet(host, { port });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new LinkError('timeout', `no connection to ${host}:${port} within ${timeoutMs} ms`, true)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([connecting, late]);
    } catch (error) {
      client.close(() => undefined);
      throw failureOf(error, true);
    } finally {
      clearTimeout(timer);
    }
    client.setTimeout(timeoutMs);
    this.client = client;
    return client;
  }

  /** The registers (or bits, as 0 and 1) of one request to the device at `unit`. */
  async read(unit: number, block: ReadBlock): Promise<number[]> {
    const client = await this.open();
    client.setID(unit);
    try {
      switch (block.functionCode) {
        case 1:
          return (await client.readCoils(block.start, block.count)).data.slice(0, block.count).map(Number);
        case 2:
          return (await client.readDiscreteInputs(block.start, block.count)).data.slice(0, block.count).map(Number);
        case 3:
          return (await client.readHoldingRegisters(block.start, block.count)).data;
        case 4:
          return (await client.readInputRegisters(block.start, block.count)).data;
      }
    } catch (error) {
      throw this.broken(error);
    }
  }

  /** Writes registers from `register` on (write multiple registers, or write single register for one). */
  async writeRegisters(unit: number, register: number, words: number[]): Promise<void> {
    const client = await this.open();
    client.setID(unit);
    try {
      if (words.length === 1) await client.writeRegister(register, words[0] ?? 0);
      else await client.writeRegisters(register, words);
    } catch (error) {
      throw this.broken(error);
    }
  }

  /** Writes one coil. */
  async writeCoil(unit: number, coil: number, on: boolean): Promise<void> {
    const client = await this.open();
    client.setID(unit);
    try {
      await client.writeCoil(coil, on);
    } catch (error) {
      throw this.broken(error);
    }
  }

  /** A failed request: a timed-out or closed connection is dropped (an answer may still be on its way), an exception keeps it. */
  private broken(error: unknown): LinkError {
    const failure = failureOf(error);
    if (failure.failure !== 'exception') this.close();
    return failure;
  }

  close(): void {
    this.client?.close(() => undefined);
    this.client = undefined;
  }
}
