import { buildApp } from './app';
import { configFromEnv } from './config';

const config = configFromEnv();
const app = await buildApp(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
