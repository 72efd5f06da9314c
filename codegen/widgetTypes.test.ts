import { describe, expect, test } from 'vitest';
import type { JsonObject } from './sources';
import { widgetConfigTypes } from './widgetTypes';

const deviceVar = {
  type: 'object',
  additionalProperties: false,
  required: ['deviceSn', 'varSn'],
  properties: { deviceSn: { type: 'string' }, varSn: { type: 'string' } },
};

/** A gauge's schema as codegen has it (dereferenced), cut down to one property of each kind. */
const gauge: JsonObject = {
  description: 'The real-time value of each of several device variables on a gauge.',
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', default: '仪表盘', description: 'Title of the widget.' },
    period: { type: 'string', enum: ['day', 'month'], default: 'day' },
    queryTime: { type: 'string' },
    marks: { type: 'object', additionalProperties: false, properties: { max: { type: 'boolean', default: true } } },
    monitorVars: {
      type: 'array',
      maxItems: 12,
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { deviceVar, showName: { type: 'string', default: '' }, minScale: { type: 'number' } },
      },
    },
  },
};

/** The statements of the generated text on one line each, without comments, for comparing. */
const flat = (text: string) =>
  text
    .replace(/\/\*\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('widget configuration types', () => {
  test('one type per widget, named after it, with the properties of its schema', async () => {
    const text = flat(await widgetConfigTypes({ gauge }, '// banner'));
    expect(text).toContain(
      'export interface GaugeConfig { name: string period: ("day" | "month") queryTime?: string marks: { max: boolean } ' +
        'monitorVars: { deviceVar?: { deviceSn: string varSn: string } showName: string minScale?: number }[] [k: string]: unknown }',
    );
  });

  test("a property's description is its comment", async () => {
    expect(await widgetConfigTypes({ gauge }, '')).toMatch(/\/\*\*\s+\* Title of the widget\.\s+\*\/\s+name: string/);
  });

  test('a change of a property in the schema changes the type', async () => {
    const changed = structuredClone(gauge) as { properties: Record<string, JsonObject> };
    changed.properties.period = { type: 'string', enum: ['day', 'month', 'year'] };
    const text = flat(await widgetConfigTypes({ gauge: changed as JsonObject }, ''));
    expect(text).toContain('period?: ("day" | "month" | "year")');
  });
});
