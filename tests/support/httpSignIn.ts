/** A call to the platform: by HTTP to a server in another process, or by `inject` to one in this process. */
export type Fetch = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) => Promise<unknown>;

/** Calls by HTTP to the server at `base` (`http://127.0.0.1:<port>`), answering each body as JSON. */
export function httpFetch(base: string): Fetch {
  return async (method, path, headers, payload) =>
    (
      await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      })
    ).json();
}

/** Signs a demo user (the administrator by default) in through the documented steps; answers the user token and the EMS token. */
export async function signInTokens(
  fetch: Fetch,
  { username, password } = { username: 'admin', password: 'admin123' },
): Promise<{ user: string; ems: string }> {
  const basic = `Basic ${Buffer.from('web:web').toString('base64')}`;
  const client = (await fetch('GET', '/auth/oauth/token?grant_type=client_credentials', { authorization: basic })) as {
    access_token: string;
  };
  const login = (await fetch(
    'POST',
    '/manager/user/pclogin',
    { authorization: `Bearer ${client.access_token}` },
    { username, password },
  )) as { data: { access_token: string } };
  const ems = (await fetch('POST', '/tools/ems/emsToken', { authorization: `Bearer ${login.data.access_token}` })) as {
    data: { access_token: string };
  };
  return { user: login.data.access_token, ems: ems.data.access_token };
}
