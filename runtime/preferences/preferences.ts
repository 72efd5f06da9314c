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

type Listener = (preferences: Preferences) => void;

/** The current preferences, remembered in local storage; a tiny store React subscribes to. */
export class PreferenceStore {
  private listeners = new Set<Listener>();

  constructor(
    private current: Preferences,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'>,
  ) {}

  get(): Preferences {
    return this.current;
  }

  set(change: Partial<Preferences>): void {
    this.current = { ...this.current, ...change };
    this.storage.setItem(STORAGE.language, this.current.language);
    this.storage.setItem(STORAGE.theme, this.current.theme);
    for (const listener of this.listeners) listener(this.current);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
