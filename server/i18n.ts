import i18next, { type i18n as I18n } from 'i18next';
import type { Contract } from './contract';

export type Translate = (key: string, params?: Record<string, string>) => string;
export type Language = 'zh' | 'en';

/** Server-side labels, from the same translations as the client. */
export function createTranslator(contract: Contract): (lng: Language) => Translate {
  const instance: I18n = i18next.createInstance();
  void instance.init({
    initAsync: false,
    fallbackLng: 'zh',
    resources: Object.fromEntries(Object.entries(contract.translations).map(([lng, t]) => [lng, { translation: t }])),
    interpolation: { escapeValue: false },
  });
  return (lng) => {
    const t = instance.getFixedT(lng);
    return (key, params) => t(key, params ?? {});
  };
}

/** The language of a request: English when the client asks for it first, else the default zh. */
export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}
