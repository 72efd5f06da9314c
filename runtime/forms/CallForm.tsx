import { useCallback } from 'react';
import { loadForm } from '../schema/entities';
import { LoadedForm } from './LoadedForm';

export interface CallFormProps {
  /** Name of the form (`x-form` of a call schema). */
  form: string;
  /** Current values, when the form edits something that exists. */
  load?(): Promise<Record<string, unknown>>;
  /** Sends the form; a failure is shown above it. */
  save(values: Record<string, unknown>): Promise<void>;
  /** Fields fixed by where the form is shown (hidden). */
  fixed?: string[];
  /** The text of the submit button (Save by default). */
  submitText?: string;
  /** Closes the form without sending it: a Cancel beside Save (a dialog's). */
  onCancel?(): void;
  /** Whether the values differ from those loaded, each time that changes (the dialog asks before closing). */
  onDirtyChange?(dirty: boolean): void;
}

/** The form of a call: its schema and validator loaded on first use, its values loaded, sent and its failure shown. */
export function CallForm({ form, ...props }: CallFormProps) {
  const schema = useCallback(async () => ({ module: await loadForm(form), uiSchema: {} }), [form]);
  return <LoadedForm schema={schema} prefix={`forms.${form}`} mode="create" {...props} />;
}
