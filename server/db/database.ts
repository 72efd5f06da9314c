import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { ChangeFeed } from './changes';
import type { Tables } from './tables';
import { writeWatcher } from './writes';

export type Dialect = 'sqlite' | 'postgres';

/** The open database: one Kysely query builder over SQLite or PostgreSQL. */
export interface Database {
  db: Kysely<Tables>;
  dialect: Dialect;
  /**
   * The tables that carry a `tenant_id`, read from the catalog once the tables are made
   * (`tenantOwnedTables`); until then no handle bound to a tenant can be made.
   */
  tenantTables?: ReadonlySet<string>;
  /** On PostgreSQL: changes told to and heard from the other nodes of a cluster (started by the caller). */
  changes?: ChangeFeed;
  close(): Promise<void>;
}

// PostgreSQL answers bigint (counts, millisecond times) as text; every such value here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Prepared statements kept per SQL text (the SQLite driver would prepare each statement for every execution). */
const STATEMENTS_KEPT = 500;

function keepingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: the first one is the one to drop.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Where a lost PostgreSQL connection is told of. */
  log?: (message: string) => void;
}): Database {
  const plugins = [new CamelCasePlugin(), writeWatcher];
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a failover) is dropped and a new one made on
    // the next query; unhandled, the pool's error event would end the process.
    pool.on('error', (error) =>
      options.log?.(`A PostgreSQL connection was lost (${error.message}); the next query opens another.`),
    );
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), plugins });
    const changes = new ChangeFeed(options.databaseUrl, db, options.log);
    return {
      db,
      dialect: 'postgres',
      changes,
      close: async () => {
        await changes.stop();
        await db.destroy();
      },
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(join(options.dataDir, 'platform.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }), plugins });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** The PostgreSQL advisory lock under which a node starts up (a key of this platform's own). */
const STARTUP_LOCK = 7_302_455_112_901n;

/**
 * Runs `work` as the one node starting up: on PostgreSQL under a session advisory lock held on a
 * connection of its own, so that nodes started together migrate, create tables and seed one
 * after another, each later one finding the work done; on SQLite (one process) as it is.
 */
export async function asTheStartingNode<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}
