import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerRecorder, conformance } from '../support/answerRecorder';
import type { Answer } from '../support/conformance';
import { signIn } from '../support/api';
import { startServer, type TestServer } from '../support/server';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const JSON_UTF8 = 'application/json; charset=utf-8';
const health = (data: unknown) => JSON.stringify({ code: 0, msg: 'ok', data });
const ALIVE = { status: 'alive', node: 'host:1', uptimeSeconds: 3 };

/** An answer of `GET /healthz`, as documented unless the case changes it. */
const answer = (overrides: Partial<Answer>): Answer => ({
  method: 'GET',
  route: '/healthz',
  url: '/healthz',
  status: 200,
  contentType: JSON_UTF8,
  body: health(ALIVE),
  ...overrides,
});

const problemsOf = (given: Answer) =>
  conformance()
    .check(given)
    .map((mismatch) => mismatch.problem);

describe('the conformance check of answers against the OpenAPI document', () => {
  test.each([
    ['a documented answer', answer({})],
    ['a documented error status with the error body', answer({ status: 503, body: '{"code":50300,"msg":"Not ready"}' })],
    ['a HEAD answer, as its GET', answer({ method: 'HEAD' })],
    [
      'a workbook export as a workbook, not buffered',
      answer({ route: '/manager/workFlow/export', url: '/manager/workFlow/export', contentType: XLSX, body: undefined }),
    ],
    [
      'an unknown URL answered 404 with the error body',
      answer({ route: undefined, url: '/nowhere', status: 404, body: '{"code":40400,"msg":"No such record"}' }),
    ],
    ['a file of the web client', answer({ route: undefined, url: '/assets/app.js', contentType: 'text/javascript', body: '' })],
  ])('passes %s', (_name, given) => {
    expect(problemsOf(given)).toEqual([]);
  });

  test.each([
    [
      'data missing a required field',
      answer({ body: health({ status: 'alive', node: 'host:1' }) }),
      "/data uptimeSeconds must have required property 'uptimeSeconds'",
    ],
    [
      'data of the wrong type',
      answer({ body: health({ ...ALIVE, uptimeSeconds: 'three' }) }),
      '/data/uptimeSeconds must be number',
    ],
    [
      'a value outside its enum',
      answer({ body: health({ ...ALIVE, status: 'asleep' }) }),
      '/data/status must be equal to one of the allowed values',
    ],
    [
      'a property the schema does not have',
      answer({ body: health({ ...ALIVE, extra: 1 }) }),
      '/data extra must NOT have additional properties',
    ],
    [
      'an error with the success envelope',
      answer({ status: 400, body: health(ALIVE) }),
      '/code must NOT be valid; /data must be array,null',
    ],
    ['a body that is not JSON', answer({ body: '{"code":0' }), 'the body is not JSON'],
    ['status 418', answer({ status: 418 }), 'status 418 is not documented'],
    ['status 500', answer({ status: 500, body: '{"code":50000,"msg":"Internal error"}' }), 'status 500 is not documented'],
    [
      'a workbook export answered as text/plain',
      answer({ route: '/manager/workFlow/export', url: '/manager/workFlow/export', contentType: 'text/plain', body: 'a,b' }),
      `media type "text/plain" is not declared (declared: ${XLSX})`,
    ],
    [
      'a workbook export answered as application/octet-stream',
      answer({
        route: '/manager/workFlow/export',
        url: '/manager/workFlow/export',
        contentType: 'application/octet-stream',
        body: undefined,
      }),
      `media type "application/octet-stream" is not declared (declared: ${XLSX})`,
    ],
    [
      'JSON answered as text/html',
      answer({ contentType: 'text/html; charset=utf-8' }),
      'media type "text/html" is not declared (declared: application/json)',
    ],
    [
      'an unknown URL answered 404 in HTML',
      answer({ route: undefined, url: '/nowhere', status: 404, contentType: 'text/html', body: '<p>Not found</p>' }),
      'media type "text/html" is not declared (declared: application/json)',
    ],
    [
      'a route under an API prefix that the document does not list',
      answer({ route: '/manager/secret', url: '/manager/secret' }),
      'answered by a route the document does not list',
    ],
  ])('catches %s', (_name, given, problem) => {
    expect(problemsOf(given)).toEqual([problem]);
  });

  test('a test app that answers against the document fails at its end, naming the operation, the status and the body', async () => {
    const recorder = answerRecorder();
    const app = Fastify();
    app.addHook('onSend', (request, reply, payload, done) => {
      recorder.onAnswer(request, reply, payload);
      done(null, payload);
    });
    app.get('/ems/api/device/alarm/get_alarm/:id', async (_request, reply) => reply.code(418).send({ code: 1, msg: 'teapot' }));
    app.get('/healthz', async () => ({ code: 0, msg: 'ok', data: { status: 'alive', node: 'host:1' } }));
    app.get('/manager/workFlow/export', async (_request, reply) =>
      reply.type('application/octet-stream').send(Buffer.from('PK')),
    );
    await app.inject({ method: 'GET', url: '/ems/api/device/alarm/get_alarm/7' });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/manager/workFlow/export' });
    await app.close();
    expect(recorder.mismatches.map((m) => `${m.operation} ${m.status}`)).toEqual([
      'GET /ems/api/device/alarm/get_alarm/{id} (getAlarm) 418',
      'GET /healthz (getHealth) 200',
      'GET /manager/workFlow/export (exportWorkFlow) 200',
    ]);
    expect(() => recorder.assertConforming()).toThrow(
      /3 answers do not conform[\s\S]*GET \/healthz \(getHealth\) → 200 application\/json: \/data uptimeSeconds must have required property[\s\S]*body: \{"code":0/,
    );
  });
});

describe('a real server checks its answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ sqliteDemo: true });
  });
  afterAll(() => server?.stop());

  test('documented answers, an unknown URL and the reference conform', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/manager/user/page' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/manager/no-such-call' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });

  test.each([
    ['of a media type no call takes', 'application/xml', '<notice><title>x</title></notice>', 'Unsupported Media Type'],
    ['over the body limit', 'application/json', JSON.stringify({ title: 'x'.repeat(1_100_000) }), 'Request body is too large'],
  ])("Fastify's own refusals answer a documented status: a body %s is bad input, 400", async (_name, type, payload, detail) => {
    const token = await signIn(server.app, 'admin', 'admin123');
    const answer = await server.app.inject({
      method: 'POST',
      url: '/manager/notice',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': type },
      payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ code: 40000, msg: expect.stringContaining(detail) });
  });
});
