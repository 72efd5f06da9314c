/**
 * The server's error catalogue: each error has a non-zero `code`, an HTTP status and the label
 * of its message (translated into the language of the request).
 */
export const ERRORS = {
  badRequest: { code: 40000, status: 400, key: 'errors.badRequest' },
  validation: { code: 40001, status: 400, key: 'errors.validation' },
  invalidCredentials: { code: 40002, status: 400, key: 'errors.invalidCredentials' },
  refMissing: { code: 40003, status: 400, key: 'errors.refMissing' },
  unauthenticated: { code: 40100, status: 401, key: 'errors.unauthenticated' },
  invalidClient: { code: 40101, status: 401, key: 'errors.invalidClient' },
  forbidden: { code: 40300, status: 403, key: 'errors.forbidden' },
  notFound: { code: 40400, status: 404, key: 'errors.notFound' },
  conflict: { code: 40900, status: 409, key: 'errors.conflict' },
  internal: { code: 50000, status: 500, key: 'errors.internal' },
} as const;

export type ErrorKind = keyof typeof ERRORS;

/** An expected failure, answered as `{ code, msg }` with the catalogue's status. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly params: Record<string, string>;

  constructor(kind: ErrorKind, params: Record<string, string> = {}) {
    super(`${kind} ${JSON.stringify(params)}`);
    this.kind = kind;
    this.params = params;
  }
}
