import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema } from '../contract';
import { ApiError, ERRORS } from '../errors';
import { languageOf, type Language, type Translate } from '../i18n';
import { fieldErrors, fieldLabel, fieldsInOneLine, type FieldError, type LabelOwner } from './validation';

/**
 * "Name is required; Telephone: Enter a telephone number of 7 to 15 digits ..." — each failed field
 * named by its label (`root`, the schema of the part validated, says whose labels), with what is
 * expected there in the request's language.
 */
export function describeValidation(errors: ErrorObject[], t: Translate, root?: LabelOwner): string {
  return fieldsInOneLine(fieldErrors(errors, root, t), root, t);
}

/** The HTTP status and `{ code, msg }` of a failure: catalogue errors with their status, the unexpected with 500. */
export function failureOf(
  error: FastifyError,
  t: Translate,
  root?: JsonSchema,
): { status: number; body: { code: number; msg: string; data?: FieldError[] } } {
  if (error instanceof ApiError) {
    const entry = ERRORS[error.kind];
    const { message, owner, ...params } = error.params;
    // A parameter named `...Label` is a label key, shown translated as the parameter without the suffix.
    const values = Object.fromEntries(
      Object.entries(params).map(([name, value]) => (name.endsWith('Label') ? [name.slice(0, -5), t(value)] : [name, value])),
    );
    // A refusal of a record's field (`field` of the entity `owner`) names the field by its label and is answered at it.
    const field = owner && params.field ? params.field : undefined;
    if (field) values.field = fieldLabel({ labels: `entities.${owner}` }, field, t);
    const msg = t(message ?? entry.key, values);
    const data = error.fields ?? (field ? [{ path: field, message: msg }] : undefined);
    return { status: entry.status, body: { code: entry.code, msg, ...(data ? { data } : {}) } };
  }
  if (error.validation) {
    // Every field that failed, in `data`, so that a form shows each beside its field; the first few in `msg`.
    const fields = fieldErrors(error.validation as ErrorObject[], root, t);
    const detail = fieldsInOneLine(fields, root, t);
    return { status: 400, body: { code: ERRORS.validation.code, msg: t(ERRORS.validation.key, { detail }), data: fields } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own refusals (malformed JSON or URL, an unsupported media type, a body or parameter
    // too long) are bad input: 400 with the catalogue's badRequest, as the document lists for every
    // call and as an upload too large answers; only a plugin's "no such file" stays 404.
    const refused = status === ERRORS.notFound.status ? ERRORS.notFound.status : ERRORS.badRequest.status;
    return { status: refused, body: { code: ERRORS.badRequest.code, msg: t(ERRORS.badRequest.key, { detail: error.message }) } };
  }
  return { status: 500, body: { code: ERRORS.internal.code, msg: t(ERRORS.internal.key) } };
}

/** Answers a failure as `{ code, msg }`; the unexpected ones are logged. */
export function answerError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  translate: (lng: Language) => Translate,
): FastifyReply {
  const lng = languageOf(request.headers['accept-language']);
  // The schema of the part that failed its validation names the fields' labels.
  const part = error.validationContext as 'body' | 'querystring' | 'params' | undefined;
  const root = part ? (request.routeOptions.schema?.[part] as JsonSchema | undefined) : undefined;
  const { status, body } = failureOf(error, translate(lng), root);
  if (status === 500) request.log.error(error);
  return reply.code(status).send(body);
}

/** Every failure of a route answers `{ code, msg }`. */
export function registerErrorHandler(app: FastifyInstance, translate: (lng: Language) => Translate): void {
  app.setErrorHandler((error: FastifyError, request, reply) => answerError(error, request, reply, translate));
}

/** The answer to a call that matches no route. */
export function notFound(request: FastifyRequest, reply: FastifyReply, translate: (lng: Language) => Translate): FastifyReply {
  const t = translate(languageOf(request.headers['accept-language']));
  return reply.code(404).send({ code: ERRORS.notFound.code, msg: t(ERRORS.notFound.key) });
}
