import type { ReactNode } from 'react';
import type { Runtime } from '../RuntimeContext';
import { AntdProviders } from './AntdProviders';
import { RuntimeProviders } from './RuntimeProviders';

/** Runtime services, language (with the labels of the shell and the dashboard), Ant Design and theme for everything below. */
export function AppProviders({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  return (
    <RuntimeProviders runtime={runtime} labels={['main']}>
      <AntdProviders>{children}</AntdProviders>
    </RuntimeProviders>
  );
}
