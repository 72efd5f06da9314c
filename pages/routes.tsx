import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { pages } from '../generated/registry';
import { AppShell, ListPage, NotFoundPage, session } from '../runtime';
import { LANDING_PATH, LoginPage } from './login/LoginPage';

/** Every path but the open ones needs a signed-in user; without one the user is sent to /login. */
function RequireSession({ children }: { children: ReactNode }) {
  return session.user() ? children : <Navigate to="/login" replace />;
}

/** The route tree: the open login route, and the screens of the page schemas inside the app shell. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <Navigate to="/main" replace /> },
  {
    path: '/main',
    element: (
      <RequireSession>
        <AppShell />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/main/appliance" replace /> },
      { path: 'appliance', element: <Navigate to={LANDING_PATH} replace /> },
      ...pages.map((page) => ({ path: page.route, element: <ListPage key={page.page} page={page} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
