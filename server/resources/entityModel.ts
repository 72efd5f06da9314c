import type { StateMachine } from '../../generated/contract';
import type { JsonSchema } from '../contract';

/** How a property is stored: text, integer, double, boolean (0/1) or JSON text. */
export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'json';

/** A reference to a record of another entity of the same tenant (`x-ref`). */
export interface RefModel {
  entity: string;
  onDelete: 'cascade' | 'restrict';
  /** Label of the message when the target has expired (`x-messages['x-ref-active']`). */
  inactiveMessage?: string;
}

export interface FieldModel {
  name: string;
  kind: FieldKind;
  /** Set by the server only (`readOnly` in the schema). */
  readOnly: boolean;
  /** Taken on writes but never stored in the record's table (`writeOnly`, such as a password). */
  writeOnly: boolean;
  /** Written on creation only (`x-create-only`). */
  createOnly: boolean;
  /** No two records of a tenant share the value (`x-unique`). */
  unique: boolean;
  /** Free text (searched by "contains"), as opposed to a code from a list. */
  text: boolean;
  /** The codes of a list field, in their order (which is also their sort order). */
  values?: string[];
  /** The code list whose labels name the codes (`x-enum`, labels `enums.<name>.<code>`). */
  enumName?: string;
  ref?: RefModel;
  /** References inside the objects of an array field, by item property. */
  itemRefs?: Record<string, RefModel>;
  /** The names of the records referred to by this path (`x-ref-label`), computed on reading. */
  labelOf?: string;
  /** Filled from the signed-in user on creation (`x-owner`). */
  owner?: 'id' | 'name';
}

/** What the generic resource handler knows of an entity, derived from its schema. */
export interface EntityModel {
  entity: string;
  table: string;
  fields: FieldModel[];
  /** The date field after which a record has expired and may no longer be newly referred to. */
  activeUntil?: string;
  /** The entity's state machine (`x-states`): its state changes only by these transitions. */
  states?: StateMachine;
  field(name: string): FieldModel | undefined;
}

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

function refOf(property: JsonSchema): RefModel | undefined {
  if (!property['x-ref']) return undefined;
  const inactiveMessage = property['x-messages']?.['x-ref-active'];
  return {
    entity: property['x-ref'],
    onDelete: property['x-on-delete'] ?? 'restrict',
    ...(inactiveMessage ? { inactiveMessage } : {}),
  };
}

/** Whether a field has a column in the entity's table. */
export function isStored(field: FieldModel): boolean {
  return !field.writeOnly && !field.labelOf && field.name !== 'id';
}

export function entityModel(schema: JsonSchema): EntityModel {
  const entity = schema['x-entity'];
  const table = schema['x-table'];
  if (!entity || !table) throw new Error('an entity schema needs x-entity and x-table');
  const fields: FieldModel[] = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const kind = kindOf(property);
    const ref = refOf(property);
    const itemRefs = Object.fromEntries(
      Object.entries(property.items?.properties ?? {}).flatMap(([inner, p]) => {
        const innerRef = refOf(p);
        return innerRef ? [[inner, innerRef]] : [];
      }),
    );
    return {
      name,
      kind,
      readOnly: property.readOnly === true,
      writeOnly: property.writeOnly === true,
      createOnly: property['x-create-only'] === true,
      unique: property['x-unique'] === true,
      text: kind === 'string' && !property.enum && !property.format,
      ...(property.enum ? { values: property.enum.map(String) } : {}),
      ...(property['x-enum'] ? { enumName: property['x-enum'] } : {}),
      ...(ref ? { ref } : {}),
      ...(Object.keys(itemRefs).length ? { itemRefs } : {}),
      ...(property['x-ref-label'] ? { labelOf: property['x-ref-label'] } : {}),
      ...(property['x-owner'] ? { owner: property['x-owner'] } : {}),
    };
  });
  const byName = new Map(fields.map((f) => [f.name, f]));
  if (byName.get('id')?.kind !== 'integer') throw new Error(`entity ${entity} needs an integer id`);
  return {
    entity,
    table,
    fields,
    ...(schema['x-active-until'] ? { activeUntil: schema['x-active-until'] } : {}),
    ...(schema['x-states'] ? { states: schema['x-states'] } : {}),
    field: (name) => byName.get(name),
  };
}
