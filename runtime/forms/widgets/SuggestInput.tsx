import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { callKey, readCall } from '../../api/answers';
import { useKeyedAnswer } from '../../api/useAnswer';
import { useRuntime } from '../../RuntimeContext';
import { useFormValues } from '../formValues';

/**
 * Where the suggestions come from (`ui:options.suggest`): a call, the property of its items
 * offered, the fixed values of query parameters (`query`: the dictionary of the field) and those
 * it is given from other fields of the form once they have a value (`params`: parameter → field).
 */
interface Suggest {
  operation: string;
  value: string;
  query?: Record<string, unknown>;
  params?: Record<string, string>;
}

/**
 * Free text, offered the values a call answers as the user types (`ui:options.suggest`: a
 * customer's city from the city table shipped with the platform; a device's model among the
 * models of the kind picked; a visit's subject among the entries of its dictionary). Suggestions, not a closed choice: a value the call lacks may still
 * be typed; the form checks the real schema.
 */
export function SuggestInput(props: WidgetProps) {
  const { api } = useRuntime();
  const { operation, value, query: fixed, params = {} } = props.options.suggest as Suggest;
  // The parameters as text, so that the widget is drawn again only when one of them changes.
  const given = useFormValues(props.registry, (values) =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries(params).flatMap(([param, field]) => {
          const known = values[field];
          return known === undefined || known === null || known === '' ? [] : [[param, known]];
        }),
      ),
    ),
  );
  const input = useMemo(() => {
    const query = { ...fixed, ...(JSON.parse(given) as Record<string, unknown>) };
    return Object.keys(query).length ? { query } : {};
  }, [fixed, given]);
  type Items = Record<string, unknown>[];
  const answer = useKeyedAnswer<Items | { records: Items }>(
    callKey(operation, input),
    readCall(api, operation, input) as () => Promise<Items | { records: Items }>,
  ).data;
  // A list, or a page of them.
  const items = Array.isArray(answer) ? answer : answer?.records;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  const examples = [...new Set((items ?? []).map((item) => String(item[value])))];
  return <BaseInputTemplate {...props} schema={{ ...props.schema, examples }} />;
}
