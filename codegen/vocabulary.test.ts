import Ajv from 'ajv';
import { describe, expect, test } from 'vitest';
import { addProjectKeywords, isCreditCode, isIdCard, isMobile, isPhone, messageKeys } from './vocabulary';

describe('the unified social credit code', () => {
  test.each([
    // Codes of registered companies, and codes whose check character is 0 or a letter.
    '91350100M000100Y43',
    '91110000802100433B',
    '91310000MA1FL0X12J',
    '91440300MA5DQW2N7X',
  ])('%s is one', (code) => {
    expect(isCreditCode(code)).toBe(true);
  });

  test.each([
    ['91310000MA1FL0X12K', 'a wrong check character'],
    ['91350100M000100Y44', 'a wrong check character'],
    ['ABC', 'too short'],
    ['91350100M000100Y433', 'too long'],
    ['91350100M000I00Y43', 'the letter I'],
    ['91350100m000100y43', 'small letters'],
    ['', 'empty'],
  ])('%s is none (%s)', (code) => {
    expect(isCreditCode(code)).toBe(false);
  });
});

describe('the resident identity card number', () => {
  test.each([
    // The check character a digit, X, or x as some type it.
    '11010519491231002X',
    '11010519491231002x',
    '31011519920518002X',
    '440524198001010013',
  ])('%s is one', (code) => {
    expect(isIdCard(code)).toBe(true);
  });

  test.each([
    ['110105194912310021', 'a wrong check character'],
    ['110105194902310026', 'the 31st of February'],
    ['110105189912310023', 'born before 1900'],
    ['11010519491231002', 'too short'],
    ['A1010519491231002X', 'a letter'],
    ['01010519491231002X', 'a leading 0'],
    ['', 'empty'],
  ])('%s is none (%s)', (code) => {
    expect(isIdCard(code)).toBe(false);
  });
});

describe('telephone and mobile numbers', () => {
  test.each([
    ['021-58880001', true, false],
    ['(0755) 8888 6666', true, false],
    ['+86 138 0013 8000', true, false],
    ['13800138000', true, true],
    ['+8613800138000', true, true],
    ['12ab-phone', false, false],
    ['12345', false, false],
    ['1234567890123456', false, false],
    ['12800138000', true, false],
  ])('%s: a telephone number %s, a mobile number %s', (text, phone, mobile) => {
    expect([isPhone(text), isMobile(text)]).toEqual([phone, mobile]);
  });
});

describe('the named checks and rules in a validator', () => {
  const ajv = addProjectKeywords(new Ajv({ allErrors: true }));
  const schema = {
    type: 'object',
    properties: {
      phone: { type: 'string', 'x-format': 'phone' },
      taxNumber: { type: 'string', 'x-format': 'creditCode' },
      min: { type: 'number', 'x-below': 'max' },
      max: { type: 'number' },
    },
  };
  const validate = ajv.compile(schema);
  const failed = (data: object) => {
    validate(data);
    return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`);
  };

  test('refuse what the checks refuse, and a minimum not below its maximum', () => {
    expect(failed({ phone: '12ab-phone', taxNumber: 'ABC', min: 70, max: 60 })).toEqual([
      '/phone x-format',
      '/taxNumber x-format',
      '/min x-below',
    ]);
    expect(failed({ min: 60, max: 60 })).toEqual(['/min x-below']);
  });

  test('pass what they take, an empty text, and a minimum without a maximum', () => {
    expect(failed({ phone: '021-58880001', taxNumber: '91350100M000100Y43', min: 0, max: 100 })).toEqual([]);
    expect(failed({ phone: '', taxNumber: '', min: 70 })).toEqual([]);
  });

  test('an unknown check is a mistake of the schema', () => {
    expect(() => ajv.compile({ type: 'string', 'x-format': 'postcode' })).toThrow(/no check named postcode/);
  });

  test('each says what it expects in its own message', () => {
    expect(messageKeys(schema)).toEqual({
      '#/properties/phone/x-format': 'errors.format.phone',
      '#/properties/taxNumber/x-format': 'errors.format.creditCode',
      '#/properties/min/x-below': 'errors.belowMaximum',
    });
  });
});
