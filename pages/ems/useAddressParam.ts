import { useCallback } from 'react';
import { useScreenSearch } from '../../runtime/shell/screenLocation';

/**
 * A parameter of the address (`?name=`) and the function that sets it in place of the last value,
 * keeping the rest of the address (a choice on a screen, not a step back can return to).
 */
export function useAddressParam(name: string): [string | null, (value: string) => void] {
  const [search, setSearch] = useScreenSearch();
  const set = useCallback(
    (value: string) =>
      setSearch(
        (before) => {
          const next = new URLSearchParams(before);
          next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setSearch],
  );
  return [search.get(name), set];
}
