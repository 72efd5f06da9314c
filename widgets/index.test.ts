import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { widgetLoaders } from '../generated/registry';
import { i18nFor } from '../runtime';
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

test.each(
  readdirSync('schemas/widgets')
    .filter((file) => file.endsWith('.ui.json'))
    .flatMap((file) => {
      const ui = JSON.parse(readFileSync(`schemas/widgets/${file}`, 'utf8')) as Record<string, { 'ui:itemTitle'?: string }>;
      return Object.entries(ui).flatMap(([field, entry]) =>
        entry['ui:itemTitle'] ? [[file, field, entry['ui:itemTitle']]] : [],
      );
    }),
)('%s: the items of %s are titled by %s, a text with their number in Chinese and English', (_file, _field, key) => {
  for (const language of ['zh', 'en'] as const) {
    expect(i18nFor(language).t(key, { number: 2 })).toMatch(/^\S.* 2$/);
  }
});

test('every list of device variables has a word for its items', () => {
  const lists = readdirSync('schemas/widgets')
    .filter((file) => file.endsWith('.ui.json'))
    .flatMap((file) => {
      const ui = JSON.parse(readFileSync(`schemas/widgets/${file}`, 'utf8')) as Record<string, Record<string, unknown>>;
      return Object.entries(ui).flatMap(([field, entry]) => {
        const items = (entry.items ?? {}) as Record<string, unknown>;
        const isPicker = (ui: unknown) => (ui as { 'ui:field'?: unknown } | undefined)?.['ui:field'] === 'DeviceVar';
        const devices = isPicker(items) || Object.values(items).some(isPicker);
        return devices && !entry['ui:itemTitle'] ? [`${file} ${field}`] : [];
      });
    });
  expect(lists).toEqual([]);
});
