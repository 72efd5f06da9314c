import { useEffect, useState } from 'react';
import { ApiCallError, useRuntime } from '../../runtime';

/** A link made for staff: its address on this site, until when it holds; or why it could not be made. */
export interface IssuedLink {
  address?: string;
  expiresAt?: number;
  error?: string;
}

/**
 * Makes a new link to the record `id` through `operationId` (the server answers its random token
 * once) and gives its address: the open route `path` of this site with the token.
 */
export function useIssuedLink(operationId: 'createQuoteLink' | 'createAssetLink', id: number, path: string): IssuedLink {
  const { api } = useRuntime();
  const [link, setLink] = useState<IssuedLink>({});
  useEffect(() => {
    if (!(id > 0)) return;
    let current = true;
    api
      .call(operationId, { params: { id } }, { silent: true })
      .then(({ token, expiresAt }) => {
        const address = `${window.location.origin}${path}?${new URLSearchParams({ token }).toString()}`;
        if (current) setLink({ address, expiresAt });
      })
      .catch((error: unknown) => current && setLink({ error: error instanceof ApiCallError ? error.message : String(error) }));
    return () => {
      current = false;
    };
  }, [api, operationId, id, path]);
  return link;
}
