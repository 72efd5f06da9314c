import { cleanup, render, screen } from '@testing-library/react';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import type { Api } from '../runtime/api/client';
import { useCallAnswer } from '../runtime/list/useCallAnswer';
import { RuntimeProvider, type Runtime } from '../runtime/RuntimeContext';
import { routeObjects } from './routes';

/** The signed-in user's name, as a screen reads it. */
function UserName() {
  const { data, loading } = useCallAnswer<string>('getUserInfo', {});
  return <p>{loading && !data ? 'loading' : data}</p>;
}

describe('the sign-in route', () => {
  test("forgets the answers of the session before: the next user's screen never shows them", async () => {
    const before = 'Admin of tenant 2';
    // The first read answers; the next user's is still under way.
    const api = { callDynamic: vi.fn(() => new Promise(() => undefined)) } as unknown as Api;
    vi.mocked(api.callDynamic).mockResolvedValueOnce(before);
    const runtime = { api } as Runtime;
    const show = () =>
      render(
        <RuntimeProvider runtime={runtime}>
          <UserName />
        </RuntimeProvider>,
      );
    show();
    expect(await screen.findByText(before)).toBeTruthy();
    cleanup();

    const signIn = routeObjects(api).find((route) => route.path === '/login')?.loader as LoaderFunction;
    await signIn({ request: new Request('http://platform.test/login') } as LoaderFunctionArgs);
    show();
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.queryByText(before)).toBeNull();
  });
});
