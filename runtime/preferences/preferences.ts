import { immer } from 'zustand/middleware/immer';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Languages of the interface; zh is the default. */
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const THEMES = ['default', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];

export interface Preferences {
  language: Language;
  theme: ThemeName;
}

const STORAGE = { language: 'lng', theme: 'theme' } as const;

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

function isTheme(value: unknown): value is ThemeName {
  return (THEMES as readonly unknown[]).includes(value);
}

/**
 * The language and theme: a `lng` query parameter wins (and is remembered), then what the user
 * chose before, then the defaults.
 */
export function readPreferences(search: string, storage: Pick<Storage, 'getItem' | 'setItem'>): Preferences {
  const fromQuery = new URLSearchParams(search).get('lng');
  if (isLanguage(fromQuery)) storage.setItem(STORAGE.language, fromQuery);
  const language = storage.getItem(STORAGE.language);
  const theme = storage.getItem(STORAGE.theme);
  return { language: isLanguage(language) ? language : 'zh', theme: isTheme(theme) ? theme : 'default' };
}

/** The preferences with the user's way to change them. */
export interface PreferenceState extends Preferences {
  choose(change: Partial<Preferences>): void;
}

/** The current preferences (a zustand store): what the user chooses is remembered in local storage. */
export type PreferenceStore = StoreApi<PreferenceState>;

export function createPreferenceStore(initial: Preferences, storage: Pick<Storage, 'getItem' | 'setItem'>): PreferenceStore {
  const store = createStore<PreferenceState>()(
    immer((set) => ({
      ...initial,
      choose: (change) =>
        set((state) => {
          Object.assign(state, change);
        }),
    })),
  );
  store.subscribe(({ language, theme }) => {
    storage.setItem(STORAGE.language, language);
    storage.setItem(STORAGE.theme, theme);
  });
  return store;
}
