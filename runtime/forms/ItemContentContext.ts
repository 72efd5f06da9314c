import { createContext } from 'react';

/**
 * How a field inside an item of a list tells the item what it holds, so the item is titled by its
 * content: the device-variable picker tells the names it shows of the choice (undefined: nothing
 * chosen). Outside a list nobody listens.
 */
export const ItemContentContext = createContext<(content: string | undefined) => void>(() => undefined);
