import { exitOnUnsupportedNode } from './nodeVersion';

// Before the modules below load: on an older Node, the SQLite driver would crash as it loads.
exitOnUnsupportedNode();

const { openServices, startMqtt } = await import('./app');
const { Collector } = await import('./collection/collector');
const { configFromEnv } = await import('./config');

/**
 * A collector process of its own (`npm run collector -- --server 3`): it polls the channels of the
 * collector servers named (`--server`, repeated, or `COLLECTOR_SERVERS=3,4`; every enabled one
 * when none is named) on the platform's database, beside the nodes that serve the calls. On
 * PostgreSQL any number may run: each channel is polled by one process at a time under its lease.
 */
const named = [
  ...process.argv.flatMap((arg, i) => (arg === '--server' ? [process.argv[i + 1] ?? ''] : [])),
  ...(process.env.COLLECTOR_SERVERS ?? '').split(','),
].filter((id) => id.trim() !== '');
const servers = named.map(Number);
if (servers.some((id) => !Number.isInteger(id) || id < 1)) {
  process.stderr.write(`A collector server is named by its id, a whole number: ${named.join(', ')}\n`);
  process.exit(1);
}
// A collector process never seeds the demo: the nodes serving the calls do.
const config = { ...configFromEnv(), demo: false };
const services = await openServices(config);
// Commands to MQTT channels go out through an external broker (MQTT_URL); a collector process runs
// no broker of its own, and without an external one leaves MQTT channels to the servers.
services.mqtt = config.mqtt?.url
  ? await startMqtt(services, config.mqtt, (message) => process.stderr.write(`${message}\n`))
  : undefined;
const collector = new Collector(services, {
  ...(servers.length ? { servers: new Set(servers) } : {}),
  mqtt: services.mqtt,
  log: (message) => process.stderr.write(`${message}\n`),
});
collector.start();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void collector
      .stop()
      .then(() => services.mqtt?.stop())
      // eslint-disable-next-line no-restricted-syntax -- closing the database on the way out reads no rows
      .then(() => services.database.close())
      .then(() => process.exit(0));
  });
}
const database = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
const which = servers.length ? `collector servers ${servers.join(', ')}` : 'every enabled collector server';
process.stdout.write(`The collector polls the channels of ${which} on Node.js ${process.version} (${database}).\n`);
