import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { useRuntime } from '../../RuntimeContext';
import { useFormValues } from '../formValues';

/**
 * A text field that the form of a new record fills with what a call proposes
 * (`ui:options.propose.operation`: the next free tender number of the day), while it is empty and
 * until the user types; the user may change it, and the server still checks what is saved. A record
 * being edited (it has an id) keeps its own value.
 */
export function ProposedInput(props: WidgetProps) {
  const { api } = useRuntime();
  const { operation } = props.options.propose as { operation: string };
  const creating = useFormValues(props.registry, (values) => values.id === undefined || values.id === null);
  const empty = props.value === undefined || props.value === null || props.value === '';
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  // Filled once: a value the user clears afterwards stays cleared.
  const filled = useRef(false);
  useEffect(() => {
    if (!creating || !empty || filled.current) return undefined;
    let current = true;
    void api.callDynamic(operation, {}, { silent: true }).then(
      (proposed) => {
        if (!current || typeof proposed !== 'string') return;
        filled.current = true;
        onChange.current(proposed);
      },
      // Without a proposal the field stays empty, for the user to fill.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, operation, creating, empty]);
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate {...props} />;
}
