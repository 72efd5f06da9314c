import type { ViewSchema } from '../../generated/meta';
import list from '../../generated/views.json';

/** The screens declared as data (`schemas/views/`), by the route that shows each. */
const VIEWS = new Map((list as unknown as ViewSchema[]).map((view) => [view.route, view]));

/** The view a route shows; codegen has checked that every route of a view kind has one of its kind. */
export function viewOf<V extends ViewSchema>(route: string, kinds: readonly V['kind'][]): V {
  const view = VIEWS.get(route);
  if (!view || !(kinds as readonly string[]).includes(view.kind))
    throw new Error(`route ${route} declares no view of kind ${kinds.join(' or ')}`);
  return view as V;
}

/** The props of every screen of the route tree: the name of the route that shows it. */
export interface SiteScreenProps {
  route?: string;
}
