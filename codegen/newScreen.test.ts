import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { API_COVERAGE } from './coverage';
import { generate, GENERATED } from './generate';
import { isObject, type Json, type JsonObject } from './sources';

/**
 * The README's recipe "Adding a CRUD screen takes data files only", followed step by step on a copy
 * of the project for a screen of spare parts (`tests/fixtures/newScreen/`, files at the paths the
 * README names): codegen's check passes on the first try, and leaving out a step fails it with a
 * message that names the file the step writes.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = join(root, 'tests/fixtures/newScreen');
/** What the recipe writes to: copied, so that the copy of the project can change. */
const COPIED = ['schemas', 'openapi', API_COVERAGE];
/** What codegen only reads (the code whose label keys and calls it checks, its own declarations): linked. */
const LINKED = ['codegen', 'runtime', 'pages', 'widgets', 'server'];

/** Copies the fixture's files of one folder to the same place in the project. */
const copyFixture = (folder: string) => (project: string) =>
  cpSync(join(FIXTURE, folder), join(project, folder), { recursive: true });

/** The recipe's steps, in the README's order. */
const STEPS = {
  'the entity schema and its UI schema': copyFixture('schemas/entities'),
  'the page schema': copyFixture('schemas/pages'),
  'the calls': copyFixture('openapi/paths'),
  'the route': (project: string) => {
    const file = join(project, 'schemas/routes/routes.json');
    const tree = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    const { parent, route } = JSON.parse(readFileSync(join(FIXTURE, 'route.json'), 'utf8')) as { parent: string; route: Json };
    const find = (routes: Json): JsonObject | undefined => {
      for (const candidate of Array.isArray(routes) ? routes : []) {
        if (!isObject(candidate)) continue;
        if (candidate.name === parent) return candidate;
        const found = find(candidate.children ?? []);
        if (found) return found;
      }
      return undefined;
    };
    const children = find(tree.routes ?? [])?.children;
    if (!Array.isArray(children)) throw new Error(`the route tree has no route ${parent} with children`);
    children.push(route);
    writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`);
  },
  'the Chinese labels': copyFixture('schemas/i18n/zh'),
  'the English labels': copyFixture('schemas/i18n/en'),
  'the rows of the coverage table': (project: string) =>
    appendFileSync(join(project, API_COVERAGE), readFileSync(join(FIXTURE, 'api-coverage.md'), 'utf8')),
};
type Step = keyof typeof STEPS;

const projects: string[] = [];
afterAll(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true });
});

/** A copy of the project with the screen added by every step of the recipe but `leftOut`. */
function projectWithScreen(leftOut?: Step): string {
  const project = mkdtempSync(join(tmpdir(), 'newScreen-'));
  projects.push(project);
  for (const path of COPIED) cpSync(join(root, path), join(project, path), { recursive: true });
  for (const folder of LINKED) symlinkSync(join(root, folder), join(project, folder), 'dir');
  for (const [step, apply] of Object.entries(STEPS)) if (step !== leftOut) apply(project);
  return project;
}

/** Codegen's check of one project, as `npm run codegen -- --check` makes it (all of the project is analysed: several seconds). */
const CHECK_MS = 60_000;

describe('a new screen made by the README alone', () => {
  test('passes codegen’s check, with its route, labels and stories', { timeout: CHECK_MS }, async () => {
    const files = await generate(projectWithScreen(), true);
    const routes = JSON.parse(files.get(`${GENERATED}/routes.json`) ?? '[]') as JsonObject[];
    expect(routes.find((route) => route.name === 'SpareParts')).toMatchObject({
      path: '/main/operation/spare-part',
      page: 'sparePart',
    });
    expect(JSON.parse(files.get(`${GENERATED}/i18n/en.json`) ?? '{}')).toMatchObject({
      pages: { sparePart: { title: 'Spare parts' } },
    });
    expect(files.get(`${GENERATED}/stories/sparePart.stories.tsx`)).toContain('export const FormEnDark');
  });

  test.each<[Step, RegExp]>([
    ['the route', /schemas\/pages\/sparePart\.json: no route of schemas\/routes\/routes\.json shows this page/],
    ['the rows of the coverage table', /docs\/api-coverage\.md: getSparePartPage \(GET \/manager\/sparepart\/page\) has no row/],
  ])(
    'without %s fails codegen’s check, naming the file',
    async (step, problem) => {
      await expect(generate(projectWithScreen(step), true)).rejects.toThrow(problem);
    },
    CHECK_MS,
  );
});
