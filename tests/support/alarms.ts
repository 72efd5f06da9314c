import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './api';

/** What an alarm raised by `raiseOpenAlarm` is about, and of what kind. */
export interface RaisedAlarm {
  /** Serial number of the device, and the code of its variable the rule watches. */
  deviceSn: string;
  code: string;
  /** The alarm type's name and source (`device`, `energy`, …). */
  type: { name: string; source: string };
  /** The alarm's text. */
  info: string;
}

/**
 * An open alarm on a device's variable, as the alarm list and records show one: an alarm type of
 * the source asked for, a rule the variable always meets (below 1,000), and a sample of it sent as
 * a collector would.
 */
export async function raiseOpenAlarm(app: FastifyInstance, token: string, { deviceSn, code, type, info }: RaisedAlarm) {
  const variables = await call<{ id: number; sn: string }[]>(app, token, {
    method: 'GET',
    url: `/ems/api/device/monitordevicevar/devices/${deviceSn}/devicevars`,
  });
  const variable = variables.body.data.find((entry) => entry.sn === `${deviceSn}.${code}`);
  const made = await call<{ id: number }>(app, token, {
    method: 'POST',
    url: '/ems/api/device/alarmtype/add_alarm_type',
    payload: { level: 'notice', ...type },
  });
  const rule = await call(app, token, {
    method: 'POST',
    url: '/ems/api/device/alarmgenerater/add_alarm_generater',
    payload: {
      name: 'Always met',
      variableId: variable?.id,
      typeId: made.body.data.id,
      comparison: 'lt',
      threshold: 1000,
      level: 'notice',
      info,
    },
  });
  expect(rule.status).toBe(200);
  const sample = await call(app, token, {
    method: 'POST',
    url: '/ems/api/collector/samples',
    payload: { samples: [{ sn: `${deviceSn}.${code}`, ts: Date.now(), value: 97 }] },
  });
  expect(sample.status).toBe(200);
}
