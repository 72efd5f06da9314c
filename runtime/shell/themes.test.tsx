import { act, cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { afterEach, describe, expect, test } from 'vitest';
import { useContext } from 'react';
import { themeConfig, useReducedMotion, waveConfig } from './themes';

/** A system preference the test can change, as a user does in their system's settings. */
function systemPreference(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  const state = { reduce };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && state.reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      state.reduce = next;
      for (const listener of listeners) listener();
    },
    restore: () => (window.matchMedia = original),
  };
}

function Motion() {
  const reduced = useReducedMotion();
  return (
    <ConfigProvider theme={themeConfig('default', reduced)} wave={waveConfig(reduced)}>
      <Token />
    </ConfigProvider>
  );
}

function Token() {
  const { token } = theme.useToken();
  const { wave } = useContext(ConfigProvider.ConfigContext);
  return <output>{`${token.motion ? 'motion' : 'no motion'}, ${wave?.disabled ? 'no wave' : 'wave'}`}</output>;
}

describe('motion follows the system preference', () => {
  let preference: ReturnType<typeof systemPreference> | undefined;
  afterEach(() => {
    cleanup();
    preference?.restore();
  });

  test('Ant Design animates (and waves round a pressed button) by default and not for a user who asked for reduced motion, as the preference changes', () => {
    preference = systemPreference(false);
    render(<Motion />);
    expect(screen.getByRole('status').textContent).toBe('motion, wave');
    act(() => preference?.set(true));
    expect(screen.getByRole('status').textContent).toBe('no motion, no wave');
    act(() => preference?.set(false));
    expect(screen.getByRole('status').textContent).toBe('motion, wave');
  });
});
