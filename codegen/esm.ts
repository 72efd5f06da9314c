/**
 * Turns Ajv's standalone code (CommonJS) into an ES module whose default export maps each
 * schema id (or each alias given) to its validate function. Ajv's ES output cannot be used: the
 * ids RJSF gives are not valid export names.
 *
 * The runtime helpers Ajv loads with `require()` become imports. Node and Vite expose a
 * CommonJS module differently: Node's namespace has `module.exports` as `default`, a bundler's
 * namespace mirrors `exports`; `__exportsOf` gives `module.exports` in both.
 *
 * Where a schema names the label of an error (`x-messages`), the exported function puts it in
 * the error's `params.message`, for the server's answer and the form alike.
 */
export function cjsToEsm(
  code: string,
  options: { aliases?: Record<string, string>; messages?: Record<string, Record<string, string>> } = {},
): string {
  const modules = new Map<string, string>();
  const functions = new Map<string, string>();
  const body = code
    .replace(/^"use strict";/, '')
    .replace(/exports(?:\["([^"]+)"\]|\.([A-Za-z_$][\w$]*)) = (\w+);/g, (_m, quoted?: string, dotted?: string, fn?: string) => {
      functions.set(quoted ?? dotted ?? '', fn ?? '');
      return '';
    })
    .replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
      let name = modules.get(specifier);
      if (!name) {
        name = `__cjs${modules.size}`;
        modules.set(specifier, name);
      }
      return name;
    });
  const imports = [...modules].map(
    ([specifier, name]) =>
      `import * as ${name}_ns from ${JSON.stringify(specifier.endsWith('.js') ? specifier : `${specifier}.js`)};`,
  );
  const unwraps = [...modules.values()].map((name) => `const ${name} = __exportsOf(${name}_ns);`);
  const helpers = [
    'function __exportsOf(ns) { const d = ns.default; return d && typeof d === "object" && d.__esModule ? d : ns; }',
    'function __labelled(validate, messages) {',
    '  const labelled = function (data, context) {',
    '    const valid = validate(data, context);',
    '    labelled.errors = validate.errors && validate.errors.map((e) => {',
    '      const key = messages[e.keyword === "required" ? e.schemaPath + ":" + e.params.missingProperty : e.schemaPath];',
    '      return key ? { ...e, params: { ...e.params, message: key } } : e;',
    '    });',
    '    return valid;',
    '  };',
    '  labelled.schema = validate.schema;',
    '  return labelled;',
    '}',
  ];
  const names = options.aliases ?? Object.fromEntries([...functions.keys()].map((name) => [name, name]));
  const exported = Object.entries(names).map(([alias, name]) => {
    const fn = functions.get(name) ?? 'undefined';
    const messages = options.messages?.[name];
    return `${JSON.stringify(alias)}: ${messages && Object.keys(messages).length ? `__labelled(${fn}, ${JSON.stringify(messages)})` : fn}`;
  });
  return [...imports, ...helpers, ...unwraps, body, `export default { ${exported.join(', ')} };`, ''].join('\n');
}

/** Declaration of a module made by `cjsToEsm`. */
export const VALIDATORS_DTS =
  "import type { ValidateFunction } from 'ajv';\ndeclare const validators: Record<string, ValidateFunction>;\nexport default validators;\n";
