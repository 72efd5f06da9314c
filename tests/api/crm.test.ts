import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, databases, signIn } from '../support/api';
import { createRecord, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/** Behaviour of the customer relations calls beyond CRUD, as a caller notices it. */
describe.each(databases())('customer relations on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  /** A staff member of tenant 2 (not an administrator), with a sign-in of their own. */
  let staff: { token: string; employee: Row };
  let colleagues: Row[];

  const get = <T = unknown>(token: string, id: string, query: Record<string, string> = {}) =>
    call<T>(app, token, { method: 'GET', url: url(id), query });
  const post = <T = unknown>(token: string, id: string, payload: Row) =>
    call<T>(app, token, { method: 'POST', url: url(id), payload });
  const customer = async (id: unknown) => (await get<Row>(admin, 'getCustomerInfoById', { id: String(id) })).body.data;

  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
    const employee = await createRecord(app, admin, 'user');
    await post(admin, 'saveUserPermissions', { id: employee.id, permissions: ['customer'] });
    staff = { employee, token: await signIn(app, String(employee.username), 'secret123') };
    const page = await get<{ records: Row[] }>(admin, 'getUserPage', { size: '50' });
    colleagues = page.body.data.records.filter((e) => e.username !== 'admin' && e.id !== employee.id);
  });
  afterAll(() => server.stop());

  describe('the customer pool', () => {
    test('lists only the customers nobody owns, and taking one makes the caller its owner', async () => {
      const pool = await get<{ records: Row[]; total: number }>(admin, 'youyouCustomerList', { size: '50' });
      expect(pool.body.data.total).toBeGreaterThan(0);
      expect(pool.body.data.records.every((c) => c.ownerId === undefined || c.ownerId === null)).toBe(true);
      const taken = pool.body.data.records[0];
      const answer = await post<Row>(staff.token, 'intoCustomer', { id: taken?.id });
      expect(answer.status).toBe(200);
      expect(answer.body.data.ownerName).toBe(staff.employee.name);
      const after = await get<{ records: Row[]; total: number }>(admin, 'youyouCustomerList', { size: '50' });
      expect(after.body.data.total).toBe(pool.body.data.total - 1);
      const mine = await call<{ records: Row[] }>(app, staff.token, { method: 'POST', url: url('getOwnerCustomerList') });
      expect(mine.body.data.records.map((c) => c.id)).toContain(taken?.id);
    });

    test('a customer with an owner cannot be taken (409), and stays with its owner', async () => {
      const owned = await createRecord(app, admin, 'customer');
      const answer = await post(staff.token, 'intoCustomer', { id: owned.id });
      expect(answer.status).toBe(409);
      expect(answer.body.msg).toBe('This customer already has an owner and cannot be taken');
      expect((await customer(owned.id)).ownerName).toBe(owned.ownerName);
    });

    test('the pool is newest first, or oldest first when asked', async () => {
      const newest = await get<{ records: Row[] }>(admin, 'youyouCustomerList', { size: '50' });
      const oldest = await get<{ records: Row[] }>(admin, 'youyouCustomerList', { size: '50', sortOrder: 'asc' });
      const times = (page: typeof newest) =>
        page.body.data.records.map((c) => `${String(c.createTime)}#${String(c.id).padStart(10, '0')}`);
      expect(times(newest).length).toBeGreaterThan(1);
      expect(times(newest)).toEqual([...times(newest)].sort().reverse());
      expect(times(oldest)).toEqual([...times(newest)].reverse());
    });

    test('the pool is searched by part of the name', async () => {
      const pool = await get<{ records: Row[] }>(admin, 'youyouCustomerList', { size: '50' });
      const name = String(pool.body.data.records[0]?.name);
      const found = await get<{ records: Row[] }>(admin, 'youyouCustomerList', { name: name.slice(2, 6) });
      expect(found.body.data.records.map((c) => c.name)).toContain(name);
    });
  });

  describe('handing customers over', () => {
    test('the owner hands a customer to a colleague, who becomes its owner', async () => {
      const record = await createRecord(app, admin, 'customer');
      const colleague = colleagues[0] ?? {};
      const answer = await post<Row>(admin, 'customerTrans', { id: record.id, userId: colleague.id });
      expect(answer.status).toBe(200);
      expect(answer.body.data.ownerName).toBe(colleague.name);
      const mine = await call<{ records: Row[] }>(app, admin, {
        method: 'POST',
        url: url('getOwnerCustomerList'),
        query: { size: '50' },
      });
      expect(mine.body.data.records.map((c) => c.id)).not.toContain(record.id);
    });

    test('someone who neither owns the customer nor administers the tenant may not hand it over (403)', async () => {
      const record = await createRecord(app, admin, 'customer');
      const answer = await post(staff.token, 'customerTrans', { id: record.id, userId: staff.employee.id });
      expect(answer.status).toBe(403);
      expect((await customer(record.id)).ownerName).toBe(record.ownerName);
    });

    test('a batch moves all of its customers, or none when one of them does not exist', async () => {
      const first = await createRecord(app, admin, 'customer');
      const second = await createRecord(app, admin, 'customer');
      const colleague = colleagues[1] ?? {};
      const refused = await post(admin, 'customerTransBatch', { ids: [first.id, second.id, 2147483000], userId: colleague.id });
      expect(refused.status).toBe(404);
      expect((await customer(first.id)).ownerName).toBe(first.ownerName);
      const moved = await post<Row[]>(admin, 'customerTransBatch', { ids: [first.id, second.id], userId: colleague.id });
      expect(moved.body.data.map((c) => c.ownerName)).toEqual([colleague.name, colleague.name]);
    });

    test('to an employee the tenant does not have: 404, nothing moves', async () => {
      const record = await createRecord(app, admin, 'customer');
      const answer = await post(admin, 'customerTrans', { id: record.id, userId: 2147483000 });
      expect(answer.status).toBe(404);
      expect((await customer(record.id)).ownerName).toBe(record.ownerName);
    });
  });

  test('sharing with colleagues adds each of them once', async () => {
    const record = await createRecord(app, admin, 'customer');
    const ids = colleagues.slice(0, 2).map((c) => c.id);
    const first = await post<Row[]>(admin, 'customerShare', { customerId: record.id, userIds: ids });
    expect(first.body.data.map((s) => s.userId)).toEqual(ids);
    const again = await post<Row[]>(admin, 'customerShare', { customerId: record.id, userIds: ids, role: 'viewer' });
    expect(again.body.data).toEqual(first.body.data);
    const listed = await get<{ total: number }>(admin, 'getCustomerOwnerList', { customerId: String(record.id) });
    expect(listed.body.data.total).toBe(2);
  });

  describe('tax number lookup', () => {
    test('a registered company: its registry entry, and the customer the tenant has with that number', async () => {
      const record = await createRecord(app, admin, 'customer');
      const answer = await post<Row>(admin, 'youyouCustomerInfo', { taxNumber: String(record.taxNumber).toLowerCase() });
      expect(answer.body.data).toMatchObject({ found: true, name: '华东精密制造有限公司', legalPerson: '陈建国', city: '上海' });
      expect(answer.body.data.customerId).toEqual(expect.any(Number));
    });

    test('a number the registry does not know: found false, nothing else', async () => {
      const answer = await post<Row>(admin, 'youyouCustomerInfo', { taxNumber: '91110000000000000X' });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ found: false, name: null, customerId: null });
    });

    test.each(['123', '9131-0000-MA1F-L0X1'])('a malformed number (%s) is refused with 400', async (taxNumber) => {
      expect((await post(admin, 'youyouCustomerInfo', { taxNumber })).status).toBe(400);
    });
  });

  test.each([
    ['上海市浦东新区张江路 88 号', '上海', '上海'],
    ['广东省深圳市南山区科技园', '深圳', '广东'],
    ['江苏省苏州市工业园区星湖街', '苏州', '江苏'],
    ['浙江省某县工业区', '杭州', '浙江'],
  ])('the address %s is in %s', async (address, city, province) => {
    const answer = await get<Row>(admin, 'getLocationByAddress', { address });
    expect(answer.body.data).toMatchObject({ found: true, city, province });
    expect(answer.body.data.longitude).toEqual(expect.any(Number));
  });

  test('an address naming no known city is not located', async () => {
    const answer = await get<Row>(admin, 'getLocationByAddress', { address: '1 Main Street' });
    expect(answer.body.data).toMatchObject({ found: false, city: null, longitude: null });
  });

  test('the city table lists the cities of a province', async () => {
    const answer = await get<Row[]>(admin, 'getCityList', { province: '广东' });
    expect(answer.body.data.map((c) => c.name)).toEqual(expect.arrayContaining(['广州', '深圳']));
    expect(answer.body.data.every((c) => c.province === '广东')).toBe(true);
  });

  test.each([
    ['en', ['Name', 'Nature', 'Industry']],
    ['zh', ['客户名称']],
  ])('the Excel export of the customers is labelled in the caller language (%s)', async (language, headers) => {
    const answer = await app.inject({
      method: 'POST',
      url: url('fetchPcExcel'),
      query: { state: 'deal' },
      headers: { authorization: `Bearer ${admin}`, 'accept-language': language },
    });
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, headers.length)).toEqual(headers);
    const deals = await get<{ total: number }>(admin, 'getCustomerList', { state: 'deal' });
    expect((sheet?.actualRowCount ?? 0) - 1).toBe(deals.body.data.total);
  });

  test('customer plans: completed once, then neither completed nor canceled again (409)', async () => {
    const plan = await createRecord(app, admin, 'customerPlan');
    expect(plan.status).toBe('planning');
    const complete = await call<Row>(app, admin, { method: 'PUT', url: url('completeCustomerPlan', { id: plan.id }) });
    expect(complete.body.data.status).toBe('completed');
    for (const id of ['completeCustomerPlan', 'cancelCustomerPlan']) {
      expect((await call(app, admin, { method: 'PUT', url: url(id, { id: plan.id }) })).status).toBe(409);
    }
  });

  test('the real-time positions leave out scrapped vehicles and tell which are online (located in the last 10 minutes)', async () => {
    const locatedAgo = async (minutes: number, status = 'idle') => {
      const vehicle = await createRecord(app, admin, 'vehicle');
      const locateTime = new Date(Date.now() - minutes * 60_000).toISOString();
      const payload = { ...withoutReadOnly(vehicle), status, locateTime };
      expect((await call(app, admin, { method: 'PUT', url: url('updateVehicle'), payload })).status).toBe(200);
      return vehicle.id;
    };
    const [scrapped, justNow, longAgo] = [await locatedAgo(1, 'scrapped'), await locatedAgo(1), await locatedAgo(11)];
    const answer = await get<Row[]>(admin, 'getRealTimeVehicle');
    const online = new Map(answer.body.data.map((v) => [v.id, v.online]));
    expect(online.has(scrapped)).toBe(false);
    expect(online.get(justNow)).toBe(true);
    expect(online.get(longAgo)).toBe(false);
    const idle = await get<Row[]>(admin, 'getRealTimeVehicle', { status: 'idle' });
    expect(idle.body.data.every((v) => v.status === 'idle')).toBe(true);
  });

  describe('news comments and likes', () => {
    const put = <T = unknown>(token: string, id: string, query: Record<string, string>) =>
      call<T>(app, token, { method: 'PUT', url: url(id), query });
    let newsId: string;
    let adminId: string;
    beforeAll(async () => {
      const list = await get<{ records: Row[] }>(admin, 'getEnterpriseNewsInfoList', { size: '10' });
      newsId = String(list.body.data.records[1]?.id);
      adminId = String((await get<{ userId: number }>(admin, 'getPrincipal')).body.data.userId);
    });

    test('liking as the caller counts once however often; taking it back uncounts it', async () => {
      const before = await get<Row>(admin, 'likeEnterpriseNewsInfo', { enterpriseNewsId: newsId });
      const count = Number(before.body.data.likeCount) - (before.body.data.liked ? 1 : 0);
      await put(admin, 'cancelLikeEnterpriseNews', { enterpriseNewsId: newsId, userId: adminId });
      await put(admin, 'likeEnterpriseNews', { enterpriseNewsId: newsId, userId: adminId });
      const twice = await put<Row>(admin, 'likeEnterpriseNews', { enterpriseNewsId: newsId, userId: adminId });
      expect(twice.body.data).toMatchObject({ likeCount: count + 1, liked: true });
      expect(twice.body.data.likers).toContain('系统管理员');
      const back = await put<Row>(admin, 'cancelLikeEnterpriseNews', { enterpriseNewsId: newsId, userId: adminId });
      expect(back.body.data).toMatchObject({ likeCount: count, liked: false });
    });

    test.each(['likeEnterpriseNews', 'cancelLikeEnterpriseNews'])(
      '%s for someone else is refused (403), nothing changes',
      async (id) => {
        const before = await get(admin, 'likeEnterpriseNewsInfo', { enterpriseNewsId: newsId });
        const answer = await put(staff.token, id, { enterpriseNewsId: newsId, userId: adminId });
        expect(answer.status).toBe(403);
        expect(answer.body.msg).toBe('You can only like or unlike as yourself');
        expect((await get(admin, 'likeEnterpriseNewsInfo', { enterpriseNewsId: newsId })).body).toEqual(before.body);
      },
    );

    test('a comment and its reply; the author deletes theirs, others may not, an administrator may', async () => {
      const made = await call<Row>(app, staff.token, {
        method: 'POST',
        url: url('newComment', { enterpriseNewsId: newsId }),
        payload: { content: '很受鼓舞' },
      });
      expect(made.body.data).toMatchObject({ content: '很受鼓舞', mine: true, likeCount: 0, userName: staff.employee.name });
      const reply = await call<Row>(app, admin, {
        method: 'POST',
        url: url('newComment', { enterpriseNewsId: newsId }),
        payload: { content: '谢谢支持', replyToId: made.body.data.id },
      });
      expect(reply.body.data.replyToId).toBe(made.body.data.id);
      const staffId = String((await get<{ userId: number }>(staff.token, 'getPrincipal')).body.data.userId);
      const liked = await put<Row>(staff.token, 'likeComment', { commentId: String(reply.body.data.id), userId: staffId });
      expect(liked.body.data).toMatchObject({ likeCount: 1, liked: true, mine: false });
      expect((await put(staff.token, 'likeComment', { commentId: String(reply.body.data.id), userId: adminId })).status).toBe(
        403,
      );
      const refused = await call(app, staff.token, {
        method: 'DELETE',
        url: url('delComment'),
        query: { id: String(reply.body.data.id) },
      });
      expect(refused.status).toBe(403);
      const removed = await call(app, admin, {
        method: 'DELETE',
        url: url('delComment'),
        query: { id: String(made.body.data.id) },
      });
      expect(removed.status).toBe(200);
      const left = await get<{ records: Row[] }>(admin, 'getEnterpriseCommentData', { enterpriseNewsId: newsId, size: '50' });
      expect(left.body.data.records.map((c) => c.id)).not.toContain(reply.body.data.id);
    });

    test('a reply answers a comment of the same article (400 otherwise)', async () => {
      const list = await get<{ records: Row[] }>(admin, 'getEnterpriseNewsInfoList', { size: '10' });
      const other = String(list.body.data.records[0]?.id);
      const comments = await get<{ records: Row[] }>(admin, 'getEnterpriseCommentData', { enterpriseNewsId: other });
      const answer = await call(app, admin, {
        method: 'POST',
        url: url('newComment', { enterpriseNewsId: newsId }),
        payload: { content: '跑题了', replyToId: comments.body.data.records[0]?.id },
      });
      expect(answer.status).toBe(400);
    });

    test('only the headlines tenants comment and like (403 elsewhere)', async () => {
      const operator = await signIn(app, 'operator', 'operator123');
      expect((await get(operator, 'getEnterpriseCommentData', { enterpriseNewsId: newsId })).status).toBe(403);
    });
  });

  describe('headline categories', () => {
    const total = async () => (await get<{ total: number }>(admin, 'getEnterpriseNewsInfoList', { size: '10' })).body.data.total;
    const article = (title: string, categoryId: unknown) => ({ title, content: '正文', categoryId });

    test('a headline is filed under a category of its own tenant (400 for another tenant’s, nothing written) and lists with its name', async () => {
      // The same administrator, switched to tenant 10 on a second sign-in, makes a category there.
      const elsewhere = await signIn(app, 'admin', 'admin123');
      const switchTo = (tenantId: number) =>
        call(app, elsewhere, { method: 'PUT', url: url('updateDefaultTenant'), query: { tenantId: String(tenantId) } });
      expect((await switchTo(10)).status).toBe(200);
      const foreign = await post<Row>(elsewhere, 'saveHeadlineCategory', { name: '南方分类' });
      expect((await switchTo(2)).status).toBe(200);
      expect(foreign.status).toBe(200);

      const before = await total();
      const refused = await post(admin, 'saveEnterpriseNews', article('跨租户分类的文章', foreign.body.data.id));
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(40003);
      expect(await total()).toBe(before);

      const own = await post<Row>(admin, 'saveHeadlineCategory', { name: '储能科普' });
      const saved = await post<Row>(admin, 'saveEnterpriseNews', article('储能电池是怎样工作的', own.body.data.id));
      expect(saved.status).toBe(200);
      const filed = await get<{ records: Row[] }>(admin, 'getEnterpriseNewsInfoList', { categoryId: String(own.body.data.id) });
      expect(filed.body.data.records).toEqual([
        expect.objectContaining({ id: saved.body.data.id, categoryId: own.body.data.id, categoryName: '储能科普' }),
      ]);
    });
  });

  describe('the points mall', () => {
    const goods = async () => (await get<{ records: Row[] }>(admin, 'getMallGoodsPage', { size: '50' })).body.data.records;
    const good = async (name: string) => (await goods()).find((g) => g.name === name) ?? {};
    const points = async (token: string) => (await get<{ points: number }>(token, 'getMyPoints')).body.data.points;

    test.each([
      ['电影票两张', 42200, 'Not enough stock'],
      ['户外冲锋衣', 42201, 'Not enough points'],
    ])('exchanging %s is refused with %i (%s); neither stock nor points change', async (name, code, msg) => {
      const before = { good: await good(name), points: await points(admin) };
      const answer = await post(admin, 'productExchange', { goodId: before.good.id });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code, msg });
      expect({ good: await good(name), points: await points(admin) }).toEqual(before);
    });

    test('an exchange takes the pieces from the stock and their price from the points, and is recorded', async () => {
      const cup = await good('定制保温杯');
      const before = await points(admin);
      const answer = await post<{ exchange: Row; stock: number; points: number }>(admin, 'productExchange', {
        goodId: cup.id,
        quantity: 2,
      });
      expect(answer.body.data).toMatchObject({ stock: Number(cup.stock) - 2, points: before - 600 });
      expect(answer.body.data.exchange).toMatchObject({ goodName: '定制保温杯', quantity: 2, points: 600 });
      const records = await get<{ records: Row[] }>(admin, 'getExchangeRecords', { size: '50' });
      expect(records.body.data.records.map((r) => r.id)).toContain(answer.body.data.exchange.id);
    });

    test('an employee without points cannot exchange, and sees only their own exchanges', async () => {
      expect(await points(staff.token)).toBe(0);
      const cup = await good('定制保温杯');
      expect((await post(staff.token, 'productExchange', { goodId: cup.id })).body.code).toBe(42201);
      const own = await get<{ total: number }>(staff.token, 'getExchangeRecords');
      expect(own.body.data.total).toBe(0);
    });
  });

  describe('video courses', () => {
    const put = <T = unknown>(token: string, id: string, videoId: unknown) =>
      call<T>(app, token, { method: 'PUT', url: url(id), query: { videoId: String(videoId) } });
    let video: Row;
    beforeAll(async () => {
      video = await createRecord(app, admin, 'enterpriseVideo');
    });

    test('a like counts once; a collect puts the course in the collection until taken back', async () => {
      await put(staff.token, 'likeEnterpriseVideo', video.id);
      const liked = await put<Row>(staff.token, 'likeEnterpriseVideo', video.id);
      expect(liked.body.data).toMatchObject({ likeCount: 1, liked: true, collected: false });
      await put(staff.token, 'collectEnterpriseVideo', video.id);
      const mine = await get<{ records: Row[] }>(staff.token, 'getMyCollectedVideos');
      expect(mine.body.data.records[0]?.id).toBe(video.id);
      const info = await get<Row>(admin, 'getEnterpriseVideoInfo', { id: String(video.id) });
      expect(info.body.data).toMatchObject({ likeCount: 1, collectCount: 1, liked: false });
      await put(staff.token, 'cancelCollectEnterpriseVideo', video.id);
      expect((await get<{ total: number }>(staff.token, 'getMyCollectedVideos')).body.data.total).toBe(0);
    });

    test('a view record keeps the furthest point reached, and is finished at the end of the course', async () => {
      const duration = Number(video.duration);
      await post(staff.token, 'recordVideoView', { videoId: video.id, progress: 120 });
      const back = await post<Row>(staff.token, 'recordVideoView', { videoId: video.id, progress: 60 });
      expect(back.body.data).toMatchObject({ progress: 120, finished: false });
      const done = await post<Row>(staff.token, 'recordVideoView', { videoId: video.id, progress: duration });
      expect(done.body.data).toMatchObject({ progress: duration, finished: true });
      const own = await get<{ records: Row[] }>(staff.token, 'getVideoViewRecords', { size: '50' });
      expect(own.body.data.records.every((r) => r.userName === staff.employee.name)).toBe(true);
      const all = await get<{ records: Row[] }>(admin, 'getVideoViewRecords', { size: '50' });
      expect(new Set(all.body.data.records.map((r) => r.userName)).size).toBeGreaterThan(1);
      const info = await get<Row>(staff.token, 'getEnterpriseVideoInfo', { id: String(video.id) });
      expect(info.body.data).toMatchObject({ learnerCount: 1, progress: duration });
    });
  });
});

function withoutReadOnly(record: Row): Row {
  const { createTime: _c, updateTime: _u, ...rest } = record;
  return rest;
}
