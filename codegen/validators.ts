import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { cjsToEsm } from './esm';
import type { Operation } from './operations';
import type { JsonObject } from './sources';
import { addProjectKeywords, messageKeys } from './vocabulary';

const FORMATS = ['date-time', 'date', 'time', 'email', 'uri'] as const;

function newAjv(options: Options): Ajv {
  // Two-decimal amounts (`multipleOf: 0.01`) are checked to a precision that floating point can represent.
  const ajv = new Ajv({
    strict: true,
    allErrors: true,
    useDefaults: true,
    multipleOfPrecision: 9,
    code: { source: true, lines: false },
    ...options,
  });
  addFormats(ajv, [...FORMATS]);
  return addProjectKeywords(ajv);
}

/** Id of the validator of one part (`body`, `querystring` or `params`) of an operation's request. */
export function validatorId(operationId: string, part: 'body' | 'querystring' | 'params'): string {
  return `${operationId}.${part}`;
}

/**
 * Precompiled request validators of the server: bodies are checked as sent, query strings and
 * path parameters are coerced from text to the declared types first.
 */
export function serverValidators(operations: Operation[]): { body: string; request: string } {
  const bodies = new ValidatorSet(newAjv({ coerceTypes: false }));
  const requests = new ValidatorSet(newAjv({ coerceTypes: 'array' }));
  for (const op of operations) {
    if (op.body) bodies.add(validatorId(op.operationId, 'body'), op.body);
    if (op.query) requests.add(validatorId(op.operationId, 'querystring'), op.query);
    if (op.params) requests.add(validatorId(op.operationId, 'params'), op.params);
  }
  return { body: bodies.code(), request: requests.code() };
}

/**
 * Precompiled validators of named schemas that check data as it is given (no coercion, no
 * defaults filled in): the widgets' configurations by type, for the server's check of a saved
 * dashboard and the browser's of an imported one; the dashboard document, for the browser's check
 * of an imported file.
 */
export function plainValidators(schemas: Record<string, JsonObject>): string {
  const set = new ValidatorSet(newAjv({ coerceTypes: false, useDefaults: false }));
  for (const [name, schema] of Object.entries(schemas)) set.add(name, schema);
  return set.code();
}

/** Validators compiled once per distinct schema (many operations take the same body). */
class ValidatorSet {
  private readonly ids = new Map<string, string>();
  private readonly aliases: Record<string, string> = {};
  private readonly messages: Record<string, Record<string, string>> = {};
  constructor(private readonly ajv: Ajv) {}

  add(alias: string, schema: JsonObject): void {
    const key = JSON.stringify(schema);
    let id = this.ids.get(key);
    if (!id) {
      id = `v${this.ids.size}`;
      this.ids.set(key, id);
      this.ajv.addSchema(structuredClone(schema), id);
      this.messages[id] = messageKeys(schema);
    }
    this.aliases[alias] = id;
  }

  code(): string {
    const ids = [...this.ids.values()];
    return cjsToEsm(standaloneCode(this.ajv, Object.fromEntries(ids.map((id) => [id, id]))), {
      aliases: this.aliases,
      messages: this.messages,
    });
  }
}

/** Precompiled validator of a form's root schema, in the shape `@rjsf/validator-ajv8` expects. */
export function formValidator(schema: JsonObject): string {
  const code = compileSchemaValidatorsCode(schema, {
    ajvOptionsOverrides: { code: { lines: false }, multipleOfPrecision: 9 },
    extenderFn: (ajv) => addProjectKeywords(ajv),
  });
  // RJSF exports the root validator under the root schema's id, which it computes itself.
  const rootId = /exports\["([^"]+)"\] = validate10;/.exec(code)?.[1];
  return cjsToEsm(code, rootId ? { messages: { [rootId]: messageKeys(schema) } } : {});
}
