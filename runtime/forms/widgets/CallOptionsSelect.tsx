import type { WidgetProps } from '@rjsf/utils';
import { useCodeOptions } from '../../api/useCodeOptions';
import { SelectWidget } from './SelectWidget';

/**
 * The picker of a coded field whose codes a call offers (`x-options`): the codes and names the
 * server answers (the roles a user can have, named in the reader's language). Until the answer
 * comes, and when the call fails, the schema's codes with their labels are offered. A code the
 * call does not offer is not offered; the schema's `enum` still decides what may be stored.
 */
export function CallOptionsSelect(props: WidgetProps) {
  const enumOptions = useCodeOptions(String(props.options.operation ?? ''), props.options.enumOptions ?? []);
  return <SelectWidget {...props} options={{ ...props.options, enumOptions }} />;
}
