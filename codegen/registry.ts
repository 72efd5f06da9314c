import type { Operation } from './operations';

/**
 * The client's index of what codegen made: the route of every operation, the page schemas, and
 * loaders of entity schemas, their precompiled validators and the UI schemas (loaded on first
 * use, so a screen's schemas are in its own chunk).
 */
export function registryModule(operations: Operation[], entities: string[], uiSchemas: string[], banner: string): string {
  const ops = operations.map((op) => `  ${op.operationId}: { method: '${op.method}', path: '${op.path}' },`);
  const entityLoaders = entities.map(
    (name) =>
      `  ${name}: async () => {\n` +
      `    const [schema, validators] = await Promise.all([import('./entities/${name}.json'), import('./entities/${name}.validator.js')]);\n` +
      `    return { schema: schema.default as RJSFSchema, validators: validators.default as unknown as ValidatorFunctions };\n` +
      `  },`,
  );
  const uiLoaders = uiSchemas.map(
    (name) => `  ${name}: async () => (await import('../schemas/entities/${name}.ui.json')).default as UiSchema,`,
  );
  return [
    banner,
    "import type { RJSFSchema, UiSchema } from '@rjsf/utils';",
    "import type { ValidatorFunctions } from '@rjsf/validator-ajv8';",
    "import type { PageSchema } from './meta';",
    "import pageList from './pages.json';",
    '',
    '/** Method and path of every operation, by operation id. */',
    'export const operations = {',
    ...ops,
    '} as const;',
    'export type OperationId = keyof typeof operations;',
    '',
    '/** Every page schema of `schemas/pages/`. */',
    'export const pages = pageList as PageSchema[];',
    '',
    '/** An entity schema (dereferenced) and its precompiled form validator. */',
    'export interface EntityModule {',
    '  schema: RJSFSchema;',
    '  validators: ValidatorFunctions;',
    '}',
    '',
    'export const entityLoaders: Record<string, () => Promise<EntityModule>> = {',
    ...entityLoaders,
    '};',
    '',
    'export const uiSchemaLoaders: Record<string, () => Promise<UiSchema>> = {',
    ...uiLoaders,
    '};',
    '',
  ].join('\n');
}
