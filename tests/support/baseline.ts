import type { JsonSchema } from '../../server/contract';

/** Strings that match the patterns of the contract, tried in turn. */
const PATTERN_SAMPLES = [
  'fuzz_user',
  '11010119900101001X',
  'tenant-2',
  'abcdefgh.png',
  'x',
  '2024-01-01',
  '2024-01',
  '2024-01-01,2024-01-02',
  // An open link's token: 43 characters of base64url (one nobody was given).
  'fuzzLinkToken_000000000000000000000000000-0',
];

/** A valid value of a schema: its constant, default or first option, else the least it allows. */
export function baseline(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, baseline(schema.properties?.[name] ?? {})]));
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => baseline(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 1), 1);
    case 'boolean':
      return false;
    default:
      if (schema.format === 'date') return '2024-01-01';
      if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (typeof schema.pattern === 'string') {
        const pattern = new RegExp(schema.pattern, 'u');
        return PATTERN_SAMPLES.find((sample) => pattern.test(sample)) ?? 'x';
      }
      return 'x'.repeat(Math.max(Number(schema.minLength ?? 1), 1));
  }
}
