import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDialect } from '../../../src/db/dialect';
import { MIGRATION_NAMES, migrateTo } from '../../../src/db/migrate';
import type { Database } from '../../../src/db/types';
import { DATABASES, freshSchema } from '../../support/app';

// Migration 20261206-0002-nomor-wa-rapi (docs/decisions/155): numbers stored in another form
// than 62… are rewritten, each change said in a warning line; two examiners who would end up with
// one number are both left as they were and named; the login limits and the outbox follow.

const MIGRATION = '20261206-0002-nomor-wa-rapi';
const BEFORE = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(MIGRATION) - 1] as string;

describe.each(DATABASES)('stored numbers repaired on %s', (kind) => {
  let db: Kysely<Database>;
  let done: () => Promise<void>;
  let schema: string | undefined;

  beforeEach(async () => {
    if (kind === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'ukt-nomor-'));
      db = new Kysely<Database>({ dialect: createDialect(`sqlite:${join(dir, 'ukt.db')}`) });
      done = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const fresh = await freshSchema(process.env.TEST_DATABASE_URL as string);
      schema = fresh.schema;
      db = new Kysely<Database>({
        dialect: createDialect(process.env.TEST_DATABASE_URL as string, { pgSchema: fresh.schema }),
      });
      done = fresh.drop;
    }
    await migrateTo(db, BEFORE, schema);
  });
  afterEach(async () => {
    await db.destroy();
    await done();
  });

  const penguji = (id: number, noWa: string, nama: string, org = 1) =>
    db
      .insertInto('penguji')
      .values({
        id_pemilih: id,
        id_organisasi: org,
        no_wa: noWa,
        nama,
        panitia: 'Penguji',
        dewan: 1,
        img_profile: '',
        created_at: '2026-12-01T00:00:00Z',
      })
      .execute();
  const numbers = async () =>
    (await db.selectFrom('penguji').select(['id_pemilih', 'no_wa']).orderBy('id_pemilih').execute()).map(
      (r) => [Number(r.id_pemilih), r.no_wa],
    );

  it('rewrites every other form to 62…, says each change, and leaves a would-be merge alone', async () => {
    await penguji(1, '62081234567890', 'Rina Lestari');
    await penguji(2, '+62 813-1111-0004', 'Joko Susilo');
    await penguji(3, '0811.0000.0009', 'Dewi Anggraini');
    await penguji(4, '6281100000001', 'Budi Santoso');
    // Two spellings of one number: neither is repaired, both are named.
    await penguji(5, '62 0857 1234 5678', 'Eko Prasetyo');
    await penguji(6, '085712345678', 'Eka Putri');
    // The one form held already by another: the other spelling stays.
    await penguji(7, '0811-0000-0001', 'Bagus Santoso');
    await penguji(8, '021-5551234', 'Kantor Cabang');
    // The same spelling in another organisation is another person's business.
    await penguji(9, '62081234567890', 'Rina Lain', 2);

    const warned: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((line: string) => void warned.push(line));
    try {
      await migrateTo(db, MIGRATION, schema);
    } finally {
      spy.mockRestore();
    }

    expect(await numbers()).toEqual([
      [1, '6281234567890'],
      [2, '6281311110004'],
      [3, '6281100000009'],
      [4, '6281100000001'],
      [5, '62 0857 1234 5678'],
      [6, '085712345678'],
      [7, '0811-0000-0001'],
      [8, '021-5551234'],
      [9, '6281234567890'],
    ]);
    expect(warned).toEqual([
      'Migrasi nomor WhatsApp: Rina Lestari (id 1): 62081234567890 menjadi 6281234567890.',
      'Migrasi nomor WhatsApp: Joko Susilo (id 2): +62 813-1111-0004 menjadi 6281311110004.',
      'Migrasi nomor WhatsApp: Dewi Anggraini (id 3): 0811.0000.0009 menjadi 6281100000009.',
      'Migrasi nomor WhatsApp: Eko Prasetyo (id 5, 62 0857 1234 5678) dibiarkan: nomornya sama dengan Eka Putri (id 6, 085712345678) bila dirapikan menjadi 6285712345678. Perbaiki nomor yang salah di konsol, menu Penguji.',
      'Migrasi nomor WhatsApp: Eka Putri (id 6, 085712345678) dibiarkan: nomornya sama dengan Eko Prasetyo (id 5, 62 0857 1234 5678) bila dirapikan menjadi 6285712345678. Perbaiki nomor yang salah di konsol, menu Penguji.',
      'Migrasi nomor WhatsApp: Bagus Santoso (id 7, 0811-0000-0001) dibiarkan: nomornya sama dengan Budi Santoso (id 4, 6281100000001) bila dirapikan menjadi 6281100000001. Perbaiki nomor yang salah di konsol, menu Penguji.',
      'Migrasi nomor WhatsApp: Kantor Cabang (id 8): 021-5551234 bukan nomor HP Indonesia; perbaiki di konsol, menu Penguji.',
      'Migrasi nomor WhatsApp: Rina Lain (id 9): 62081234567890 menjadi 6281234567890.',
    ]);
  });

  it('moves the login limits and the outbox to the one form, and drops a code under an old one', async () => {
    await db
      .insertInto('otp_code')
      .values([
        { no_wa: '62081234567890', code_hash: 'a', expires_at: 1, tries: 0 },
        { no_wa: '6281311110004', code_hash: 'b', expires_at: 1, tries: 0 },
      ])
      .execute();
    await db
      .insertInto('otp_state')
      .values([
        { no_wa: '62081234567890', last_sent_at: 5, failures: 3, locked_until: 0 },
        { no_wa: '62081311110004', last_sent_at: 1, failures: 9, locked_until: 0 },
        { no_wa: '6281311110004', last_sent_at: 7, failures: 0, locked_until: 0 },
      ])
      .execute();
    await db.insertInto('otp_send').values({ no_wa: '62081234567890', sent_at: 5 }).execute();
    await sql`insert into wa_pesan (no_wa, jenis, status, gateway, percobaan, berikut_at, dibuat_at, diperbarui_at)
      values ('62081234567890', 'otp', 'gagal', 'fonnte', 1, 0, 0, 0)`.execute(db);

    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await migrateTo(db, MIGRATION, schema);
    } finally {
      spy.mockRestore();
    }

    expect(await db.selectFrom('otp_code').select('no_wa').execute()).toEqual([{ no_wa: '6281311110004' }]);
    const state = await db.selectFrom('otp_state').select(['no_wa', 'failures']).orderBy('no_wa').execute();
    expect(state.map((r) => [r.no_wa, Number(r.failures)])).toEqual([
      ['6281234567890', 3],
      ['6281311110004', 0],
    ]);
    expect(await db.selectFrom('otp_send').select('no_wa').execute()).toEqual([{ no_wa: '6281234567890' }]);
    expect(await db.selectFrom('wa_pesan').select('no_wa').execute()).toEqual([{ no_wa: '6281234567890' }]);
  });
});
