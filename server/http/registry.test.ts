import { describe, expect, test } from 'vitest';
import { AREAS } from '../areas';
import { loadContract, type Operation } from '../contract';
import { resourceHandler } from '../resources/handlers';
import { HandlerRegistry } from './registry';
import type { Handler } from './services';

const contract = loadContract();
const answer: Handler = async () => 'answered';

/** An operation of the contract with what the test gives it. */
function operationLike(change: Partial<Operation>): Operation {
  const [first] = contract.operations;
  if (!first) throw new Error('the contract has no operation');
  return { ...first, handler: undefined, resource: undefined, ...change };
}

describe('the handlers areas register', () => {
  test('every operation of the contract is answered by the areas of server/areas.ts or the generic handler', () => {
    const registry = new HandlerRegistry(AREAS, resourceHandler);
    for (const operation of contract.operations) expect(typeof registry.handlerFor(operation)).toBe('function');
  });

  test('an operation is answered by the handler its area registered under its x-handler name, made once', () => {
    const registry = new HandlerRegistry([{ name: 'spares', handlers: { countSpares: answer } }], resourceHandler);
    const operation = operationLike({ handler: 'countSpares' });
    expect(registry.handlerFor(operation)).toBe(answer);
    expect(registry.handlerFor(operation)).toBe(registry.handlerFor(operation));
  });

  test('two areas naming the same handler stop the server at start, naming both', () => {
    const areas = [
      { name: 'spares', handlers: { countSpares: answer } },
      { name: 'stock', handlers: { countSpares: answer } },
    ];
    expect(() => new HandlerRegistry(areas, resourceHandler)).toThrow('handler countSpares is named by both spares and stock');
  });

  test('an x-handler no area registered, or an operation with neither handler nor resource, is refused by name', () => {
    const registry = new HandlerRegistry([], resourceHandler);
    expect(() => registry.handlerFor(operationLike({ operationId: 'countSpares', handler: 'countSpares' }))).toThrow(
      'countSpares: no handler named countSpares',
    );
    expect(() => registry.handlerFor(operationLike({ operationId: 'nothing' }))).toThrow('nothing: no handler');
  });

  test('an operation bound to a resource gets the generic handler of its binding', () => {
    const bindings: unknown[] = [];
    const registry = new HandlerRegistry([], (operation, binding) => {
      bindings.push(binding);
      return answer;
    });
    const resource = { entity: 'station', action: 'list' } as Operation['resource'];
    expect(registry.handlerFor(operationLike({ resource }))).toBe(answer);
    expect(bindings).toEqual([resource]);
  });
});
