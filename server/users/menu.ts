import type { Route } from '../contract';

/** What decides whether a user sees a route: the tenant and what they may do there. */
export interface MenuContext {
  tenantId: number;
  isAdmin: boolean;
  permissions: string[];
}

/**
 * The routes a user may open: those of their tenant (`tenants`), for administrators only when the
 * user is one (`admin`), that need no permission or one they have, and whose parents they may open
 * too. Open routes (login...) are not part of it.
 */
export function allowedRoutes(routes: Route[], context: MenuContext): Route[] {
  const allowed = new Set<string>();
  const result: Route[] = [];
  for (const route of routes) {
    if (route.open) continue;
    if (route.parent && !allowed.has(route.parent) && routes.some((r) => r.name === route.parent && !r.open)) continue;
    if (route.tenants && !route.tenants.includes(context.tenantId)) continue;
    if (route.admin && !context.isAdmin) continue;
    if (route.permission && !context.isAdmin && !context.permissions.includes(route.permission)) continue;
    allowed.add(route.name);
    result.push(route);
  }
  return result;
}

/**
 * The menu: the allowed routes less the hidden ones and the roots (`/`, `/main`), each with the
 * nearest parent that is itself in the menu.
 */
export function menuOf(
  routes: Route[],
  context: MenuContext,
): { name: string; path: string; parent?: string; navigation?: 'bottom' }[] {
  const allowed = allowedRoutes(routes, context);
  const shown = new Set(allowed.filter((r) => !r.hidden && r.path !== '/' && r.path !== '/main').map((r) => r.name));
  const byName = new Map(routes.map((r) => [r.name, r]));
  const nearestShown = (name: string | undefined): string | undefined => {
    for (let current = name; current; current = byName.get(current)?.parent) if (shown.has(current)) return current;
    return undefined;
  };
  return allowed
    .filter((route) => shown.has(route.name))
    .map((route) => {
      const parent = nearestShown(route.parent);
      return {
        name: route.name,
        path: route.path,
        ...(parent ? { parent } : {}),
        ...(route.navigation === 'bottom' ? { navigation: 'bottom' as const } : {}),
      };
    });
}
