import { _, str, type KeywordDefinition } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import type Ajv from 'ajv';
import { isObject, type Json, type JsonObject } from './sources';

/**
 * Annotation keywords a schema of this project may carry. Validators are compiled in strict
 * mode with these added, so a misspelt standard keyword fails codegen instead of being ignored.
 */
export const EXTENSION_KEYWORDS = [
  'x-entity',
  'x-table',
  'x-enum',
  'x-ref',
  'x-on-delete',
  'x-ref-label',
  'x-active-until',
  'x-owner',
  'x-create-only',
  'x-unique',
  'x-upload',
  'x-coordinates',
  'x-form',
  'x-messages',
  'x-disabled',
  'x-states',
  'x-unit',
  'x-options',
  'x-option-groups',
  'example',
] as const;

/** `"x-same-as": "newPassword"` — the value must equal that sibling property (a confirmation). */
const sameAs: KeywordDefinition = {
  keyword: 'x-same-as',
  schemaType: 'string',
  error: {
    message: ({ schemaValue }) => str`must be the same as ${String(schemaValue)}`,
    params: ({ schemaCode }) => _`{field: ${schemaCode}}`,
  },
  code(cxt) {
    const { data, schemaCode, it } = cxt;
    cxt.fail(_`${it.parentData} && ${data} !== ${it.parentData}[${schemaCode}]`);
  },
};

/** `"x-not-before": "joinDate"` — a date or time no earlier than that sibling property, when both are given. */
const notBefore: KeywordDefinition = {
  keyword: 'x-not-before',
  type: 'string',
  schemaType: 'string',
  error: {
    message: ({ schemaValue }) => str`must not be earlier than ${String(schemaValue)}`,
    params: ({ schemaCode }) => _`{field: ${schemaCode}}`,
  },
  code(cxt) {
    const { data, schemaCode, it } = cxt;
    const other = _`${it.parentData}[${schemaCode}]`;
    cxt.fail(_`${it.parentData} && typeof ${other} === "string" && ${data} < ${other}`);
  },
};

/**
 * `"x-finite": true` — a number that is finite. Query strings and paths are coerced to numbers
 * before they are checked, and `1e999` becomes Infinity, which Ajv's bounds do not look at.
 */
const finite: KeywordDefinition = {
  keyword: 'x-finite',
  // Not typed `number`: Ajv runs the keywords of numbers only for finite ones.
  schemaType: 'boolean',
  error: { message: 'must be a finite number' },
  code(cxt) {
    cxt.fail(_`typeof ${cxt.data} == "number" && !isFinite(${cxt.data})`);
  },
};

/**
 * `"x-decimals": 2` — a number with at most that many decimals (an amount of money has two).
 * `multipleOf: 0.01` cannot say it: its floating-point division refuses amounts such as 1158000.15.
 */
const decimals: KeywordDefinition = {
  keyword: 'x-decimals',
  type: 'number',
  schemaType: 'number',
  error: { message: ({ schemaValue }) => str`must have at most ${String(schemaValue)} decimals` },
  code(cxt) {
    const { data, schemaCode } = cxt;
    cxt.fail(_`Number(${data}.toFixed(${schemaCode})) !== ${data}`);
  },
};

/**
 * `"x-time-zone": true` — a time zone of the IANA database (`Asia/Shanghai`), as `Intl` knows it.
 * A pattern cannot tell `Mars/Olympus` from a real zone, and every figure of a station is computed
 * in its zone: an unknown one would fail each of them.
 */
const timeZone: KeywordDefinition = {
  keyword: 'x-time-zone',
  type: 'string',
  schemaType: 'boolean',
  error: { message: 'must be a time zone of the IANA database' },
  code(cxt) {
    cxt.fail(
      _`(() => { try { new Intl.DateTimeFormat("en-US", { timeZone: ${cxt.data} }); return false; } catch (e) { return true; } })()`,
    );
  },
};

/**
 * A telephone number: 7 to 15 digits, an optional leading +, and spaces, hyphens or brackets
 * between them (021-58880001, +86 138 0013 8000, (0755) 8888 6666).
 */
export function isPhone(s: string): boolean {
  return /^\+?[0-9(][0-9 ()-]*[0-9]$/.test(s) && /^(?:[^0-9]*[0-9]){7,15}[^0-9]*$/.test(s);
}

/** A mainland mobile number: 11 digits from 13 to 19, optionally after +86. */
export function isMobile(s: string): boolean {
  return /^(?:\+?86[- ]?)?1[3-9][0-9]{9}$/.test(s);
}

/**
 * A unified social credit code (GB 32100-2015): 18 characters of digits and the capital letters
 * but I, O, S, V and Z, the last the check character of the 17 before (their values in that
 * alphabet weighted by 3^i mod 31; the check is 31 less their sum mod 31, 31 written 0).
 */
export function isCreditCode(s: string): boolean {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += alphabet.indexOf(s.charAt(i)) * (3 ** i % 31);
  return alphabet.charAt((31 - (sum % 31)) % 31) === s.charAt(17);
}

/**
 * A resident identity card number (GB 11643-1999): 17 digits, the 7th to 14th a birth date that
 * exists, and a check character, ISO 7064 MOD 11-2 of the 17 (weights 2^(17-i) mod 11), 10 written X.
 */
export function isIdCard(s: string): boolean {
  if (!/^[1-9][0-9]{16}[0-9Xx]$/.test(s)) return false;
  const year = Number(s.slice(6, 10));
  const month = Number(s.slice(10, 12));
  const day = Number(s.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(s.charAt(i)) * (2 ** (17 - i) % 11);
  const check = (12 - (sum % 11)) % 11;
  return (check === 10 ? 'X' : String(check)) === s.charAt(17).toUpperCase();
}

/**
 * The checks of `x-format`. Each function keeps to itself (no name from outside it), since its
 * source is written into the precompiled validators of the server and of the forms alike, so both
 * refuse the same values.
 */
const FORMAT_CHECKS: Record<string, (s: string) => boolean> = {
  phone: isPhone,
  mobile: isMobile,
  creditCode: isCreditCode,
  idCard: isIdCard,
};

/**
 * The checks of `x-format` as a module of `generated/` (`formatChecks.js`): the same functions the
 * validators run, for the code that may import only what is generated (the server's demo makes
 * its credit codes with them).
 */
export function formatChecksModule(banner: string): { js: string; dts: string } {
  const entries = Object.entries(FORMAT_CHECKS).map(([name, check]) => `  ${JSON.stringify(name)}: ${check.toString()},`);
  return {
    js: [banner, 'export const formatChecks = {', ...entries, '};', ''].join('\n'),
    dts: [
      banner,
      `/** The checks of \`x-format\`, by name: a text of the kind, or not. */`,
      `export declare const formatChecks: Record<${Object.keys(FORMAT_CHECKS)
        .map((name) => JSON.stringify(name))
        .join(' | ')}, (text: string) => boolean>;`,
      '',
    ].join('\n'),
  };
}

/** `"x-format": "phone"` — a text of a kind of `FORMAT_CHECKS` (phone, mobile, creditCode, idCard), or empty. */
const format: KeywordDefinition = {
  keyword: 'x-format',
  type: 'string',
  schemaType: 'string',
  error: { message: ({ schemaValue }) => str`must be a valid ${String(schemaValue)}` },
  code(cxt) {
    const check = FORMAT_CHECKS[String(cxt.schema)];
    if (!check) throw new Error(`x-format: no check named ${String(cxt.schema)} (${Object.keys(FORMAT_CHECKS).join(', ')})`);
    // An empty text passes: whether a value is needed is `required` and `minLength`.
    cxt.fail(_`${cxt.data} !== "" && !(${new _Code(check.toString())})(${cxt.data})`);
  },
};

/**
 * `"x-below": "maxScale"` — a number below that sibling property, when both are numbers (a
 * gauge's minimum below its maximum, the start of a range below its end).
 */
const below: KeywordDefinition = {
  keyword: 'x-below',
  type: 'number',
  schemaType: 'string',
  error: {
    message: ({ schemaValue }) => str`must be below ${String(schemaValue)}`,
    params: ({ schemaCode }) => _`{field: ${schemaCode}}`,
  },
  code(cxt) {
    const { data, schemaCode, it } = cxt;
    const other = _`${it.parentData}[${schemaCode}]`;
    cxt.fail(_`${it.parentData} && typeof ${other} === "number" && !(${data} < ${other})`);
  },
};

/** Adds the project's keywords to an Ajv instance (the server's and the forms' validators alike). */
export function addProjectKeywords(ajv: Ajv): Ajv {
  ajv.addVocabulary([...EXTENSION_KEYWORDS]);
  ajv.addKeyword(sameAs);
  ajv.addKeyword(notBefore);
  ajv.addKeyword(finite);
  ajv.addKeyword(decimals);
  ajv.addKeyword(timeZone);
  ajv.addKeyword(format);
  ajv.addKeyword(below);
  return ajv;
}

/** The messages of an amount of money (a number in hundredths), unless the schema names others. */
const MONEY_MESSAGES: JsonObject = {
  type: 'errors.numberRequired',
  maximum: 'errors.moneyRange',
  minimum: 'errors.moneyRange',
  'x-decimals': 'errors.moneyDecimals',
};

/** An amount of money: a number of at most two decimals (`x-decimals: 2`). */
const isMoney = (property: JsonObject) => property.type === 'number' && property['x-decimals'] === 2;

/**
 * The message labels a schema gives its errors (`"x-messages": { "minItems": "<label key>" }` on
 * a property; an amount of money, an `x-format` and an `x-below` have their own by default), by the schema path Ajv reports; `required` errors are keyed
 * `<object path>/required:<property>`.
 */
export function messageKeys(schema: Json, path = '#', out: Record<string, string> = {}): Record<string, string> {
  if (!isObject(schema)) return out;
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const messages: JsonObject = {
      ...(isMoney(property) ? MONEY_MESSAGES : {}),
      // Each named check and rule says what it expects, in the words of its own message.
      ...(typeof property['x-format'] === 'string' ? { 'x-format': `errors.format.${property['x-format']}` } : {}),
      ...(typeof property['x-below'] === 'string' ? { 'x-below': 'errors.belowMaximum' } : {}),
      ...(isObject(property['x-messages']) ? property['x-messages'] : {}),
    };
    for (const [keyword, key] of Object.entries(messages)) {
      if (typeof key !== 'string') continue;
      if (keyword === 'required') out[`${path}/required:${name}`] = key;
      else out[`${path}/properties/${name}/${keyword}`] = key;
    }
    messageKeys(property, `${path}/properties/${name}`, out);
  }
  if (isObject(schema.items)) messageKeys(schema.items, `${path}/items`, out);
  return out;
}
