import { createContext, use, useCallback, useContext, useMemo } from 'react';
import {
  createSearchParams,
  UNSAFE_LocationContext as RouterLocation,
  useNavigate,
  type Location,
  type SetURLSearchParams,
} from 'react-router';

/**
 * The location of the screen that reads it: for a page the shell keeps (`KeepAliveOutlet`), the
 * one it was last shown at; elsewhere, the router's. The router's location changes with every
 * screen opened, and every component reading it is drawn again, whatever any provider below says
 * (React marks each reader of a changed context): a list kept hidden was drawn again, with its
 * table, each time the user opened another screen.
 */
const ScreenLocation = createContext<Location | undefined>(undefined);

export const ScreenLocationProvider = ScreenLocation.Provider;

/** The screen's location (see `ScreenLocation`); what screens read instead of the router's `useLocation`. */
export function useScreenLocation(): Location {
  // Outside a kept page (the sign-in page, an open route, the shell), the router's location, read
  // only there: a kept page never reads the router's context, and is not drawn again when it changes.
  return useContext(ScreenLocation) ?? use(RouterLocation).location;
}

/** The screen's search parameters and their setter, as the router's `useSearchParams` gives them, from `useScreenLocation`. */
export function useScreenSearch(): [URLSearchParams, SetURLSearchParams] {
  const { search } = useScreenLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      void navigate(`?${createSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next)}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
