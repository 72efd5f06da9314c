// Ant Design's reset of the browser's own styles (the body's margin among them), as its documentation has it.
import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import {
  AppProviders,
  cookieTokenStore,
  createAnalytics,
  createApi,
  createNotifier,
  i18nFor,
  createPreferenceStore,
  readPreferences,
  session,
  type Runtime,
} from '../runtime';
import { routeObjects } from './routes';

const preferences = createPreferenceStore(readPreferences(window.location.search, localStorage), localStorage);
const notifier = createNotifier();
const api = createApi({
  store: cookieTokenStore(),
  language: () => preferences.getState().language,
  warn: (text) => notifier.warn(text),
  translate: (key, params) => String(i18nFor(preferences.getState().language).t(key as never, params as never)),
  onSessionEnd: () => {
    session.signOut(api);
    if (window.location.pathname !== '/login') void router.navigate('/login');
  },
});
const router = createBrowserRouter(routeObjects(api));
const runtime: Runtime = {
  preferences,
  api,
  notifier,
  analytics: createAnalytics(import.meta.env.VITE_ANALYTICS_URL as string | undefined),
};

// A user already signed in when the app starts is taken to the root.
if (session.user() && window.location.pathname === '/login') void router.navigate('/');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders runtime={runtime}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
