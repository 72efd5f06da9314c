import { withLabels } from '../i18n/i18n';
import { lazyScreen } from '../shell/lazyScreen';

/** The list screen of a page schema, loaded with its first use (with the screens' labels). */
export const ListPage = lazyScreen<{ name: string }>(
  withLabels('screens', () => import('./ListPage').then((module) => ({ default: module.ListScreen }))),
);
