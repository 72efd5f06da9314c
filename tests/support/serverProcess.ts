import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server process ended before it answered. */
export class ServerEnded extends Error {
  constructor(
    /** `exit N`, or `killed by SIGNAL`. */
    readonly ending: string,
    readonly stderr: string,
  ) {
    super(`the server ended at start: ${ending}\n${stderr}`);
  }
}

/** The platform as `npm start` runs it (`server/main.ts`), in a process of its own. */
export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Resolves once the process has ended: `exit N`, or `killed by SIGNAL`. */
  exited: Promise<string>;
  /** The last few KiB the process wrote to stderr. */
  stderrTail(): string;
  /** SIGTERM, then how the process ended (SIGKILL after 30 s without an end). */
  stop(): Promise<string>;
}

export interface ServerProcessOptions {
  env: Record<string, string>;
  node?: string;
  cwd?: string;
  /** Node options before the entry point (`--expose-gc`, more `--import`s). */
  nodeArgs?: string[];
  /** Open an IPC channel to the process. */
  ipc?: boolean;
}

/** Starts of a server whose port was taken before it listened, before the start fails. */
const PORT_TRIES = 3;

/**
 * Starts `server/main.ts` of the checkout `cwd` on 127.0.0.1 with `node` (the project's own by
 * default) and waits until it answers the client-token call, which every version of the
 * platform serves. The caller's `env` adds to this process's environment (`DATA_DIR`, `DEMO`...).
 * A port found free may be taken by another process in the seconds before the server listens on
 * it (it seeds its data first): a server that ends for that starts again on other ports.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (!(attempt < PORT_TRIES && error instanceof ServerEnded && error.stderr.includes('EADDRINUSE'))) throw error;
    }
  }
}

async function startOnce(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  // Each server's embedded MQTT broker on a port of its own: servers of several tests run at once.
  const mqttPort = options.env.MQTT_PORT ?? String(await freePort());
  const child = spawn(options.node ?? process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), 'server/main.ts'], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: mqttPort },
    stdio: ['ignore', 'ignore', 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit ${String(code)}`)),
  );
  const url = `http://127.0.0.1:${port}`;
  const basic = `Basic ${Buffer.from('web:web').toString('base64')}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new ServerEnded(await exited, stderr);
    const answer = await fetch(`${url}/auth/oauth/token?grant_type=client_credentials`, {
      headers: { authorization: basic },
    }).catch(() => undefined);
    if (answer?.ok) break;
    if (Date.now() - started > 300_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 5 minutes\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    child,
    url,
    exited,
    stderrTail: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const ending = await exited;
      clearTimeout(timer);
      return ending;
    },
  };
}
