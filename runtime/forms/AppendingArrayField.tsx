import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, type Field, type FieldProps } from '@rjsf/utils';
import { useCallback, useRef } from 'react';
import { ArrayAppendContext } from './ArrayAppendContext';

const ArrayField = getDefaultRegistry().fields.ArrayField as Field;

/**
 * The form library's array field, which, for a list whose UI schema picks variables
 * (`ui:options.pickVariables`), gives its template a way to append several items at once
 * (`ArrayAppendContext`).
 */
export function AppendingArrayField(props: FieldProps) {
  const { onChange, fieldPathId, formData, uiSchema } = props;
  const latest = useRef<unknown>(formData);
  latest.current = formData;
  const append = useCallback(
    (items: unknown[]) => onChange([...(Array.isArray(latest.current) ? latest.current : []), ...items], fieldPathId.path),
    [onChange, fieldPathId],
  );
  if (getUiOptions(uiSchema).pickVariables === undefined) return <ArrayField {...props} />;
  return (
    <ArrayAppendContext.Provider value={append}>
      <ArrayField {...props} />
    </ArrayAppendContext.Provider>
  );
}
