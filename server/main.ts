import { unsupportedNode } from './nodeVersion';

// Before the server's modules load: on an older Node, the SQLite driver would crash as it loads.
const unsupported = unsupportedNode(process.versions.node);
if (unsupported) {
  process.stderr.write(unsupported);
  process.exit(1);
}

const { buildApp } = await import('./app');
const { configFromEnv } = await import('./config');
const config = configFromEnv();
const app = await buildApp(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
const address = await app.listen({ port: config.port, host: config.host });
const database = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
process.stdout.write(`The platform serves ${address} on Node.js ${process.version} (${database}).\n`);
