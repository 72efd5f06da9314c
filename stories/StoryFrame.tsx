import { Card } from 'antd';
import { useMemo, type ReactNode } from 'react';
import {
  AppProviders,
  createAnalytics,
  createApi,
  createNotifier,
  memoryTokenStore,
  PreferenceStore,
  type Language,
  type Runtime,
  type ThemeName,
} from '../runtime';

/** The providers of the app (runtime, language, theme) around a story, with no server behind its API. */
export function StoryFrame({ lng, theme, children }: { lng: Language; theme: ThemeName; children: ReactNode }) {
  const runtime = useMemo<Runtime>(() => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
    };
    const preferences = new PreferenceStore({ language: lng, theme }, storage);
    const notifier = createNotifier();
    const api = createApi({
      store: memoryTokenStore(),
      language: () => lng,
      warn: (text) => notifier.warn(text),
      translate: (key) => key,
      onSessionEnd: () => undefined,
    });
    return { preferences, api, notifier, analytics: createAnalytics(undefined) };
  }, [lng, theme]);
  return (
    <AppProviders runtime={runtime}>
      <Card>{children}</Card>
    </AppProviders>
  );
}
