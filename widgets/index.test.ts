import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { widgetLoaders } from '../generated/registry';
import { WIDGETS } from '.';

test('every widget type has its configuration schema, and every schema its widget', () => {
  const schemas = readdirSync('schemas/widgets').filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'));
  expect(WIDGETS.map((widget) => widget.type).sort()).toEqual(schemas.map((file) => file.replace(/\.json$/, '')).sort());
  for (const widget of WIDGETS) expect(widgetLoaders[widget.type], widget.type).toBeTypeOf('function');
});

test.each(WIDGETS.map((widget) => [widget.type, widget] as const))(
  '%s migrates a configuration of format 2 unchanged',
  (_type, widget) => {
    const config = { name: 'kept', numberFix: 1 };
    expect(widget.migrate(config, 2)).toEqual(config);
  },
);
