import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** One answer of the server, as a client receives it. */
export interface Answer {
  method: string;
  /** The route's path as the document writes it (`/manager/x/{id}`); undefined when no route matched. */
  route: string | undefined;
  /** The URL as called, for answers of no route. */
  url: string;
  status: number;
  contentType: string | undefined;
  /** The body as text; undefined for a file or a stream, which is checked on its status and media type only. */
  body: string | undefined;
}

/** Something an answer does that the document does not say. */
export interface Mismatch {
  /** `GET /manager/x/{id} (getX)`, or the URL of an answer outside the operations. */
  operation: string;
  status: number;
  mediaType: string;
  problem: string;
  excerpt: string;
}

/**
 * Known mismatches whose fix belongs to a file being reworked elsewhere, by operationId and
 * status, each with its reason. Only those may be listed: any other mismatch is fixed at its source.
 */
export const ALLOWED: { operationId: string; status: number; reason: string }[] = [];

interface DocumentedResponse {
  /** Media type → ajv reference of its schema. */
  content: Map<string, string>;
}

interface DocumentedOperation {
  name: string;
  operationId: string;
  responses: Map<number, DocumentedResponse>;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON pointer segment, escaped for a URI fragment (paths hold `/`, `{` and `}`). */
const segment = (name: string) => encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
const DOC = 'doc';
const EXCERPT_CHARS = 160;
const REPORTED_ERRORS = 3;

/** The media type without its parameters (`; charset=utf-8`), in lower case. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, REPORTED_ERRORS)
    .map((error) => {
      const params = error.params as { missingProperty?: string; additionalProperty?: string };
      const where = [error.instancePath || '/', params.missingProperty ?? params.additionalProperty].filter(Boolean).join(' ');
      return `${where} ${error.message ?? error.keyword}`;
    })
    .join('; ');
}

/**
 * Checks answers against a bundled OpenAPI document: the status must be one the operation
 * documents, the media type one that response declares, and a JSON body must validate against
 * its schema. Each schema is compiled once, on its first answer.
 */
export class Conformance {
  private readonly ajv: Ajv;
  private readonly operations = new Map<string, DocumentedOperation>();
  private readonly validators = new Map<string, ValidateFunction>();
  /** First path segments of the operations: an answer under one of them is an API answer. */
  private readonly apiPrefixes = new Set<string>();
  /** The error answer every operation documents, by status: what an answer of no operation may be. */
  private readonly errorResponses = new Map<number, DocumentedResponse>();

  constructor(document: JsonObject) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; 3.0 ones are closer to draft-07.
    const version = String(document.openapi ?? '');
    // `multipleOf` to the precision the server's validators check it to (codegen/validators.ts): a
    // quantity the server took as a multiple of 0.01 is answered as one.
    const options = { strict: false, allErrors: true, validateSchema: false, multipleOfPrecision: 9 } as const;
    this.ajv = version.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options);
    addFormats(this.ajv);
    // File answers are `type: string, format: binary`; their bytes are not JSON and are never validated.
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(document, DOC);
    const paths = isObject(document.paths) ? document.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      this.apiPrefixes.add(path.split('/')[1] ?? '');
      if (!isObject(item)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (!isObject(operation) || !isObject(operation.responses)) continue;
        const pointer = `${DOC}#/paths/${segment(path)}/${segment(method)}/responses`;
        const responses = new Map<number, DocumentedResponse>();
        for (const [status, response] of Object.entries(operation.responses)) {
          const documented = this.response(document, response, `${pointer}/${segment(status)}`);
          responses.set(Number(status), documented);
          if (isObject(response) && response.$ref === '#/components/responses/Error')
            this.errorResponses.set(Number(status), documented);
        }
        const operationId = String(operation.operationId ?? '');
        const name = `${method.toUpperCase()} ${path} (${operationId})`;
        this.operations.set(`${method} ${path}`, { name, operationId, responses });
      }
    }
  }

  /** A documented response, its `$ref` (to `components/responses`) followed. */
  private response(document: JsonObject, response: unknown, pointer: string): DocumentedResponse {
    let target = response;
    let at = pointer;
    if (isObject(response) && typeof response.$ref === 'string' && response.$ref.startsWith('#/')) {
      const path = response.$ref.slice(2).split('/');
      target = path.reduce<unknown>((node, name) => (isObject(node) ? node[name] : undefined), document);
      at = `${DOC}#/${path.map((name) => encodeURIComponent(name)).join('/')}`;
    }
    const content = new Map<string, string>();
    if (isObject(target) && isObject(target.content)) {
      for (const type of Object.keys(target.content)) content.set(type, `${at}/content/${segment(type)}/schema`);
    }
    return { content };
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  /** What the answer does that the document does not say; empty when it conforms. */
  check(answer: Answer): Mismatch[] {
    // A HEAD answer is documented as its GET.
    const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
    const operation = answer.route === undefined ? undefined : this.operations.get(`${method} ${answer.route}`);
    const mediaType = mediaTypeOf(answer.contentType);
    const mismatch = (problem: string): Mismatch => ({
      operation: operation?.name ?? `${answer.method} ${answer.url} (no operation)`,
      status: answer.status,
      mediaType,
      problem,
      excerpt: (answer.body ?? '(not buffered)').slice(0, EXCERPT_CHARS),
    });
    let responses = operation?.responses;
    if (!operation) {
      // Outside the operations, the web client's files and the rendered reference (/docs) answer
      // what they serve. Any other answer outside them is an error and has the error body every
      // operation documents: an unknown URL's 404 is `{ code, msg }` like any operation's.
      const first = answer.url.split(/[/?]/)[1] ?? '';
      if (answer.status < 400 && (first === 'docs' || !this.apiPrefixes.has(first))) return [];
      if (answer.status < 400) return [mismatch('answered by a route the document does not list')];
      responses = this.errorResponses;
    }
    if (operation && ALLOWED.some((entry) => entry.operationId === operation.operationId && entry.status === answer.status))
      return [];
    const response = responses?.get(answer.status);
    if (!response) return [mismatch(`status ${answer.status} is not documented`)];
    const ref = response.content.get(mediaType);
    if (ref === undefined) {
      const declared = [...response.content.keys()].join(', ') || 'no body';
      return [mismatch(`media type "${mediaType}" is not declared (declared: ${declared})`)];
    }
    if (answer.body === undefined || mediaType !== 'application/json') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return [mismatch('the body is not JSON')];
    }
    const validate = this.validator(ref);
    return validate(parsed) ? [] : [mismatch(describeErrors(validate.errors))];
  }
}

/** One line per distinct mismatch, with how many answers had it. */
export function describeMismatches(mismatches: Mismatch[]): string {
  const counted = new Map<string, { mismatch: Mismatch; count: number }>();
  for (const mismatch of mismatches) {
    const key = `${mismatch.operation}|${mismatch.status}|${mismatch.mediaType}|${mismatch.problem}`;
    const entry = counted.get(key);
    if (entry) entry.count += 1;
    else counted.set(key, { mismatch, count: 1 });
  }
  return [...counted.values()]
    .map(
      ({ mismatch: m, count }) =>
        `${m.operation} → ${m.status} ${m.mediaType || '(no media type)'}: ${m.problem}` +
        `${count > 1 ? ` (${count} answers)` : ''}\n    body: ${m.excerpt}`,
    )
    .join('\n');
}
