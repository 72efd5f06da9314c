import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { loadContract, type JsonSchema, type Operation } from '../../server/contract';
import { emsTokenOf, signIn } from '../support/api';
import { answerRecorder } from '../support/answerRecorder';
import { baseline } from '../support/baseline';
import { pages } from '../support/contract';
import { postgresDemoCopy, sqliteDemoCopy } from '../support/demoCopies';

/**
 * Malformed requests for every operation that takes input, generated from its schemas with
 * fast-check: each request is a valid baseline call with one to three parts broken (a property of
 * the wrong type, out of range, too long, in odd characters, missing or unknown; a body that is
 * no object or no JSON; a query string as a user might type it). Whatever comes in, the server
 * answers no 5xx, refuses with a 4xx what the operation's own validators refuse, and answers
 * errors as `{ code, msg }`. Afterwards the database is checked.
 *
 * Two rounds: first only input the validators refuse, after which the database must be exactly
 * as before; then anything generated, after which it must still be consistent.
 *
 * FUZZ_RUNS sets the number of requests on SQLite (3,000 by default, at least 20,000 in CI),
 * FUZZ_RUNS_POSTGRES on PostgreSQL (2,000), FUZZ_SEED the seed.
 */

type Row = Record<string, unknown>;
type Part = 'query' | 'params' | 'body';

const contract = loadContract();
const CI_MINIMUM = 20_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/** Share of the requests sent in the first round (only input the validators refuse). */
const MALFORMED_SHARE = 0.7;

/** Sign-in is fuzzed with a user name nobody has, so that no real account gets locked. */
const NOBODY = 'fuzz-nobody';
const DEMO_USERS = new Set(['admin', 'operator', 'auditor']);

/**
 * Calls whose accepted input would end or move the fuzzer's own session (a new password, the
 * tenant switch, the administrator demoted or deactivated): only their refused input is sent.
 */
const SESSION_BOUND = new Set(['changePassword', 'changePasswordPut', 'resetPassword', 'updateDefaultTenant', 'updateUserById']);

/** Every operation that takes input, except uploads and downloads. */
const FUZZED = contract.operations.filter((op) => !op.multipart && !op.binary && (op.query || op.params || op.body));

/**
 * Requests per database by default: 25 per operation at least, so that the first round reaches
 * every operation with input its validators refuse (a sample whose mutation happens to be valid is
 * not sent in that round); CI sends at least 20,000 on SQLite.
 */
const PER_OPERATION = 25 * FUZZED.length;
const SQLITE_RUNS = Math.max(
  process.env.CI ? CI_MINIMUM : 0,
  Number(process.env.FUZZ_RUNS ?? Math.max(process.env.CI ? CI_MINIMUM : 3_000, PER_OPERATION)),
);
const POSTGRES_RUNS = Number(process.env.FUZZ_RUNS_POSTGRES ?? Math.max(2_000, PER_OPERATION));

const schemaOf = (op: Operation, part: Part): JsonSchema | undefined => op[part];

// ---------------------------------------------------------------------------------------------
// Baselines: a valid value for every schema
// ---------------------------------------------------------------------------------------------

/** The valid body, query and path parameters each mutation starts from. */
function baselineOf(op: Operation, part: Part): Row | undefined {
  const schema = schemaOf(op, part);
  if (!schema) return undefined;
  // A body with examples (the entity bodies) starts from the first, without the server's fields.
  const example = (schema.examples?.[0] ?? undefined) as Row | undefined;
  const value: Row = example
    ? Object.fromEntries(Object.entries(example).filter(([name]) => !schema.properties?.[name]?.readOnly))
    : (baseline(schema) as Row);
  if (part === 'body' && op.method === 'put' && schema.properties?.id) value.id = 1;
  if (op.operationId === 'pcLogin' && part === 'body') value.username = NOBODY;
  // A confirmation (`x-same-as`) repeats the field it confirms.
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const same = property['x-same-as'];
    if (typeof same === 'string' && name in value) value[name] = value[same];
  }
  return part === 'body' ? value : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]));
}

// ---------------------------------------------------------------------------------------------
// What goes wrong: values, keys and whole parts
// ---------------------------------------------------------------------------------------------

/** Text that has broken servers before: SQL, HTML, control and odd Unicode characters. */
const NASTY_TEXT = [
  "'",
  '"',
  '\\',
  "'; DROP TABLE customer; --",
  '1 OR 1=1',
  "' OR '1'='1",
  '1;drop',
  "%' --",
  '%',
  '_',
  '\\%',
  "admin'--",
  '$1',
  '?',
  ':name',
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b\u001f\u007f',
  '\r\n',
  '\t',
  '\u2028\u2029',
  '\u200b\u200e\u202e',
  '\ufeff',
  '\ud800',
  'x\udfffx',
  '😀',
  '👨‍👩‍👧‍👦',
  'e\u0301',
  'Ω≈ç√∫',
  '华东能源',
  'عربى',
  '../../etc/passwd',
  'C:\\Windows\\win.ini',
  'null',
  'undefined',
  'NaN',
  'true',
  '[]',
  '{}',
  '__proto__',
  ' ',
  '   x   ',
];

/** Numbers at and beyond the edges, and numbers as text (the wire form of a query). */
const NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  0.1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e20,
  -1e20,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
const NUMBER_TEXT = [
  'abc',
  '1.5',
  '-1',
  '0',
  '1e999',
  '1e3',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '１',
  '9'.repeat(400),
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** A value of any JSON type, where the schema usually wants another. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], { value: 1 }, ...NUMBERS),
  text,
  fc.jsonValue({ maxDepth: 2 }),
);

/** Values at and beyond what `schema` allows, with its own valid values among them. */
function edgesOf(schema: JsonSchema): unknown[] {
  const valid = baseline(schema);
  const edges: unknown[] = [valid, null, [], {}, [valid], { value: valid }, '', ' '];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if ('const' in schema) {
    const value = String(schema.const);
    edges.push(value.toLowerCase(), value.toUpperCase(), `${value} `, `${value}\u0000`);
  }
  if (schema.enum) {
    for (const value of schema.enum.map(String))
      edges.push(value, value.toUpperCase(), value.toLowerCase(), ` ${value}`, `${value};`);
    edges.push('ALL', '*', schema.enum.join(','));
  }
  if (type === 'string') {
    const max = Number(schema.maxLength ?? 200);
    edges.push('x'.repeat(max + 1), '汉'.repeat(max + 1), '😀'.repeat(max), 'x'.repeat(20_000), 42, true);
    if (schema.minLength) edges.push('x'.repeat(Number(schema.minLength) - 1));
    if (schema.format === 'date' || schema.format === 'date-time') {
      edges.push('2024-02-30', '2024-13-01', '2024-1-1', '20240101', '0000-00-00', '9999-12-31', '+275760-09-13', 'today');
      edges.push('2024-01-01T25:61:00Z', '2024-01-01T00:00:00', '2024-01-01T00:00:00.000+99:00', '1970-01-01T00:00:00.000Z');
    }
    if (schema.format === 'email') edges.push('a@', '@b.cn', 'a b@c.cn', 'a@b', '<a@b.cn>', `${'x'.repeat(95)}@b.cn`);
    if (schema.pattern) edges.push('a', 'a'.repeat(33), 'A B', '../x', 'fuzz_user\n');
  }
  if (type === 'integer' || type === 'number') {
    const min = Number(schema.minimum ?? 1);
    edges.push(min - 1, min - 0.5, ...NUMBERS, ...NUMBER_TEXT);
    if (schema.maximum !== undefined) edges.push(Number(schema.maximum) + 1, Number(schema.maximum) + 0.5);
  }
  if (type === 'boolean') edges.push('true', 'false', 1, 0, 'yes');
  if (type === 'array') {
    const item = baseline(schema.items ?? {});
    const max = Number(schema.maxItems ?? 50);
    edges.push(
      item,
      [item, item],
      Array(max + 1).fill(item),
      Array(1000).fill(item),
      [null],
      [[item]],
      [{ ...(item as Row), extra: 1 }],
    );
    for (const value of edgesOf(schema.items ?? {}).slice(1)) edges.push([value]);
  }
  return edges;
}

/** A value for a property of `schema`: mostly its edges, else any value or odd text. */
function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...edgesOf(schema)) },
    { weight: 2, arbitrary: anyValue },
    { weight: 2, arbitrary: text },
    // Ids of records of this tenant and of others.
    { weight: type === 'integer' ? 3 : 0, arbitrary: fc.integer({ min: -5, max: 400 }) },
  );
}

/** Names of properties no schema has, some of them meaningful elsewhere. */
const extraKey = fc.oneof(
  fc.constantFrom(
    'tenantId',
    'extra',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'id ',
    'ID',
    '',
    ' ',
    'a'.repeat(300),
  ),
  fc.constantFrom('$where', 'name[]', 'sortField]', 'ключ', 'user.name', 'createTime', 'ownerId', 'authorId', 'userId'),
  fc.string({ maxLength: 12 }),
);

/** Bodies that are no JSON object, sent as JSON. */
const notAnObject = fc.constantFrom<unknown>([], [{}], null, true, 0, -1, 'text', '', 1e308, [[[[[]]]]], ['name']);

/** Bodies that are not JSON at all, not declared as JSON, or JSON that is no object. */
const RAW_BODIES: { text: string; contentType: string }[] = [
  ...['{', '{"name": ', '{"a":1}}', "{'name':'x'}", '[1,2', 'nul', '{"name":"x"}\u0000', '\u0000', '{"a":1e999999999}x', ''].map(
    (text) => ({
      text,
      contentType: 'application/json',
    }),
  ),
  { text: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: 'application/json' },
  { text: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { text: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
  { text: '{"name":"x"}', contentType: 'text/plain' },
  { text: 'name=x&tenantId=10', contentType: 'application/x-www-form-urlencoded' },
  { text: '{"name":"x"}', contentType: 'multipart/form-data' },
  { text: '["x"]', contentType: 'application/json; charset=latin1' },
  { text: '<customer><name>x</name></customer>', contentType: 'application/xml' },
];

/** Query strings as they might be typed: appended raw, encoding and all. */
const RAW_QUERIES = [
  'size=abc',
  'current=-1',
  'sortField=1;drop',
  'sortOrder=asc;delete',
  '%',
  'name=%E0%A4%A',
  'name=%ZZ',
  'size=%00',
  '&&&',
  '=',
  '==x',
  'a=1&a=2&a=3',
  'size=10&size=20',
  'current=1e999',
  `current=${'9'.repeat(400)}`,
  '__proto__[isAdmin]=1',
  'constructor[prototype][x]=1',
  `name=${'x'.repeat(20_000)}`,
  'tenantId=10',
  'tenantId=abc',
];

/** Path segments as they might be typed: badly encoded, or climbing out of the path. */
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '%00', '%2e%2e', '..', '%2F', '1%2F2', '1;drop', '1%20OR%201=1', '%F0%9F%98%80'];

type Mutation =
  | { part: Part; kind: 'set'; key: string; value: unknown }
  | { part: Part; kind: 'drop'; key: string }
  | { part: 'body'; kind: 'replace'; value: unknown }
  | { part: 'body'; kind: 'raw'; text: string; contentType: string }
  | { part: 'query'; kind: 'raw'; text: string }
  | { part: 'params'; kind: 'raw'; key: string; text: string };

/** The ways one part of an operation's request can be broken. */
function partMutations(op: Operation, part: Part): fc.Arbitrary<Mutation> {
  const schema = schemaOf(op, part) ?? {};
  const properties = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const arbitraries: fc.WeightedArbitrary<Mutation>[] = [
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...properties)
        .chain(([key, property]) => valueFor(property).map((value) => ({ part, kind: 'set', key, value }))),
    },
  ];
  // A path carries only its own parameters: there is no unknown one to add.
  if (part !== 'params') {
    arbitraries.push({
      weight: 2,
      arbitrary: fc.tuple(extraKey, anyValue).map(([key, value]) => ({ part, kind: 'set', key, value })),
    });
  }
  if (required.length)
    arbitraries.push({ weight: 1, arbitrary: fc.constantFrom(...required).map((key) => ({ part, kind: 'drop', key })) });
  if (part === 'body') {
    arbitraries.push({ weight: 1, arbitrary: notAnObject.map((value) => ({ part, kind: 'replace', value })) });
    arbitraries.push({ weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ part, kind: 'raw', ...raw })) });
  }
  if (part === 'query')
    arbitraries.push({ weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES).map((raw) => ({ part, kind: 'raw', text: raw })) });
  if (part === 'params') {
    const segment = fc.tuple(fc.constantFrom(...properties.map(([key]) => key)), fc.constantFrom(...RAW_SEGMENTS));
    arbitraries.push({ weight: 1, arbitrary: segment.map(([key, raw]) => ({ part, kind: 'raw', key, text: raw })) });
  }
  return fc.oneof(...arbitraries);
}

interface Sample {
  op: Operation;
  mutations: Mutation[];
}

/** One to three things wrong with a request of an operation. */
const requestsOf = new Map(
  FUZZED.map((op) => {
    const parts = (['query', 'params', 'body'] as const).filter((part) => schemaOf(op, part));
    const mutation = fc.oneof(...parts.map((part) => partMutations(op, part)));
    return [op, fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations): Sample => ({ op, mutations }))] as const;
  }),
);

/** Tries, from seeds of their own, at a malformed request for an operation the round did not reach. */
const REACH_ATTEMPTS = 500;
const REACH_SEEDS = 7_000_000;

/** A round of requests: one for each operation in turn, so that however many operations there are, each is reached. */
const roundOfRequests = (seed: number): Sample[] =>
  FUZZED.map(
    (op, index) => fc.sample(requestsOf.get(op) as fc.Arbitrary<Sample>, { numRuns: 1, seed: seed + index })[0] as Sample,
  );

// ---------------------------------------------------------------------------------------------
// Requests: built from a sample, and judged by the operation's own validators
// ---------------------------------------------------------------------------------------------

/** Lone surrogates cannot be sent in a URL (encodeURIComponent throws); browsers send U+FFFD. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A value as it travels in a query string or a path: text. */
function toWireScalar(value: unknown): string {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || typeof value === 'object') return wellFormed(JSON.stringify(value));
  return String(value);
}

/** A query value: one text, or several for a repeated parameter (none: the parameter is left out). */
function toWire(value: unknown): string | string[] | undefined {
  if (!Array.isArray(value)) return toWireScalar(value);
  const texts = value.map(toWireScalar);
  return texts.length === 0 ? undefined : texts.length === 1 ? texts[0] : texts;
}

/** The value of a JSON text, or undefined when it is none. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Sets a property, even one named `__proto__`, as an own property that JSON shows. */
function setOwn(target: Row, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * What the operation's validators make of the request: 'refused' when one of them refuses a part
 * (or the body is no JSON object at all), 'accepted', or 'unknown' for a raw query string or path.
 */
type Verdict = 'refused' | 'accepted' | 'unknown';

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  verdict: Verdict;
}

function build(sample: Sample, credentials: (op: Operation) => Record<string, string>): Built {
  const { op, mutations } = sample;
  const parts: Partial<Record<Part, unknown>> = {};
  for (const part of ['query', 'params', 'body'] as const) parts[part] = baselineOf(op, part);
  let rawQuery = '';
  let rawBody: { text: string; contentType: string } | undefined;
  const rawSegments: Record<string, string> = {};
  for (const mutation of mutations) {
    if (mutation.kind === 'raw' && mutation.part === 'query') rawQuery = mutation.text;
    else if (mutation.kind === 'raw' && mutation.part === 'params') rawSegments[mutation.key] = mutation.text;
    else if (mutation.kind === 'raw' && mutation.part === 'body')
      rawBody = { text: mutation.text, contentType: mutation.contentType };
    else if (mutation.kind === 'replace') parts.body = mutation.value;
    else {
      const current = parts[mutation.part];
      // A part replaced by a non-object stays replaced: there is no property to set.
      if (current === null || typeof current !== 'object' || Array.isArray(current)) continue;
      const target = { ...(current as Row) };
      if (mutation.kind === 'drop') delete target[mutation.key];
      else if (mutation.part === 'body') setOwn(target, mutation.key, mutation.value);
      else {
        const wire = toWire(mutation.value);
        if (wire === undefined) delete target[mutation.key];
        else setOwn(target, mutation.key, wire);
      }
      parts[mutation.part] = target;
    }
  }
  // Sign-in only ever for a user name nobody has.
  const body = parts.body as Row | undefined;
  if (op.operationId === 'pcLogin' && body && typeof body.username === 'string' && DEMO_USERS.has(body.username.toLowerCase())) {
    body.username = NOBODY;
  }

  // A path parameter left out leaves its segment empty.
  const given = (parts.params ?? {}) as Record<string, string | string[] | undefined>;
  const params = Object.fromEntries(
    Object.keys(op.params?.properties ?? {}).map((name) => [name, toWireScalar(given[name] ?? '')]),
  );
  parts.params = op.params ? params : undefined;
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => rawSegments[name] ?? encodeURIComponent(params[name] ?? ''));
  const query = Object.entries((parts.query ?? {}) as Record<string, string | string[] | undefined>)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(
        (v) => `${encodeURIComponent(key)}=${encodeURIComponent(v)}`,
      ),
    )
    .concat(rawQuery ? [rawQuery] : [])
    .join('&');
  const headers: Record<string, string> = { 'accept-language': 'en', ...credentials(op) };
  let payload: string | undefined;
  if (rawBody) {
    payload = rawBody.text;
    headers['content-type'] = rawBody.contentType;
  } else if (op.body) {
    payload = JSON.stringify(parts.body);
    headers['content-type'] = 'application/json';
  }

  // The validators see what the server will see: the body as JSON parses it, the query and the
  // path as text; each validator gets a copy of its own, since they fill defaults and coerce in place.
  const verdicts: Verdict[] = [];
  const judge = (part: Part, validatorPart: string, value: unknown) => {
    if (!schemaOf(op, part)) return;
    const validate = contract.validator(op.operationId, validatorPart);
    verdicts.push(validate(part === 'body' ? value : structuredClone(value)) ? 'accepted' : 'refused');
  };
  if (Object.keys(rawSegments).length) verdicts.push('unknown');
  else judge('params', 'params', parts.params);
  if (rawQuery) verdicts.push('unknown');
  else judge('query', 'querystring', parts.query);
  if (payload !== undefined) {
    // A body not declared as JSON, or not JSON at all, never gets past Fastify's parsers. The
    // body parsed here is a copy already (and may be too deep for structuredClone).
    const parsed = parseJson(payload);
    if (rawBody && (!rawBody.contentType.startsWith('application/json') || parsed === undefined)) verdicts.push('refused');
    else judge('body', 'body', parsed?.value);
  }
  const verdict: Verdict = verdicts.includes('refused') ? 'refused' : verdicts.includes('unknown') ? 'unknown' : 'accepted';
  return {
    method: op.method.toUpperCase(),
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    verdict,
  };
}

// ---------------------------------------------------------------------------------------------
// Answers: what every one of them must be
// ---------------------------------------------------------------------------------------------

const clip = (value: string, length = 240) =>
  value.length > length ? `${value.slice(0, length)}…(${value.length} chars)` : value;

/** The rules an answer breaks, if any. */
function brokenRules(op: Operation, built: Built, status: number, text: string): string[] {
  const broken: string[] = [];
  if (status >= 500) broken.push(`answered ${status}`);
  if (built.verdict === 'refused' && (status < 400 || status >= 500))
    broken.push(`answered ${status} to input its validators refuse`);
  // The fuzzer's tokens stay valid throughout; only a refresh token made up by the fuzzer is refused with 401.
  if (status === 401 && op.operationId !== 'getClientToken') broken.push('answered 401: the fuzzer lost its session');
  let answer: Row | undefined;
  try {
    answer = JSON.parse(text) as Row;
  } catch {
    broken.push('answered something that is not JSON');
  }
  if (
    answer &&
    status >= 400 &&
    (typeof answer.code !== 'number' || answer.code === 0 || typeof answer.msg !== 'string' || !answer.msg)
  ) {
    broken.push('answered an error that is not { code, msg } with a non-zero code');
  }
  if (answer && status === 200 && !op.plain && answer.code !== 0) broken.push('answered 200 with a non-zero code');
  return broken;
}

interface Stats {
  sent: number;
  byVerdict: Record<Verdict, number>;
  byStatus: Record<number, number>;
  /** Operations that were sent input their validators accept. */
  accepted: Set<string>;
  /** Operations that were sent anything. */
  reached: Set<string>;
  /** Each broken rule once per operation, with how often and a first example. */
  failures: Map<string, { count: number; example: string }>;
}

interface Fuzzer {
  app: FastifyInstance;
  credentials(op: Operation): Record<string, string>;
}

/**
 * Sends `runs` generated requests. In the 'malformed' round only those the validators refuse;
 * in the 'any' round all of them, except accepted input of calls that would end the session.
 */
async function fuzz(fuzzer: Fuzzer, runs: number, round: 'malformed' | 'any', seed: number): Promise<Stats> {
  const stats: Stats = {
    sent: 0,
    byVerdict: { refused: 0, accepted: 0, unknown: 0 },
    byStatus: {},
    accepted: new Set(),
    reached: new Set(),
    failures: new Map(),
  };
  const send = async (sample: Sample, built: ReturnType<typeof build>, where: string) => {
    const { operationId } = sample.op;
    const response = await fuzzer.app.inject({
      method: built.method as 'GET',
      url: built.url,
      headers: built.headers,
      ...(built.payload !== undefined ? { payload: built.payload } : {}),
    });
    stats.sent += 1;
    stats.byVerdict[built.verdict] += 1;
    stats.byStatus[response.statusCode] = (stats.byStatus[response.statusCode] ?? 0) + 1;
    stats.reached.add(operationId);
    if (built.verdict === 'accepted') stats.accepted.add(operationId);
    for (const rule of brokenRules(sample.op, built, response.statusCode, response.body)) {
      const key = `${operationId}: ${rule}`;
      const seen = stats.failures.get(key);
      if (seen) seen.count += 1;
      else {
        const example = [
          `${built.method} ${clip(built.url)}`,
          built.payload !== undefined ? `body ${clip(built.payload)}` : '',
          `→ ${response.statusCode} ${clip(response.body, 160)}`,
          `mutations ${clip(JSON.stringify(sample.mutations), 300)}`,
          where,
        ];
        stats.failures.set(key, { count: 1, example: example.filter(Boolean).join(' ') });
      }
    }
  };
  for (let chunk = 0; stats.sent < runs; chunk += 1) {
    const samples = roundOfRequests(seed + chunk * FUZZED.length);
    for (const [index, sample] of samples.entries()) {
      if (stats.sent >= runs) break;
      const built = build(sample, fuzzer.credentials);
      if (round === 'malformed' && built.verdict !== 'refused') continue;
      if (built.verdict !== 'refused' && SESSION_BOUND.has(sample.op.operationId)) continue;
      await send(sample, built, `(seed ${seed + chunk}, sample ${index})`);
    }
  }
  // An operation whose samples of the round all happened to be valid gets malformed ones of its own
  // seeds until one is refused, so that the round reaches every operation whatever their number.
  if (round === 'malformed')
    for (const op of FUZZED.filter((entry) => !stats.reached.has(entry.operationId)))
      for (let attempt = 0; attempt < REACH_ATTEMPTS; attempt += 1) {
        const sample = fc.sample(requestsOf.get(op) as fc.Arbitrary<Sample>, {
          numRuns: 1,
          seed: seed + REACH_SEEDS + attempt,
        })[0] as Sample;
        const built = build(sample, fuzzer.credentials);
        if (built.verdict !== 'refused') continue;
        await send(sample, built, `(reach seed ${seed + REACH_SEEDS + attempt})`);
        break;
      }
  return stats;
}

const failureLines = (stats: Stats) =>
  [...stats.failures.entries()].map(([key, { count, example }]) => `${key} (${count}×), e.g. ${example}`).sort();

// ---------------------------------------------------------------------------------------------
// The database, read beside the server: snapshot, counts, consistency
// ---------------------------------------------------------------------------------------------

interface Probe {
  rows(sql: string): Promise<Row[]>;
  close(): Promise<void>;
}

function sqliteProbe(file: string): Probe {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  return {
    rows: (sql) => Promise.resolve(db.prepare(sql).all() as Row[]),
    close: () => Promise.resolve(void db.close()),
  };
}

async function postgresProbe(connectionString: string): Promise<Probe> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return { rows: async (sql) => (await client.query<Row>(sql)).rows, close: () => client.end() };
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const ENTITIES = Object.values(contract.entities);
const tableOf = (entity: string) => contract.entities[entity]?.['x-table'] ?? '';

/** Everything tenant data is made of: the entity tables, accounts, memberships, permissions, files. */
async function snapshot(probe: Probe): Promise<Record<string, Row[]>> {
  const queries: Record<string, string> = {
    tenant: 'select * from tenant order by id',
    app_user: 'select id, username, name, password_hash, default_tenant_id from app_user order by id',
    user_tenant: 'select * from user_tenant order by user_id, tenant_id',
    user_permission: 'select * from user_permission order by user_id, tenant_id, permission',
    sys_file: 'select id, tenant_id, bucket_name, file_name from sys_file order by id',
  };
  for (const schema of ENTITIES) queries[schema['x-table'] ?? ''] = `select * from ${schema['x-table']} order by id`;
  const result: Record<string, Row[]> = {};
  for (const [table, sql] of Object.entries(queries)) result[table] = await probe.rows(sql);
  return result;
}

/** Records of each entity by tenant. */
async function counts(probe: Probe): Promise<Record<string, Record<string, number>>> {
  const result: Record<string, Record<string, number>> = {};
  for (const schema of ENTITIES) {
    const rows = await probe.rows(
      `select tenant_id, count(*) as n from ${schema['x-table']} group by tenant_id order by tenant_id`,
    );
    result[schema['x-entity'] ?? ''] = Object.fromEntries(rows.map((row) => [String(row.tenant_id), Number(row.n)]));
  }
  return result;
}

/**
 * What must hold of the data whatever was sent: every record belongs to a tenant that exists,
 * refers (`x-ref`, also inside arrays) only to records of its own tenant that exist, and every
 * employee has an account. Answers the breaches found.
 */
async function inconsistencies(probe: Probe): Promise<string[]> {
  const found: string[] = [];
  const count = async (label: string, sql: string) => {
    const n = Number((await probe.rows(sql))[0]?.n ?? 0);
    if (n > 0) found.push(`${label}: ${n}`);
  };
  for (const schema of ENTITIES) {
    const table = schema['x-table'] ?? '';
    await count(
      `${table} rows of no tenant`,
      `select count(*) as n from ${table} t where not exists (select 1 from tenant x where x.id = t.tenant_id)`,
    );
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      const target = property['x-ref'];
      if (target) {
        await count(
          `${table}.${field} referring to no record of its tenant`,
          `select count(*) as n from ${table} t where t.${snake(field)} is not null and not exists ` +
            `(select 1 from ${tableOf(target)} r where r.id = t.${snake(field)} and r.tenant_id = t.tenant_id)`,
        );
      }
      for (const [inner, item] of Object.entries(property.items?.properties ?? {})) {
        if (!item['x-ref']) continue;
        const targets = new Set(
          (await probe.rows(`select id, tenant_id from ${tableOf(item['x-ref'])}`)).map(
            (r) => `${String(r.tenant_id)}:${String(r.id)}`,
          ),
        );
        for (const row of await probe.rows(
          `select id, tenant_id, ${snake(field)} as items from ${table} where ${snake(field)} is not null`,
        )) {
          for (const entry of JSON.parse(String(row.items)) as Row[]) {
            if (entry[inner] !== undefined && !targets.has(`${String(row.tenant_id)}:${String(entry[inner])}`)) {
              found.push(`${table} ${String(row.id)}: ${field}.${inner} ${String(entry[inner])} is no record of its tenant`);
            }
          }
        }
      }
    }
  }
  await count(
    'employees without an account',
    `select count(*) as n from ${tableOf('user')} e where not exists (select 1 from app_user u where u.id = e.user_id)`,
  );
  return found;
}

/** Named handlers that add or remove records, by the entity whose count they change. */
const NAMED_COUNT_CHANGERS: Record<string, string[]> = {
  // Samples raise alarms; deleting a rule deletes its alarms; clearing a station deletes its handled ones.
  alarm: ['ingestSamples', 'deleteAlarmGenerator', 'clearStationAlarms'],
  alarmGenerator: ['addAlarmGenerator', 'deleteAlarmGenerator'],
  // The first change of a device's switch records it.
  alarmSwitch: ['openAlarmSwitcher', 'closeAlarmSwitcher'],
  // A copied station brings copies of its channels, devices and variables; records named by serial number are deleted by it.
  station: ['addCopyStation', 'deleteStation'],
  monitorChannel: ['addCopyStation', 'deleteMonitorChannelBySn'],
  device: ['addCopyStation', 'deleteMonitorDeviceBySn', 'importMonitorDevice'],
  // A device given its EMS model (made with one, moved to another, or the model applied again) gets the model's variables and maps.
  deviceVariable: [
    'addCopyStation',
    'batchImportDeviceVars',
    'deleteMonitorDeviceBySn',
    'saveMonitorDevice',
    'updateMonitorDevice',
    'updateMonitorDeviceBySn',
    'importMonitorDevice',
    'applyMonitorDeviceModel',
  ],
  variableMap: [
    'addCopyStation',
    'saveMonitorDevice',
    'updateMonitorDevice',
    'updateMonitorDeviceBySn',
    'importMonitorDevice',
    'applyMonitorDeviceModel',
  ],
  qualityThreshold: ['updateQualityThresholdSetting', 'resetQualityThresholdSetting'],
  // Likes and comments of headlines; deleting a comment deletes its replies and their likes.
  newsLike: ['likeEnterpriseNews', 'cancelLikeEnterpriseNews', 'likeComment', 'cancelLikeComment', 'delComment'],
  newsComment: ['newComment', 'delComment'],
  // Likes and collections of courses, views, and exchanges of the points mall.
  crmVideoReaction: [
    'likeEnterpriseVideo',
    'cancelLikeEnterpriseVideo',
    'collectEnterpriseVideo',
    'cancelCollectEnterpriseVideo',
  ],
  videoView: ['recordVideoView'],
  pointsExchange: ['productExchange'],
  // A camera's pan-tilt-zoom commands are recorded as they start.
  ptzCommand: ['ptzStart', 'ptzStop'],
};

/**
 * The operations that change how many records of `entity` there are: its creates and deletes
 * (generic, a page's named handler, or another named handler), and the deletes of what it cascades from.
 */
function countChangers(entity: string): Set<string> {
  const ids = new Set<string>(NAMED_COUNT_CHANGERS[entity] ?? []);
  for (const op of contract.operations) {
    if (op.resource?.entity === entity && ['create', 'delete', 'deleteMany'].includes(op.resource.action))
      ids.add(op.operationId);
  }
  for (const page of pages.filter((p) => p.entity === entity)) {
    for (const id of [page.resource.create, page.resource.delete]) if (id) ids.add(id);
  }
  for (const property of Object.values(contract.entities[entity]?.properties ?? {})) {
    if (property['x-ref'] && property['x-on-delete'] === 'cascade' && property['x-ref'] !== entity) {
      for (const id of countChangers(property['x-ref']))
        if (contract.operations.find((op) => op.operationId === id)?.method === 'delete') ids.add(id);
    }
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------
// The servers: built here, so that the SQLite file's folder is known
// ---------------------------------------------------------------------------------------------

interface Target {
  name: string;
  runs: number;
  start(): Promise<{ app: FastifyInstance; probe: Probe; dialect: 'sqlite' | 'postgres'; stop(): Promise<void> }>;
}

async function startFuzzServer(databaseUrl?: string) {
  const dataDir = databaseUrl ? mkdtempSync(join(tmpdir(), 'platform-fuzz-')) : sqliteDemoCopy();
  // Whatever the fuzzer sends, each answer is one the OpenAPI document describes.
  const answers = answerRecorder();
  const app = await buildApp(
    {
      ...configFromEnv({}),
      dataDir,
      demo: true,
      logger: false,
      simulator: false,
      collector: false,
      mqtt: undefined,
      ...(databaseUrl ? { databaseUrl } : {}),
    },
    answers,
  );
  const probe = databaseUrl ? await postgresProbe(databaseUrl) : sqliteProbe(join(dataDir, 'platform.db'));
  return {
    app,
    probe,
    dialect: databaseUrl ? ('postgres' as const) : ('sqlite' as const),
    async stop() {
      await probe.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      answers.assertConforming();
    },
  };
}

function targets(): Target[] {
  const postgresUrl = inject('postgresUrl');
  return [
    { name: 'sqlite', runs: SQLITE_RUNS, start: () => startFuzzServer() },
    ...(postgresUrl
      ? [{ name: 'postgres', runs: POSTGRES_RUNS, start: async () => startFuzzServer(await postgresDemoCopy(postgresUrl)) }]
      : []),
  ];
}

describe('the fuzzer', () => {
  test('every operation that takes input, except uploads and downloads, is fuzzed', () => {
    expect(FUZZED.length).toBeGreaterThan(0);
    const skipped = contract.operations.filter((op) => !FUZZED.includes(op));
    expect(skipped.every((op) => op.multipart || op.binary || !(op.query || op.params || op.body))).toBe(true);
  });

  test('starts from requests the validators accept, so that each mutation is what breaks a request', () => {
    const refused = FUZZED.filter((op) => build({ op, mutations: [] }, () => ({})).verdict !== 'accepted').map(
      (op) => op.operationId,
    );
    expect(refused).toEqual([]);
  });
});

describe.each(targets())('fuzzing every operation on $name', ({ runs, start }) => {
  let server: Awaited<ReturnType<Target['start']>>;
  let fuzzer: Fuzzer;
  const malformedRuns = Math.ceil(runs * MALFORMED_SHARE);
  const sent: number[] = [];
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    server = await start();
    const { app } = server;
    const basic = `Basic ${Buffer.from('web:web').toString('base64')}`;
    const client = await app.inject({
      method: 'GET',
      url: '/auth/oauth/token?grant_type=client_credentials',
      headers: { authorization: basic },
    });
    const clientToken = client.json<{ access_token: string }>().access_token;
    const admin = await signIn(app, 'admin', 'admin123');
    const ems = await emsTokenOf(app, admin);
    fuzzer = {
      app,
      // Each call with the credentials its security scheme takes, so the input reaches validation.
      credentials: (op): Record<string, string> => {
        if (op.security.includes('userToken')) return { authorization: `Bearer ${admin}` };
        if (op.security.includes('emsToken')) return { authorization: `Bearer ${ems}` };
        if (op.security.includes('clientToken')) return { authorization: `Bearer ${clientToken}` };
        if (op.security.includes('clientBasic')) return { authorization: basic };
        return {};
      },
    };
  });
  afterAll(() => server.stop());

  test(`malformed input only (seed ${SEED}): no 5xx, always 4xx, errors as { code, msg }, and nothing written`, async () => {
    const before = await snapshot(server.probe);
    const stats = await fuzz(fuzzer, malformedRuns, 'malformed', SEED);
    sent.push(stats.sent);
    expect(stats.sent).toBeGreaterThanOrEqual(malformedRuns);
    expect(stats.byVerdict.refused).toBe(stats.sent);
    console.info(`${server.dialect}, malformed input: answers ${JSON.stringify(stats.byStatus)}`);
    expect(FUZZED.map((op) => op.operationId).filter((id) => !stats.reached.has(id))).toEqual([]);
    // Soft: the database is checked even when answers broke the rules.
    expect.soft(failureLines(stats)).toEqual([]);
    // Refused input reaches no handler: every table of tenant data is exactly as it was.
    expect(await snapshot(server.probe)).toEqual(before);
    expect(await inconsistencies(server.probe)).toEqual([]);
  }, 180_000);

  test(`any generated input (seed ${SEED + 1_000_000}): no 5xx, refused input 4xx, and the data stay consistent`, async () => {
    const before = await counts(server.probe);
    const stats = await fuzz(fuzzer, runs - malformedRuns, 'any', SEED + 1_000_000);
    sent.push(stats.sent);
    expect.soft(failureLines(stats)).toEqual([]);
    expect(await inconsistencies(server.probe)).toEqual([]);
    if (server.dialect === 'sqlite') {
      const db = server.probe;
      expect(await db.rows('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      expect(await db.rows('pragma foreign_key_check')).toEqual([]);
    }
    // Entities whose creates and deletes received only refused input have as many records as before.
    const after = await counts(server.probe);
    const untouched = Object.keys(before).filter((entity) => ![...countChangers(entity)].some((id) => stats.accepted.has(id)));
    for (const entity of untouched) expect.soft(after[entity], `records of ${entity} by tenant`).toEqual(before[entity]);
    console.info(
      `${server.dialect}, any input: ${JSON.stringify(stats.byVerdict)}, answers ${JSON.stringify(stats.byStatus)}; ` +
        `counts compared for ${untouched.join(', ') || 'no entity'} (the others received accepted creates or deletes)`,
    );
  }, 180_000);

  test('a body listing 200,000 items is refused as any wrong body is (400 with { code, msg }), not failed', async () => {
    const op = FUZZED.find(
      (candidate) => candidate.method === 'post' && candidate.body?.type === 'object' && !candidate.path.includes('{'),
    );
    if (!op) throw new Error('no operation takes an object body without path parameters');
    const response = await fuzzer.app.inject({
      method: 'POST',
      url: op.path,
      headers: { ...fuzzer.credentials(op), 'content-type': 'application/json' },
      payload: `{"name":[${Array(200_000).fill(0).join(',')}]}`,
    });
    expect(response.statusCode, `${op.operationId}: ${response.body.slice(0, 200)}`).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
  });

  test('sent the requests asked for (at least 20,000 on SQLite in CI)', ({ task }) => {
    const total = sent.reduce((sum, n) => sum + n, 0);
    console.info(`${task.suite?.name ?? ''}: ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(total).toBeGreaterThanOrEqual(runs);
    if (process.env.CI && task.suite?.name.endsWith('sqlite')) expect(total).toBeGreaterThanOrEqual(CI_MINIMUM);
  });
});
