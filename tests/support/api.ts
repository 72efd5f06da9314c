import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { createDatabase } from './postgres';
import { startServer, type TestServer } from './server';

/** The databases the API tests run on: SQLite always, PostgreSQL when the run has one. */
export function databases(): { name: string; start(): Promise<TestServer> }[] {
  const postgresUrl = inject('postgresUrl');
  return [
    { name: 'sqlite', start: () => startServer() },
    ...(postgresUrl
      ? [{ name: 'postgres', start: async () => startServer({ databaseUrl: await createDatabase(postgresUrl) }) }]
      : []),
  ];
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

/** A call with a bearer token, in English. */
export async function call<T = unknown>(
  app: FastifyInstance,
  token: string | undefined,
  options: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> },
): Promise<Answer<T>> {
  const response = await app.inject({
    ...options,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
  });
  return { status: response.statusCode, body: response.json() };
}
