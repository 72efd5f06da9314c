import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routes } from '../../generated/registry';

/**
 * Goes to a route of the application by its name, with a query: how a widget's action (an alarm
 * opening the alarm records) names where it leads. An unknown name goes nowhere.
 */
export function useRouteNavigate(): (name: string, query?: Record<string, string>) => void {
  const navigateTo = useNavigate();
  return useCallback(
    (name, query) => {
      const route = routes.find((entry) => entry.name === name);
      if (route) void navigateTo(`${route.path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`);
    },
    [navigateTo],
  );
}
