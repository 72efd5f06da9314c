import { compile } from 'json-schema-to-typescript';
import { pascalCase, type JsonObject } from './sources';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a configuration has the property once completed: it has a default, or it is an object
 * that requires nothing, which `configDefaults` fills with its properties' defaults.
 */
const completed = (property: JsonObject): boolean =>
  property.default !== undefined ||
  (property.type === 'object' &&
    isObject(property.properties) &&
    !(Array.isArray(property.required) && property.required.length > 0));

/**
 * The schema with every property a completed configuration has listed as required, in nested
 * objects and array items too. A new widget's configuration (`configDefaults`), a migrated one
 * (`completeConfig`) and one saved by the configuration form (which fills the defaults of each array
 * item it shows) have them, so the widgets read them as always there; a widget whose code reads one
 * as possibly absent says so in its rules (`Override`).
 */
function defaultsRequired(schema: JsonObject): JsonObject {
  const result: JsonObject = { ...schema };
  if (isObject(schema.properties)) {
    const entries = Object.entries(schema.properties);
    result.properties = Object.fromEntries(
      entries.map(([name, property]) => [name, isObject(property) ? defaultsRequired(property) : property]),
    );
    const own = Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [];
    const filled = entries.filter(([, property]) => isObject(property) && completed(property)).map(([name]) => name);
    if (own.length + filled.length > 0) result.required = [...new Set([...own, ...filled])];
  }
  if (isObject(schema.items)) result.items = defaultsRequired(schema.items);
  return result;
}

/**
 * Written beside the configuration types for a widget's rules: a configuration type with a few
 * properties typed as its code reads them, where that is looser than the schema says.
 */
const OVERRIDE = [
  '/**',
  ' * `T` with the properties of `U` as `U` types them (one that may be absent from a stored',
  ' * configuration, say). Unlike `Omit`, it keeps the index signature and the other properties.',
  ' */',
  'export type Override<T, U> = { [K in keyof T as K extends keyof U ? never : K]: T[K] } & U;',
  '',
].join('\n');

/**
 * `generated/widgetConfigs.ts`: the configuration type of each widget, `<Type>Config` (`gauge` →
 * `GaugeConfig`), from its dereferenced schema. The top level keeps an index signature, as a
 * widget definition types its configuration as a record (`WidgetConfig`), and an interface is one
 * only with it; nested objects stay closed, as their schemas say.
 */
export async function widgetConfigTypes(widgets: Record<string, JsonObject>, banner: string): Promise<string> {
  const parts: string[] = [banner, OVERRIDE];
  for (const [type, schema] of Object.entries(widgets)) {
    const { additionalProperties: _open, ...rest } = defaultsRequired(schema);
    parts.push(
      await compile(rest as Parameters<typeof compile>[0], `${pascalCase(type)}Config`, {
        bannerComment: '',
        additionalProperties: true,
        // A list's `maxItems` is a limit of the form, not a tuple type.
        ignoreMinAndMaxItems: true,
        format: false,
      }),
    );
  }
  return parts.join('\n');
}
