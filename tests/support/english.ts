import en from '../../generated/i18n/en.json';

type Labels = Record<string, unknown>;

/** The English label of `key`, as an English reader sees it (`{{name}}` filled from `params`); undefined when there is none. */
export function englishLabel(key: string, params: Record<string, string | number> = {}): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Labels | undefined)?.[part], en as unknown as Labels);
  return typeof value === 'string' ? value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name])) : undefined;
}

/** The English label of `key`; a key without one fails the test. */
export function text(key: string, params: Record<string, string | number> = {}): string {
  const value = englishLabel(key, params);
  if (value === undefined) throw new Error(`no English label ${key}`);
  return value;
}
