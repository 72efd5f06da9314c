import { describe, expect, test } from 'vitest';
import { createPreferenceStore, readPreferences } from './preferences';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('preferences', () => {
  test('default to Chinese and the default theme', () => {
    expect(readPreferences('', memoryStorage())).toEqual({ language: 'zh', theme: 'default' });
  });

  test('the lng query parameter wins over what was chosen before, and is remembered', () => {
    const storage = memoryStorage({ lng: 'zh', theme: 'dark' });
    expect(readPreferences('?lng=en', storage)).toEqual({ language: 'en', theme: 'dark' });
    expect(readPreferences('', storage)).toEqual({ language: 'en', theme: 'dark' });
  });

  test('an unknown language or theme is ignored', () => {
    expect(readPreferences('?lng=fr', memoryStorage({ theme: 'neon' }))).toEqual({ language: 'zh', theme: 'default' });
  });

  test('a change is remembered and announced', () => {
    const storage = memoryStorage();
    const store = createPreferenceStore(readPreferences('', storage), storage);
    const seen: string[] = [];
    store.subscribe((p) => seen.push(`${p.language}/${p.theme}`));
    store.getState().choose({ theme: 'dark' });
    store.getState().choose({ language: 'en' });
    expect(seen).toEqual(['zh/dark', 'en/dark']);
    expect(readPreferences('', storage)).toEqual({ language: 'en', theme: 'dark' });
  });
});
