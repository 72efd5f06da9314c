import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiCallError } from '../../runtime/api/client';
import type { Runtime } from '../../runtime/RuntimeContext';
import { memoryRuntime } from '../../runtime/shell/memoryRuntime';
import { RuntimeProviders } from '../../runtime/shell/RuntimeProviders';
import { LoginPage, type SignInState } from './LoginPage';

afterEach(() => {
  cleanup();
  // A test that signs in leaves its user in the tab's session.
  sessionStorage.clear();
});

const CAPTCHA = { key: 'k1', image: 'data:image/png;base64,AAAA' };

/** The sign-in page in English at /login, its API's calls answered by `answer`; where it goes on success. */
function mount(answer: (id: string, input: unknown) => Promise<unknown>, state?: SignInState) {
  const call = vi.fn(answer);
  const base = memoryRuntime('en', 'default');
  const runtime: Runtime = { ...base, api: { ...base.api, call: call as never } };
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [{ pathname: '/login', search: '?redirect=%2Fmain%2Franking', state }] },
  );
  render(
    <RuntimeProviders runtime={runtime}>
      <RouterProvider router={router} />
    </RuntimeProviders>,
  );
  return { call, router };
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('the sign-in page', () => {
  test('an empty field gets its message beside it and nothing is sent; typing in it clears the message', async () => {
    const { call } = mount(() => Promise.reject(new Error('not sent')));
    submit();
    expect(await screen.findByText('Please enter your username')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(call).not.toHaveBeenCalled();
    type('Username', 'admin');
    expect(screen.queryByText('Please enter your username')).toBeNull();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
  });

  test("a refused sign-in says why; the server's call for a captcha shows one, sent with the next try", async () => {
    let tries = 0;
    const { call } = mount((id) => {
      if (id === 'getCaptcha') return Promise.resolve(CAPTCHA);
      tries += 1;
      return Promise.reject(new ApiCallError(400, 40005, 'Please enter the verification code'));
    });
    type('Username', 'admin');
    type('Password', 'wrong');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the verification code');
    expect(await screen.findByRole('img', { name: 'Verification code picture' })).toBeTruthy();
    submit();
    expect(await screen.findByText('Please enter the verification code', { selector: '.app-field-error' })).toBeTruthy();
    expect(tries).toBe(1);
    type('Verification code', 'ab12');
    submit();
    await waitFor(() => expect(tries).toBe(2));
    expect(call).toHaveBeenCalledWith(
      'pcLogin',
      { body: { username: 'admin', password: 'wrong', captcha: 'ab12', captchaKey: 'k1' } },
      { silent: true },
    );
    // Refused again: a new captcha for the next try.
    await waitFor(() => expect(call.mock.calls.filter(([id]) => id === 'getCaptcha')).toHaveLength(2));
  });

  test('signed in, the user goes to the page they were sent from', async () => {
    const { router } = mount(() =>
      Promise.resolve({
        access_token: 'u',
        expires_in: 3600,
        expire_at_millisec: Date.now() + 3_600_000,
        userId: 1,
        tenants: [],
      }),
    );
    type('Username', 'admin');
    type('Password', 'admin123');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/ranking'));
  });

  test('a user already signed in (Back from the first screen after signing in) is taken on at once, never shown the form', async () => {
    sessionStorage.setItem('userId', '1');
    sessionStorage.setItem(
      'user',
      JSON.stringify({ userId: 1, username: 'admin', name: 'Admin', isAdmin: true, tenantId: 2, tenants: [] }),
    );
    const { router, call } = mount(() => Promise.reject(new Error('not sent')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/ranking'));
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  test('a screen that sent the user here says why, until they try', async () => {
    mount(() => Promise.reject(new Error('no')), { notice: 'Modified successfully, please log in again' });
    expect((await screen.findByRole('status')).textContent).toBe('Modified successfully, please log in again');
  });
});
