/**
 * What a failed check says, for people: the key of the message catalogue (`validation.*` of the
 * labels) and its values, from Ajv's keyword and parameters and the field's label (`other`, the
 * label of the field a rule compares with). Written into `generated/validationMessages.js`, so
 * that the server's answers and the forms word every failure alike. Its source is what is
 * written, so it uses no name from outside this module.
 */
export function catalogueMessage(
  keyword: string,
  params: Record<string, unknown>,
  field: string,
  other: string,
): { key: string; values: Record<string, string> } {
  const KEYWORDS = [
    'required',
    'minLength',
    'maxLength',
    'pattern',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'enum',
    'const',
    'minItems',
    'maxItems',
    'uniqueItems',
    'additionalProperties',
    'x-not-before',
    'x-same-as',
    'x-decimals',
    'x-finite',
    'x-time-zone',
    'x-format',
    'x-below',
  ];
  const FORMATS = ['email', 'date', 'date-time', 'time', 'uri'];
  const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
  const values: Record<string, string> = { field, other };
  const limit = params.limit ?? params.multipleOf;
  if (limit !== undefined) values.limit = String(limit);
  if (keyword === 'format')
    return { key: `validation.format.${FORMATS.includes(String(params.format)) ? String(params.format) : 'other'}`, values };
  if (keyword === 'type') {
    const type = TYPES.includes(String(params.type)) ? String(params.type) : 'object';
    return { key: 'validation.type', values: { ...values, type: `validation.types.${type}` } };
  }
  // At least one: said without a count ("at least 1 entries").
  if (keyword === 'minItems' && values.limit === '1') return { key: 'validation.minItemsOne', values };
  return { key: `validation.${KEYWORDS.includes(keyword) ? keyword : 'invalid'}`, values };
}

/**
 * The label key of the field at a dotted `path` of a body whose labels are `owner`'s
 * (`entities.customer`, `forms.changePassword`, `widgets.gauge`): its `fields` label, or its
 * `itemFields` label in a list; its name is `name`, the last part of the path that is no index.
 */
export function labelKey(owner: string, path: string): { key: string; name: string } {
  const names = path.split('.').filter((part) => part !== '' && !/^[0-9]+$/.test(part));
  const name = names[names.length - 1] ?? '';
  return { key: names.length > 1 ? `${owner}.itemFields.${names[0] ?? ''}.${name}` : `${owner}.fields.${name}`, name };
}

/** How the labels are read: a key, and the values its text takes (`defaultValue`, the text of a key not found). */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** The label of the field at a dotted `path` of a body whose labels are `owner`'s, else its name. */
export function fieldLabel(owner: string | undefined, path: string, t: Translate): string {
  const { key, name } = labelKey(owner ?? '', path);
  return owner && name ? t(key, { defaultValue: name }) : name;
}

/**
 * What a failed check of the field at `path` says, for people: the schema's own message (a label
 * key in `params.message`), else the catalogue's, naming the field (and the one a rule compares
 * with) by its label.
 */
export function fieldMessage(
  keyword: string,
  params: Record<string, unknown>,
  path: string,
  owner: string | undefined,
  t: Translate,
): string {
  if (typeof params.message === 'string') return t(params.message);
  const other = typeof params.field === 'string' ? fieldLabel(owner, params.field, t) : '';
  const { key, values } = catalogueMessage(keyword, params, fieldLabel(owner, path, t), other);
  return t(key, values.type ? { ...values, type: t(values.type) } : values);
}

/**
 * These functions as a module of `generated/` (`validationMessages.js`), for the server and the
 * forms alike; they call only one another, so their sources make the module.
 */
export function validationMessagesModule(banner: string): { js: string; dts: string } {
  const functions = { catalogueMessage, labelKey, fieldLabel, fieldMessage };
  return {
    js: [banner, ...Object.entries(functions).map(([name, fn]) => `export const ${name} = ${fn.toString()};`), ''].join('\n'),
    dts: [
      banner,
      'type Translate = (key: string, values?: Record<string, string>) => string;',
      '/** The catalogue key (`validation.*`) and values of a failed check; `values.type`, when set, is a label key too. */',
      'export declare function catalogueMessage(keyword: string, params: Record<string, unknown>, field: string, other: string): { key: string; values: Record<string, string> };',
      "/** The label key of the field at a dotted path of a body whose labels are `owner`'s, and the field's name. */",
      'export declare function labelKey(owner: string, path: string): { key: string; name: string };',
      "/** The label of the field at a dotted path of a body whose labels are `owner`'s, else its name. */",
      'export declare function fieldLabel(owner: string | undefined, path: string, t: Translate): string;',
      '/** What a failed check of the field at `path` says, for people, in the language of `t`. */',
      'export declare function fieldMessage(keyword: string, params: Record<string, unknown>, path: string, owner: string | undefined, t: Translate): string;',
      '',
    ].join('\n'),
  };
}
