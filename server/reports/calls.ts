import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TenantScope } from '../auth/context';
import { tenantData } from '../db/tenantScope';
import { ApiError } from '../errors';
import type { Services } from '../http/services';
import type { Translate } from '../i18n';

/** What a report asks of a call: its query and path parameters, as a screen would send them. */
export interface ReportCallInput {
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

/** Makes the calls of the contract for a report, as its tenant (the definition's author): the screens' own handlers answer. */
export type ReportCaller = <T>(operationId: string, input: ReportCallInput) => Promise<T>;

/**
 * A caller of the platform's own operations for a tenant, outside any request: each input is
 * validated (and coerced) by the operation's own validators, then answered by its handler, so
 * a report's figures are the figures the screens get for the same period. Only calls that need
 * neither the request nor the reply are made this way (data calls, not file answers).
 */
export function reportCaller(services: Services, scope: TenantScope, t: Translate): ReportCaller {
  const { contract } = services;
  const data = tenantData(services.database, scope.tenantId);
  return async <T>(operationId: string, input: ReportCallInput): Promise<T> => {
    const operation = contract.operations.find((op) => op.operationId === operationId);
    if (!operation || operation.binary) throw new Error(`a report cannot call ${operationId}`);
    const query = { ...input.query };
    const params = { ...input.params };
    for (const [part, value] of [
      ['querystring', query],
      ['params', params],
    ] as const) {
      if (part === 'querystring' && !operation.query) continue;
      if (part === 'params' && !operation.params) continue;
      const check = contract.validator(operationId, part);
      if (!check(value)) throw new ApiError('validation', { detail: `${operationId}: ${JSON.stringify(check.errors)}` });
    }
    const handler = services.handlerOf(operation);
    const unavailable = new Proxy(
      {},
      {
        get() {
          throw new Error(`${operationId} needs a request, which a report has not`);
        },
      },
    );
    return (await handler({
      services,
      operation,
      request: unavailable as FastifyRequest,
      reply: unavailable as FastifyReply,
      auth: { kind: 'user', clientId: 'reports', tenantId: scope.tenantId },
      query,
      params,
      body: undefined,
      t,
      scope: () => scope,
      data: () => data,
      say: () => undefined,
    })) as T;
  };
}
