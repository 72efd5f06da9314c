import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import type { Analytics } from './analytics';
import type { Api } from './api/client';
import type { PreferenceStore, Preferences } from './preferences/preferences';
import type { Notifier } from './shell/notifier';

/** What every screen of the runtime works with. */
export interface Runtime {
  api: Api;
  preferences: PreferenceStore;
  notifier: Notifier;
  analytics: Analytics;
}

const RuntimeContext = createContext<Runtime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime needs a RuntimeProvider');
  return runtime;
}

export function usePreferences(): Preferences {
  const { preferences } = useRuntime();
  return useStore(
    preferences,
    useShallow(({ language, theme }) => ({ language, theme })),
  );
}
