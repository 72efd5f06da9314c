import en from '../../generated/i18n/en.json';
import zh from '../../generated/i18n/zh.json';

type Labels = Record<string, unknown>;
type Language = 'en' | 'zh';

const LABELS: Record<Language, Labels> = { en: en as unknown as Labels, zh: zh as unknown as Labels };

/** The label of `key` in `language` (English unless said), as its reader sees it (`{{name}}` filled from `params`); undefined when there is none. */
function labelOf(key: string, params: Record<string, string | number>, language: Language): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Labels | undefined)?.[part], LABELS[language]);
  return typeof value === 'string' ? value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name])) : undefined;
}

/** The English label of `key`, as an English reader sees it (`{{name}}` filled from `params`); undefined when there is none. */
export function englishLabel(key: string, params: Record<string, string | number> = {}): string | undefined {
  return labelOf(key, params, 'en');
}

/** The label of `key`, in English unless another language is said; a key without one fails the test. */
export function text(key: string, params: Record<string, string | number> = {}, language: Language = 'en'): string {
  const value = labelOf(key, params, language);
  if (value === undefined) throw new Error(`no ${language === 'en' ? 'English' : 'Chinese'} label ${key}`);
  return value;
}
