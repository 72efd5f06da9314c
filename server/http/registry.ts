import type { Operation, ResourceBinding } from '../contract';
import type { Handler } from './services';

/**
 * An area of the platform as the server takes it in (as a fastify plugin is registered): its
 * handlers of calls with behaviour beyond CRUD, by the `x-handler` name in `openapi/`. The areas
 * are listed where the server is put together (`server/areas.ts`); this layer knows none by name.
 */
export interface Area {
  name: string;
  handlers: Record<string, Handler>;
}

/** What answers an operation bound to a resource (`x-resource`): the generic handler of records. */
export type ResourceHandler = (operation: Operation, binding: ResourceBinding) => Handler;

/**
 * The handlers of the contract's operations: named ones from the areas registered, the generic
 * one for the rest. Two areas naming the same handler, or an operation that nothing answers,
 * stop the server at start rather than answering 500 later.
 */
export class HandlerRegistry {
  private readonly named = new Map<string, { area: string; handler: Handler }>();
  private readonly made = new WeakMap<Operation, Handler>();

  constructor(
    areas: readonly Area[],
    private readonly resource: ResourceHandler,
  ) {
    for (const area of areas) {
      for (const [name, handler] of Object.entries(area.handlers)) {
        const taken = this.named.get(name);
        if (taken) throw new Error(`handler ${name} is named by both ${taken.area} and ${area.name}`);
        this.named.set(name, { area: area.name, handler });
      }
    }
  }

  /** The handler of an operation, made once. */
  handlerFor(operation: Operation): Handler {
    let handler = this.made.get(operation);
    if (!handler) {
      if (operation.handler) {
        // A named handler; with a resource, it answers that resource's options (see codegen/operations.ts).
        handler = this.named.get(operation.handler)?.handler;
        if (!handler) throw new Error(`${operation.operationId}: no handler named ${operation.handler}`);
      } else if (operation.resource) {
        handler = this.resource(operation, operation.resource);
      } else {
        throw new Error(`${operation.operationId}: no handler`);
      }
      this.made.set(operation, handler);
    }
    return handler;
  }
}
