import type { TFunction } from 'i18next';

/**
 * Label keys derived by convention (DESIGN §3); codegen checks that each exists in zh and en.
 * The key is built at run time, so it is looked up untyped.
 */
export function label(t: TFunction, key: string, params?: Record<string, unknown>): string {
  return String(t(key as never, params as never));
}

export const fieldLabel = (t: TFunction, entity: string, field: string) => label(t, `entities.${entity}.fields.${field}`);
export const entityTitle = (t: TFunction, entity: string) => label(t, `entities.${entity}.title`);
export const pageTitle = (t: TFunction, page: string) => label(t, `pages.${page}.title`);
export const enumLabel = (t: TFunction, enumName: string, value: unknown) => label(t, `enums.${enumName}.${String(value)}`);
