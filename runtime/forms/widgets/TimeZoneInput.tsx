import { getTemplate, type WidgetProps } from '@rjsf/utils';

let zones: string[] | undefined;

/** The IANA time zones the browser knows, asked once. */
function knownZones(): string[] {
  zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones;
}

/**
 * A time zone: free text, offered the IANA zones the browser knows as the user types (a list of
 * suggestions, not a closed choice: a zone the browser lacks may still be one the server knows).
 * The form checks the real schema; the suggestions are the input's only.
 */
export function TimeZoneInput(props: WidgetProps) {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <BaseInputTemplate {...props} schema={{ ...props.schema, examples: knownZones() }} />;
}
