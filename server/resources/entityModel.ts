import type { JsonSchema } from '../contract';

/** How a property is stored: text, integer, double, boolean (0/1) or JSON text. */
export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'json';

export interface FieldModel {
  name: string;
  kind: FieldKind;
  /** Set by the server only (`readOnly` in the schema). */
  readOnly: boolean;
  /** Free text (searched by "contains"), as opposed to a code from a list. */
  text: boolean;
  /** The codes of a list field, in their order (which is also their sort order). */
  values?: string[];
  /** A reference to a record of another entity of the same tenant (`x-ref`). */
  ref?: { entity: string; onDelete: 'cascade' | 'restrict' };
  /** Filled from the signed-in user on creation (`x-owner`). */
  owner?: 'id' | 'name';
}

/** What the generic resource handler knows of an entity, derived from its schema. */
export interface EntityModel {
  entity: string;
  table: string;
  fields: FieldModel[];
  field(name: string): FieldModel | undefined;
}

/** Properties every entity record may have that the server fills itself. */
export const SYSTEM_FIELDS = ['id', 'createTime', 'updateTime'] as const;

function kindOf(schema: JsonSchema): FieldKind {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
    case 'array':
      return 'json';
    default:
      return 'string';
  }
}

export function entityModel(schema: JsonSchema): EntityModel {
  const entity = schema['x-entity'];
  const table = schema['x-table'];
  if (!entity || !table) throw new Error('an entity schema needs x-entity and x-table');
  const fields: FieldModel[] = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const kind = kindOf(property);
    return {
      name,
      kind,
      readOnly: property.readOnly === true,
      text: kind === 'string' && !property.enum && !property.format,
      ...(property.enum ? { values: property.enum.map(String) } : {}),
      ...(property['x-ref'] ? { ref: { entity: property['x-ref'], onDelete: property['x-on-delete'] ?? 'restrict' } } : {}),
      ...(property['x-owner'] ? { owner: property['x-owner'] } : {}),
    };
  });
  const byName = new Map(fields.map((f) => [f.name, f]));
  if (byName.get('id')?.kind !== 'integer') throw new Error(`entity ${entity} needs an integer id`);
  return { entity, table, fields, field: (name) => byName.get(name) };
}
