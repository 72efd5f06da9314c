import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { postgresDemoCopy } from './demoCopies';
import { startServer, type TestServer } from './server';

/**
 * The databases the API tests run on, each a copy of the run's seeded demo: SQLite always, PostgreSQL
 * when the run has one; each server polling the collector servers' channels when `collector` says so.
 */
export function databases(options: { collector?: boolean } = {}): { name: string; start(): Promise<TestServer> }[] {
  const postgresUrl = inject('postgresUrl');
  return [
    { name: 'sqlite', start: () => startServer({ ...options, sqliteDemo: true }) },
    ...(postgresUrl
      ? [
          {
            name: 'postgres',
            start: async () => startServer({ ...options, databaseUrl: await postgresDemoCopy(postgresUrl) }),
          },
        ]
      : []),
  ];
}

/** A test server with a database connection of the test's own, to look ids up or set what no call sets. */
export interface ConnectedServer {
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

/** The databases the API tests run on, each server with a connection of the test's own. */
export function connectedDatabases(): { name: string; start(): Promise<ConnectedServer> }[] {
  return databases().map(({ name, start }) => ({
    name,
    async start() {
      const server = await start();
      const database = openDatabase(server.config);
      return {
        app: server.app,
        database,
        async stop() {
          await database.close();
          await server.stop();
        },
      };
    },
  }));
}

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
}

/** Signs in as a demo user through the documented steps and answers the user token. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const client = await app.inject({
    method: 'GET',
    url: '/auth/oauth/token?grant_type=client_credentials',
    headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}` },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/manager/user/pclogin',
    headers: { authorization: `Bearer ${client.json<{ access_token: string }>().access_token}`, 'accept-language': 'en' },
    payload: { username, password },
  });
  const body = login.json<Answer<{ access_token: string }>['body']>();
  if (body.code !== 0) throw new Error(`sign-in as ${username} failed: ${body.msg}`);
  return body.data.access_token;
}

/** EMS tokens got for user tokens, as the web client keeps one beside its user token. */
const emsTokens = new WeakMap<FastifyInstance, Map<string, string>>();

/** The EMS token of a signed-in user (what the `/ems/api` calls take), got once per user token. */
export async function emsTokenOf(app: FastifyInstance, userToken: string): Promise<string> {
  const known = emsTokens.get(app) ?? new Map<string, string>();
  emsTokens.set(app, known);
  let token = known.get(userToken);
  if (!token) {
    const answer = await app.inject({
      method: 'POST',
      url: '/tools/ems/emsToken',
      headers: { authorization: `Bearer ${userToken}` },
    });
    if (answer.statusCode !== 200) return userToken;
    token = answer.json<{ data: { access_token: string } }>().data.access_token;
    known.set(userToken, token);
  }
  return token;
}

/**
 * A call with a bearer token, in English. A user token is swapped for its EMS token on the
 * `/ems/api` calls, as the web client does (an EMS token or none is sent as it is).
 */
export async function call<T = unknown>(
  app: FastifyInstance,
  token: string | undefined,
  options: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> },
): Promise<Answer<T>> {
  const bearer = token && String(options.url).startsWith('/ems/api/') ? await emsTokenOf(app, token) : token;
  const response = await app.inject({
    ...options,
    headers: { 'accept-language': 'en', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...options.headers },
  });
  return { status: response.statusCode, body: response.json() };
}
