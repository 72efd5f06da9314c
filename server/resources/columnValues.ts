import type { EntityRow } from '../db/tables';
import type { EntityModel, FieldModel } from './entityModel';
import type { EntityRecord } from './records';

/** A value of the API as its column stores it: booleans as 0/1, objects and arrays as JSON text. */
export function toColumn(field: FieldModel, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (field.kind === 'boolean') return value ? 1 : 0;
  if (field.kind === 'json') return JSON.stringify(value);
  return value;
}

/** A row as the API shows it: typed by the schema, empty columns left out. */
export function toRecord(model: EntityModel, row: EntityRow): EntityRecord {
  const record: EntityRecord = {};
  for (const field of model.fields) {
    const value = row[field.name];
    if (value === null || value === undefined) continue;
    if (field.kind === 'boolean') record[field.name] = value === 1 || value === true;
    else if (field.kind === 'json') record[field.name] = JSON.parse(String(value)) as unknown;
    else if (field.kind === 'integer' || field.kind === 'number') record[field.name] = Number(value);
    else record[field.name] = value;
  }
  return record;
}
