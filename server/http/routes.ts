import type { FastifyInstance } from 'fastify';
import type { AuthContext, TenantScope } from '../auth/context';
import { ApiError } from '../errors';
import { languageOf, type Language, type Translate } from '../i18n';
import { handlerFor } from './handlers';
import { authenticate } from './security';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function scopeOf(auth: AuthContext): TenantScope {
  if (!auth.user || auth.tenantId === undefined) throw new ApiError('unauthenticated');
  return { tenantId: auth.tenantId, userId: auth.user.id, userName: auth.user.name };
}

/**
 * One route per operation of the contract: credentials checked first, then the request
 * validated by the precompiled validators, then the handler; the answer is serialised by the
 * operation's response schema, inside the envelope unless the operation is `x-plain`.
 */
export function registerRoutes(app: FastifyInstance, services: Services, translate: (lng: Language) => Translate): void {
  app.decorateRequest('auth', null);
  for (const operation of services.contract.operations) {
    const handler = handlerFor(operation);
    app.route({
      method: operation.method.toUpperCase() as 'GET',
      url: operation.path.replace(/\{(\w+)\}/g, ':$1'),
      schema: {
        ...(operation.body ? { body: operation.body } : {}),
        ...(operation.query ? { querystring: operation.query } : {}),
        ...(operation.params ? { params: operation.params } : {}),
        response: { 200: operation.response },
      },
      validatorCompiler: ({ httpPart }) => services.contract.validator(operation.operationId, httpPart ?? ''),
      onRequest: async (request) => {
        request.auth = await authenticate(services, request, operation.security);
      },
      handler: async (request) => {
        const auth = request.auth;
        if (!auth) throw new ApiError('unauthenticated');
        const data = await handler({
          services,
          operation,
          request,
          auth,
          query: (request.query ?? {}) as Record<string, unknown>,
          params: (request.params ?? {}) as Record<string, unknown>,
          body: request.body,
          t: translate(languageOf(request.headers['accept-language'])),
          scope: () => scopeOf(auth),
        });
        return operation.plain ? data : { code: 0, msg: 'success', data };
      },
    });
  }
}
