import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { AlarmEngine } from '../../server/alarms/engine';
import { configFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { postgresDemoCopy } from '../support/demoCopies';

const postgresUrl = inject('postgresUrl');

/**
 * Two nodes ingest samples of one tenant at once (collectors are balanced across them): each
 * evaluates its batches against the alarm rules. An alarm is raised once, not once per node.
 */
describe.skipIf(!postgresUrl)('alarm rules evaluated on two nodes at once', () => {
  test('batches over the threshold evaluated together on two nodes raise one alarm for the rule', async () => {
    const databaseUrl = await postgresDemoCopy(postgresUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-alarm-nodes-'));
    const nodes = [0, 1].map(() => openDatabase({ ...configFromEnv({}), dataDir, databaseUrl }));
    const engines = nodes.map((node) => new AlarmEngine(node.db, node.dialect));
    const [first] = nodes;
    try {
      const rule = await first!.db
        .selectFrom('alarmGenerator')
        .select(['id', 'variableId', 'threshold'])
        .where('tenantId', '=', 2)
        .where('comparison', '=', 'gt')
        .where('enabled', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const raised = async () =>
        Number(
          (
            await first!.db
              .selectFrom('alarm')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('generatorId', '=', rule.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const varId = Number(rule.variableId);
      let ts = Date.now();
      for (let round = 1; round <= 10; round += 1) {
        const before = await raised();
        // Back to normal on one node, then over the threshold on both at once.
        await engines[0]!.evaluate(2, [{ varId, ts: (ts += 1), value: Number(rule.threshold) - 1_000 }]);
        await Promise.all(
          engines.map((engine) => engine.evaluate(2, [{ varId, ts: (ts += 1), value: Number(rule.threshold) + 1 }])),
        );
        expect(await raised(), `round ${round}`).toBe(before + 1);
      }
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
