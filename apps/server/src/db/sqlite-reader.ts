import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type TransactionSettings,
} from 'kysely';

// Kysely's SQLite driver has one connection behind a mutex: while a write transaction is open (a
// 100,000-row import holds one for seconds), every other query waits for it, /health included.
// In WAL mode a second connection reads the last committed state while the writer works, so a
// plain read outside a transaction goes to a read-only connection of its own; everything else
// (writes, raw SQL, every statement of a transaction) goes to the writer as before
// (docs/decisions/113).

/** A query run on the connection its kind asks for; a transaction holds the writer until released. */
class Lease implements DatabaseConnection {
  writer: DatabaseConnection | undefined;

  constructor(private readonly driver: ReadingSqliteDriver) {}

  /** The side a statement outside a transaction runs on: the reader for a SELECT, else the writer. */
  #side(query: CompiledQuery): SqliteDriver {
    return SelectQueryNode.is(query.query) ? this.driver.reads : this.driver.writes;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.writer) return this.writer.executeQuery<R>(query);
    const side = this.#side(query);
    const connection = await side.acquireConnection();
    try {
      return await connection.executeQuery<R>(query);
    } finally {
      await side.releaseConnection();
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.writer) {
      yield* this.writer.streamQuery<R>(query, chunkSize);
      return;
    }
    const side = this.#side(query);
    const connection = await side.acquireConnection();
    try {
      yield* connection.streamQuery<R>(query, chunkSize);
    } finally {
      await side.releaseConnection();
    }
  }
}

/** The writer's connection a transaction holds. */
function held(lease: DatabaseConnection): DatabaseConnection {
  const writer = (lease as Lease).writer;
  if (!writer) throw new Error('Transaksi SQLite tidak memegang koneksi penulis.');
  return writer;
}

class ReadingSqliteDriver implements Driver {
  constructor(
    readonly writes: SqliteDriver,
    readonly reads: SqliteDriver,
  ) {}

  async init(): Promise<void> {
    await this.writes.init();
    await this.reads.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  async beginTransaction(lease: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const writer = await this.writes.acquireConnection();
    (lease as Lease).writer = writer;
    try {
      await this.writes.beginTransaction(writer);
    } catch (error) {
      await this.releaseConnection(lease);
      throw error;
    }
  }

  commitTransaction(lease: DatabaseConnection): Promise<void> {
    return this.writes.commitTransaction(held(lease));
  }

  rollbackTransaction(lease: DatabaseConnection): Promise<void> {
    return this.writes.rollbackTransaction(held(lease));
  }

  savepoint(lease: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.writes.savepoint(held(lease), name, compile);
  }

  rollbackToSavepoint(
    lease: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.writes.rollbackToSavepoint(held(lease), name, compile);
  }

  releaseSavepoint(
    lease: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.writes.releaseSavepoint(held(lease), name, compile);
  }

  async releaseConnection(lease: DatabaseConnection): Promise<void> {
    const writer = (lease as Lease).writer;
    if (!writer) return;
    (lease as Lease).writer = undefined;
    await this.writes.releaseConnection();
  }

  async destroy(): Promise<void> {
    await this.reads.destroy();
    await this.writes.destroy();
  }
}

/** A SQLite dialect that reads outside transactions on `reader`, a read-only connection to the same file. */
export class ReadingSqliteDialect extends SqliteDialect {
  readonly #writer: SqliteDialectConfig;
  readonly #reader: SqliteDialectConfig;

  constructor(writer: SqliteDialectConfig, reader: SqliteDialectConfig) {
    super(writer);
    this.#writer = writer;
    this.#reader = reader;
  }

  override createDriver(): Driver {
    return new ReadingSqliteDriver(new SqliteDriver(this.#writer), new SqliteDriver(this.#reader));
  }
}
