import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Starts `bench/serve.ts` in a process of its own; answers its address and the process. */
export async function serve(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${String(code)}`)));
  });
  return { url, child };
}

/** Stops a server started by `serve`, once it has exited. */
export async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time (user and system, ms) a process has used so far, from Linux's /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until a server started by `serve` is idle (under 5 % of a core over half a second): a load
 * run that ends with requests still queued leaves their work running after the clients are gone,
 * which would be measured against whatever runs next.
 */
export async function idle(child: ChildProcess, limitMs = 120_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const started = Date.now();
  for (let before = cpuMs(pid); Date.now() - started < limitMs;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(pid);
    if (now - before < 25) return;
    before = now;
  }
  throw new Error(`the server (pid ${pid}) was still busy after ${limitMs} ms`);
}
