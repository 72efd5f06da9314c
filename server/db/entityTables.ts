import { sql, type Kysely } from 'kysely';
import { isStored, type EntityModel, type FieldKind } from '../resources/entityModel';
import type { Database, Dialect } from './database';
import { idColumn } from './migrationContext';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function columnType(kind: FieldKind, dialect: Dialect) {
  switch (kind) {
    case 'integer':
    case 'boolean':
      return sql`integer`;
    case 'number':
      return dialect === 'postgres' ? sql`double precision` : sql`real`;
    default:
      return sql`text`;
  }
}

/** The index a reference or a unique value is looked up by, within the tenant. */
function lookupIndex(raw: Kysely<unknown>, table: string, field: string): Promise<void> {
  return raw.schema
    .createIndex(`${table}_${snake(field)}`)
    .on(table)
    .columns(['tenant_id', snake(field)])
    .execute();
}

/**
 * Creates the table of each entity, and adds the columns of properties added to its schema
 * since (with the index of an added reference or unique field). Columns are never dropped or
 * changed here: that takes a written migration.
 */
export async function syncEntityTables({ db, dialect }: Database, models: EntityModel[]): Promise<void> {
  const raw = db.withoutPlugins() as unknown as Kysely<unknown>;
  const existing = new Map((await raw.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  for (const model of models) {
    const columns = model.fields.filter(isStored);
    const present = existing.get(model.table);
    if (!present) {
      let create = idColumn(raw.schema.createTable(model.table), dialect).addColumn('tenant_id', 'integer', (col) =>
        col.notNull().references('tenant.id'),
      );
      for (const field of columns) create = create.addColumn(snake(field.name), columnType(field.kind, dialect));
      await create.execute();
      await raw.schema.createIndex(`${model.table}_tenant`).on(model.table).columns(['tenant_id', 'id']).execute();
      for (const field of columns.filter((f) => f.ref || f.unique)) await lookupIndex(raw, model.table, field.name);
      continue;
    }
    for (const field of columns) {
      if (present.has(snake(field.name))) continue;
      await raw.schema.alterTable(model.table).addColumn(snake(field.name), columnType(field.kind, dialect)).execute();
      // An added reference or unique field is looked up as one made with its table is.
      if (field.ref || field.unique) await lookupIndex(raw, model.table, field.name);
    }
  }
}
