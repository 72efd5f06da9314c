import { describe, expect, test } from 'vitest';
import { checkWidgets } from './checks';
import type { JsonObject, Sources } from './sources';

const deviceVar = { $ref: 'parts/deviceVar.json' };

/** The problems codegen finds in one widget schema with a list `series` and its UI schema. */
function problemsOf(items: JsonObject, listUi: JsonObject): string[] {
  const widget = {
    type: 'chart',
    path: 'schemas/widgets/chart.json',
    content: { type: 'object', additionalProperties: false, properties: { series: { type: 'array', items } } },
    ui: { series: listUi },
  };
  const problems: string[] = [];
  checkWidgets({ widgets: [widget] } as unknown as Sources, problems);
  return problems;
}

describe('"Add variables…" of a widget list (ui:options.pickVariables)', () => {
  const series = { type: 'object', properties: { deviceVar, name: { type: 'string' } } };

  test.each([
    ['the property of the items holding the variable', series, 'deviceVar'],
    ['true, for items that are variables', deviceVar, true],
  ])('names %s: no problem', (_, items, pick) => {
    expect(problemsOf(items, { 'ui:options': { pickVariables: pick } })).toEqual([]);
  });

  test.each([
    ['a property the items do not have', series, 'variable'],
    ['a property that is no device variable', series, 'name'],
    ['true, for items that are not variables', series, true],
  ])('names %s: a problem naming the list', (_, items, pick) => {
    expect(problemsOf(items, { 'ui:options': { pickVariables: pick } })).toEqual([
      `schemas/widgets/chart.json: series has ui:options.pickVariables ${JSON.stringify(pick)}, but its items hold no device variable (parts/deviceVar.json) there`,
    ]);
  });
});
