import { ServerTCP } from 'modbus-serial';

/** A Modbus TCP device of modbus-serial's own, answering every unit from one bank of registers and coils. */
export class ModbusDevice {
  readonly registers = new Uint16Array(65_536);
  readonly coils = new Uint8Array(65_536);
  private server: ServerTCP | undefined;
  constructor(readonly port: number) {}
  async start(): Promise<void> {
    this.server = new ServerTCP(
      {
        getHoldingRegister: (address: number) => this.registers[address] ?? 0,
        getInputRegister: (address: number) => this.registers[address] ?? 0,
        getCoil: (address: number) => this.coils[address] === 1,
        getDiscreteInput: (address: number) => this.coils[address] === 1,
        setRegister: (address: number, value: number) => {
          this.registers[address] = value;
        },
        setCoil: (address: number, value: boolean) => {
          this.coils[address] = value ? 1 : 0;
        },
      },
      { host: '127.0.0.1', port: this.port, unitID: 255 },
    );
    await new Promise<void>((resolve) => this.server?.on('initialized', () => resolve()));
  }
  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.server) this.server.close(() => resolve());
      else resolve();
      this.server = undefined;
    });
  }
}
