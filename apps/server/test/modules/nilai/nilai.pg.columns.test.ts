import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FISIK_EXERCISES, NILAI_FIELDS, NILAI_KOLOM } from '@ukt/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../../src/db/connect';

// The score columns are described once in core (NILAI_KOLOM, NILAI_FIELDS, docs/decisions/167).
// The PostgreSQL routine that saves a score names each value column of the score record in its
// update; this reads the routine's text, so a column missing there (or one too many) fails here
// on every run, not only where PostgreSQL runs. The migrations are held to the same list on SQLite.

const ROUTINE = join(import.meta.dirname, '../../../src/modules/nilai/nilai.pg.sql');

/** Every value column of the score record: each score and its extra score, the physical readings and the average. */
function valueColumns(): string[] {
  return [
    ...NILAI_FIELDS.flatMap((f) => [f, `${f}_plus`]),
    ...FISIK_EXERCISES.flatMap((e) => [e.field, `${e.field}2`]),
    'nilai_fisik2',
  ].sort();
}

/** The columns `update nilai … set` of a routine's text assigns, each with the value it reads. */
export function routineSetColumns(text: string): { kolom: string; dibaca: string[] }[] {
  const update = /update\s+nilai\s+n\s+set([\s\S]*?)\bfrom\s+json_populate_record/i.exec(text);
  if (!update?.[1]) throw new Error('nilai.pg.sql: no "update nilai n set … from json_populate_record"');
  return [
    ...update[1].matchAll(
      /(nilai_\w+)\s*=\s*case\s+when\s+v_values\s*\?\s*'(\w+)'\s+then\s+r\.(\w+)\s+else\s+n\.(\w+)\s+end/gi,
    ),
  ].map((m) => ({ kolom: m[1] as string, dibaca: [m[2], m[3], m[4]] as string[] }));
}

describe('the score columns of the routine ukt_simpan_nilai', () => {
  const set = routineSetColumns(readFileSync(ROUTINE, 'utf8'));

  it('sets exactly the score record value columns core lists, each once', () => {
    expect(set.map((s) => s.kolom).sort()).toEqual(valueColumns());
  });

  it('sets each column from its own value (the key it checks, the record it reads, the value it keeps)', () => {
    for (const { kolom, dibaca } of set) expect(dibaca).toEqual([kolom, kolom, kolom]);
  });

  it('lists every column of NILAI_KOLOM', () => {
    const columns = new Set(set.map((s) => s.kolom));
    for (const k of NILAI_KOLOM) expect(columns.has(k.kolom), k.kolom).toBe(true);
  });

  it('fails for a routine with a column left out or one too many', () => {
    const text = readFileSync(ROUTINE, 'utf8');
    const line = /^\s*nilai_kripen_plus = case[^\n]*\n/m;
    expect(line.test(text)).toBe(true);
    const missing = routineSetColumns(text.replace(line, ''))
      .map((s) => s.kolom)
      .sort();
    expect(missing).not.toEqual(valueColumns());
    const extra = text.replace(
      line,
      (l) =>
        `${l}    nilai_tendangan = case when v_values ? 'nilai_tendangan' then r.nilai_tendangan else n.nilai_tendangan end,\n`,
    );
    expect(
      routineSetColumns(extra)
        .map((s) => s.kolom)
        .sort(),
    ).not.toEqual(valueColumns());
  });
});

describe('the score record the migrations make', () => {
  it('has a column for each value column core lists, and no other nilai_ column (SQLite)', async () => {
    const { db } = await openDb('sqlite::memory:');
    try {
      const { rows } = await sql<{ name: string }>`select name from pragma_table_info('nilai')`.execute(db);
      const columns = rows.map((r) => r.name).filter((name) => name.startsWith('nilai_'));
      expect(columns.sort()).toEqual(valueColumns());
    } finally {
      await db.destroy();
    }
  });
});
