import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
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

/**
 * The declarations of codegen's own that the server and the client read too: the operations of
 * `operations.json` with their bindings and state machines, and the route tree's routes as
 * flattened. Copied as they are written here (comments included) into `generated/contract.ts`, so
 * that neither imports the build tool, and the shapes cannot drift apart.
 */
const CONTRACT_DECLARATIONS: [file: string, names: string[]][] = [
  ['codegen/sources.ts', ['Json', 'JsonObject']],
  ['codegen/bundleOpenapi.ts', ['HTTP_METHODS', 'HttpMethod']],
  ['codegen/operations.ts', ['ResourceBinding', 'TransitionBinding', 'StateMachine', 'FilterBinding', 'Access', 'Operation']],
  ['codegen/declarations.ts', ['RouteDecl']],
];

/** `generated/contract.ts`: the statements of `CONTRACT_DECLARATIONS`, in its order. */
export function contractTypes(root: string, banner: string): string {
  const parts = [banner];
  for (const [file, names] of CONTRACT_DECLARATIONS) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const found = new Map<string, string>();
    for (const statement of source.statements) {
      const declared =
        ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)
          ? [statement.name.text]
          : ts.isVariableStatement(statement)
            ? statement.declarationList.declarations.map((d) => d.name.getText(source))
            : [];
      for (const name of declared) if (names.includes(name)) found.set(name, statement.getFullText(source).trim());
    }
    for (const name of names) {
      const text = found.get(name);
      if (!text) throw new Error(`codegen: ${file} declares no ${name}, which generated/contract.ts copies`);
      parts.push(text);
    }
  }
  return `${parts.join('\n\n')}\n`;
}
