import type { ErrorObject } from 'ajv';
import type { FastifyError } from 'fastify';
import type { Contract, Operation } from '../contract';
import { ApiError } from '../errors';
import { failureOf } from './errors';
import { invoke, precheck, type CallInput } from './invoke';
import { authorize } from './security';
import type { CallContext, Handler } from './services';

/** One need of a batch, as the dashboard sends it. */
interface Need {
  operationId: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
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

/** A need's envelope as its call answers it alone, serialised by its response schema. */
async function envelopeOf(call: CallContext, need: Need): Promise<object> {
  const { services, auth, request, reply, t } = call;
  const operation = batchable(services.contract).get(need.operationId);
  if (!operation) throw new ApiError('validation', { message: 'errors.notBatchable', operationId: need.operationId });
  await authorize(services, auth, operation);
  const input: CallInput = {
    query: { ...need.query },
    params: { ...need.params },
    body: need.body === undefined ? undefined : structuredClone(need.body),
  };
  precheck(auth, operation, input);
  if (operation.params) validate(services.contract, operation, 'params', input.params);
  if (operation.query) validate(services.contract, operation, 'querystring', input.query);
  if (operation.body) validate(services.contract, operation, 'body', input.body);
  const envelope = await invoke(services, operation, input, { request, reply, auth, t });
  // Serialised by the call's own response schema, so the answer is exactly what the call alone gives.
  if (!operation.response) return envelope as object;
  const serialize = reply.compileSerializationSchema(operation.response, '200');
  return JSON.parse(serialize(envelope as Record<string, unknown>)) as object;
}

/**
 * `POST main/dashboard/data`: each need answered as its call alone would answer it (access,
 * validation, handler, response schema), in the order of the needs, with the need's
 * `operationId` first; a need that fails answers its own `{ code, msg }` and the others are
 * answered all the same. The route lists the answers as they are (see `answersAsListed` in
 * codegen/operations.ts): each was serialised by its own call's schema already.
 */
export const dataBatch: Handler = async (call) => {
  const { needs } = call.body as { needs: Need[] };
  return Promise.all(
    needs.map(async (need) => {
      const { operationId } = need;
      try {
        return { operationId, ...(await envelopeOf(call, need)) };
      } catch (error) {
        const { status, body } = failureOf(error as FastifyError, call.t);
        if (status === 500) call.request.log.error(error);
        return { operationId, ...body };
      }
    }),
  );
};

/** The named handlers of batched calls, by their `x-handler` name. */
export const batchHandlers: Record<string, Handler> = { dataBatch };
