import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallerCache } from '../auth/callers';
import type { AuthContext, TenantScope } from '../auth/context';
import type { TokenService } from '../auth/tokens';
import type { ServerConfig } from '../config';
import type { Contract, Operation } from '../contract';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import type { Translate } from '../i18n';
import type { NeedCache } from './needCache';

/**
 * What handlers work with, made once per server: here what every call needs; each area adds what
 * it gives in its own folder (`declare module '../http/services'`, as Fastify's decorators are
 * typed), so that this layer names no area.
 */
export interface Services {
  config: ServerConfig;
  contract: Contract;
  database: Database;
  tokens: TokenService;
  /** Who each token stands for, kept a few seconds. */
  callers: CallerCache;
  /** The answers of the dashboard's data needs, shared by the viewers of a tenant. */
  needs: NeedCache;
  /** Something of a tenant changed through this node: what is kept of it is dropped here and on the other nodes. */
  changed(entity: string, tenantId: number): void;
  /** The handler that answers an operation (the registry of `handlers.ts`, given here so that what answers calls, the batch among them, need not import it). */
  handlerOf(operation: Operation): Handler;
}

/** One call being answered: its operation, its validated input and who makes it. */
export interface CallContext {
  services: Services;
  operation: Operation;
  request: FastifyRequest;
  reply: FastifyReply;
  auth: AuthContext;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  body: unknown;
  t: Translate;
  /** The tenant and user the call acts for; refused when the token is not bound to a user. */
  scope(): TenantScope;
  /**
   * The database bound to the caller's tenant (`scope()`'s, refused alike without one): what a
   * handler reads and writes through it, its transactions too, is that tenant's rows only.
   */
  data(): Kysely<Tables>;
  /** Sets the `msg` of the answer (a label key), instead of 'success'. */
  say(key: string): void;
}

/** Answers a call with the `data` of the envelope (or the whole answer of an `x-plain` call). */
export type Handler = (call: CallContext) => Promise<unknown>;
