import type { AnyWidgetDataRules } from '../runtime/dashboard/widget';

/** Each widget folder's `rules.ts` exports its data rules as `dataRules`. */
const rulesOfFolders = import.meta.glob<AnyWidgetDataRules>('./*/rules.ts', { eager: true, import: 'dataRules' });

/**
 * What every widget type asks the server for, by type, without the widgets' views: a dashboard's
 * first data call is made with this map while the views' code (with the grid, the charts and Ant
 * Design) still loads. Each widget's definition (`widgets/index.ts`) takes in the same rules.
 */
export const WIDGET_DATA_RULES: ReadonlyMap<string, AnyWidgetDataRules> = new Map(
  Object.values(rulesOfFolders).map((rules) => [rules.type, rules]),
);
