import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { debianProgram } from './debian';

/** Where Debian's python3-pymodbus puts the library, for Debian's own Python 3. */
const PYMODBUS = '/usr/lib/python3/dist-packages/pymodbus/__init__.py';
const SCRIPT = fileURLToPath(new URL('./modbusRtuPeer.py', import.meta.url));

/** A Modbus RTU slave behind a DTU's transparent TCP port, as pymodbus serves it (`modbusRtuPeer.py`). */
export interface RtuPeer {
  port: number;
  /** Ends the process (SIGTERM) and waits until it has ended. */
  stop(): Promise<void>;
}

/**
 * Starts pymodbus serving `words` as holding and input registers 0, 1, ... of slave `unit`, in RTU
 * frames over TCP on 127.0.0.1, installing Debian's python3-pymodbus when it is missing.
 * @throws Error with what the process printed when it ends before it listens.
 */
export async function startRtuPeer(unit: number, words: readonly number[]): Promise<RtuPeer> {
  debianProgram(PYMODBUS, 'python3-pymodbus');
  const child = spawn(debianProgram('/usr/bin/python3', 'python3'), [SCRIPT, String(unit), ...words.map(String)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const listening = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', listening);
    child.stderr.on('data', listening);
    void ended.then(() => reject(new Error(`the RTU peer ended before it listened:\n${output}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await ended;
    },
  };
}
