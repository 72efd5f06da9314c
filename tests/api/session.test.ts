import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import inquiryPeople from '../../schemas/constants/inquiryPeople.json';
import { call, databases, signIn, type Answer } from '../support/api';
import type { TestServer } from '../support/server';
import { operation } from '../support/contract';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };
type LoginData = {
  userId: number;
  tenantId: number;
  firstTenantId: number;
  access_token: string;
  refresh_token: string;
};
type TokenAnswer = { access_token: string; refresh_token?: string };
type Captcha = { captchaKey: string; captcha: string };
/** Ids of the seeded records a table-driven case refers to, known only once the server runs. */
type Ids = { manager: number; department: number; expiredDepartment: number };

const BASIC_WEB = `Basic ${Buffer.from('web:web').toString('base64')}`;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A client token of the web client. */
async function clientToken(app: FastifyInstance): Promise<string> {
  const answer = await app.inject({
    method: 'GET',
    url: '/auth/oauth/token?grant_type=client_credentials',
    headers: { authorization: BASIC_WEB },
  });
  return answer.json<{ access_token: string }>().access_token;
}

/** The whole sign-in answer (not only the token), optionally with a captcha. */
async function login(app: FastifyInstance, username: string, password: string, captcha?: Captcha): Promise<Answer<LoginData>> {
  return call<LoginData>(app, await clientToken(app), {
    method: 'POST',
    url: '/manager/user/pclogin',
    payload: { username, password, ...captcha },
  });
}

/** A user token and a refresh token, from a sign-in that must succeed. */
async function session(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<{ token: string; refreshToken: string }> {
  const answer = await login(app, username, password);
  if (answer.body.code !== 0) throw new Error(`sign-in as ${username} failed: ${answer.body.msg}`);
  return { token: answer.body.data.access_token, refreshToken: answer.body.data.refresh_token };
}

/** A new captcha, solved by reading the characters of its SVG picture in order. */
async function solvedCaptcha(app: FastifyInstance): Promise<Captcha> {
  const answer = await call<{ key: string; image: string }>(app, await clientToken(app), {
    method: 'GET',
    url: '/manager/user/captcha',
  });
  const [, base64 = ''] = /^data:image\/svg\+xml;base64,(.*)$/.exec(answer.body.data.image) ?? [];
  const svg = Buffer.from(base64, 'base64').toString('utf8');
  const code = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]).join('');
  return { captchaKey: answer.body.data.key, captcha: code };
}

/** The refresh_token grant, answered plain (no envelope). */
async function refresh(app: FastifyInstance, refreshToken: string): Promise<{ status: number; body: TokenAnswer }> {
  const answer = await app.inject({
    method: 'GET',
    url: '/auth/oauth/token',
    query: { grant_type: 'refresh_token', refresh_token: refreshToken },
    headers: { authorization: BASIC_WEB },
  });
  return { status: answer.statusCode, body: answer.json<TokenAnswer>() };
}

/** What a user token gets from `getPrincipal`: 200 while the session lives, 401 once it ended. */
async function sessionStatus(app: FastifyInstance, token: string): Promise<number> {
  return (await call(app, token, { method: 'GET', url: '/manager/user/getPrincipal' })).status;
}

/** A multipart body with one field `file`, as bytes and its content type. */
async function multipart(fileName: string, bytes: Buffer): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

async function upload(app: FastifyInstance, token: string, fileName: string, bytes: Buffer, kind = 'image') {
  const { payload, contentType } = await multipart(fileName, bytes);
  return call<Row>(app, token, {
    method: 'POST',
    url: '/admin/sys-file/upload',
    query: { kind },
    payload,
    headers: { 'content-type': contentType },
  });
}

describe.each(databases())('sessions, access and accounts on $name', ({ name, start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  /** An active department of tenant 2, and the seeded expired one. */
  let department: number;
  let expiredDepartment: number;
  /** An employee of tenant 2, to manage departments. */
  let manager: number;

  /** A user name of this database run. */
  const unique = (base: string) => `${base}_${name}`;

  const userPage = async () =>
    (await call<Page>(app, admin, { method: 'GET', url: '/manager/user/page', query: { size: '50' } })).body.data;
  const departmentPage = async () =>
    (await call<Page>(app, admin, { method: 'GET', url: '/manager/department/page', query: { size: '50' } })).body.data;
  const customerNames = async (token: string) =>
    (
      await call<Page>(app, token, { method: 'GET', url: '/manager/customer/getCustomerList', query: { size: '50' } })
    ).body.data.records.map((r) => r.name);
  const saveUser = (payload: Row, token = admin) => call<Row>(app, token, { method: 'POST', url: '/manager/user/save', payload });
  const saveDepartment = (payload: Row, token = admin) =>
    call<Row>(app, token, { method: 'POST', url: '/manager/department', payload });
  const switchTenant = (token: string, tenantId: number) =>
    call<Row>(app, token, { method: 'PUT', url: '/manager/user/updateDefaultTenant', query: { tenantId: String(tenantId) } });

  /** A new staff member of tenant 2 (created by admin) with a password; answers the employee record. */
  async function createStaff(username: string, password = 'start123'): Promise<Row & { id: number }> {
    const answer = await saveUser({
      username,
      password,
      name: `Test ${username}`,
      departments: [{ departmentId: department, positionType: 'member' }],
    });
    if (answer.body.code !== 0) throw new Error(`creating ${username} failed: ${answer.body.msg}`);
    return answer.body.data as Row & { id: number };
  }

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    const departments = (await departmentPage()).records;
    const today = new Date().toISOString().slice(0, 10);
    const active = departments.find((d) => d.endTime === undefined || String(d.endTime) >= today);
    const expired = departments.find((d) => d.name === '光伏项目部（已撤销）');
    if (!active || !expired) throw new Error('the demo departments of tenant 2 are missing');
    department = Number(active.id);
    expiredDepartment = Number(expired.id);
    manager = Number((await userPage()).records[0]?.id);
  });
  afterAll(() => server.stop());

  test('a refresh token gets a new working user token and refresh token once; a user token is no refresh token', async () => {
    const signedIn = await login(app, 'admin', 'admin123');
    expect(signedIn.body.code).toBe(0);
    expect(signedIn.body.data.refresh_token).toEqual(expect.any(String));
    const first = signedIn.body.data.refresh_token;

    const renewed = await refresh(app, first);
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).toEqual(expect.any(String));
    expect(renewed.body.refresh_token).toEqual(expect.any(String));
    expect(renewed.body.access_token).not.toBe(signedIn.body.data.access_token);
    expect(renewed.body.refresh_token).not.toBe(first);
    expect(await sessionStatus(app, renewed.body.access_token)).toBe(200);
    expect((await customerNames(renewed.body.access_token)).length).toBe(24);

    const spent = await refresh(app, first);
    expect(spent.status).toBe(401);
    expect(spent.body).toMatchObject({ code: 40100 });

    const misused = await refresh(app, signedIn.body.data.access_token);
    expect(misused.status).toBe(401);
    // ...and a refresh token is no user token either.
    expect(await sessionStatus(app, renewed.body.refresh_token ?? '')).toBe(401);
    // The new refresh token still works.
    expect((await refresh(app, renewed.body.refresh_token ?? '')).status).toBe(200);
  });

  test('after three failed sign-ins a captcha is asked for and solved; after ten the user name is locked', async () => {
    const username = unique('lockout');
    await createStaff(username, 'right-pass');

    for (let i = 0; i < 3; i += 1) {
      const wrong = await login(app, username, 'wrong-pass');
      expect(wrong.body).toMatchObject({ code: 40002, msg: 'Incorrect username or password' });
    }
    const withoutCaptcha = await login(app, username, 'right-pass');
    expect(withoutCaptcha.status).toBe(400);
    expect(withoutCaptcha.body).toMatchObject({ code: 40005, msg: 'Please enter the verification code' });

    const captchaOnce = await solvedCaptcha(app);
    expect(captchaOnce.captcha).toMatch(/^[A-Z2-9]{4}$/);
    const solved = await login(app, username, 'right-pass', captchaOnce);
    expect(solved.body.code).toBe(0);
    expect(await sessionStatus(app, solved.body.data.access_token)).toBe(200);

    // The success cleared the failures: three more, then the captcha again.
    for (let i = 0; i < 3; i += 1) expect((await login(app, username, 'wrong-pass')).body.code).toBe(40002);
    const captcha = await solvedCaptcha(app);
    const wrongCaptcha = await login(app, username, 'right-pass', {
      ...captcha,
      captcha: captcha.captcha === 'AAAA' ? 'BBBB' : 'AAAA',
    });
    expect(wrongCaptcha.status).toBe(400);
    expect(wrongCaptcha.body).toMatchObject({ code: 40006, msg: 'The verification code is wrong' });
    // A captcha is good for one try: the one solved above is spent.
    expect((await login(app, username, 'right-pass', captchaOnce)).body.code).toBe(40006);

    // Five failures so far; five more wrong passwords (with good captchas) make ten.
    for (let i = 0; i < 5; i += 1) {
      const wrong = await login(app, username, 'wrong-pass', await solvedCaptcha(app));
      expect(wrong.body.code).toBe(40002);
    }
    for (const captchaGiven of [undefined, await solvedCaptcha(app)]) {
      const locked = await login(app, username, 'right-pass', captchaGiven);
      expect(locked.status).toBe(400);
      expect(locked.body.code).toBe(40007);
      expect(locked.body.msg).toContain('try again in');
    }
  });

  test('a refresh token spent by several calls at once is good for one of them only', async () => {
    const { refreshToken } = await session(app, 'operator', 'operator123');
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(app, refreshToken)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  test('after a tenant switch, a refreshed session stays in the new tenant', async () => {
    const { token, refreshToken } = await session(app, 'admin', 'admin123');
    const switched = await call<{ tenantId: number }>(app, token, {
      method: 'PUT',
      url: '/manager/user/updateDefaultTenant',
      query: { tenantId: '10' },
    });
    expect(switched.body.data.tenantId).toBe(10);
    const renewed = await refresh(app, refreshToken);
    const principal = await call<{ tenantId: number }>(app, renewed.body.access_token, {
      method: 'GET',
      url: '/manager/user/getPrincipal',
    });
    expect(principal.body.data.tenantId).toBe(10);
    await call(app, renewed.body.access_token, {
      method: 'PUT',
      url: '/manager/user/updateDefaultTenant',
      query: { tenantId: '2' },
    });
  });

  test('simultaneous failed sign-ins cannot escape the captcha and the lock: at most three passwords are checked', async () => {
    const username = unique('burst');
    await createStaff(username, 'right-pass');
    // One client token for the whole burst, so that the 30 sign-ins really arrive together.
    const client = await clientToken(app);
    const attempt = (password: string) =>
      call(app, client, { method: 'POST', url: '/manager/user/pclogin', payload: { username, password } });
    const answers = await Promise.all([...Array.from({ length: 29 }, () => attempt('wrong-pass')), attempt('right-pass')]);
    // From the fourth failure on a captcha is needed: at most three passwords may be checked without one.
    const checked = answers.filter((a) => a.body.code === 40002 || a.body.code === 0);
    const codes = answers.map((a) => a.body.code).join(',');
    expect(checked.length, `codes answered: ${codes}`).toBeLessThanOrEqual(3);
  });

  test.each([
    [
      'a wrong current password',
      { oldPassword: 'not-mine', newPassword: 'next-pass', confirmPassword: 'next-pass' },
      40009,
      'The current password is wrong',
    ],
    [
      'a mismatched confirmation',
      { oldPassword: 'start123', newPassword: 'next-pass', confirmPassword: 'next-pazz' },
      40001,
      'The two password inputs are inconsistent',
    ],
    [
      'a 5-character new password',
      { oldPassword: 'start123', newPassword: 'short', confirmPassword: 'short' },
      40001,
      'The password must have at least 6 characters',
    ],
  ])(
    'changing one’s password with %s is refused with 400, and the session and password stay',
    async (label, payload, code, message) => {
      const username = unique(`pw_${label.replace(/\W/g, '').slice(0, 12)}`);
      await createStaff(username);
      const token = await signIn(app, username, 'start123');
      const answer = await call(app, token, { method: 'POST', url: '/manager/user/changePassword', payload });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(code);
      expect(answer.body.msg).toContain(message);
      expect(await sessionStatus(app, token)).toBe(200);
      expect((await login(app, username, 'start123')).body.code).toBe(0);
    },
  );

  test('changing one’s password (POST or PUT) ends every session; only the new password signs in', async () => {
    const username = unique('pwchange');
    await createStaff(username);
    const first = await session(app, username, 'start123');
    const second = await session(app, username, 'start123');
    const changed = await call<boolean>(app, first.token, {
      method: 'POST',
      url: '/manager/user/changePassword',
      payload: { oldPassword: 'start123', newPassword: 'second-pass', confirmPassword: 'second-pass' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.msg).toBe('Modified successfully, please log in again');
    expect(await sessionStatus(app, first.token)).toBe(401);
    expect(await sessionStatus(app, second.token)).toBe(401);
    expect((await refresh(app, second.refreshToken)).status).toBe(401);
    await expect(signIn(app, username, 'start123')).rejects.toThrow('Incorrect username or password');

    const again = await signIn(app, username, 'second-pass');
    const put = await call<boolean>(app, again, {
      method: 'PUT',
      url: '/manager/user/changePassword',
      payload: { oldPassword: 'second-pass', newPassword: 'third-pass', confirmPassword: 'third-pass' },
    });
    expect(put.status).toBe(200);
    expect(put.body.msg).toBe('Modified successfully, please log in again');
    expect(await sessionStatus(app, again)).toBe(401);
    expect((await login(app, username, 'third-pass')).body.code).toBe(0);
    expect((await login(app, username, 'second-pass')).body.code).toBe(40002);
  });

  test("an administrator's password reset needs the phrase 'I confirm', then ends the user's sessions", async () => {
    const username = unique('reset');
    const staff = await createStaff(username);
    const { token, refreshToken } = await session(app, username, 'start123');
    const reset = (changes: Row) =>
      call<boolean>(app, admin, {
        method: 'PUT',
        url: '/manager/user/resetPassword',
        payload: { id: staff.id, newPassword: 'given-pass', confirmPassword: 'given-pass', phrase: 'I confirm', ...changes },
      });

    const refusals: [Row, string][] = [
      [{ phrase: undefined }, "Please type 'I confirm'"],
      [{ phrase: 'i confirm' }, "Please type 'I confirm'"],
      [{ phrase: 'I confirm!' }, "Please type 'I confirm'"],
      [{ confirmPassword: 'given-pazz' }, 'The two password inputs are inconsistent'],
      [{ newPassword: 'short', confirmPassword: 'short' }, 'The password must have at least 6 characters'],
    ];
    for (const [changes, message] of refusals) {
      const refused = await reset(changes);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(message);
    }
    expect(await sessionStatus(app, token)).toBe(200);
    expect((await login(app, username, 'start123')).body.code).toBe(0);

    const done = await reset({});
    expect(done.status).toBe(200);
    expect(done.body.data).toBe(true);
    expect(await sessionStatus(app, token)).toBe(401);
    expect((await refresh(app, refreshToken)).status).toBe(401);
    expect((await login(app, username, 'given-pass')).body.code).toBe(0);
    expect((await login(app, username, 'start123')).body.code).toBe(40002);
  });

  test('deleting a user ends their sessions and their sign-in; an administrator cannot delete themselves', async () => {
    const username = unique('deleted');
    const staff = await createStaff(username);
    const { token, refreshToken } = await session(app, username, 'start123');
    const deleted = await call<boolean>(app, admin, { method: 'DELETE', url: `/manager/user/delUser/${staff.id}` });
    expect(deleted.status).toBe(200);
    expect(await sessionStatus(app, token)).toBe(401);
    expect((await refresh(app, refreshToken)).status).toBe(401);
    await expect(signIn(app, username, 'start123')).rejects.toThrow('Incorrect username or password');
    expect((await userPage()).records.some((r) => r.username === username)).toBe(false);

    const self = (await userPage()).records.find((r) => r.username === 'admin');
    expect(self).toBeDefined();
    const refused = await call(app, admin, { method: 'DELETE', url: `/manager/user/delUser/${String(self?.id)}` });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 40902, msg: 'You cannot delete yourself' });
    expect(await sessionStatus(app, admin)).toBe(200);
  });

  test('turning an account off ends its sessions in the tenant, and sign-in answers 40008', async () => {
    const username = unique('inactive');
    const staff = await createStaff(username);
    const { token, refreshToken } = await session(app, username, 'start123');
    const record = await call<Row>(app, admin, { method: 'GET', url: '/manager/user/getById', query: { id: String(staff.id) } });
    expect(record.body.data.accountActive).toBe(true);
    const updated = await call<Row>(app, admin, {
      method: 'PUT',
      url: '/manager/user/updateById',
      payload: { ...record.body.data, accountActive: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.accountActive).toBe(false);
    expect(await sessionStatus(app, token)).toBe(401);
    expect((await refresh(app, refreshToken)).status).toBe(401);
    const refused = await login(app, username, 'start123');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40008, msg: 'This account is not active' });
  });

  test('switching tenant moves the token and the default tenant; a tenant not one’s own is refused', async () => {
    const token = await signIn(app, 'admin', 'admin123');
    try {
      const ofTenant2 = await customerNames(token);
      const switched = await switchTenant(token, 10);
      expect(switched.status).toBe(200);
      expect(switched.body.data.tenantId).toBe(10);
      const ofTenant10 = await customerNames(token);
      expect(ofTenant2).toHaveLength(24);
      expect(ofTenant10).toHaveLength(24);
      expect(ofTenant10.filter((n) => ofTenant2.includes(n))).toEqual([]);

      const foreign = await switchTenant(token, 7);
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe(40300);
      const principal = await call<Row>(app, token, { method: 'GET', url: '/manager/user/getPrincipal' });
      expect(principal.body.data.tenantId).toBe(10);

      const fresh = await login(app, 'admin', 'admin123');
      expect(fresh.body.data.tenantId).toBe(10);
      expect(fresh.body.data.firstTenantId).toBe(10);
    } finally {
      // Back to tenant 2, so that the other tests find admin where the demo put them.
      await switchTenant(token, 2);
    }
    expect((await login(app, 'admin', 'admin123')).body.data.tenantId).toBe(2);
  });

  test('only administrators list and create employees and create departments', async () => {
    const operator = await signIn(app, 'operator', 'operator123');
    const newUser = (username: string) => ({
      username,
      password: 'start123',
      name: 'Admin-only check',
      departments: [{ departmentId: department }],
    });
    const newDepartment = { name: `Admin-only ${name}`, managerId: manager };

    expect((await call(app, operator, { method: 'GET', url: '/manager/user/page' })).status).toBe(403);
    expect((await saveUser(newUser(unique('byoperator')), operator)).status).toBe(403);
    expect((await saveDepartment(newDepartment, operator)).status).toBe(403);

    expect((await call(app, admin, { method: 'GET', url: '/manager/user/page' })).status).toBe(200);
    expect((await saveUser(newUser(unique('byadmin')))).status).toBe(200);
    expect((await saveDepartment(newDepartment)).status).toBe(200);
    expect((await signIn(app, unique('byadmin'), 'start123')).length).toBeGreaterThan(0);
    await expect(signIn(app, unique('byoperator'), 'start123')).rejects.toThrow('Incorrect username or password');
  });

  test("taking away a staff member's 'customer' permission is read back as saved and closes the customer calls and menu entries", async () => {
    const username = unique('perm');
    const staff = await createStaff(username);
    const token = await signIn(app, username, 'start123');
    expect((await call(app, token, { method: 'GET', url: '/manager/customer/getCustomerList' })).status).toBe(200);
    const namesBefore = (await call<string[]>(app, token, { method: 'GET', url: '/manager/user/userMenu' })).body.data;
    expect(namesBefore).toContain('CustomersManagement');

    const saved = await call<{ id: number; permissions: string[] }>(app, admin, {
      method: 'POST',
      url: '/manager/user/permission',
      payload: { id: staff.id, permissions: ['sales', 'receipt'] },
    });
    expect(saved.body.data.permissions).toEqual(['receipt', 'sales']);
    // Read back as saved: what the permissions form opens with.
    const read = await call<{ id: number; permissions: string[] }>(app, admin, {
      method: 'GET',
      url: '/manager/user/permission',
      query: { id: String(staff.id) },
    });
    expect(read.body.data).toEqual({ id: staff.id, permissions: ['receipt', 'sales'] });

    const list = await call(app, token, { method: 'GET', url: '/manager/customer/getCustomerList' });
    expect(list.status).toBe(403);
    expect(list.body.code).toBe(40300);
    const names = (await call<string[]>(app, token, { method: 'GET', url: '/manager/user/userMenu' })).body.data;
    expect(names).not.toContain('CustomersManagement');
    expect(names).not.toContain('CustomerContacts');
    expect(names).toContain('OrderManagement');
    const menu = (await call<{ name: string }[]>(app, token, { method: 'GET', url: '/manager/user/getUserMenu' })).body.data;
    expect(menu.length).toBeGreaterThan(0);
    expect(menu.map((entry) => entry.name)).not.toContain('CustomersManagement');
  });

  test("the screens listed by administrators' calls (users, points accounts, every approval) are no entries of a staff member's menu", async () => {
    const staff = await signIn(app, (await createStaff(unique('notadmin'))).username as string, 'start123');
    const names = async (token: string) =>
      (await call<string[]>(app, token, { method: 'GET', url: '/manager/user/userMenu' })).body.data;
    const forAdministrators = ['UserManagement', 'PointsAccounts', 'ApprovalsAll'];
    expect(await names(admin)).toEqual(expect.arrayContaining(forAdministrators));
    const ofStaff = await names(staff);
    expect(ofStaff).toContain('ApprovalsMine');
    expect(ofStaff.filter((name) => forAdministrators.includes(name))).toEqual([]);
    // The list behind the entry answers administrators only, whatever the menu shows.
    const every = (token: string) => call<Page>(app, token, { method: 'GET', url: '/manager/approval/page' });
    expect((await every(admin)).status).toBe(200);
    expect((await every(staff)).status).toBe(403);
  });

  test('the enterprise headlines are for tenants 2, 10, 12 and 14 only, in the calls and the menu', async () => {
    const operator = await signIn(app, 'operator', 'operator123');
    const news = (token: string) =>
      call<Page>(app, token, { method: 'GET', url: '/manager/enterpriseNews/getEnterpriseNewsInfoList' });
    const ofAdmin = await news(admin);
    expect(ofAdmin.status).toBe(200);
    expect(ofAdmin.body.data.total).toBe(5);
    const ofOperator = await news(operator);
    expect(ofOperator.status).toBe(403);
    expect(ofOperator.body.code).toBe(40300);
    const menuNames = async (token: string) =>
      (await call<string[]>(app, token, { method: 'GET', url: '/manager/user/userMenu' })).body.data;
    expect(await menuNames(admin)).toContain('EnterpriseHeadlines');
    expect(await menuNames(operator)).not.toContain('EnterpriseHeadlines');
  });

  test("inquiry people are the fixed list of the caller's current tenant", async () => {
    // Every demo tenant (2, 7, 10, 44) has a list in the file, and no call makes a tenant, so the
    // empty answer for a tenant without a list (the handler's `?? []`) cannot be reached here.
    const lists: Record<string, unknown[]> = inquiryPeople.tenants;
    const people = async (token: string) =>
      (await call<unknown[]>(app, token, { method: 'GET', url: '/manager/user/inquiryPeople' })).body.data;
    const token = await signIn(app, 'admin', 'admin123');
    try {
      expect(await people(token)).toEqual(lists['2']);
      expect(await people(await signIn(app, 'operator', 'operator123'))).toEqual(lists['7']);
      expect(await people(await signIn(app, 'auditor', 'auditor123'))).toEqual(lists['44']);
      expect((await switchTenant(token, 10)).status).toBe(200);
      expect(await people(token)).toEqual(lists['10']);
    } finally {
      await switchTenant(token, 2);
    }
  });

  test.each<[string, (ids: Ids) => Row, string]>([
    ['no name', (ids) => ({ managerId: ids.manager }), 'Please enter department name'],
    ['an empty name', (ids) => ({ name: '', managerId: ids.manager }), 'Please enter department name'],
    ['no manager', () => ({ name: 'Nobody leads' }), 'Please select department manager.'],
    [
      'an end before the start',
      (ids) => ({ name: 'Backwards', managerId: ids.manager, startTime: '2025-05-01', endTime: '2025-04-30' }),
      'The end cannot be earlier than the start',
    ],
  ])('a department with %s is refused with 400 and its message, and nothing is written', async (_case, payload, message) => {
    const before = (await departmentPage()).total;
    const answer = await saveDepartment(payload({ manager, department, expiredDepartment }));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40001);
    expect(answer.body.msg).toContain(message);
    expect((await departmentPage()).total).toBe(before);
  });

  test.each<[string, (ids: Ids) => Row, number, number, string]>([
    ['no department', () => ({ departments: [] }), 400, 40001, 'At least one department entry must be added'],
    [
      'a resignation before joining',
      () => ({ joinDate: '2024-03-01', resignationDate: '2024-02-29' }),
      400,
      40001,
      'Resignation time cannot be earlier than joining time',
    ],
    [
      'an expired department',
      (ids) => ({ departments: [{ departmentId: ids.department }, { departmentId: ids.expiredDepartment }] }),
      400,
      40004,
      'An expired department cannot be added',
    ],
    ['a user name already taken', () => ({ username: 'operator' }), 409, 40901, 'User name is already in use'],
  ])('an employee with %s is refused, and nothing is written', async (label, change, status, code, message) => {
    const username = unique(`refused_${label.replace(/\W/g, '').slice(0, 12)}`);
    const payload: Row = {
      username,
      password: 'start123',
      name: 'Refused employee',
      departments: [{ departmentId: department }],
      ...change({ manager, department, expiredDepartment }),
    };
    const before = (await userPage()).total;
    const answer = await saveUser(payload);
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    if (code === 40004) expect(answer.body.msg).toBe(message);
    else expect(answer.body.msg).toContain(message);
    expect((await userPage()).total).toBe(before);
    if (payload.username === username) {
      // The refused user name is still free: no account was left behind.
      await expect(signIn(app, username, 'start123')).rejects.toThrow('Incorrect username or password');
      expect((await createStaff(username)).username).toBe(username);
    }
  });

  test('two simultaneous creations with one user name answer 200 and 409, and make one account', async () => {
    const username = unique('twin');
    const before = (await userPage()).total;
    const payload = { username, password: 'start123', name: 'Twin', departments: [{ departmentId: department }] };
    const answers = await Promise.all([saveUser(payload), saveUser(payload)]);
    expect((await userPage()).total).toBe(before + 1);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  test('an uploaded picture is kept with its name and served to its own tenant only, by header or cookie', async () => {
    const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.from('IHDR and the rest of a picture')]);
    const stored = await upload(app, admin, 'scan.png', bytes);
    expect(stored.status).toBe(200);
    expect(stored.body.data.originalFilename).toBe('scan.png');
    expect(stored.body.data.size).toBe(bytes.length);
    const url = String(stored.body.data.url);
    expect(url).toMatch(/^\/admin\/sys-file\//);

    const byHeader = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.rawPayload.equals(bytes)).toBe(true);
    expect(byHeader.headers['content-type']).toBe('image/png');
    // One of the media types the contract declares for a file download.
    expect(operation('getFile').mediaTypes).toContain(byHeader.headers['content-type']);

    const byCookie = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: `EMS-access_token=${encodeURIComponent(admin)}` },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.rawPayload.equals(bytes)).toBe(true);

    const operator = await signIn(app, 'operator', 'operator123');
    const foreign = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${operator}` } });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    // The cookie is taken by the file call only, not by data calls.
    const cookieOnData = await app.inject({
      method: 'GET',
      url: '/manager/customer/getCustomerList',
      headers: { cookie: `EMS-access_token=${encodeURIComponent(admin)}` },
    });
    expect(cookieOnData.statusCode).toBe(401);
    // 200 characters is still a good name.
    const longest = await upload(app, admin, `${'n'.repeat(196)}.png`, bytes);
    expect(longest.body.data.originalFilename).toHaveLength(200);
  });

  test('a picture is served resized on request, keeping its format and shape; other files and bad bytes as stored', async () => {
    const picture = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#F5222D' } })
      .png()
      .toBuffer();
    const url = String((await upload(app, admin, 'wide.png', picture)).body.data.url);
    const fetch = (query: string) =>
      app.inject({ method: 'GET', url: `${url}${query}`, headers: { authorization: `Bearer ${admin}` } });
    const small = await fetch('?size=50');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toContain('image/png');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'png', width: 50, height: 25 });
    // Never enlarged; without a size, the stored bytes.
    expect(await sharp((await fetch('?size=400')).rawPayload).metadata()).toMatchObject({ width: 200, height: 100 });
    expect((await fetch('')).rawPayload.equals(picture)).toBe(true);
    expect((await fetch('?size=2')).statusCode).toBe(400);
    // Bytes that only start like a picture come back as they are.
    const broken = Buffer.concat([PNG_SIGNATURE, Buffer.from('no picture after the signature')]);
    const brokenUrl = String((await upload(app, admin, 'broken.png', broken)).body.data.url);
    const served = await app.inject({
      method: 'GET',
      url: `${brokenUrl}?size=50`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(broken)).toBe(true);
  });

  test.each([
    ['a text file', 'notes.txt', Buffer.from('just some text'), 'Please choose a picture'],
    ['text named .png', 'fake.png', Buffer.from('this is not a picture at all'), 'Please choose a picture'],
    [
      'a 201-character name',
      `${'n'.repeat(197)}.png`,
      Buffer.concat([PNG_SIGNATURE, Buffer.from('data')]),
      'Please keep the file name within 200 characters!',
    ],
  ])('an upload of %s is refused with 400 code 40010', async (_case, fileName, bytes, message) => {
    const answer = await upload(app, admin, fileName, bytes);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 40010, msg: message });
  });
});
