// Ant Design's reset of the browser's own styles (the body's margin among them), as its documentation has it.
import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAnalytics } from '../runtime/analytics';
import { createApi } from '../runtime/api/client';
import { returnPath, session, signInPath } from '../runtime/auth/session';
import { cookieTokenStore } from '../runtime/auth/tokenStore';
import { i18nFor, loadLanguage } from '../runtime/i18n/i18n';
import { createPreferenceStore, readPreferences } from '../runtime/preferences/preferences';
import type { Runtime } from '../runtime/RuntimeContext';
import { createNotifier } from '../runtime/shell/notifier';
import { RuntimeProviders } from '../runtime/shell/RuntimeProviders';
import { routeObjects } from './routes';

const preferences = createPreferenceStore(readPreferences(window.location.search, localStorage), localStorage);
const notifier = createNotifier();
let router: ReturnType<typeof createBrowserRouter> | undefined;
/** Goes to a path of the app, through the router once there is one. */
const go = (path: string) => (router ? void router.navigate(path) : window.location.assign(path));
/** A session that ended (here or in another tab) goes to the sign-in page, to come back to the page shown once signed in again. */
const toSignIn = () => {
  const { pathname, search } = window.location;
  if (pathname !== '/login') go(signInPath(pathname + search));
};
const api = createApi({
  store: cookieTokenStore(),
  language: () => preferences.getState().language,
  warn: (text) => notifier.warn(text),
  translate: (key, params) => String(i18nFor(preferences.getState().language).t(key as never, params as never)),
  onSessionEnd: () => {
    session.signOut(api);
    toSignIn();
  },
});
const runtime: Runtime = {
  preferences,
  api,
  notifier,
  analytics: createAnalytics(import.meta.env.VITE_ANALYTICS_URL as string | undefined),
};

async function start(): Promise<void> {
  const { pathname, search } = window.location;
  // The reader's labels are asked for at once, beside the session and the route's code, not once
  // the first render asks for them.
  void loadLanguage(preferences.getState().language);
  // A tab opened on a page of the app (a link, a bookmark) takes the session of the browser's other
  // tabs; signing out in any tab signs this one out. The sign-in page signs in anew.
  await session.share(api, { ask: pathname !== '/login', onSignedOut: toSignIn });
  router = createBrowserRouter(routeObjects(api));
  // A user already signed in when the app starts at the sign-in page is taken on.
  if (session.user() && pathname === '/login') void router.navigate(returnPath(search, '/'));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <RuntimeProviders runtime={runtime}>
        <RouterProvider router={router} />
      </RuntimeProviders>
    </StrictMode>,
  );
}

void start();
