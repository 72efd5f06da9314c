import i18next, { type i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import type { Language } from '../preferences/preferences';

type Labels = Record<string, unknown>;
type Bundle = () => Promise<{ default: Labels }>;

/**
 * The labels of each language, each in chunks of its own: a reader loads only the language they
 * read; the sign-in page only the labels it shows (`start`); the shell and the dashboard theirs
 * (`main`); and the other screens' labels (the entities' fields, the pages' titles, each screen's
 * own words: `screens`) only with those screens — not, for example, with the dashboard.
 */
const START: Record<Language, Bundle> = {
  zh: () => import('../../generated/labels/zh.start.json'),
  en: () => import('../../generated/labels/en.start.json'),
};
/** A part of the labels that screens ask for (`requireLabels`) before they show. */
export type LabelPart = 'main' | 'screens';
const PARTS: Record<LabelPart, Record<Language, Bundle>> = {
  main: {
    zh: () => import('../../generated/labels/zh.json'),
    en: () => import('../../generated/labels/en.json'),
  },
  screens: {
    zh: () => import('../../generated/labels/zh.screens.json'),
    en: () => import('../../generated/labels/en.screens.json'),
  },
};

/** The labels loaded of each language. */
const loaded = new Map<Language, Labels>();
/** The chunks of labels loading or loaded, by language and name (`zh:main`), and those loaded. */
const loading = new Map<string, Promise<void>>();
const arrived = new Set<string>();
/** The languages asked for, and those whose labels (with every part asked for then) are loaded. */
const languages = new Set<Language>();
const ready = new Set<Language>();
/** The parts of the labels that screens have asked for. */
const required = new Set<LabelPart>();
const instances = new Map<Language, I18n>();

/** Labels with a chunk's added, group by group: a group (the enumerations) may come in two chunks. */
function mergeGroups(into: Labels = {}, labels: Labels): Labels {
  const merged = { ...into };
  for (const [group, value] of Object.entries(labels)) {
    const before = merged[group];
    merged[group] = isLabels(before) && isLabels(value) ? { ...before, ...value } : value;
  }
  return merged;
}

const isLabels = (value: unknown): value is Labels => typeof value === 'object' && value !== null;

/** Loads a chunk of labels into a language (once): its instance has them from then on. */
function load(language: Language, name: string, bundle: Bundle): Promise<void> {
  const key = `${language}:${name}`;
  let done = loading.get(key);
  if (!done) {
    done = bundle().then(({ default: labels }) => {
      loaded.set(language, mergeGroups(loaded.get(language), labels));
      instances.get(language)?.addResourceBundle(language, 'translation', labels, true, false);
      arrived.add(key);
    });
    // A chunk that failed to load is asked for again next time.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** Loads the labels of a language (once), with the parts screens have asked for; its instances have them from then on. */
export async function loadLanguage(language: Language): Promise<void> {
  languages.add(language);
  await load(language, 'start', START[language]);
  await Promise.all([...required].map((part) => load(language, part, PARTS[part][language])));
  ready.add(language);
}

/** Loads a part of the labels, in every language asked for so far and in each one asked for later. */
export async function requireLabels(part: LabelPart): Promise<void> {
  required.add(part);
  await Promise.all([...languages].map((language) => load(language, part, PARTS[part][language])));
}

/** A loader of a screen's code that loads a part of the labels with it: the screen shows once both are there. */
export function withLabels<T>(part: LabelPart, code: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([code(), requireLabels(part)]).then(([module]) => module);
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
 * The shared instance of the reader's language once its labels (with the `parts` given) are
 * loaded; while another language loads, the one shown before stays (no screen of bare label keys),
 * and before the first has loaded there is none.
 */
export function useLanguage(language: Language, parts: readonly LabelPart[] = []): I18n | undefined {
  const has = (lng: Language) => ready.has(lng) && parts.every((part) => arrived.has(`${lng}:${part}`));
  const [shown, setShown] = useState<Language | undefined>(() => (has(language) ? language : undefined));
  const wanted = parts.join();
  useEffect(() => {
    let current = true;
    void Promise.all([
      loadLanguage(language),
      ...wanted
        .split(',')
        .filter(Boolean)
        .map((part) => requireLabels(part as LabelPart)),
    ]).then(() => {
      if (current) setShown(language);
    });
    return () => {
      current = false;
    };
  }, [language, wanted]);
  const showing = has(language) ? language : shown;
  return showing ? i18nFor(showing) : undefined;
}
