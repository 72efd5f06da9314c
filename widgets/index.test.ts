import { readdirSync, readFileSync } from 'node:fs';
import type { RJSFSchema } from '@rjsf/utils';
import { expect, test } from 'vitest';
import { widgetLoaders } from '../generated/registry';
import widgetConfigs from '../generated/validators/widgetConfigs.js';
import { i18nFor } from '../runtime';
import { configDefaults, DASHBOARD_PERIODS, effectiveConfig, type WidgetConfig } from '../runtime/dashboard';
import { WIDGETS } from '.';
import { WIDGET_DATA_RULES } from './data';

test('every widget type has its configuration schema, and every schema its widget', () => {
  const schemas = readdirSync('schemas/widgets').filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'));
  expect(WIDGETS.map((widget) => widget.type).sort()).toEqual(schemas.map((file) => file.replace(/\.json$/, '')).sort());
  for (const widget of WIDGETS) expect(widgetLoaders[widget.type], widget.type).toBeTypeOf('function');
});

test('the data rules asked for before the views load are those of every widget type, the same functions', () => {
  expect([...WIDGET_DATA_RULES.keys()].sort()).toEqual(WIDGETS.map((widget) => widget.type).sort());
  for (const widget of WIDGETS) {
    const rules = WIDGET_DATA_RULES.get(widget.type);
    expect(rules?.needs, widget.type).toBe(widget.needs);
    expect(rules?.followPeriod, widget.type).toBe(widget.followPeriod);
    expect(rules?.preload, widget.type).toBe(widget.preload);
  }
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

interface Property {
  type?: string;
  default?: unknown;
  enum?: unknown[];
  'x-disabled'?: unknown[];
  items?: { properties?: Record<string, Property> };
}
const schemaOf = (type: string) =>
  JSON.parse(readFileSync(`generated/widgets/${type}.json`, 'utf8')) as RJSFSchema & { properties: Record<string, Property> };
const followers = WIDGETS.filter((widget) => widget.followPeriod).map((widget) => [widget.type, widget] as const);

test("a widget follows the dashboard's period exactly when its schema has followPeriod, on by default and labelled", () => {
  const withField = WIDGETS.filter((widget) => schemaOf(widget.type).properties.followPeriod).map((widget) => widget.type);
  expect(withField).toEqual(followers.map(([type]) => type));
  for (const [type] of followers) {
    expect(schemaOf(type).properties.followPeriod).toMatchObject({ type: 'boolean', default: true });
    expect(i18nFor('en').t(`widgets.${type}.fields.followPeriod`)).toBe("Follow the dashboard's period");
    expect(i18nFor('zh').t(`widgets.${type}.fields.followPeriod`)).toBe('跟随看板时段');
  }
});

/** Configurations a dashboard may hold: the defaults with each value of each option, disabled ones too (older documents). */
function storedConfigs(schema: RJSFSchema & { properties: Record<string, Property> }): WidgetConfig[] {
  const defaults = configDefaults(schema);
  return [
    defaults,
    ...Object.entries(schema.properties).flatMap(([name, property]) => [
      ...(property.enum ?? []).map((value) => ({ ...defaults, [name]: value })),
      ...Object.entries(property.items?.properties ?? {}).flatMap(([inner, item]) =>
        (item.enum ?? []).map((value) => ({
          ...defaults,
          [name]: [{ ...configDefaults(property.items as RJSFSchema), [inner]: value }],
        })),
      ),
    ]),
  ];
}

/** The options a configuration following a period took that its schema disables, as `path: value`. */
function disabledTaken(properties: Record<string, Property>, stored: WidgetConfig, followed: WidgetConfig, path = ''): string[] {
  return Object.entries(properties).flatMap(([name, property]) => {
    const [before, after] = [stored[name], followed[name]];
    if (property.items?.properties && Array.isArray(after)) {
      const items = property.items.properties;
      return after.flatMap((entry: WidgetConfig, index) =>
        disabledTaken(items, (Array.isArray(before) ? before[index] : {}) ?? {}, entry, `${path}${name}[${index}].`),
      );
    }
    return after !== before && property['x-disabled']?.includes(after) ? [`${path}${name}: ${String(after)}`] : [];
  });
}

test.each(followers)(
  '%s, following any period, takes no option its schema disables and stays valid for the server',
  (type, widget) => {
    const schema = schemaOf(type);
    const validate = widgetConfigs[type];
    if (!validate) throw new Error(`no validator of ${type}`);
    for (const stored of storedConfigs(schema))
      for (const period of DASHBOARD_PERIODS) {
        const followed = effectiveConfig(widget, stored, period);
        expect(disabledTaken(schema.properties, stored, followed), `${JSON.stringify(stored)} ${period}`).toEqual([]);
        if (validate(stored)) expect(validate(followed), JSON.stringify(validate.errors)).toBe(true);
      }
  },
);
