import { exitOnUnsupportedNode } from './nodeVersion';

// Before the modules below load: on an older Node, the SQLite driver would crash as it loads.
exitOnUnsupportedNode();

const { buildApp } = await import('./app');
const { configFromEnv } = await import('./config');
const config = configFromEnv();
const app = await buildApp(config);
/** How long a stopping node waits for the requests in flight and its background work before it exits anyway. */
const STOP_LIMIT_MS = 30_000;
// Stopping: no new requests (those arriving meanwhile answer 503), those in flight finish, the
// background work stops and its leases are given up for another node to take at once, then the
// database is closed.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      process.stderr.write(`Not stopped within ${STOP_LIMIT_MS / 1000} s; exiting.\n`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    void app.close().then(() => process.exit(0));
  });
}
const address = await app.listen({ port: config.port, host: config.host });
const database = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
// What a first visitor needs, in one write, so that no line of the log comes between: where to
// go, whom to sign in as (the accounts the demo seeds), where the log goes.
const startup = [`The platform serves ${address} on Node.js ${process.version} (${database}).`];
if (config.demo) {
  const { DEMO_USERS } = await import('./demo/seed');
  startup.push(
    `Demo accounts (username / password): ${DEMO_USERS.map((user) => `${user.username} / ${user.password}`).join(', ')}.`,
  );
}
if (config.logger) startup.push('The log goes to standard output, a JSON line per request or event (LOG=0 turns it off).');
process.stdout.write(`${startup.join('\n')}\n`);
