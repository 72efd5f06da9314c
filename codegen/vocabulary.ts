import { _, str, type KeywordDefinition } from 'ajv';
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

/** Adds the project's keywords to an Ajv instance (the server's and the forms' validators alike). */
export function addProjectKeywords(ajv: Ajv): Ajv {
  ajv.addVocabulary([...EXTENSION_KEYWORDS]);
  ajv.addKeyword(sameAs);
  ajv.addKeyword(notBefore);
  ajv.addKeyword(finite);
  ajv.addKeyword(decimals);
  ajv.addKeyword(timeZone);
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
 * a property; an amount of money has its own by default), by the schema path Ajv reports; `required` errors are keyed
 * `<object path>/required:<property>`.
 */
export function messageKeys(schema: Json, path = '#', out: Record<string, string> = {}): Record<string, string> {
  if (!isObject(schema)) return out;
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const messages: JsonObject = {
      ...(isMoney(property) ? MONEY_MESSAGES : {}),
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
