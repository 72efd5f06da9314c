import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StateMachine } from '../../codegen/operations';
import { loadContract } from '../../server/contract';
import { databases, signIn } from '../support/api';
import { entities, example } from '../support/contract';
import { callOn, createRecord, readRecord, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * Every state machine of the entity schemas (`x-states`), table-driven: a record is brought
 * into each state by the machine's own transitions, then every transition is tried from it.
 * One the state allows answers the record in the transition's target state; any other answers
 * 409 and leaves the record as it was.
 */

const contract = loadContract();
type State = string | number;

const machines = Object.entries(entities).flatMap(([entity, schema]) =>
  schema['x-states'] ? [{ entity, machine: schema['x-states'] as StateMachine }] : [],
);

/** The operation of each transition, by the transition's name. */
function transitionOperations(entity: string): Map<string, string> {
  return new Map(
    contract.operations.flatMap((op) =>
      op.resource?.entity === entity && op.resource.action === 'transition' && op.resource.transition
        ? [[op.resource.transition, op.operationId] as const]
        : [],
    ),
  );
}

/** The shortest sequence of transitions from the initial state to each reachable state. */
function pathsFrom(machine: StateMachine): Map<string, string[]> {
  const paths = new Map<string, string[]>([[String(machine.initial), []]]);
  const queue: State[] = [machine.initial];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const [name, { from, to }] of Object.entries(machine.transitions)) {
      if (!from.map(String).includes(String(state)) || paths.has(String(to))) continue;
      paths.set(String(to), [...(paths.get(String(state)) ?? []), name]);
      queue.push(to);
    }
  }
  return paths;
}

/** The body a transition takes (the fields it records with the step), from the entity's example. */
function bodyOf(operationId: string, entity: string): Row | undefined {
  const op = contract.operations.find((o) => o.operationId === operationId);
  if (!op?.body) return undefined;
  const sample = example(entity);
  return Object.fromEntries(Object.keys(op.body.properties ?? {}).map((field) => [field, sample[field]]));
}

// Until an entity declares a machine there is nothing to try (the areas that declare them come with their own).
describe.skipIf(machines.length === 0)('the state machines', () => {
  test.each(machines)('$entity: every transition has its call, every state is reachable', ({ entity, machine }) => {
    const operations = transitionOperations(entity);
    expect(Object.keys(machine.transitions).filter((name) => !operations.has(name))).toEqual([]);
    const reachable = pathsFrom(machine);
    const named = Object.values(machine.transitions).flatMap(({ from, to }) => [...from, to].map(String));
    expect([...new Set(named)].filter((state) => !reachable.has(state))).toEqual([]);
  });
});

describe.skipIf(machines.length === 0).each(databases())('state machines on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    server = await start();
    app = server.app;
    admin = await signIn(app, 'admin', 'admin123');
  });
  afterAll(() => server.stop());

  const cases = machines.flatMap(({ entity, machine }) =>
    [...pathsFrom(machine).entries()].flatMap(([state, path]) =>
      Object.entries(machine.transitions).map(([transition, { from, to }]) => ({
        entity,
        machine,
        state,
        path,
        transition,
        allowed: from.map(String).includes(state),
        to,
      })),
    ),
  );

  test.each(cases)(
    '$entity in state $state: $transition is allowed: $allowed',
    async ({ entity, machine, path, transition, allowed, to, state }) => {
      const operations = transitionOperations(entity);
      const step = (name: string, id: unknown) => {
        const operationId = operations.get(name) ?? '';
        const body = bodyOf(operationId, entity);
        return callOn<Row>(app, admin, operationId, id, body ? { payload: body } : {});
      };
      const record = await createRecord(app, admin, entity);
      expect(String(record[machine.field])).toBe(String(machine.initial));
      for (const name of path) expect((await step(name, record.id)).status, `${name} on the way to ${state}`).toBe(200);
      const before = (await readRecord(app, admin, entity, record.id)).body.data;
      expect(String(before[machine.field])).toBe(state);
      const answer = await step(transition, record.id);
      if (allowed) {
        expect(answer.status).toBe(200);
        expect(String(answer.body.data[machine.field])).toBe(String(to));
        expect((await readRecord(app, admin, entity, record.id)).body.data[machine.field]).toEqual(to);
      } else {
        expect(answer.status).toBe(409);
        expect(answer.body.msg).not.toBe('');
        expect((await readRecord(app, admin, entity, record.id)).body.data).toEqual(before);
      }
    },
  );
});
