import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { callKey, readCall } from '../../api/answers';
import { useKeyedAnswer } from '../../api/useAnswer';
import { useRuntime } from '../../RuntimeContext';

/** Where the suggestions come from (`ui:options.suggest`): a call without parameters, and the property of its items offered. */
interface Suggest {
  operation: string;
  value: string;
}

/**
 * Free text, offered the values a call answers as the user types (`ui:options.suggest`: a
 * customer's city from the city table shipped with the platform). Suggestions, not a closed choice:
 * a value the call lacks may still be typed; the form checks the real schema.
 */
export function SuggestInput(props: WidgetProps) {
  const { api } = useRuntime();
  const { operation, value } = props.options.suggest as Suggest;
  const items = useKeyedAnswer<Record<string, unknown>[]>(
    callKey(operation, {}),
    readCall(api, operation, {}) as () => Promise<Record<string, unknown>[]>,
  ).data;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  const examples = [...new Set((items ?? []).map((item) => String(item[value])))];
  return <BaseInputTemplate {...props} schema={{ ...props.schema, examples }} />;
}
