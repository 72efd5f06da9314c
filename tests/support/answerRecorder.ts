import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerObserver } from '../../server/app';
import { Conformance, describeMismatches, mediaTypeOf, type Mismatch } from './conformance';
import { contract } from './contract';

let shared: Conformance | undefined;

/** The checker of the served document, built once per test file (its compiled schemas are kept). */
export function conformance(): Conformance {
  shared ??= new Conformance(contract.document);
  return shared;
}

/** Records every answer of a test server that the document does not describe. */
export interface AnswerRecorder extends AnswerObserver {
  readonly mismatches: Mismatch[];
  /** Throws, listing every mismatch, if any answer did not conform. */
  assertConforming(): void;
}

/** A payload that is text, or JSON held in a Buffer; a stream or a file is left unread. */
function bodyOf(payload: unknown, contentType: string | undefined): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload) && mediaTypeOf(contentType) === 'application/json') return payload.toString('utf8');
  return undefined;
}

/** An observer to give `buildApp`: it checks each answer as it is sent. */
export function answerRecorder(checker: Conformance = conformance()): AnswerRecorder {
  const mismatches: Mismatch[] = [];
  return {
    mismatches,
    onAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const header = reply.getHeader('content-type');
      const contentType = header === undefined ? undefined : String(header);
      const url = request.routeOptions.url;
      const answer = {
        method: request.method,
        // Fastify writes `/manager/x/:id`, the document `/manager/x/{id}`.
        route: url === undefined ? undefined : url.replace(/:(\w+)/g, '{$1}'),
        url: request.url,
        status: reply.statusCode,
        contentType,
        body: bodyOf(payload, contentType),
      };
      try {
        mismatches.push(...checker.check(answer));
      } catch (error) {
        // A schema Ajv cannot compile is reported with the answers, never thrown into the server's answer.
        const problem = `the check failed: ${String(error)}`;
        mismatches.push({
          operation: `${answer.method} ${answer.url}`,
          status: answer.status,
          mediaType: mediaTypeOf(contentType),
          problem,
          excerpt: '',
        });
      }
    },
    assertConforming() {
      if (mismatches.length === 0) return;
      throw new Error(`${mismatches.length} answers do not conform to the OpenAPI document:\n${describeMismatches(mismatches)}`);
    },
  };
}
