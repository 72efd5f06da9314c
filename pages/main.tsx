import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createApi, PreferenceStore, readPreferences, session, type Runtime } from '../runtime';
import { routes } from './routes';

const preferences = new PreferenceStore(readPreferences(window.location.search, localStorage), localStorage);
const router = createBrowserRouter(routes);
const runtime: Runtime = {
  preferences,
  api: createApi({
    token: () => session.token(),
    language: () => preferences.get().language,
    onUnauthenticated: () => {
      session.signOut();
      void router.navigate('/login');
    },
  }),
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
