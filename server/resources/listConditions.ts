import { sql, type Expression, type SqlBool } from 'kysely';
import type { TenantScope } from '../auth/context';
import { toColumn } from './columnValues';
import { isStored, type EntityModel, type FieldModel } from './entityModel';
import type { ListQuery } from './records';

const OPERATORS = { eq: sql`=`, lte: sql`<=`, gte: sql`>=` } as const;

/** The conditions of a list (its tenant, owner and filters) joined into one. */
export function listConditions(
  model: EntityModel,
  scope: TenantScope,
  query: Pick<ListQuery, 'filters' | 'ownedBy'>,
): Expression<SqlBool> {
  return sql<SqlBool>`${sql.join(conditionsOf(model, scope, query), sql` and `)}`;
}

function conditionsOf(
  model: EntityModel,
  scope: TenantScope,
  query: Pick<ListQuery, 'filters' | 'ownedBy'>,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref('tenantId')} = ${scope.tenantId}`];
  const owner = model.fields.find((f) => f.owner === 'id');
  if (query.ownedBy !== undefined && owner) conditions.push(sql<SqlBool>`${sql.ref(owner.name)} = ${query.ownedBy}`);
  for (const { field: name, op, value } of query.filters) {
    const field = model.field(name);
    // A column of the table: a field written to it, or the id the table gives a record.
    if (!field || !(isStored(field) || name === 'id') || value === undefined || value === '') continue;
    if (op === 'contains') conditions.push(containsText(name, String(value)));
    else if (op === 'in') conditions.push(oneOf(field, value));
    else conditions.push(sql<SqlBool>`${sql.ref(name)} ${OPERATORS[op]} ${toColumn(field, value)}`);
  }
  return conditions;
}

/** The field has one of the values; none given matches nothing (an empty list is no wildcard). */
function oneOf(field: FieldModel, value: unknown): Expression<SqlBool> {
  const values = (Array.isArray(value) ? value : String(value).split(',')).filter((one) => one !== '');
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  const numeric = field.kind === 'integer' || field.kind === 'number';
  const columns = values.map((one) => toColumn(field, numeric ? Number(one) : one));
  return sql<SqlBool>`${sql.ref(field.name)} in (${sql.join(columns)})`;
}

/** The column contains the text, whatever the case; `%`, `_` and `\` in it match only themselves. */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** Codes of a list sort in the order the schema lists them, not alphabetically. */
export function sortKey(field: FieldModel) {
  if (!field.values) return sql.ref(field.name);
  const cases = field.values.map((value, index) => sql`when ${value} then ${sql.lit(index)}`);
  return sql`case ${sql.ref(field.name)} ${sql.join(cases, sql` `)} end`;
}
