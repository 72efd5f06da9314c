import createClient from 'openapi-fetch';
import type { operations as OperationTypes, paths } from '../../generated/api';
import { operations, type OperationId } from '../../generated/registry';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Params<Id extends OperationId> = OperationTypes[Id]['parameters'];

/** What a call takes: its query, path parameters and body, typed from the OpenAPI document. */
export interface CallInput<Id extends OperationId> {
  query?: Params<Id>['query'];
  params?: Params<Id>['path'];
  body?: OperationTypes[Id] extends { requestBody: infer B } ? Json<B> : never;
  /** An Authorization header other than the session's (the client credentials of sign-in). */
  authorization?: string;
}

type Answer<Id extends OperationId> = Json<OperationTypes[Id]['responses'][200]>;
/** What a call answers: the `data` of its envelope, or the whole answer of a plain call. */
export type CallResult<Id extends OperationId> = Answer<Id> extends { code: number; data: infer D } ? D : Answer<Id>;

/** A call that failed: the HTTP status and the server's `{ code, msg }`. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  baseUrl?: string;
  /** The bearer token of the session, if any. */
  token(): string | undefined;
  language(): string;
  /** Called when the server no longer accepts the session's token. */
  onUnauthenticated?(): void;
}

/** A loosely typed call by operation id, for generic screens that learn the operation from a schema. */
export type DynamicCall = (
  id: string,
  input: { query?: Record<string, unknown>; params?: Record<string, unknown>; body?: unknown },
) => Promise<unknown>;

export interface Api {
  call<Id extends OperationId>(id: Id, input?: CallInput<Id>): Promise<CallResult<Id>>;
  callDynamic: DynamicCall;
}

/** The typed API client: every call by its operation id, envelope unwrapped, errors thrown. */
export function createApi(options: ApiOptions): Api {
  const client = createClient<paths>({ baseUrl: options.baseUrl ?? '' });

  async function send(id: string, input: CallInput<OperationId>): Promise<unknown> {
    const operation = (operations as Record<string, { method: string; path: string }>)[id];
    if (!operation) throw new Error(`unknown operation ${id}`);
    const token = options.token();
    const authorization = input.authorization ?? (token ? `Bearer ${token}` : undefined);
    const request = client.request as unknown as (
      method: string,
      path: string,
      init: Record<string, unknown>,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await request(operation.method, operation.path, {
      params: { query: input.query, path: input.params },
      ...(input.body !== undefined ? { body: input.body } : {}),
      headers: { 'Accept-Language': options.language(), ...(authorization ? { Authorization: authorization } : {}) },
    });
    if (!response.ok) {
      const body = (error ?? {}) as { code?: number; msg?: string };
      if (response.status === 401) options.onUnauthenticated?.();
      throw new ApiCallError(response.status, body.code ?? response.status, body.msg ?? response.statusText);
    }
    const envelope = data as { code?: number; msg?: string; data?: unknown };
    if (typeof envelope?.code === 'number' && 'msg' in envelope) {
      if (envelope.code !== 0) throw new ApiCallError(response.status, envelope.code, envelope.msg ?? '');
      return envelope.data;
    }
    return data;
  }

  return {
    call: (id, input = {}) => send(id, input as CallInput<OperationId>) as never,
    callDynamic: (id, input) => send(id, input as CallInput<OperationId>),
  };
}
