import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { CallResult } from '../api/client';
import { useRuntime } from '../RuntimeContext';

export type MenuRoute = CallResult<'getUserMenu'>[number];

/** What the signed-in user may open, as the server says (the menu and the names of allowed routes). */
export interface Access {
  loading: boolean;
  allowed: Set<string>;
  menu: MenuRoute[];
}

const AccessContext = createContext<Access>({ loading: true, allowed: new Set(), menu: [] });

/** Loads the user's menu once per tenant. */
export function AccessProvider({ tenantId, children }: { tenantId: number | undefined; children: ReactNode }) {
  const { api } = useRuntime();
  const [access, setAccess] = useState<Access>({ loading: true, allowed: new Set(), menu: [] });
  useEffect(() => {
    let current = true;
    Promise.all([api.call('userMenu'), api.call('getUserMenu')])
      .then(([names, menu]) => {
        if (current) setAccess({ loading: false, allowed: new Set(names), menu });
      })
      .catch(() => {
        if (current) setAccess({ loading: false, allowed: new Set(), menu: [] });
      });
    return () => {
      current = false;
    };
  }, [api, tenantId]);
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}

export function useAccess(): Access {
  return useContext(AccessContext);
}
