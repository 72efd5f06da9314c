import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthContext, TenantScope } from '../auth/context';
import type { Operation } from '../contract';
import type { Tables } from '../db/tables';
import { tenantData } from '../db/tenantScope';
import { ApiError } from '../errors';
import type { Translate } from '../i18n';
import { checkTenantParameters, containsNul } from './security';
import type { Services } from './services';

/** What a call is made with: its path parameters, query and body. */
export interface CallInput {
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  body: unknown;
}

function scopeOf(auth: AuthContext): TenantScope {
  if (!auth.user || auth.tenantId === undefined) throw new ApiError('unauthenticated');
  return { tenantId: auth.tenantId, userId: auth.user.id, userName: auth.user.name };
}

/** The checks of a call's input made before its validation: a foreign `tenantId` (403), text with NUL (400). */
export function precheck(
  auth: AuthContext,
  operation: Operation,
  input: { query?: unknown; params?: unknown; body?: unknown },
): void {
  checkTenantParameters(auth, operation, input);
  if (containsNul(input.query) || containsNul(input.params) || containsNul(input.body)) {
    throw new ApiError('validation', { message: 'errors.nulCharacter' });
  }
}

/**
 * Answers one call whose input is checked and validated: its handler's data inside the envelope
 * (or as it is, for a plain or binary call). The routes and the batch call both answer by it.
 */
export async function invoke(
  services: Services,
  operation: Operation,
  input: CallInput,
  context: { request: FastifyRequest; reply: FastifyReply; auth: AuthContext; t: Translate },
): Promise<unknown> {
  const handler = services.handlerOf(operation);
  const { auth, t } = context;
  let message = 'success';
  let scoped: Kysely<Tables> | undefined;
  const data = await handler({
    services,
    operation,
    ...context,
    ...input,
    scope: () => scopeOf(auth),
    data: () => (scoped ??= tenantData(services.database, scopeOf(auth).tenantId)),
    say: (key) => {
      message = t(key);
    },
  });
  if (operation.binary || operation.plain) return data;
  return { code: 0, msg: message, data };
}

/** An envelope's text, serialised by the call's own response schema (as its route answers it). */
export function serialised(reply: FastifyReply, operation: Operation, envelope: unknown): string {
  if (!operation.response) return JSON.stringify(envelope);
  return reply.compileSerializationSchema(operation.response, '200')(envelope as Record<string, unknown>);
}
