/** A field a rule hides for the current values (`'ui:field': 'Hidden'`): nothing is rendered, the value stays as it is. */
export function HiddenField() {
  return null;
}
