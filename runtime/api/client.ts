import createClient from 'openapi-fetch';
import type { operations as OperationTypes, paths } from '../../generated/api';
import { operations, type OperationId } from '../../generated/registry';
import { TokenManager, WEB_CLIENT } from '../auth/tokens';
import type { TokenStore } from '../auth/tokenStore';
import { statusMessageKey } from './errorCatalogue';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Params<Id extends OperationId> = OperationTypes[Id]['parameters'];

/** What a call takes: its query, path parameters and body, typed from the OpenAPI document. */
export interface CallInput<Id extends OperationId> {
  query?: Params<Id>['query'];
  params?: Params<Id>['path'];
  body?: OperationTypes[Id] extends { requestBody: infer B } ? Json<B> : never;
}

/** How a call behaves on failure. */
export interface CallOptions {
  /** The caller shows the failure itself: no warning. */
  silent?: boolean;
}

type Answer<Id extends OperationId> = Json<OperationTypes[Id]['responses'][200]>;
/** What a call answers: the `data` of its envelope, or the whole answer of a plain call. */
export type CallResult<Id extends OperationId> = Answer<Id> extends { code: number; data: infer D } ? D : Answer<Id>;

/** A call that failed: the HTTP status (0 when the server was not reached) and the server's `{ code, msg }`. */
/** A field the server refused, and what it expects there (the `data` of a 400). */
export interface RefusedField {
  path: string;
  message: string;
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** The fields of a refused input, each with its message, to show beside the field. */
    readonly fields: RefusedField[] = [],
  ) {
    super(message);
  }
}

/** How long an answer started early waits for the screen's call that takes it. */
export const EARLY_CALL_MS = 10_000;

/** Request timeout of every call (the specification's 120000 ms). */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface ApiOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  store: TokenStore;
  language(): string;
  /** Shows a warning (the error catalogue's messages, already translated by `translate`). */
  warn(text: string): void;
  translate(key: string, params?: Record<string, unknown>): string;
  /** Called when the session cannot be renewed: the user must sign in again. */
  onSessionEnd(): void;
}

/**
 * Parameters for a call that may take each in its path or in its query (a screen that learns the
 * call from a schema): given as both, the path takes those its template names.
 */
export const inPathAndQuery = (values: Record<string, unknown>) => ({ params: values, query: values });

/** A loosely typed call by operation id, for generic screens that learn the operation from a schema. */
export type DynamicCall = (
  id: string,
  input: { query?: Record<string, unknown>; params?: Record<string, unknown>; body?: unknown },
  options?: CallOptions,
) => Promise<unknown>;

/** A file a call answered, with the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface Api {
  call<Id extends OperationId>(id: Id, input?: CallInput<Id>, options?: CallOptions): Promise<CallResult<Id>>;
  callDynamic: DynamicCall;
  /**
   * Starts a call before the screen that needs it renders (a route's loader starts what its screen
   * will ask for first): the screen's own `call` with the same input, made within
   * `EARLY_CALL_MS`, takes this answer instead of asking again. Nothing is announced until then.
   * The answer is also given here, for what the loader starts from it in turn.
   */
  prefetch<Id extends OperationId>(id: Id, input?: CallInput<Id>): Promise<CallResult<Id>>;
  /** A call answering a file (`x-binary`), read as it streams in: `onProgress` hears the bytes received so far. */
  download(
    id: string,
    input: { query?: Record<string, unknown>; params?: Record<string, unknown> },
    onProgress?: (bytes: number) => void,
  ): Promise<DownloadedFile>;
  tokens: TokenManager;
}

type RawInput = { query?: unknown; params?: unknown; body?: unknown; authorization?: string; stream?: boolean };
type Security = 'clientBasic' | 'clientToken' | 'userToken' | 'emsToken';

/**
 * The typed API client. Each call carries the token its operation's security asks for; a 401
 * renews that token once (a renewal shared by every call waiting for it) and the call is made
 * again once. Failures are thrown as `ApiCallError` and, unless the caller is silent, shown as a
 * warning: the server's message, or the catalogue's for the status. A server that cannot be
 * reached is not announced.
 */
export function createApi(options: ApiOptions): Api {
  const client = createClient<paths>({ baseUrl: options.baseUrl ?? '', ...(options.fetch ? { fetch: options.fetch } : {}) });
  const request = client.request as unknown as (
    method: string,
    path: string,
    init: Record<string, unknown>,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

  /** One call with the given credentials: no token handling, no warnings. */
  async function raw(id: string, input: RawInput): Promise<unknown> {
    const operation = (operations as Record<string, { method: string; path: string }>)[id];
    if (!operation) throw new ApiCallError(0, -1, `unknown operation ${id}`);
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(operation.method, operation.path, {
        params: { query: input.query, path: input.params },
        ...(input.body instanceof FormData
          ? { body: input.body, bodySerializer: (body: FormData) => body }
          : input.body !== undefined
            ? { body: input.body }
            : {}),
        ...(input.stream ? { parseAs: 'stream' } : {}),
        headers: {
          'Accept-Language': options.language(),
          ...(input.authorization ? { Authorization: input.authorization } : {}),
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new ApiCallError(timedOut ? 408 : 0, timedOut ? 408 : 0, timedOut ? options.translate('http.408') : '');
    }
    const { data, error, response } = answer;
    if (!response.ok) {
      const body = (error ?? {}) as { code?: number; msg?: string; data?: unknown };
      const { key, params } = statusMessageKey(response.status);
      const fields = Array.isArray(body.data) ? (body.data as RefusedField[]) : [];
      throw new ApiCallError(response.status, body.code ?? response.status, body.msg ?? options.translate(key, params), fields);
    }
    if (input.stream) return response;
    const envelope = data as { code?: number; msg?: string; data?: unknown };
    if (typeof envelope?.code === 'number' && 'msg' in envelope) {
      if (envelope.code !== 0) throw new ApiCallError(response.status, envelope.code, envelope.msg ?? '');
      return envelope.data;
    }
    return data;
  }

  const tokens = new TokenManager(
    options.store,
    {
      clientToken: () =>
        raw('getClientToken', { query: { grant_type: 'client_credentials' }, authorization: WEB_CLIENT }) as Promise<{
          access_token: string;
          expire_at_millisec: number;
        }>,
      refresh: (refreshToken) =>
        raw('getClientToken', {
          query: { grant_type: 'refresh_token', refresh_token: refreshToken },
          authorization: WEB_CLIENT,
        }) as Promise<{ access_token: string; expire_at_millisec: number; refresh_token?: string }>,
      emsToken: (userToken) =>
        raw('getEmsToken', { authorization: `Bearer ${userToken}` }) as Promise<{
          access_token: string;
          expire_at_millisec: number;
        }>,
    },
    options.onSessionEnd,
  );

  const securityOf = (id: string): Security | undefined =>
    (operations as Record<string, { security: readonly string[] }>)[id]?.security[0] as Security | undefined;

  /** The credentials of a call; `rejected` is the Authorization the server just refused, to renew. */
  async function credentials(security: Security | undefined, rejected?: string): Promise<string | undefined> {
    const renew = rejected !== undefined;
    const refused = rejected?.replace(/^Bearer /, '');
    switch (security) {
      case 'clientBasic':
        return WEB_CLIENT;
      case 'clientToken':
        return `Bearer ${await tokens.clientToken()}`;
      case 'emsToken':
        return `Bearer ${renew ? await tokens.renewEms(refused) : await tokens.emsToken()}`;
      case 'userToken': {
        const token = renew ? await tokens.renewUser(refused) : await tokens.userToken();
        return token ? `Bearer ${token}` : undefined;
      }
      default:
        return undefined;
    }
  }

  /** One call with its credentials, renewed once on a 401; failures thrown as `ApiCallError`, not announced. */
  async function attempt(id: string, input: RawInput): Promise<unknown> {
    const security = securityOf(id);
    try {
      let authorization: string | undefined;
      try {
        authorization = await credentials(security);
      } catch {
        throw new ApiCallError(403, 403, options.translate('http.forbidden'));
      }
      try {
        return await raw(id, { ...input, authorization });
      } catch (error) {
        if (!(error instanceof ApiCallError) || error.status !== 401 || security === 'clientBasic') throw error;
        const renewed = await credentials(security, authorization ?? '');
        return await raw(id, { ...input, authorization: renewed });
      }
    } catch (error) {
      throw error instanceof ApiCallError ? error : new ApiCallError(0, 0, '');
    }
  }

  /** Calls started before the screen that needs them rendered, by operation and input. */
  const early = new Map<string, { at: number; answer: Promise<unknown> }>();
  const keyOf = (id: string, input: RawInput) => `${id} ${JSON.stringify(input)}`;

  function prefetch(id: string, input: RawInput): Promise<unknown> {
    const key = keyOf(id, input);
    const known = early.get(key);
    if (known && Date.now() - known.at < EARLY_CALL_MS) return known.answer;
    const answer = attempt(id, input);
    // Its failure is heard by the call that takes it.
    answer.catch(() => undefined);
    early.set(key, { at: Date.now(), answer });
    return answer;
  }

  /** A call: the answer of the same call started early, if one was and is recent, else a new one; failures announced unless silent. */
  async function send(id: string, input: RawInput, callOptions: CallOptions = {}): Promise<unknown> {
    const key = keyOf(id, input);
    const known = early.get(key);
    early.delete(key);
    try {
      return await (known && Date.now() - known.at < EARLY_CALL_MS ? known.answer : attempt(id, input));
    } catch (error) {
      const failure = error as ApiCallError;
      if (!callOptions.silent && failure.status !== 0 && failure.message) options.warn(failure.message);
      throw failure;
    }
  }

  async function download(
    id: string,
    input: { query?: Record<string, unknown>; params?: Record<string, unknown> },
    onProgress?: (bytes: number) => void,
  ): Promise<DownloadedFile> {
    const response = (await send(id, { ...input, stream: true })) as Response;
    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      chunks.push(part.value);
      received += part.value.byteLength;
      onProgress?.(received);
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    return {
      blob: new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
      fileName: encoded ? decodeURIComponent(encoded) : id,
    };
  }

  return {
    call: (id, input = {}, callOptions) => send(id, input, callOptions) as never,
    callDynamic: (id, input, callOptions) => send(id, input, callOptions),
    prefetch: (id, input = {}) => prefetch(id, input) as never,
    download,
    tokens,
  };
}
