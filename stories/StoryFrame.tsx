import { Card } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { AppProviders, type Language, type ThemeName } from '../runtime';
import { memoryRuntime } from '../runtime/shell/memoryRuntime';

/** The providers of the app (runtime, language, theme) around a story, with no server behind its API. */
export function StoryFrame({ lng, theme, children }: { lng: Language; theme: ThemeName; children: ReactNode }) {
  const runtime = useMemo(() => memoryRuntime(lng, theme), [lng, theme]);
  return (
    <AppProviders runtime={runtime}>
      <Card>{children}</Card>
    </AppProviders>
  );
}
