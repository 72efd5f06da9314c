import { clientToken, emsToken, login } from '../auth/handlers';
import type { Operation } from '../contract';
import { resourceHandler } from '../resources/handlers';
import type { Handler } from './services';

/** Handlers of calls with behaviour beyond CRUD, by the `x-handler` name in `openapi/`. */
const NAMED: Record<string, Handler> = { clientToken, login, emsToken };

/** The handler of an operation; the server does not start while a documented call has none. */
export function handlerFor(operation: Operation): Handler {
  if (operation.resource) return resourceHandler(operation.resource);
  const named = operation.handler ? NAMED[operation.handler] : undefined;
  if (!named) throw new Error(`${operation.operationId}: no handler named ${String(operation.handler)}`);
  return named;
}
