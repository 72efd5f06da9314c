import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/context';
import { unwatched, watchWrites } from '../db/writes';
import { ApiError } from '../errors';
import { languageOf, type Language, type Translate } from '../i18n';
import { invoke, precheck, serialised } from './invoke';
import { needText } from './needCache';
import { aroundText, envelopeText } from './jsonText';
import { authenticate, authorize } from './security';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** What a call that changed rows changed, as what is kept of the data (`server/http/needCache.ts`) knows it. */
const RECORDS = 'records';

/**
 * One route per operation of the contract: credentials and access checked first, then the
 * request validated by the precompiled validators, then the handler; the answer is serialised
 * by the operation's response schema, inside the envelope unless the operation is `x-plain`. A
 * call that changed rows of its tenant (whatever its handler) says so once it is done, so that
 * the dashboards' shared answers are computed again on every node. A call the dashboard may batch
 * (`x-batchable`) shares its answers with the tenant's other callers in the same way.
 */
export function registerRoutes(app: FastifyInstance, services: Services, translate: (lng: Language) => Translate): void {
  app.decorateRequest('auth', null);
  for (const operation of services.contract.operations) {
    services.handlerOf(operation);
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
        if (request.auth) precheck(request.auth, operation, request);
      },
      handler: async (request, reply) => {
        const auth = request.auth;
        if (!auth) throw new ApiError('unauthenticated');
        const language = languageOf(request.headers['accept-language']);
        const t = translate(language);
        const input = {
          query: (request.query ?? {}) as Record<string, unknown>,
          params: (request.params ?? {}) as Record<string, unknown>,
          body: request.body,
        };
        const answered = () => invoke(services, operation, input, { request, reply, auth, t });
        if (operation.batchable && auth.tenantId !== undefined) {
          // A call the dashboard batches, asked alone: its answer is shared by the tenant's callers
          // as the batch's are, but ends at the tenant's next sample (it answers the latest one).
          const key = needText(language, operation.operationId, input.params, input.query, input.body);
          const compute = () => unwatched(async () => serialised(reply, operation, await answered()));
          const { text } = await services.needs.answer(auth.tenantId, key, compute, 0);
          return reply.type('application/json; charset=utf-8').send(text);
        }
        const answer = await watchWrites(answered, () => {
          if (auth.tenantId !== undefined) services.changed(RECORDS, auth.tenantId);
        });
        if (aroundText(answer)) reply.type('application/json; charset=utf-8').serializer(() => envelopeText(answer));
        return answer;
      },
    });
  }
}
