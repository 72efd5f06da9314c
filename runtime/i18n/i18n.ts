import i18next, { type i18n as I18n } from 'i18next';
import en from '../../generated/i18n/en.json';
import zh from '../../generated/i18n/zh.json';
import type { Language } from '../preferences/preferences';

/** An i18next instance with every label of the platform, in the given language. */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: language,
    fallbackLng: 'zh',
    resources: { zh: { translation: zh }, en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const instances = new Map<Language, I18n>();

/** The shared instance of a language. */
export function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return instance;
}
