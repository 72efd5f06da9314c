import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { I18nextProvider } from 'react-i18next';
import { i18nFor } from '../i18n/i18n';
import { SchemaForm, type SchemaFormProps } from './SchemaForm';

/** For tests: a schema form in English, with the UI schema given, without its own submit button, as a dialog shows one. */
export function englishForm(
  schema: unknown,
  validators: ValidatorFunctions,
  props: Pick<SchemaFormProps, 'formData' | 'onChange' | 'onSubmit'> & { uiSchema?: UiSchema },
) {
  const { uiSchema = {}, ...rest } = props;
  return (
    <I18nextProvider i18n={i18nFor('en')}>
      <SchemaForm
        schema={schema as RJSFSchema}
        uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        validators={validators}
        {...rest}
      />
    </I18nextProvider>
  );
}
