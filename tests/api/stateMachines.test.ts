import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StateMachine } from '../../codegen/operations';
import { loadContract } from '../../server/contract';
import { call, databases, signIn } from '../support/api';
import { entities, example } from '../support/contract';
import { callOn, createRecord, methodOf, readRecord, url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/**
 * Every state machine of the entity schemas (`x-states`), table-driven: a record is brought
 * into each state by the machine's own transitions, then every transition is tried from it.
 * One the state allows answers the record in the transition's target state; any other answers
 * 409 and leaves the record as it was. Every call that makes a transition is tried, where several
 * make the same one (a site is completed by three). Then the named calls that take a step by a
 * request of their own (the specification's parameters, a status asked for) or that only a state
 * allows, table-driven over every state in the same way.
 */

const contract = loadContract();
type State = string | number;

const machines = Object.entries(entities).flatMap(([entity, schema]) =>
  schema['x-states'] ? [{ entity, machine: schema['x-states'] as StateMachine }] : [],
);

/** The operations that make each transition, by the transition's name. */
function transitionOperations(entity: string): Map<string, string[]> {
  const operations = new Map<string, string[]>();
  for (const op of contract.operations) {
    const transition =
      op.resource?.action === 'transition' && op.resource.entity === entity
        ? op.resource.transition
        : op.transition?.entity === entity
          ? op.transition.transition
          : undefined;
    if (transition) operations.set(transition, [...(operations.get(transition) ?? []), op.operationId]);
  }
  return operations;
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

/** The target of the machine's transition `name` from `state`, if it starts there. */
const targetOf = (machine: StateMachine, name: string, state: string): State | undefined => {
  const transition = machine.transitions[name];
  return transition?.from.map(String).includes(state) ? transition.to : undefined;
};

/**
 * Calls that take a step of a machine (or are allowed in some states only) by a request of their
 * own rather than the generic transition's: what each asks of a record, and the state it leaves a
 * record in `state` in (undefined: it must refuse with 409 and change nothing).
 */
const NAMED_STEPS: {
  name: string;
  entity: string;
  operationId: string;
  request(record: Row): { query?: Record<string, string>; payload?: Row };
  outcome(machine: StateMachine, state: string): State | undefined;
}[] = [
  {
    name: 'setQuoteBasis by the supportDetailId',
    entity: 'supportRequest',
    operationId: 'setQuoteBasis',
    request: (record) => ({ query: { supportDetailId: String(record.id) } }),
    outcome: (machine, state) => targetOf(machine, 'setQuoteBasis', state),
  },
  {
    name: 'updateSupport (a draft only)',
    entity: 'supportRequest',
    operationId: 'updateSupport',
    request: ({ id, name, category, urgency }) => ({ payload: { id, name: `${String(name)} (changed)`, category, urgency } }),
    outcome: (_machine, state) => (state === 'draft' ? state : undefined),
  },
  // A site asked for each status: allowed where one step leads there from the site's status.
  ...['notStarted', 'executing', 'finalAccountConfirmed', 'completed', 'closed'].map((status) => ({
    name: `setProjStatus to ${status}`,
    entity: 'executeSite',
    operationId: 'setProjStatus',
    request: (record: Row) => ({ payload: { id: record.id, projStatus: status } }),
    outcome: (machine: StateMachine, state: string) =>
      Object.values(machine.transitions).find(({ from, to }) => to === status && from.map(String).includes(state))?.to,
  })),
];

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
      Object.entries(machine.transitions).flatMap(([transition, { from, to }]) =>
        (transitionOperations(entity).get(transition) ?? []).map((operationId) => ({
          entity,
          machine,
          state,
          path,
          transition,
          operationId,
          allowed: from.map(String).includes(state),
          to,
        })),
      ),
    ),
  );

  /** A record of `entity` brought into `state` by the transitions of `path` (each by its first call). */
  async function recordIn(entity: string, machine: StateMachine, state: string, path: string[]): Promise<Row> {
    const operations = transitionOperations(entity);
    const record = await createRecord(app, admin, entity);
    expect(String(record[machine.field])).toBe(String(machine.initial));
    for (const name of path) {
      const answer = await step(entity, operations.get(name)?.[0] ?? '', record.id);
      expect(answer.status, `${name} on the way to ${state}`).toBe(200);
    }
    const before = (await readRecord(app, admin, entity, record.id)).body.data;
    expect(String(before[machine.field])).toBe(state);
    return before;
  }

  const step = (entity: string, operationId: string, id: unknown) => {
    const body = bodyOf(operationId, entity);
    return callOn<Row>(app, admin, operationId, id, body ? { payload: body } : {});
  };

  test.each(cases)(
    '$entity in state $state: $operationId ($transition) is allowed: $allowed',
    async ({ entity, machine, path, operationId, allowed, to, state }) => {
      const before = await recordIn(entity, machine, state, path);
      const answer = await step(entity, operationId, before.id);
      if (allowed) {
        expect(answer.status).toBe(200);
        expect(String(answer.body.data[machine.field])).toBe(String(to));
        expect((await readRecord(app, admin, entity, before.id)).body.data[machine.field]).toEqual(to);
      } else {
        expect(answer.status).toBe(409);
        expect(answer.body.msg).not.toBe('');
        expect((await readRecord(app, admin, entity, before.id)).body.data).toEqual(before);
      }
    },
  );

  const namedCases = NAMED_STEPS.flatMap((named) => {
    const machine = entities[named.entity]?.['x-states'] as StateMachine;
    return [...pathsFrom(machine).entries()].map(([state, path]) => ({
      ...named,
      machine,
      state,
      path,
      to: named.outcome(machine, state),
      answers:
        named.outcome(machine, state) === undefined ? '409, nothing changed' : `200, ${String(named.outcome(machine, state))}`,
    }));
  });

  test.each(namedCases)(
    '$entity in state $state: $name answers $answers',
    async ({ entity, machine, state, path, operationId, request, to }) => {
      const before = await recordIn(entity, machine, state, path);
      const answer = await call<Row>(app, admin, { method: methodOf(operationId), url: url(operationId), ...request(before) });
      if (to !== undefined) {
        expect([answer.status, answer.body.msg]).toEqual([200, 'success']);
        expect(String(answer.body.data[machine.field])).toBe(String(to));
        expect(String((await readRecord(app, admin, entity, before.id)).body.data[machine.field])).toBe(String(to));
      } else {
        expect(answer.status).toBe(409);
        expect(answer.body.msg).not.toBe('');
        expect((await readRecord(app, admin, entity, before.id)).body.data).toEqual(before);
      }
    },
  );
});
