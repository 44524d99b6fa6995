import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

// Kysely's PostgreSQL introspector lists the tables of every schema of the database, resolving each
// by name (`pg_get_serial_sequence`). A schema dropped meanwhile — the test suites make and drop one
// per app side by side; an operator may drop another — fails that look-up with "relation … does not
// exist", and with it the migrator's check that kysely_migration exists, at start. Only the schemas
// on the connection's search path are this app's: the introspector here looks at those alone.

/** Kysely's introspection, limited to the schemas on the search path. */
class SearchPathIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.#db).getSchemas();
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      column: string;
      type: string;
      type_schema: string;
      nullable: boolean;
      has_default: boolean;
      auto_incrementing: boolean;
      is_view: boolean;
      comment: string | null;
    }>`select c.table_schema as schema, c.table_name as table, c.column_name as column,
          c.udt_name as type, c.udt_schema as type_schema, c.is_nullable = 'YES' as nullable,
          c.column_default is not null as has_default,
          (c.is_identity = 'YES' or coalesce(c.column_default, '') like 'nextval(%') as auto_incrementing,
          t.table_type = 'VIEW' as is_view, null as comment
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = any (current_schemas(false))
        order by c.table_schema, c.table_name, c.ordinal_position`.execute(this.#db);
    const internal = new Set(['kysely_migration', 'kysely_migration_lock']);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.is_view, columns: [] };
        tables.set(key, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: row.nullable,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL for Kysely, whose introspection sees only the app's own schemas. */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
