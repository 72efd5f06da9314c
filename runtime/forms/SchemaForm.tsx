import Form from '@rjsf/antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { useMemo } from 'react';
import type { Language } from '../preferences/preferences';
import { UiDescription } from './UiDescription';

const templates = { DescriptionFieldTemplate: UiDescription };

export interface SchemaFormProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Precompiled validator functions of `schema` (from codegen). */
  validators: ValidatorFunctions;
  formData?: Record<string, unknown>;
  language: Language;
  disabled?: boolean;
  onSubmit(formData: Record<string, unknown>): void;
}

/** A form rendered from a JSON Schema and a UI schema, validated in the browser before it is sent. */
export function SchemaForm({ schema, uiSchema, validators, formData, language, disabled, onSubmit }: SchemaFormProps) {
  const validator = useMemo(
    () => createPrecompiledValidator(validators, schema, language === 'zh' ? localizeZh : undefined),
    [validators, schema, language],
  );
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      templates={templates}
      disabled={disabled}
      noHtml5Validate
      showErrorList={false}
      onSubmit={({ formData: data }) => onSubmit((data ?? {}) as Record<string, unknown>)}
    />
  );
}
