/**
 * The server's error catalogue: each error has a non-zero `code`, an HTTP status and the label
 * of its message (translated into the language of the request).
 */
export const ERRORS = {
  badRequest: { code: 40000, status: 400, key: 'errors.badRequest' },
  validation: { code: 40001, status: 400, key: 'errors.validation' },
  invalidCredentials: { code: 40002, status: 400, key: 'errors.invalidCredentials' },
  refMissing: { code: 40003, status: 400, key: 'errors.refMissing' },
  refInactive: { code: 40004, status: 400, key: 'errors.refInactive' },
  captchaRequired: { code: 40005, status: 400, key: 'errors.captchaRequired' },
  captchaWrong: { code: 40006, status: 400, key: 'errors.captchaWrong' },
  accountLocked: { code: 40007, status: 400, key: 'errors.accountLocked' },
  accountInactive: { code: 40008, status: 400, key: 'errors.accountInactive' },
  wrongPassword: { code: 40009, status: 400, key: 'errors.wrongPassword' },
  badUpload: { code: 40010, status: 400, key: 'errors.badUpload' },
  // The specification's words for a 401 (its status catalogue), which the browser shows as they are.
  unauthenticated: { code: 40100, status: 401, key: 'http.401' },
  invalidClient: { code: 40101, status: 401, key: 'errors.invalidClient' },
  forbidden: { code: 40300, status: 403, key: 'errors.forbidden' },
  notFound: { code: 40400, status: 404, key: 'errors.notFound' },
  conflict: { code: 40900, status: 409, key: 'errors.conflict' },
  duplicate: { code: 40901, status: 409, key: 'errors.duplicate' },
  selfDelete: { code: 40902, status: 409, key: 'errors.selfDelete' },
  staleVersion: { code: 40903, status: 409, key: 'errors.staleVersion' },
  transitionRefused: { code: 40904, status: 409, key: 'errors.transitionRefused' },
  notControllable: { code: 40011, status: 400, key: 'errors.notControllable' },
  internal: { code: 50000, status: 500, key: 'errors.internal' },
  notReady: { code: 50300, status: 503, key: 'errors.notReady' },
  salesOwnerInactive: { code: 42100, status: 400, key: 'errors.salesOwnerInactive' },
  emsDevStationHasDevices: { code: 42500, status: 409, key: 'errors.emsDevStationHasDevices' },
  emsDevBadWorkbook: { code: 42501, status: 400, key: 'errors.emsDevBadWorkbook' },
  emsDevChargeTaken: { code: 42502, status: 409, key: 'errors.emsDevChargeTaken' },
  notApprover: { code: 42300, status: 403, key: 'errors.oaNotApprover' },
  notApplicant: { code: 42301, status: 403, key: 'errors.oaNotApplicant' },
  stockShort: { code: 42200, status: 409, key: 'errors.stockShort' },
  pointsShort: { code: 42201, status: 409, key: 'errors.pointsShort' },
  stockInsufficient: { code: 42400, status: 409, key: 'errors.tenderStockInsufficient' },
  badWorkbook: { code: 42401, status: 400, key: 'errors.tenderBadWorkbook' },
  cameraNoPtz: { code: 42600, status: 400, key: 'errors.cameraNoPtz' },
  notAPicture: { code: 42601, status: 400, key: 'errors.notAPicture' },
  siteopsNotDraft: { code: 42700, status: 409, key: 'errors.siteopsNotDraft' },
} as const;

export type ErrorKind = keyof typeof ERRORS;

/**
 * An expected failure, answered as `{ code, msg }` with the catalogue's status. A `message`
 * parameter names a more specific label than the catalogue's (from the schema's `x-messages`).
 */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly params: Record<string, string>;
  /** The fields a refusal is about, each with what is expected there (the answer's `data`). */
  readonly fields: { path: string; message: string }[] | undefined;

  constructor(kind: ErrorKind, params: Record<string, string> = {}, fields?: { path: string; message: string }[]) {
    super(`${kind} ${JSON.stringify(params)}`);
    this.kind = kind;
    this.params = params;
    this.fields = fields;
  }
}
