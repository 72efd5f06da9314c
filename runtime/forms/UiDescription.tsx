import type { DescriptionFieldProps } from '@rjsf/utils';
import { Typography } from 'antd';

/**
 * Field descriptions come from the UI schema only (translated hints), never from the JSON
 * Schema, whose descriptions document the API in English for schema authors.
 */
export function UiDescription({ id, uiSchema }: DescriptionFieldProps) {
  const text = uiSchema?.['ui:description'];
  return typeof text === 'string' && text ? (
    <Typography.Text id={id} type="secondary">
      {text}
    </Typography.Text>
  ) : null;
}
