import { createContext } from 'react';

/**
 * Appends items to the end of the list whose template reads it, in one change of the form (the
 * form library tells an array's template how to add one empty item, not several given ones).
 * Undefined outside a list that asks for it.
 */
export const ArrayAppendContext = createContext<((items: unknown[]) => void) | undefined>(undefined);
