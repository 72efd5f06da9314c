import { createAnalytics } from '../analytics';
import { createApi } from '../api/client';
import { memoryTokenStore } from '../auth/tokenStore';
import { createPreferenceStore, type Language, type ThemeName } from '../preferences/preferences';
import type { Runtime } from '../RuntimeContext';
import { createNotifier } from './notifier';

/**
 * A runtime that keeps everything in memory (tokens, preferences) and sends no analytics, for a
 * screen shown outside the app: a story, a component test. Its API asks the page's own origin.
 */
export function memoryRuntime(language: Language, theme: ThemeName): Runtime {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
  };
  const notifier = createNotifier();
  const api = createApi({
    store: memoryTokenStore(),
    language: () => language,
    warn: (text) => notifier.warn(text),
    translate: (key) => key,
    onSessionEnd: () => undefined,
  });
  return {
    preferences: createPreferenceStore({ language, theme }, storage),
    api,
    notifier,
    analytics: createAnalytics(undefined),
  };
}
