import type { ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERRORS } from '../errors';
import { languageOf, type Language, type Translate } from '../i18n';

const MAX_REPORTED = 5;

/**
 * "name: must NOT have more than 100 characters; confirmPassword: The two password inputs are
 * inconsistent" — a schema's own message label (`params.message`) where it gives one.
 */
export function describeValidation(errors: ErrorObject[], part: string, lng: Language, t: Translate): string {
  // An `if` error ("must match "then" schema") only follows its branch's own errors, which say what is wrong.
  const copies = errors
    .filter((error) => error.keyword !== 'if')
    .slice(0, MAX_REPORTED)
    .map((error) => ({ ...error }));
  if (lng === 'zh') localizeZh(copies);
  return copies
    .map((error) => {
      const params = error.params as { additionalProperty?: string; missingProperty?: string };
      const field = [
        error.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        params.additionalProperty ?? params.missingProperty,
      ]
        .filter(Boolean)
        .join('.');
      const label = (error.params as { message?: string }).message;
      return `${field || part}: ${label ? t(label) : (error.message ?? error.keyword)}`;
    })
    .join('; ');
}

/** The HTTP status and `{ code, msg }` of a failure: catalogue errors with their status, the unexpected with 500. */
export function failureOf(
  error: FastifyError,
  lng: Language,
  t: Translate,
): { status: number; body: { code: number; msg: string } } {
  if (error instanceof ApiError) {
    const entry = ERRORS[error.kind];
    const { message, ...params } = error.params;
    // A parameter named `...Label` is a label key, shown translated as the parameter without the suffix.
    const values = Object.fromEntries(
      Object.entries(params).map(([name, value]) => (name.endsWith('Label') ? [name.slice(0, -5), t(value)] : [name, value])),
    );
    return { status: entry.status, body: { code: entry.code, msg: t(message ?? entry.key, values) } };
  }
  if (error.validation) {
    const detail = describeValidation(error.validation as ErrorObject[], error.validationContext ?? 'request', lng, t);
    return { status: 400, body: { code: ERRORS.validation.code, msg: t(ERRORS.validation.key, { detail }) } };
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
  const { status, body } = failureOf(error, lng, translate(lng));
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
