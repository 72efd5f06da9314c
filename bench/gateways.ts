/**
 * Simulated Modbus TCP gateways for the collection bench, in a process of their own so that the
 * collector measured does not pay for them: `tsx bench/gateways.ts CHANNELS REGISTERS` opens one
 * gateway per channel on 127.0.0.1 (modbus-serial's server; every unit answers), prints their ports
 * as one JSON line, then takes lines `set PORT UNIT REGISTER VALUE` and answers `set` once done.
 * Registers read `(unit × 100 + register + second) mod 65536`, so every poll reads new values.
 */
import { createInterface } from 'node:readline';
import { ServerTCP } from 'modbus-serial';

const [channels = '1', registers = '50'] = process.argv.slice(2);
const set = new Map<string, number>();
const valueOf = (port: number, unit: number, register: number) =>
  set.get(`${port}/${unit}/${register}`) ?? (unit * 100 + register + Math.floor(Date.now() / 1000)) % 65_536;

/** The first port tried; each gateway takes the next free one (modbus-serial's server cannot be given port 0). */
const FIRST_PORT = 16_001;
const ports: number[] = [];
let next = FIRST_PORT;
for (let i = 0; i < Number(channels); i++) {
  const port = await new Promise<number>((resolve, reject) => {
    const tried = next++;
    const server = new ServerTCP(
      {
        getHoldingRegister: (address: number, unit: number) => valueOf(ports[i] ?? 0, unit, address),
        getMultipleHoldingRegisters: (address: number, length: number, unit: number) => {
          if (address + length > Number(registers)) throw Object.assign(new Error('illegal address'), { modbusErrorCode: 2 });
          return Array.from({ length }, (_, k) => valueOf(ports[i] ?? 0, unit, address + k));
        },
      },
      { host: '127.0.0.1', port: tried, unitID: 255 },
    );
    (server as unknown as NodeJS.EventEmitter).on('serverError', (error: NodeJS.ErrnoException) => {
      server.close(() => undefined);
      if (error.code === 'EADDRINUSE') resolve(0);
      else reject(error);
    });
    server.on('initialized', () => resolve(tried));
  });
  if (port) ports.push(port);
  else i--;
}
process.stdout.write(`${JSON.stringify(ports)}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const [verb, port, unit, register, value] = line.split(' ');
  if (verb === 'set') set.set(`${port}/${unit}/${register}`, Number(value));
  process.stdout.write('set\n');
}
