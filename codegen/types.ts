import openapiTS, { astToString } from 'openapi-typescript';
import { compile } from 'json-schema-to-typescript';
import { pascalCase, type JsonObject, type Sources } from './sources';

/** Path and component types of the bundled OpenAPI document, for `openapi-fetch`. */
export async function apiTypes(document: JsonObject, banner: string): Promise<string> {
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { exportType: true });
  return `${banner}\n${astToString(ast)}`;
}

/** A named alias for every component schema. */
export function componentAliases(src: Sources, banner: string): string {
  const names = [...src.schemas.map((s) => s.component), 'ErrorBody'].sort();
  return [
    banner,
    "import type { components } from './api';",
    '',
    ...names.map((name) => `export type ${name} = components['schemas']['${name}'];`),
    '',
  ].join('\n');
}

/** Types of the declarations themselves (page schemas and the like), from `schemas/meta/`. */
export async function metaTypes(src: Sources, banner: string): Promise<string> {
  const parts: string[] = [banner];
  for (const [name, schema] of Object.entries(src.meta)) {
    const { $schema: _ignored, ...rest } = schema;
    parts.push(
      await compile(rest as Parameters<typeof compile>[0], pascalCase(name) + 'Schema', {
        bannerComment: '',
        additionalProperties: false,
        format: false,
      }),
    );
  }
  return parts.join('\n');
}
