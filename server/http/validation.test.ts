import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { catalogueMessage } from '../../generated/validationMessages';
import { loadContract } from '../contract';
import { createTranslator } from '../i18n';
import { fieldErrors } from './validation';

const translator = createTranslator(loadContract());

/** The keywords the English catalogue words (`validation.<keyword>`), each to be worded in Chinese too. */
const english = (loadContract().translations.en?.validation ?? {}) as Record<string, unknown>;
const KEYWORDS = Object.keys(english).filter((key) => !['invalid', 'types', 'minItemsOne'].includes(key));

test('the catalogue words the keywords of the schemas, their formats and types', () => {
  expect(KEYWORDS).toEqual(expect.arrayContaining(['required', 'type', 'format', 'maxLength', 'enum', 'x-format', 'x-below']));
});

describe.each(['en', 'zh'] as const)('the message catalogue in %s', (lng) => {
  const t = translator(lng);

  test.each(KEYWORDS)('%s has a message of its own that names the field', (keyword) => {
    const { key, values } = catalogueMessage(
      keyword,
      { limit: 3, format: 'email', type: 'integer', field: 'end' },
      'Field',
      'Other',
    );
    expect(key).toBe(keyword === 'format' ? 'validation.format.email' : `validation.${keyword}`);
    const text = t(key, values.type ? { ...values, type: t(values.type) } : values);
    expect(text).not.toBe(key);
    // Not the validator's own wording, nor a key or a placeholder.
    expect(text).not.toMatch(
      /must have required property|must match (format|pattern)|must be (string|number|integer)|validation\.|\{\{/,
    );
    if (keyword !== 'format') expect(text).toContain('Field');
  });

  test.each(['email', 'date', 'date-time', 'time', 'uri', 'hostname'])('the format %s says what is expected', (format) => {
    const { key, values } = catalogueMessage('format', { format }, 'Field', '');
    expect(t(key, values)).not.toMatch(/^validation\.|must match format/);
  });

  test('a list that needs at least one entry says so without a count; one that needs more gives it', () => {
    const one = catalogueMessage('minItems', { limit: 1 }, 'Screens', '');
    const two = catalogueMessage('minItems', { limit: 2 }, 'Screens', '');
    expect([t(one.key, one.values), t(two.key, two.values)]).toEqual(
      lng === 'en'
        ? ['Screens needs at least one entry', 'Screens needs at least 2 entries']
        : ['Screens至少需要一项', 'Screens至少需要 2 项'],
    );
  });

  test('a keyword the catalogue does not know says the field is not valid', () => {
    const { key, values } = catalogueMessage('propertyNames', {}, 'Field', '');
    expect(t(key, values)).toBe(lng === 'en' ? 'Field is not valid' : 'Field无效');
  });
});

describe('the fields a validation failed on', () => {
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }), ['email']);
  const schema = {
    type: 'object',
    'x-entity': 'customerContact',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: { type: 'string', maxLength: 5 },
      email: { type: 'string', format: 'email' },
      phone: { type: 'string', maxLength: 11 },
    },
  };
  const validate = ajv.compile(schema);

  test('each named by its label, saying what is expected, in the language asked for', () => {
    validate({ email: 'not an address', phone: '021-5888-0001-1', extra: 1 });
    const errors = validate.errors ?? [];
    expect(fieldErrors(errors, schema, translator('en'))).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'extra', message: 'extra is not a field of this form' },
      { path: 'email', message: 'Enter an e-mail address such as name@example.com' },
      { path: 'phone', message: 'Telephone can have at most 11 characters' },
    ]);
    expect(fieldErrors(errors, schema, translator('zh'))[0]).toEqual({ path: 'name', message: '请填写姓名' });
  });
});
