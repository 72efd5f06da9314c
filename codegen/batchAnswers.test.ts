import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { checkBatchAnswers } from './batchAnswers';
import { bundleOpenapi } from './bundleOpenapi';
import { isObject, loadSources, type JsonObject, type Sources } from './sources';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const project = loadSources(root);

/** The operations of a bundled document, by operation id. */
function operationsOf(document: JsonObject): Map<string, JsonObject> {
  const found = new Map<string, JsonObject>();
  for (const item of Object.values(document.paths as JsonObject)) {
    for (const operation of Object.values(item as JsonObject)) {
      if (isObject(operation) && typeof operation.operationId === 'string') found.set(operation.operationId, operation);
    }
  }
  return found;
}

const dataOf = (operation: JsonObject | undefined) =>
  (operation?.responses as { 200: { content: { 'application/json': { schema: { properties: { data: unknown } } } } } })[200]
    .content['application/json'].schema.properties.data;

const schemasOf = (document: JsonObject) => (document.components as { schemas: Record<string, JsonObject> }).schemas;

/** The project's sources, the operation `operationId` of its path files changed. */
function changed(operationId: string, change: (operation: JsonObject) => void): Sources {
  const src = structuredClone(project);
  for (const file of src.pathFiles) {
    for (const item of Object.values(file.content)) {
      for (const operation of Object.values(item as JsonObject)) {
        if (isObject(operation) && operation.operationId === operationId) change(operation);
      }
    }
  }
  return src;
}

describe('the batch answer, documented per batchable call', () => {
  const { document, problems } = bundleOpenapi(project);
  const operations = operationsOf(document);
  const schemas = schemasOf(document);
  const batchable = [...operations.values()].filter((op) => op['x-batchable'] === true).map((op) => String(op.operationId));

  test('each x-batchable call has its success variant, whose data is what the call answers alone', () => {
    expect(problems).toEqual([]);
    expect(batchable.length).toBeGreaterThan(0);
    for (const id of batchable) {
      const variant = schemas[`DataBatchSuccess_${id}`];
      expect(variant?.properties, id).toMatchObject({ operationId: { const: id }, code: { enum: [0] } });
      expect((variant?.properties as JsonObject).data, id).toEqual(dataOf(operations.get(id)));
    }
    const success = schemas.DataBatchSuccess as { oneOf: { $ref: string }[]; discriminator: { mapping: Record<string, string> } };
    expect(success.oneOf.map((entry) => entry.$ref.replace('#/components/schemas/DataBatchSuccess_', '')).sort()).toEqual(
      [...batchable].sort(),
    );
    expect(Object.keys(success.discriminator.mapping).sort()).toEqual([...batchable].sort());
  });

  test('the batch call answers a list of them; an answer is a success with its version, unchanged, or the failure', () => {
    expect(dataOf(operations.get('getDashboardData'))).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/DataBatchAnswer' },
    });
    expect(schemas.DataBatchAnswer?.oneOf).toEqual([
      { $ref: '#/components/schemas/DataBatchSuccess' },
      { $ref: '#/components/schemas/DataBatchUnchanged' },
      { $ref: '#/components/schemas/DataBatchFailure' },
    ]);
    expect(schemas.DataBatchFailure?.required).toEqual(['operationId', 'code', 'msg']);
    expect(schemas.DataBatchUnchanged?.required).toEqual(['operationId', 'code', 'version', 'unchanged']);
    for (const id of batchable) expect(schemas[`DataBatchSuccess_${id}`]?.required, id).toContain('version');
  });

  test('a call made batchable is documented in the batch answer with nothing more; one no longer batchable leaves it', () => {
    const added = bundleOpenapi(changed('getSiteKanban', (operation) => (operation['x-batchable'] = true)));
    expect(added.problems).toEqual([]);
    const variant = schemasOf(added.document).DataBatchSuccess_getSiteKanban;
    expect((variant?.properties as JsonObject).data).toEqual(dataOf(operationsOf(added.document).get('getSiteKanban')));

    const [first = ''] = batchable;
    const removed = bundleOpenapi(changed(first, (operation) => delete operation['x-batchable']));
    expect(removed.problems).toEqual([]);
    expect(schemasOf(removed.document)[`DataBatchSuccess_${first}`]).toBeUndefined();
  });

  const [id = ''] = batchable;
  test.each<[string, (document: JsonObject) => void, string]>([
    [
      'a batchable call missing from the union',
      (doc) => {
        const success = schemasOf(doc).DataBatchSuccess as { oneOf: { $ref: string }[] };
        success.oneOf = success.oneOf.filter((entry) => !entry.$ref.endsWith(`_${id}`));
      },
      `DataBatchSuccess does not list DataBatchSuccess_${id}, the answer of the batchable ${id}`,
    ],
    [
      'a variant whose data is not what its call answers',
      (doc) => ((schemasOf(doc)[`DataBatchSuccess_${id}`]?.properties as JsonObject).data = {}),
      `DataBatchSuccess_${id}: its data is not what ${id} answers alone`,
    ],
    [
      'a call no longer batchable, its variant left',
      (doc) => delete operationsOf(doc).get(id)?.['x-batchable'],
      `DataBatchSuccess lists DataBatchSuccess_${id}, which answers no batchable call`,
    ],
    [
      'a mapping that forgets a call',
      (doc) => delete (schemasOf(doc).DataBatchSuccess as { discriminator: { mapping: JsonObject } }).discriminator.mapping[id],
      `DataBatchSuccess does not map ${id} to DataBatchSuccess_${id}`,
    ],
    [
      'batchable calls and no batch call',
      (doc) => delete operationsOf(doc).get('getDashboardData')?.['x-data-batch'],
      'x-batchable calls are answered by a batch call, but no call answers a batch (x-data-batch)',
    ],
    [
      'a batch call and no batchable call',
      (doc) => operationsOf(doc).forEach((operation) => delete operation['x-batchable']),
      'a call answers a batch (x-data-batch), but no call is x-batchable',
    ],
  ])('the check fails on %s', (_, spoil, problem) => {
    const spoilt = structuredClone(document);
    spoil(spoilt);
    expect(checkBatchAnswers(spoilt)).toContain(problem);
  });

  test('a schema file cannot take the name of a component of the batch answer', () => {
    const src = structuredClone(project);
    const failure = src.schemas.find((file) => file.component === 'DataBatchFailure');
    if (!failure) throw new Error('schemas/calls/dataBatchFailure.json is missing');
    src.schemas.push({ ...failure, path: 'schemas/calls/dataBatchSuccess.json', component: 'DataBatchSuccess' });
    expect(bundleOpenapi(src).problems).toContain('a schema file is named DataBatchSuccess, a component of the batch answer');
  });
});
