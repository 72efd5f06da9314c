import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { analyse } from './analyse';
import type { Operation } from './operations';
import {
  AWAITING_SCREEN,
  checkReachability,
  codeCallers,
  declarations,
  reachabilityProblems,
  schemaCallers,
  type Callers,
} from './reachability';
import { loadSources, type JsonObject, type Sources } from './sources';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The project's sources, read once, and what codegen makes of them. */
const project = loadSources(root);
let operations: Operation[];

/** How long analysing the whole project and reading the client's code may take on a busy machine. */
const ANALYSIS_MS = 60_000;

beforeAll(async () => {
  operations = (await analyse(structuredClone(project))).operations;
}, ANALYSIS_MS);

const NEW_PATH = 'openapi/paths/new-area.yaml';

/**
 * A contract of one new operation, `GET /manager/newArea/figures` (`getNewAreaFigures`), as its path
 * file is written (with `extra` keywords), beside the project's schemas and pages.
 */
function withNewOperation(extra: JsonObject = {}): Sources {
  const src = structuredClone(project);
  const operation = { operationId: 'getNewAreaFigures', tags: ['user'], summary: 'Figures', 'x-handler': 'x', ...extra };
  src.pathFiles = [{ path: NEW_PATH, content: { '/manager/newArea/figures': { get: operation } } }];
  return src;
}

/** The problems of the check of a contract: no caller and an empty awaiting list unless given. */
function problemsOf(src: Sources, options: { callers?: Callers; awaiting?: JsonObject } = {}): string[] {
  return checkReachability({
    declared: declarations(src),
    callers: options.callers ?? new Map(),
    awaiting: options.awaiting ?? {},
  });
}

const calledBy = (id: string, where: string): Callers => new Map([[id, [where]]]);

describe('every operation is within a user’s reach, or says why not', () => {
  test('the project’s contract passes: each operation has a caller, an x-api-only reason, or a line in the awaiting list', () => {
    expect(reachabilityProblems(project, operations)).toEqual([]);
  });

  test('a new operation that nothing calls fails, naming it and how to fix it; x-api-only with a reason or a caller makes it pass', () => {
    expect(problemsOf(withNewOperation())).toEqual([
      `${NEW_PATH}: GET /manager/newArea/figures (getNewAreaFigures): no screen calls it. Call it from a screen ` +
        `(a page schema, a widget's needs, or client code in runtime/, pages/ or widgets/ naming 'getNewAreaFigures'), ` +
        `or, if no user should reach it, say why in ${NEW_PATH}: x-api-only: <reason>`,
    ]);
    expect(problemsOf(withNewOperation({ 'x-api-only': 'Read by the integrators’ reporting tools.' }))).toEqual([]);
    expect(problemsOf(withNewOperation(), { callers: calledBy('getNewAreaFigures', 'pages/new/NewPage.tsx') })).toEqual([]);
  });

  test('an x-api-only without a reason fails, and so does one on an operation a screen calls', () => {
    for (const reason of ['', '  ', true])
      expect(problemsOf(withNewOperation({ 'x-api-only': reason }))).toEqual([
        `${NEW_PATH}: GET /manager/newArea/figures (getNewAreaFigures): x-api-only gives no reason; say why no screen calls it (x-api-only: <reason>)`,
      ]);
    const called = calledBy('getNewAreaFigures', 'pages/new/NewPage.tsx');
    expect(problemsOf(withNewOperation({ 'x-api-only': 'Integrators only.' }), { callers: called })).toEqual([
      `${NEW_PATH}: GET /manager/newArea/figures (getNewAreaFigures): is x-api-only but pages/new/NewPage.tsx calls it; remove its x-api-only`,
    ]);
  });

  test('the awaiting list only shrinks: an entry a screen now calls, that became x-api-only, or that is no operation fails', () => {
    const awaiting = { getNewAreaFigures: 'figures page: the figures' };
    expect(problemsOf(withNewOperation(), { awaiting })).toEqual([]);
    expect(problemsOf(withNewOperation(), { awaiting, callers: calledBy('getNewAreaFigures', 'pages/new/NewPage.tsx') })).toEqual(
      [`${AWAITING_SCREEN}: getNewAreaFigures is reached now (pages/new/NewPage.tsx); remove it from the list`],
    );
    expect(problemsOf(withNewOperation({ 'x-api-only': 'Integrators only.' }), { awaiting })).toEqual([
      `${AWAITING_SCREEN}: getNewAreaFigures is x-api-only in ${NEW_PATH}; remove it from the list`,
    ]);
    expect(problemsOf({ ...project, pathFiles: [] }, { awaiting: { getNewAreaFigures: '' } })).toEqual([
      `${AWAITING_SCREEN}: getNewAreaFigures is no operation; remove it from the list`,
      `${AWAITING_SCREEN}: getNewAreaFigures says nothing of the screen or control it should get`,
    ]);
  });

  test('a page schema naming the operation is a caller, as a row action, a chart or its resource', () => {
    const src = withNewOperation();
    const page = src.pages.find((p) => p.content.page === 'customer');
    if (!page) throw new Error('the customer page schema is missing');
    expect(schemaCallers(src, operations).get('getNewAreaFigures')).toBeUndefined();
    page.content.charts = { panels: [{ call: 'getNewAreaFigures', type: 'figures', values: ['total'] }] };
    expect(schemaCallers(src, operations).get('getNewAreaFigures')).toEqual([page.path]);
  });

  test('a page whose create form replaces New does not call its create; one beside New does', () => {
    const src = structuredClone(project);
    const page = src.pages.find((p) => p.content.page === 'emsDeviceVar');
    if (!page) throw new Error('the device variables page schema is missing');
    expect(schemaCallers(src, operations).get('addDeviceVar')).toEqual([page.path]);
    page.content.createForm = { form: 'deviceVariableBatch', save: 'batchImportDeviceVars' };
    expect(schemaCallers(src, operations).get('addDeviceVar')).toBeUndefined();
    expect(schemaCallers(src, operations).get('batchImportDeviceVars')).toEqual([page.path]);
  });

  test('a reference field (x-ref) reaches the options call of its entity, a coded field its x-options call, a look-up field its call', () => {
    const src = structuredClone(project);
    src.uiSchemas.probe = { address: { 'ui:options': { lookup: { operation: 'getCityList', query: 'province' } } } };
    src.schemas.push({
      path: 'schemas/calls/probe.json',
      component: 'Probe',
      content: {
        type: 'object',
        properties: { site: { type: 'integer', 'x-ref': 'station' }, role: { 'x-options': 'getRoleList' } },
      },
    });
    const found = schemaCallers(src, operations);
    expect(found.get('listStationOptions')).toContain('schemas/calls/probe.json (x-ref station)');
    expect(found.get('getRoleList')).toContain('schemas/calls/probe.json (x-options)');
    expect(found.get('getCityList')).toContain('schemas/entities/probe.ui.json (lookup)');
  });

  test('client code calls an operation by a string literal of its id or by its registry entry, not in a comment, a type, a test or a story', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reach-code-'));
    try {
      mkdirSync(join(dir, 'pages', 'area'), { recursive: true });
      const write = (name: string, text: string) => writeFileSync(join(dir, 'pages', 'area', name), text);
      write('Calls.tsx', "api.call('getA'); const need = { operationId: `getB` }; const url = operations.getC.path;\n");
      write('Mentions.ts', "// api.call('getD')\ntype Answer = CallResult<'getE'>; const other = 'getFx';\n");
      write('Calls.test.tsx', "api.call('getF');\n");
      write('Calls.stories.tsx', "api.call('getG');\n");
      const found = codeCallers(dir, new Set(['getA', 'getB', 'getC', 'getD', 'getE', 'getF', 'getG']));
      expect([...found.keys()].sort()).toEqual(['getA', 'getB', 'getC']);
      expect(found.get('getA')).toEqual(['pages/area/Calls.tsx']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
