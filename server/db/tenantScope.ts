import {
  AliasNode,
  BinaryOperationNode,
  ColumnNode,
  DefaultInsertValueNode,
  IdentifierNode,
  InsertQueryNode,
  JoinNode,
  OnConflictNode,
  OperationNodeTransformer,
  OperatorNode,
  PrimitiveValueListNode,
  RawNode,
  ReferenceNode,
  sql,
  TableNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
  type ColumnUpdateNode,
  type CommonTableExpressionNode,
  type DeleteQueryNode,
  type Kysely,
  type KyselyPlugin,
  type MergeQueryNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryNode,
  type UnknownRow,
  type UpdateQueryNode,
} from 'kysely';
import type { TenantId } from '../auth/context';
import type { Database } from './database';
import type { Tables } from './tables';

/** The column that makes a table tenant-owned (as the statement reaches this plugin: after CamelCasePlugin). */
const TENANT_COLUMN = 'tenant_id';

/** Joins whose ON bounds only the joined table, so that the tenant's condition belongs there. */
const BOUNDED_BY_ON = new Set<JoinNode['joinType']>(['InnerJoin', 'LeftJoin', 'LateralInnerJoin', 'LateralLeftJoin']);

/**
 * The tables that have a `tenant_id` column, read from the database's own catalog (so that no list
 * kept by hand can miss a table): called once the migrations and the entity tables are done.
 */
export async function tenantOwnedTables({ db, dialect }: Database): Promise<ReadonlySet<string>> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select distinct table_name as name from information_schema.columns
          where column_name = ${TENANT_COLUMN} and table_schema = current_schema()`.execute(db)
      : await sql<{ name: string }>`select m.name as name from sqlite_master m, pragma_table_info(m.name) c
          where m.type in ('table', 'view') and c.name = ${TENANT_COLUMN}`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/**
 * The database as one tenant sees it: every statement built on it (its transactions too) reads and
 * changes that tenant's rows only, whatever conditions the caller remembered to write.
 */
export function tenantData(database: Database, tenantId: TenantId): Kysely<Tables> {
  if (!database.tenantTables) throw new Error('The tenant-owned tables are not known yet: the database is not migrated.');
  return database.db.withPlugin(new TenantScope(tenantId, database.tenantTables));
}

/**
 * Bounds statements to one tenant: a SELECT, UPDATE or DELETE (and each subquery, CTE and join in
 * it) gets `<table or alias>.tenant_id = <tenant>` for each tenant-owned table it reads or
 * changes; an INSERT into such a table gets its `tenant_id` stamped. What it cannot bound (SQL
 * written whole, MERGE, an insert from a query) it refuses rather than lets through.
 */
export class TenantScope implements KyselyPlugin {
  readonly #transformer: TenantTransformer;

  constructor(tenantId: TenantId, tenantTables: ReadonlySet<string>) {
    this.#transformer = new TenantTransformer(tenantId, tenantTables);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (RawNode.is(node))
      throw new Error('SQL written whole cannot be bound to a tenant: run it on the raw database, saying why.');
    return this.#transformer.transformNode(node, queryId);
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

class TenantTransformer extends OperationNodeTransformer {
  readonly #tenantId: TenantId;
  readonly #tables: ReadonlySet<string>;

  constructor(tenantId: TenantId, tables: ReadonlySet<string>) {
    super();
    this.#tenantId = tenantId;
    this.#tables = tables;
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const transformed = super.transformSelectQuery(node, queryId);
    return this.#bounded(transformed, transformed.from?.froms ?? []);
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const transformed = super.transformUpdateQuery(node, queryId);
    const target = transformed.table ? [transformed.table] : [];
    if (target.some((table) => this.#owned(table))) this.#checkUpdates(transformed.updates ?? []);
    return this.#bounded(transformed, [...target, ...(transformed.from?.froms ?? [])]);
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const transformed = super.transformDeleteQuery(node, queryId);
    return this.#bounded(transformed, [...transformed.from.froms, ...(transformed.using?.tables ?? [])]);
  }

  protected override transformJoin(node: JoinNode, queryId?: QueryId): JoinNode {
    const transformed = super.transformJoin(node, queryId);
    const condition = this.#conditionFor(transformed.table);
    if (!condition) return transformed;
    if (!BOUNDED_BY_ON.has(transformed.joinType)) {
      throw new Error(`A ${transformed.joinType} of a tenant-owned table cannot be bound to a tenant.`);
    }
    return JoinNode.cloneWithOn(transformed, condition);
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const transformed = super.transformInsertQuery(node, queryId);
    const into = transformed.into && this.#owned(transformed.into)?.table;
    if (into === undefined) return transformed;
    const { columns, values } = transformed;
    if (!columns || !values || !ValuesNode.is(values)) {
      throw new Error(`An insert into ${into} other than of listed values cannot be bound to a tenant.`);
    }
    const at = columns.findIndex((column) => column.column.name === TENANT_COLUMN);
    const rows = values.values.map((row) => (at === -1 ? this.#stamped(row) : this.#checked(row, at, into)));
    const onConflict = transformed.onConflict && this.#boundedConflict(transformed.onConflict, into);
    return InsertQueryNode.cloneWith(transformed, {
      columns: at === -1 ? [...columns, ColumnNode.create(TENANT_COLUMN)] : columns,
      values: ValuesNode.create(rows),
      ...(onConflict ? { onConflict } : {}),
    });
  }

  protected override transformMergeQuery(): MergeQueryNode {
    throw new Error('MERGE cannot be bound to a tenant: run it on the raw database, saying why.');
  }

  protected override transformCommonTableExpression(
    node: CommonTableExpressionNode,
    queryId?: QueryId,
  ): CommonTableExpressionNode {
    // A CTE named after a tenant-owned table would be taken for it (and get a condition on a column it may not have).
    const name = node.name.table.table.identifier.name;
    if (this.#tables.has(name)) throw new Error(`A CTE may not be named after the tenant-owned table ${name}.`);
    return super.transformCommonTableExpression(node, queryId);
  }

  /** The query with the tenant's condition added to its WHERE for each tenant-owned table of `tables`. */
  #bounded<T extends SelectQueryNode | UpdateQueryNode | DeleteQueryNode>(node: T, tables: readonly OperationNode[]): T {
    let where = node.where;
    for (const table of tables) {
      const condition = this.#conditionFor(table);
      if (condition) where = where ? WhereNode.cloneWithOperation(where, 'And', condition) : WhereNode.create(condition);
    }
    return where === node.where ? node : { ...node, where };
  }

  /** The tenant-owned table a FROM, JOIN or UPDATE item names (as `table` or `table as alias`), with the name it is referred to by. */
  #owned(item: OperationNode): { table: string; referredAs: string } | undefined {
    const [table, alias] = AliasNode.is(item) ? [item.node, item.alias] : [item, undefined];
    if (!TableNode.is(table) || !this.#tables.has(table.table.identifier.name)) return undefined;
    const name = table.table.identifier.name;
    return { table: name, referredAs: alias && IdentifierNode.is(alias) ? alias.name : name };
  }

  #conditionFor(item: OperationNode): OperationNode | undefined {
    const owned = this.#owned(item);
    if (!owned) return undefined;
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(TENANT_COLUMN), TableNode.create(owned.referredAs)),
      OperatorNode.create('='),
      ValueNode.create(this.#tenantId),
    );
  }

  #stamped(row: PrimitiveValueListNode | ValueListNode): PrimitiveValueListNode | ValueListNode {
    return PrimitiveValueListNode.is(row)
      ? PrimitiveValueListNode.create([...row.values, this.#tenantId])
      : ValueListNode.create([...row.values, ValueNode.create(this.#tenantId)]);
  }

  /** A row that names its tenant: its own is kept, a default is made its own, any other is refused. */
  #checked(row: PrimitiveValueListNode | ValueListNode, at: number, into: string): PrimitiveValueListNode | ValueListNode {
    if (PrimitiveValueListNode.is(row)) {
      if (row.values[at] !== this.#tenantId) throw this.#foreign(into);
      return row;
    }
    const cell = row.values[at];
    if (cell && ValueNode.is(cell) && cell.value === this.#tenantId) return row;
    if (!cell || !DefaultInsertValueNode.is(cell)) throw this.#foreign(into);
    return ValueListNode.create(row.values.map((value, index) => (index === at ? ValueNode.create(this.#tenantId) : value)));
  }

  /** An upsert's update may touch the conflicting row only when it is the tenant's own. */
  #boundedConflict(node: OnConflictNode, into: string): OnConflictNode | undefined {
    if (!node.updates) return undefined;
    this.#checkUpdates(node.updates);
    const condition = this.#conditionFor(TableNode.create(into));
    return condition && OnConflictNode.cloneWithUpdateWhere(node, condition);
  }

  /** Setting `tenant_id` would hand a row to another tenant: only the tenant's own id may be set. */
  #checkUpdates(updates: readonly ColumnUpdateNode[]): void {
    for (const update of updates) {
      if (!ColumnNode.is(update.column) || update.column.column.name !== TENANT_COLUMN) continue;
      if (!ValueNode.is(update.value) || update.value.value !== this.#tenantId) throw this.#foreign('a table');
    }
  }

  #foreign(table: string): Error {
    return new Error(`A row of another tenant cannot be written to ${table} through tenant ${this.#tenantId}'s handle.`);
  }
}
