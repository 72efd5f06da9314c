import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { session } from '../auth/session';
import { discardUnsavedChanges, hasUnsavedChanges, useConfirmDiscard } from '../forms/unsaved';

/**
 * The sign-in page: a session that ended or was signed out elsewhere goes there without asking
 * (nothing could be saved). A user still signed in going there (Back from the first screen after
 * signing in) is asked like anywhere else: the sign-in page then takes them on to the app.
 */
const SIGN_IN = '/login';

/**
 * Asks before changes not saved are left: a navigation inside the application (menu, link, back
 * and forward) waits for the user's answer; leaving the page (reload, close, another address) asks
 * through the browser's own question.
 */
export function UnsavedChangesGuard() {
  const confirm = useConfirmDiscard();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (nextLocation.pathname !== SIGN_IN || session.user() !== undefined) &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  // One question for each blocked navigation, however often the shell renders while it waits.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asking.current = false;
      return;
    }
    if (asking.current) return;
    asking.current = true;
    confirm(
      () => {
        discardUnsavedChanges();
        blocker.proceed();
      },
      () => blocker.reset(),
    );
  }, [blocker, confirm]);
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (hasUnsavedChanges()) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  return null;
}
