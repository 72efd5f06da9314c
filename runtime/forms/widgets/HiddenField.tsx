/** A field a rule hides for the current values (`'ui:field': 'Hidden'`): nothing is rendered, the value stays as it is. */
export function HiddenField() {
  return null;
}

/** The UI schema entry that hides a field of any type. */
export const HIDDEN_FIELD = { 'ui:field': 'Hidden' } as const;
