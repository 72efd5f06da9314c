/**
 * Extension keywords a schema of this project may carry. Validators are compiled in strict mode
 * with these added, so a misspelt standard keyword fails codegen instead of being ignored.
 */
export const EXTENSION_KEYWORDS = ['x-entity', 'x-table', 'x-enum', 'x-ref', 'x-on-delete', 'x-owner', 'example'] as const;
