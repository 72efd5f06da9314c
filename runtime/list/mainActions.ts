/** How many actions a row shows as buttons at most; past that, the first of them stay and the rest are under "More". */
export const ROW_ACTIONS_SHOWN = 3;

/** What the rule needs to know of an action a row offers: its kind (`edit`, `delete`, `transition`...). */
export interface OfferedAction {
  kind: string;
}

/**
 * The row's main actions and those under "More". A row offering at most `ROW_ACTIONS_SHOWN`
 * actions shows them all; one offering more shows the first `ROW_ACTIONS_SHOWN - 1` in the page
 * schema's order (`rowActions` lists a page's actions in order of use), never a delete among
 * them, and "More" holds the rest in the same order. The actions offered are those of the row's
 * state, so a state's next step moves forward as the steps before it drop out.
 */
export function mainActions<T extends OfferedAction>(offered: readonly T[]): { main: T[]; more: T[] } {
  if (offered.length <= ROW_ACTIONS_SHOWN) return { main: [...offered], more: [] };
  const main = offered.filter((action) => action.kind !== 'delete').slice(0, ROW_ACTIONS_SHOWN - 1);
  return { main, more: offered.filter((action) => !main.includes(action)) };
}
