import i18next, { type i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import type { Language } from '../preferences/preferences';

type Labels = Record<string, unknown>;

/** The labels of each language, each in a chunk of its own: a reader loads only the language they read. */
const BUNDLES: Record<Language, () => Promise<{ default: Labels }>> = {
  zh: () => import('../../generated/i18n/zh.json'),
  en: () => import('../../generated/i18n/en.json'),
};

const loaded = new Map<Language, Labels>();
const instances = new Map<Language, I18n>();

/** Loads the labels of a language (once); the instances of that language have them from then on. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const labels = (await BUNDLES[language]()).default;
  loaded.set(language, labels);
  instances.get(language)?.addResourceBundle(language, 'translation', labels);
}

/** An i18next instance in the given language, with its labels once `loadLanguage` has loaded them. */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  const labels = loaded.get(language);
  void instance.init({
    initAsync: false,
    lng: language,
    fallbackLng: false,
    resources: labels ? { [language]: { translation: labels } } : {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** The shared instance of a language. */
export function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return instance;
}

/**
 * The shared instance of the reader's language once its labels are loaded; while another
 * language loads, the one shown before stays (no screen of bare label keys), and before the first
 * has loaded there is none.
 */
export function useLanguage(language: Language): I18n | undefined {
  const [shown, setShown] = useState<Language | undefined>(() => (loaded.has(language) ? language : undefined));
  useEffect(() => {
    let current = true;
    void loadLanguage(language).then(() => {
      if (current) setShown(language);
    });
    return () => {
      current = false;
    };
  }, [language]);
  const ready = loaded.has(language) ? language : shown;
  return ready ? i18nFor(ready) : undefined;
}
