import type { ErrorObject } from 'ajv';
import type { FastifyError } from 'fastify';
import type { Contract, Operation } from '../contract';
import { unwatched } from '../db/writes';
import { ApiError } from '../errors';
import { languageOf } from '../i18n';
import { failureOf } from './errors';
import { invoke, precheck, serialised, type CallInput } from './invoke';
import { permissionNeeded, permissionsOf, type PermissionNeeded } from './security';
import { JsonText } from './jsonText';
import { needText, type VersionedAnswer } from './needCache';
import type { CallContext, Handler } from './services';

/** One need of a batch, as the dashboard sends it, with the version of the answer it holds. */
interface Need {
  operationId: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  version?: string;
}

const batchableOf = new WeakMap<Contract, Map<string, Operation>>();

function batchable(contract: Contract): Map<string, Operation> {
  let operations = batchableOf.get(contract);
  if (!operations) {
    operations = new Map(contract.operations.filter((op) => op.batchable).map((op) => [op.operationId, op]));
    batchableOf.set(contract, operations);
  }
  return operations;
}

/** A validation failure in the shape Fastify gives its own, so that both are described alike. */
function invalid(errors: ErrorObject[], part: string): FastifyError {
  return Object.assign(new Error('validation'), { validation: errors, validationContext: part }) as unknown as FastifyError;
}

/** Validates (and, in the query and path, coerces) a part of the input as the call's own route does. */
function validate(contract: Contract, operation: Operation, part: 'params' | 'querystring' | 'body', value: unknown): void {
  const check = contract.validator(operation.operationId, part);
  if (!check(value)) throw invalid(check.errors ?? [], part);
}

/** A need's envelope as its call answers it alone, as the text of its response schema. */
async function envelopeOf(call: CallContext, operation: Operation, need: Need): Promise<string> {
  const { services, auth, request, reply, t } = call;
  const input: CallInput = {
    query: { ...need.query },
    params: { ...need.params },
    body: need.body === undefined ? undefined : structuredClone(need.body),
  };
  precheck(auth, operation, input);
  if (operation.params) validate(services.contract, operation, 'params', input.params);
  if (operation.query) validate(services.contract, operation, 'querystring', input.query);
  if (operation.body) validate(services.contract, operation, 'body', input.body);
  // Serialised by the call's own response schema, so the answer is exactly what the call alone gives.
  return serialised(reply, operation, await invoke(services, operation, input, { request, reply, auth, t }));
}

/**
 * The batchable calls a batch names, each the operation the caller may make or why not (as its
 * own route would refuse it): checked once per call, whatever the number of its needs, with the
 * caller's permissions read once if any call needs one.
 */
async function allowedCalls(call: CallContext, needs: Need[]): Promise<Map<string, Operation | Error>> {
  const { services, auth } = call;
  const calls = new Map<string, Operation | Error>();
  const wanted: [string, PermissionNeeded][] = [];
  for (const { operationId } of needs) {
    if (calls.has(operationId)) continue;
    const operation = batchable(services.contract).get(operationId);
    if (!operation) {
      calls.set(operationId, new ApiError('validation', { message: 'errors.notBatchable', operationId }));
      continue;
    }
    try {
      const needed = permissionNeeded(auth, operation);
      if (needed) wanted.push([operationId, needed]);
      calls.set(operationId, operation);
    } catch (error) {
      calls.set(operationId, error as Error);
    }
  }
  const [first] = wanted;
  if (first) {
    const held = await permissionsOf(services, first[1].userId, first[1].tenantId);
    for (const [operationId, { permission }] of wanted) {
      if (!held.includes(permission)) calls.set(operationId, new ApiError('forbidden'));
    }
  }
  return calls;
}

/**
 * `POST main/dashboard/data`: each need answered as its call alone would answer it (access,
 * validation, handler, response schema), in the order of the needs, with the need's
 * `operationId` first and the answer's version; a need whose `version` is that of its answer is
 * answered `unchanged`, without the answer. A need that fails answers its own `{ code, msg }`
 * and the others are answered all the same. Each answer was serialised by its own call's schema
 * already: the list is answered as the text of those answers (see `answersAsListed` in
 * codegen/operations.ts for the route's schema).
 *
 * The answers are shared by the viewers of the caller's tenant (`services.needs`): a need is
 * computed when no viewer's answer to it stands. Whether the caller may make a call is checked
 * for each caller; the checks of a need's input hold for every caller of the tenant, as the
 * answers of batchable calls do (they read the tenant's data, never the caller's).
 */
export const dataBatch: Handler = async (call) => {
  const { needs } = call.body as { needs: Need[] };
  const { tenantId } = call.auth;
  if (tenantId === undefined) throw new ApiError('unauthenticated');
  const { services, t } = call;
  const language = languageOf(call.request.headers['accept-language']);
  const calls = await allowedCalls(call, needs);
  const failed = (operationId: string, error: unknown) => {
    const { status, body } = failureOf(error as FastifyError, t);
    if (status === 500) call.request.log.error(error);
    return JSON.stringify({ operationId, ...body });
  };
  // The envelope's text with the need's operationId first and the version last: `{"operationId":…,"code":0,…,"version":…}`.
  const answered = (need: Need, { text, version }: VersionedAnswer) =>
    need.version === version
      ? `{"operationId":${JSON.stringify(need.operationId)},"code":0,"version":${JSON.stringify(version)},"unchanged":true}`
      : `{"operationId":${JSON.stringify(need.operationId)},${text.slice(1, -1)},"version":${JSON.stringify(version)}}`;
  // The same needs with the same versions held are answered alike while the answers stand: the
  // whole answer of a steady dashboard is given again for each of its viewers.
  const refused = [...calls.values()].some((operation) => operation instanceof Error);
  const batchKey = refused ? undefined : JSON.stringify([language, needs]);
  const remembered = batchKey === undefined ? undefined : services.needs.batch(tenantId, batchKey);
  if (remembered !== undefined) return new JsonText(remembered);
  const keys: string[] = [];
  const versions: string[] = [];
  const answers = needs.map((need, index) => {
    const operation = calls.get(need.operationId);
    if (!operation || operation instanceof Error) return failed(need.operationId, operation);
    // The need as sent: the dashboard sends a need's parts in one form, and one sent otherwise
    // (a parameter as a number) is only answered apart, never wrongly.
    const key = needText(language, need.operationId, need.params, need.query, need.body);
    keys[index] = key;
    const answering = (answer: VersionedAnswer) => {
      versions[index] = answer.version;
      return answered(need, answer);
    };
    // Reads only: a batchable call that wrote a row now and then would not make every viewer's answers go.
    const answer = services.needs.answer(tenantId, key, () => unwatched(() => envelopeOf(call, operation, need)));
    if (!(answer instanceof Promise)) return answering(answer);
    return answer.then(answering, (error: unknown) => failed(need.operationId, error));
  });
  // Answers kept are given at once: a refresh made of them waits for nothing.
  const texts = answers.some((answer) => typeof answer !== 'string') ? await Promise.all(answers) : answers;
  const text = `[${texts.join(',')}]`;
  // A need that failed has no version, which no answer kept has: such a batch is not remembered.
  if (batchKey !== undefined) services.needs.rememberBatch(tenantId, batchKey, text, keys, versions);
  return new JsonText(text);
};

/** The named handlers of batched calls, by their `x-handler` name. */
export const batchHandlers: Record<string, Handler> = { dataBatch };
