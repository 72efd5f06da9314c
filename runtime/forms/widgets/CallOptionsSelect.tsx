import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../RuntimeContext';
import { SelectWidget } from './SelectWidget';

interface CodeOption {
  code: string | number;
  name: string;
}

/**
 * The picker of a coded field whose codes a call offers (`x-options`): the codes and names the
 * server answers (the roles a user can have, named in the reader's language). Until the answer
 * comes, and when the call fails, the schema's codes with their labels are offered. A code the
 * call does not offer is not offered; the schema's `enum` still decides what may be stored.
 */
export function CallOptionsSelect(props: WidgetProps) {
  const { api } = useRuntime();
  const operation = String(props.options.operation ?? '');
  const [offered, setOffered] = useState<CodeOption[] | null>(null);
  useEffect(() => {
    let current = true;
    api
      .callDynamic(operation, {}, { silent: true })
      .then((answer) => {
        if (current) setOffered(answer as CodeOption[]);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, operation]);
  const { enumOptions = [] } = props.options;
  const options = offered
    ? offered.flatMap(({ code, name }) => {
        const known = enumOptions.find((option) => option.value === code);
        return known ? [{ ...known, label: name }] : [];
      })
    : enumOptions;
  return <SelectWidget {...props} options={{ ...props.options, enumOptions: options }} />;
}
