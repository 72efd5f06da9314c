import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { Button, Flex, Form, Typography } from 'antd';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../RuntimeContext';
import { label } from '../../i18n/labels';
import { ObjectValuesContext } from '../ObjectValuesContext';

/**
 * What a UI schema declares in `ui:options.lookup` of a field with `"ui:field": "Lookup"`: the GET
 * call that looks the field's value up, the query parameter it is sent as, and which sibling
 * field takes which property of the answer. The answer says whether it found anything in `found`.
 */
export interface LookupOptions {
  operation: string;
  query: string;
  fill: Record<string, string>;
}

type Answer = Record<string, unknown>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A text field with a button that looks its value up (an address: the city it names) and fills
 * the sibling fields the UI schema maps from the answer. A sibling the user has already filled
 * with something else keeps its value: the message beside the field says what the answer holds
 * and offers to use it. When nothing is found, the message says so and nothing changes. The
 * message is about the value looked up: it goes once the value is edited.
 */
export function LookupField(props: FieldProps) {
  const { registry, uiSchema, formData, fieldPathId, onChange, disabled, readonly } = props;
  const { StringField } = registry.fields;
  const options = getUiOptions(uiSchema);
  const lookup = options.lookup as LookupOptions;
  const values = useContext(ObjectValuesContext);
  const { api } = useRuntime();
  const { t } = useTranslation();
  const [result, setResult] = useState<{ value: string; answer: Answer } | undefined>();
  const [busy, setBusy] = useState(false);
  const value = typeof formData === 'string' ? formData.trim() : '';
  const parent = fieldPathId.path.slice(0, -1);
  const set = (field: string, next: unknown) => onChange(next as never, [...parent, field]);
  const keys = `lookups.${lookup.operation}`;
  const owner = registry.rootSchema['x-entity'] ? `entities.${String(registry.rootSchema['x-entity'])}` : undefined;
  const fieldName = (field: string) => (owner ? label(t, `${owner}.fields.${field}`) : field);

  const locate = async () => {
    setBusy(true);
    try {
      const answer = (await api.callDynamic(lookup.operation, { query: { [lookup.query]: value } })) as Answer;
      setResult({ value, answer });
      if (answer.found !== true) return;
      for (const [field, from] of Object.entries(lookup.fill)) {
        if (isEmpty(values?.[field]) && !isEmpty(answer[from])) set(field, answer[from]);
      }
    } catch {
      // The client has said what went wrong.
    } finally {
      setBusy(false);
    }
  };

  const current = result?.value === value ? result.answer : undefined;
  // Siblings holding something else than the answer: the user's, kept until they choose.
  const differing = current?.found
    ? Object.entries(lookup.fill).filter(
        ([field, from]) => !isEmpty(current[from]) && !isEmpty(values?.[field]) && values?.[field] !== current[from],
      )
    : [];
  const id = `${fieldPathId.$id}__lookup`;
  // A field of its own (`ui:field`) gets no label from its template, so it shows the one its widget would have had.
  return (
    <>
      <Form.Item
        label={options.title ?? props.schema.title ?? props.name}
        htmlFor={fieldPathId.$id}
        required={props.required}
        style={{ marginBottom: 0 }}
      >
        {StringField ? <StringField {...props} /> : null}
      </Form.Item>
      <Flex gap="small" align="center" wrap style={{ marginTop: 4 }}>
        <Button
          size="small"
          onClick={() => void locate()}
          loading={busy}
          disabled={disabled || readonly || !value}
          aria-describedby={id}
        >
          {label(t, `${keys}.action`)}
        </Button>
        <div id={id} role="status" aria-live="polite" style={{ minWidth: 0 }}>
          {current ? (
            <Typography.Text type={current.found ? undefined : 'warning'}>
              {label(t, current.found ? `${keys}.found` : `${keys}.notFound`, current)}
            </Typography.Text>
          ) : null}
        </div>
      </Flex>
      {differing.map(([field, from]) => (
        <Flex key={field} gap="small" align="center" wrap style={{ marginTop: 4 }}>
          <Typography.Text type="warning">
            {label(t, 'lookups.differs', { field: fieldName(field), current: values?.[field], value: current?.[from] })}
          </Typography.Text>
          <Button size="small" onClick={() => set(field, current?.[from])} disabled={disabled || readonly}>
            {label(t, 'lookups.use', { field: fieldName(field), value: current?.[from] })}
          </Button>
        </Flex>
      ))}
    </>
  );
}
