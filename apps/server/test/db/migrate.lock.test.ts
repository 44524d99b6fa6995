import { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDialect } from '../../src/db/dialect';
import { MIGRATION_NAMES, migrateTo, migrateWithin } from '../../src/db/migrate';
import type { Database } from '../../src/db/types';
import { DATABASES, freshSchema } from '../support/app';

// Migrations of one PostgreSQL database run one at a time, whatever the schema (db/migrate.ts):
// a migration may change the database itself (JIT off, 20261126-0001-versi), and PostgreSQL
// refuses a second such change while the first is uncommitted ("tuple concurrently updated").
// A restore migrates inside its one long transaction, so a server or a test migrating another
// schema of the same database meanwhile failed, or the restore did.

const LATEST = MIGRATION_NAMES.at(-1) as string;

describe.skipIf(!DATABASES.includes('postgres'))('migrations of one PostgreSQL database', () => {
  it('wait for a restore that is still migrating in another schema, then run', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const a = await freshSchema(url);
    const b = await freshSchema(url);
    const restoring = new Kysely<Database>({ dialect: createDialect(url, { pgSchema: a.schema }) });
    const starting = new Kysely<Database>({ dialect: createDialect(url, { pgSchema: b.schema }) });
    try {
      const order: string[] = [];
      let migrated!: () => void;
      const inside = new Promise<void>((resolve) => {
        migrated = resolve;
      });
      // A restore: the tables made and the database's settings changed, the commit still to come.
      const restore = restoring.transaction().execute(async (trx) => {
        await migrateWithin(trx, LATEST);
        migrated();
        await new Promise((resolve) => setTimeout(resolve, 500));
        order.push('restore committed');
      });
      await inside;
      const start = migrateTo(starting, LATEST, b.schema).then(() => order.push('other schema migrated'));
      await Promise.all([restore, start]);
      expect(order).toEqual(['restore committed', 'other schema migrated']);
    } finally {
      await restoring.destroy();
      await starting.destroy();
      await a.drop();
      await b.drop();
    }
  });
});
