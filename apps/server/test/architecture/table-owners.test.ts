import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR } from '../support/paths';
import { readSourceTree, type SourceFile } from '../support/source-text';
import {
  databaseTables,
  describeViolation,
  scanFile,
  scanTree,
  TABLE_OWNERS,
  tableUses,
} from '../support/table-owners';

// Each table has one owning area (docs/decisions/114): only it reads the table, only its repositories
// write it, and other areas see it only as a join. Checked on the tree as it is (the PostgreSQL
// routines included, docs/decisions/170), and on a planted file.

const src = SRC_DIR;

describe('table ownership', () => {
  it('holds on the tree: no area reads or writes a table it does not own', () => {
    const found = scanTree(readSourceTree(src, { routines: true })).map(describeViolation);
    expect(found, `tables used outside their owner:\n${found.join('\n')}\n`).toEqual([]);
  });

  it('reads the routines: the score write’s uses of audit_log and idempotency are seen', () => {
    const routine = readSourceTree(src, { routines: true }).find(
      (f) => f.path === 'modules/nilai/nilai.pg.sql',
    );
    const uses = new Set(tableUses(routine as SourceFile).map((u) => `${u.access} ${u.table}`));
    for (const use of ['writes audit_log', 'writes idempotency', 'writes nilai', 'reads siswa', 'reads ukt'])
      expect(uses).toContain(use);
    // Under another name (so without the reach listed for the score write), the same text breaks the rule.
    const found = scanFile({ path: 'modules/nilai/zz-lain.pg.sql', text: routine?.text ?? '' }).map(
      (v) => `${v.kind} ${v.table}`,
    );
    expect(new Set(found)).toEqual(
      new Set([
        'writes idempotency',
        'reads idempotency',
        'writes audit_log',
        'reads audit_log',
        'reads ukt',
        'reads siswa',
      ]),
    );
  });

  it('holds a routine to its listed reach, skipping its comments and strings', () => {
    const text = [
      '-- insert into siswa (a) values (1) is only a comment',
      'create function f() returns void language plpgsql as $$ begin',
      "  raise exception 'delete from siswa';",
      '  insert into audit_log (field) values (1);',
      '  update nilai n set nilai_senam = 1;',
      '  update siswa s set mundur = 1;',
      '  perform 1 from penguji p;',
      'end $$;',
    ].join('\n');
    const found = scanFile({ path: 'modules/nilai/nilai.pg.sql', text }).map(describeViolation);
    expect(found).toEqual([
      'modules/nilai/nilai.pg.sql:6  writes siswa (owner: modules/siswa)',
      'modules/nilai/nilai.pg.sql:7  reads penguji (owner: modules/penguji)',
    ]);
  });

  it('reports a planted read and a planted write from a non-repository file', () => {
    const path = `modules/health/zz-planted-${process.pid}.ts`;
    const file = join(src, path);
    writeFileSync(
      file,
      [
        'type Db = { selectFrom(t: string): unknown; insertInto(t: string): unknown };',
        '',
        "// db.deleteFrom('siswa') in a comment is not a write",
        'export const text = "db.updateTable(\'nilai\')";',
        "export const read = (db: Db) => db.selectFrom('siswa as s');",
        "export const write = (db: Db) => db.insertInto('nilai');",
        '',
      ].join('\n'),
    );
    try {
      const found = scanFile({ path, text: readFileSync(file, 'utf8') }).map(describeViolation);
      expect(found).toEqual([
        `${path}:5  reads siswa (owner: modules/siswa)`,
        `${path}:6  writes nilai (owner: modules/nilai)`,
      ]);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('reports raw SQL, a table not named literally, and an owner writing outside its repository', () => {
    const text = [
      'const a = sql`select extract(year from siswa.lahir) from nilai join siswa on true`;',
      'const b = sql<{ n: number }>`update siswa set mundur = 1`;',
      'const c = db.selectFrom(name);',
      "const d = db.deleteFrom('siswa');",
      "const e = db.selectFrom('siswa').innerJoin('nilai', 'nilai.id_siswa', 'siswa.id_siswa');",
      "function g(level: 'siswa' | 'nilai') { return db.selectFrom(level); }",
    ].join('\n');
    const found = scanFile({ path: 'modules/siswa/siswa.service.ts', text }).map(describeViolation);
    expect(found).toEqual([
      'modules/siswa/siswa.service.ts:1  reads nilai (owner: modules/nilai)',
      'modules/siswa/siswa.service.ts:2  writes siswa (owner: modules/siswa; writes belong in a *.repository.ts)',
      'modules/siswa/siswa.service.ts:3  names a table not literally',
      'modules/siswa/siswa.service.ts:4  writes siswa (owner: modules/siswa; writes belong in a *.repository.ts)',
      'modules/siswa/siswa.service.ts:6  reads nilai (owner: modules/nilai)',
    ]);
  });

  it('knows the owner of every table in db/types.ts', () => {
    const tables = databaseTables(join(src, 'db', 'types.ts'));
    expect(tables.length).toBeGreaterThan(10);
    const ownerless = tables.filter((t) => TABLE_OWNERS[t] === undefined);
    expect(ownerless, 'give each new table an owner in test/support/table-owners.ts').toEqual([]);
  });
});
