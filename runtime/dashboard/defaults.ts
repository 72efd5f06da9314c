import type { RJSFSchema } from '@rjsf/utils';
import type { WidgetConfig } from './document';

/** The defaults a widget schema gives its properties (a new widget's configuration). */
export function configDefaults(schema: RJSFSchema): WidgetConfig {
  const config: WidgetConfig = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property !== 'object') continue;
    if (property.default !== undefined) config[name] = structuredClone(property.default);
    else if (property.type === 'object' && property.properties && !property.required?.length)
      config[name] = configDefaults(property);
  }
  return config;
}

/** A stored configuration completed with the defaults of what it does not say. */
export function completeConfig(schema: RJSFSchema, config: WidgetConfig): WidgetConfig {
  const defaults = configDefaults(schema);
  const result: WidgetConfig = { ...defaults, ...config };
  for (const [name, value] of Object.entries(defaults)) {
    const own = config[name];
    if (value && typeof value === 'object' && !Array.isArray(value) && own && typeof own === 'object' && !Array.isArray(own)) {
      result[name] = { ...value, ...own };
    }
  }
  return result;
}
