import Ajv, { type ValidateFunction } from 'ajv';
import { addProjectKeywords } from './vocabulary';

/**
 * What the analysis derives from a part of the sources, kept for the life of the process by the
 * JSON text of that part. One process analyses the project many times (each test of
 * `codegen/analyse.test.ts` changes one source and analyses it all again): the dereferenced
 * OpenAPI document, the widgets' dereferenced schemas and the compiled meta-schemas are the same
 * in most of those runs, and deriving them took about half of each. `compute` is given a copy of
 * the part, which it may change.
 */
const kept = new Map<string, unknown>();

export function keptByText<T>(kind: string, part: unknown, compute: (copy: unknown) => T): T {
  const text = JSON.stringify(part);
  const key = `${kind}\n${text}`;
  if (!kept.has(key)) kept.set(key, compute(JSON.parse(text)));
  return kept.get(key) as T;
}

/** A schema (a meta-schema, a widget's) compiled by ajv in strict mode with every error reported, with the project's keywords when asked. */
export function schemaValidator(schema: unknown, { projectKeywords = false } = {}): ValidateFunction {
  return keptByText(projectKeywords ? 'schema+keywords' : 'schema', schema, (copy) => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    return (projectKeywords ? addProjectKeywords(ajv) : ajv).compile(copy as object);
  });
}
