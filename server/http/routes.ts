import type { FastifyInstance } from 'fastify';
import type { AuthContext, TenantScope } from '../auth/context';
import { ApiError } from '../errors';
import { languageOf, type Language, type Translate } from '../i18n';
import { handlerFor } from './handlers';
import { authenticate, authorize, checkTenantParameters, containsNul } from './security';
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
 * One route per operation of the contract: credentials and access checked first, then the
 * request validated by the precompiled validators, then the handler; the answer is serialised
 * by the operation's response schema, inside the envelope unless the operation is `x-plain`.
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
        ...(operation.response ? { response: { 200: operation.response } } : {}),
      },
      validatorCompiler: ({ httpPart }) => services.contract.validator(operation.operationId, httpPart ?? ''),
      onRequest: async (request) => {
        const auth = await authenticate(services, request, operation);
        await authorize(services, auth, operation);
        request.auth = auth;
      },
      preValidation: async (request) => {
        if (request.auth) checkTenantParameters(request.auth, operation, request);
        if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
          throw new ApiError('validation', { message: 'errors.nulCharacter' });
        }
      },
      handler: async (request, reply) => {
        const auth = request.auth;
        if (!auth) throw new ApiError('unauthenticated');
        let message = 'success';
        const t = translate(languageOf(request.headers['accept-language']));
        const data = await handler({
          services,
          operation,
          request,
          reply,
          auth,
          query: (request.query ?? {}) as Record<string, unknown>,
          params: (request.params ?? {}) as Record<string, unknown>,
          body: request.body,
          t,
          scope: () => scopeOf(auth),
          say: (key) => {
            message = t(key);
          },
        });
        if (operation.binary || operation.plain) return data;
        return { code: 0, msg: message, data };
      },
    });
  }
}
