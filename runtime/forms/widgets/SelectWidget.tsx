import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  SelectedOptionDescription,
  type WidgetProps,
} from '@rjsf/utils';
import { Select } from 'antd';

type Encoded = string | string[] | undefined;

const byLabel = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());

/**
 * The picker of a coded field (an `enum`), in place of the theme's: its placeholder ("Please
 * select") is only a placeholder, never an option, so it cannot be chosen as a value. A field that
 * is not required is emptied with the clear icon; a required one left empty gets its own message
 * when the form is sent. Codes the schema disables are shown and cannot be chosen; the chosen
 * option's description (a `oneOf` entry's) is shown below, as the theme's picker does.
 */
export function SelectWidget({
  id,
  htmlName,
  value,
  multiple,
  required,
  disabled,
  readonly,
  autofocus,
  placeholder,
  options,
  onChange,
  onBlur,
  onFocus,
  registry,
  uiSchema,
}: WidgetProps) {
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  // Emptied (the clear icon), the field takes its empty value.
  const decode = (encoded: Encoded) =>
    encoded === undefined ? emptyValue : enumOptionValueDecoder(encoded, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, multiple === true, format, emptyValue) as Encoded;
  return (
    <>
      <Select<Encoded>
        id={id}
        {...{ name: htmlName || id }}
        {...(multiple ? { mode: 'multiple' as const } : {})}
        value={selected === '' ? undefined : selected}
        autoFocus={autofocus}
        disabled={disabled || readonly}
        allowClear={!required || multiple === true}
        placeholder={placeholder}
        showSearch={{ filterOption: byLabel }}
        style={{ width: '100%' }}
        aria-describedby={ariaDescribedByIds(id)}
        options={enumOptions.map((option, index) => ({
          value: enumOptionValueEncoder(option.value, index, format),
          label: option.label,
          disabled: Array.isArray(enumDisabled) && enumDisabled.includes(option.value),
        }))}
        onChange={(next) => onChange(decode(next))}
        onBlur={() => onBlur(id, decode(selected))}
        onFocus={() => onFocus(id, decode(selected))}
      />
      {/* The description of the chosen option of a `oneOf`, as the theme's picker shows it. */}
      <SelectedOptionDescription
        id={id}
        multiple={multiple}
        options={options}
        registry={registry}
        uiSchema={uiSchema}
        value={value}
      />
    </>
  );
}
