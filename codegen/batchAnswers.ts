import { isDeepStrictEqual } from 'node:util';
import { isObject, type Json, type JsonObject } from './sources';

/** The answer to one need of the batch call: a success of one of the batchable calls, or a failure. */
export const BATCH_ANSWER = 'DataBatchAnswer';
/** A need its call answered, one variant per `x-batchable` call, told apart by `operationId`. */
export const BATCH_SUCCESS = 'DataBatchSuccess';
/** A need that failed (`schemas/calls/dataBatchFailure.json`, written by hand). */
export const BATCH_FAILURE = 'DataBatchFailure';
/** A need whose answer the caller holds already (`schemas/calls/dataBatchUnchanged.json`, written by hand). */
export const BATCH_UNCHANGED = 'DataBatchUnchanged';
/** The answers a need may have. */
const ANSWER_KINDS = [BATCH_SUCCESS, BATCH_UNCHANGED, BATCH_FAILURE];

const REF = '#/components/schemas/';
const ref = (name: string): JsonObject => ({ $ref: `${REF}${name}` });

/** The component of the answer of a batchable call that succeeded. */
export const batchVariant = (operationId: string) => `${BATCH_SUCCESS}_${operationId}`;

/** The `data` of the list a batch call (`x-data-batch`) answers: one answer per need, in their order. */
export const BATCH_DATA: JsonObject = { type: 'array', items: ref(BATCH_ANSWER) };

/** An operation of the bundled document, with its method and path to name it in a problem. */
interface DocumentCall {
  where: string;
  operation: JsonObject;
}

function callsOf(paths: JsonObject): DocumentCall[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    isObject(item)
      ? Object.entries(item).flatMap(([method, operation]) =>
          isObject(operation) ? [{ where: `${method.toUpperCase()} ${path}`, operation }] : [],
        )
      : [],
  );
}

/** The `data` schema of a call's 200 answer, as the document states it. */
function dataOf(operation: JsonObject): Json | undefined {
  const ok = isObject(operation.responses) ? operation.responses['200'] : undefined;
  const content = isObject(ok) && isObject(ok.content) ? ok.content['application/json'] : undefined;
  const schema = isObject(content) ? content.schema : undefined;
  return isObject(schema) && isObject(schema.properties) ? schema.properties.data : undefined;
}

/** The batchable calls of a document's paths, by operation id, each with its own answer's `data` schema. */
function batchableData(paths: JsonObject): Map<string, Json | undefined> {
  return new Map(
    callsOf(paths)
      .filter(({ operation }) => operation['x-batchable'] === true && typeof operation.operationId === 'string')
      .map(({ operation }) => [operation.operationId as string, dataOf(operation)] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function successVariant(operationId: string, data: Json): JsonObject {
  return {
    title: operationId,
    description: `The answer to a need of ${operationId} that its call answered: the envelope it answers alone, with the need's operationId.`,
    type: 'object',
    additionalProperties: false,
    required: ['operationId', 'code', 'msg', 'data', 'version'],
    properties: {
      operationId: { type: 'string', const: operationId, description: 'The call the need named.' },
      code: { type: 'integer', enum: [0], description: 'Success.' },
      msg: { type: 'string', description: 'The message of the call, in the language of the request.' },
      data: structuredClone(data),
      version: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]{1,64}$',
        description: 'The version of this answer: sent with the need next time, an answer still the same is said unchanged.',
      },
    },
  };
}

/**
 * The components that document the batch call's answers, made from the `x-batchable` calls of the
 * bundled paths: one success variant per call (`DataBatchSuccess_<operationId>`, whose `data` is
 * that call's own), their union told apart by `operationId`, and the answer, a success or the
 * failure. A call made batchable is thus documented in the batch answer without anything more.
 */
export function batchAnswerSchemas(paths: JsonObject): JsonObject {
  if (!callsOf(paths).some(({ operation }) => operation['x-data-batch'] === true)) return {};
  const calls = batchableData(paths);
  const schemas: JsonObject = {
    [BATCH_ANSWER]: {
      description:
        "The answer to one need of a batch, with the need's operationId: the envelope its call would have answered alone (code 0 and the call's own data) with its version, that it is unchanged (the version the need was sent with), or the code and message of its failure.",
      oneOf: ANSWER_KINDS.map(ref),
    },
    [BATCH_SUCCESS]: {
      description: "A need its call answered: code 0 and that call's data, as its own response schema gives it.",
      oneOf: [...calls.keys()].map((id) => ref(batchVariant(id))),
      discriminator: {
        propertyName: 'operationId',
        mapping: Object.fromEntries([...calls.keys()].map((id) => [id, `${REF}${batchVariant(id)}`])),
      },
    },
  };
  for (const [id, data] of calls) schemas[batchVariant(id)] = successVariant(id, data ?? {});
  return schemas;
}

/**
 * Whether a bundled document states the batch answer of exactly its batchable calls: every
 * `x-batchable` call has its success variant, with the call's own `data`, in the union and in the
 * discriminator's mapping; no variant is left of a call that is no longer batchable; every
 * `x-data-batch` call answers the list of those answers. Answers the problems found.
 */
export function checkBatchAnswers(document: JsonObject): string[] {
  const problems: string[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const calls = batchableData(paths);
  const batchCalls = callsOf(paths).filter(({ operation }) => operation['x-data-batch'] === true);
  if (calls.size > 0 && batchCalls.length === 0) {
    problems.push('x-batchable calls are answered by a batch call, but no call answers a batch (x-data-batch)');
  }
  if (batchCalls.length === 0) return problems;
  if (calls.size === 0) problems.push('a call answers a batch (x-data-batch), but no call is x-batchable');
  for (const { where, operation } of batchCalls) {
    if (operation['x-batchable'] === true) problems.push(`${where}: a batch call cannot be batched itself`);
    if (!isDeepStrictEqual(dataOf(operation), BATCH_DATA)) {
      problems.push(`${where}: answers a list of ${BATCH_ANSWER}, one per need`);
    }
  }
  const answer = schemas[BATCH_ANSWER];
  if (!isObject(answer) || !isDeepStrictEqual(answer.oneOf, ANSWER_KINDS.map(ref))) {
    problems.push(`${BATCH_ANSWER} is a ${ANSWER_KINDS.join(', a ')}`);
  }
  if (!isObject(schemas[BATCH_FAILURE])) problems.push(`${BATCH_FAILURE} is missing (schemas/calls/dataBatchFailure.json)`);
  if (!isObject(schemas[BATCH_UNCHANGED])) problems.push(`${BATCH_UNCHANGED} is missing (schemas/calls/dataBatchUnchanged.json)`);
  const success = schemas[BATCH_SUCCESS];
  const union = isObject(success) && Array.isArray(success.oneOf) ? success.oneOf : [];
  const mapping = isObject(success) && isObject(success.discriminator) ? success.discriminator.mapping : undefined;
  const documented = new Set(union.map((entry) => (isObject(entry) ? String(entry.$ref).replace(REF, '') : '')));
  for (const [id, data] of calls) {
    const name = batchVariant(id);
    const variant = schemas[name];
    const properties = isObject(variant) && isObject(variant.properties) ? variant.properties : {};
    if (!documented.has(name)) problems.push(`${BATCH_SUCCESS} does not list ${name}, the answer of the batchable ${id}`);
    if (!isObject(mapping) || mapping[id] !== `${REF}${name}`) problems.push(`${BATCH_SUCCESS} does not map ${id} to ${name}`);
    if (!isObject(properties.operationId) || properties.operationId.const !== id) {
      problems.push(`${name} is not told apart by its operationId ${id}`);
    }
    if (!isDeepStrictEqual(properties.data, data)) problems.push(`${name}: its data is not what ${id} answers alone`);
  }
  const variants = new Set([...calls.keys()].map(batchVariant));
  for (const name of documented) {
    if (!variants.has(name)) problems.push(`${BATCH_SUCCESS} lists ${name}, which answers no batchable call`);
  }
  if (isObject(mapping) && Object.keys(mapping).length !== calls.size) {
    problems.push(`${BATCH_SUCCESS} maps ${Object.keys(mapping).length} operation ids for ${calls.size} batchable calls`);
  }
  return problems;
}
