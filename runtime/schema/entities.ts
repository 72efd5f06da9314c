import type { UiSchema } from '@rjsf/utils';
import type { SchemaModule } from '../../generated/registry';
import { entityLoaders, formLoaders, uiSchemaLoaders } from '../../generated/schemaLoaders';

const entityCache = new Map<string, Promise<SchemaModule>>();
const formCache = new Map<string, Promise<SchemaModule>>();
const uiCache = new Map<string, Promise<UiSchema>>();

function cached<T>(cache: Map<string, Promise<T>>, name: string, load: (() => Promise<T>) | undefined, what: string): Promise<T> {
  let promise = cache.get(name);
  if (!promise) {
    promise = load ? load() : Promise.reject(new Error(`unknown ${what} ${name}`));
    cache.set(name, promise);
  }
  return promise;
}

/** An entity's schema and form validator, loaded once, on first use. */
export function loadEntity(entity: string): Promise<SchemaModule> {
  return cached(entityCache, entity, entityLoaders[entity], 'entity');
}

/** A UI schema of `schemas/entities/`, loaded once, on first use. */
export function loadUiSchema(name: string): Promise<UiSchema> {
  return cached(uiCache, name, uiSchemaLoaders[name], 'UI schema');
}

/** The schema and validator of a call's form (`x-form`), loaded once, on first use. */
export function loadForm(name: string): Promise<SchemaModule> {
  return cached(formCache, name, formLoaders[name], 'form');
}
