import { useCallback } from 'react';
import { loadEntity, loadUiSchema } from '../schema/entities';
import { LoadedForm } from './LoadedForm';

export interface EntityFormProps {
  /** The entity whose record the form edits (`x-entity`). */
  entity: string;
  /** Name of its UI schema (`schemas/entities/<ui>.ui.json`). */
  ui: string;
  /** The record's current values. */
  load(): Promise<Record<string, unknown>>;
  /** Sends the record; a failure is shown above the form. */
  save(values: Record<string, unknown>): Promise<void>;
  /** Fields fixed by where the form is shown (hidden). */
  fixed?: string[];
}

/** The form of one record of an entity, shown in place (a station's settings) rather than in a list's dialog. */
export function EntityForm({ entity, ui, ...props }: EntityFormProps) {
  const schema = useCallback(async () => ({ module: await loadEntity(entity), uiSchema: await loadUiSchema(ui) }), [entity, ui]);
  return <LoadedForm schema={schema} prefix={`entities.${entity}`} mode="edit" {...props} />;
}
