import { useEffect, useState } from 'react';
import { optionsOperations } from '../../generated/registry';
import type { PageSchema } from '../../generated/meta';
import { useRuntime } from '../RuntimeContext';
import type { PropertySchema } from '../schema/properties';

/**
 * The name of the record a scoped page is about (the customer whose contacts it lists): its first
 * scope field that refers to another entity (`x-ref`), asked of that entity's options call by id.
 * Undefined for a page without such a scope, while the answer is awaited, and when none comes.
 */
export function useScopeName(
  page: PageSchema,
  properties: Record<string, PropertySchema> | undefined,
  scope: Record<string, unknown> | undefined,
): string | undefined {
  const { api } = useRuntime();
  const field = page.scope?.find((name) => {
    const entity = properties?.[name]?.['x-ref'];
    return typeof entity === 'string' && optionsOperations[entity] !== undefined;
  });
  const entity = field ? String(properties?.[field]?.['x-ref']) : undefined;
  const id = field ? scope?.[field] : undefined;
  const [named, setNamed] = useState<{ key: string; name: string }>();
  const key = `${entity ?? ''}:${String(id)}`;

  useEffect(() => {
    const operation = entity ? optionsOperations[entity] : undefined;
    if (!operation || typeof id !== 'number' || !Number.isInteger(id)) return undefined;
    let current = true;
    api
      .callDynamic(operation, { query: { id } }, { silent: true })
      .then((answer) => {
        const found = (answer as { id: number; name?: string }[]).find((option) => option.id === id);
        if (current && found?.name) setNamed({ key, name: found.name });
      })
      // Without the name the page keeps its plain title.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, entity, id, key]);

  return named?.key === key ? named.name : undefined;
}
