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
