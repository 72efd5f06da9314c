import { createContext } from 'react';

/**
 * The values of the object a field belongs to, for a field whose action fills its siblings (an
 * address look-up filling the city) and must not overwrite what the user typed there.
 */
export const ObjectValuesContext = createContext<Record<string, unknown> | undefined>(undefined);
