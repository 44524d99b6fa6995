import { KSHAN_SCALE, KSHAN_TINGKAT, NILAI_FIELDS, ROW_SCALE, SAMBUNG_SCALE, seededRng } from '@ukt/core';
import type { Insertable, Kysely } from 'kysely';
import type { AuditTable, Database, NilaiTable } from '../src/db/types';

// Realistic scores for the recap bench (bench/recap.ts): for an event's participants, score
// records at the event's belt and at KSHAN's level 5 and the audit rows the examiner app would
// have written for them (every field of a group, physical raws included, some scores rewritten).
// Most participants are fully scored, some partly, a few not at all, a few withdrawn; some
// KESHAN scores are a written 0.

const ROW_GROUPS = [
  'nilai_jurus',
  'nilai_senam',
  'nilai_blati',
  'nilai_pasang',
  'nilai_toyak_senam',
  'nilai_toyak_jurus',
  'nilai_kripen',
] as const;
const FISIK_FIELDS = [
  'nilai_mft2',
  'nilai_pushup',
  'nilai_pushup2',
  'nilai_sperperut_atas',
  'nilai_sperperut_atas2',
  'nilai_sperperut_bawah',
  'nilai_sperperut_bawah2',
  'nilai_plank',
  'nilai_plank2',
  'nilai_fisik2',
] as const;
/** The groups a participant can be missing, as the exam posts leave them. */
const GROUPS = ['keshan', 'kshan', ...ROW_GROUPS, 'fisik', 'sambung'] as const;

/** Every column of a score record as a fresh one holds it (a multi-row insert names them all). */
const EMPTY: Record<string, number | string> = {
  ...Object.fromEntries(
    NILAI_FIELDS.flatMap((f) => [
      [f, 0],
      [`${f}_plus`, 0],
    ]),
  ),
  ...Object.fromEntries(FISIK_FIELDS.map((f) => [f, 0])),
  nilai_mft: '',
};

/** What was seeded for an event. */
export interface SeededScores {
  participants: number;
  withdrawn: number;
  records: number;
  auditRows: number;
}

/** Scores and audit rows for every participant of an event (ids from the siswa table), in batches. */
export async function seedScores(
  db: Kysely<Database>,
  idUkt: number,
  tingkat: number,
  examiners: number[],
): Promise<SeededScores> {
  const rng = seededRng(idUkt * 7919);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)] as T;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const siswa = await db.selectFrom('siswa').select('id_siswa').where('id_ukt', '=', idUkt).execute();
  const at = new Date('2026-12-01T02:00:00Z').getTime();
  const records: Insertable<NilaiTable>[] = [];
  const audit: Insertable<AuditTable>[] = [];
  const withdrawn: number[] = [];
  const taken: number[] = [];

  for (const [i, { id_siswa }] of siswa.entries()) {
    const roll = rng();
    if (roll < 0.03) withdrawn.push(id_siswa);
    // 80% fully scored, 12% missing one to three groups, 5% (and the withdrawn) nothing.
    const missing = new Set<string>();
    if (roll < 0.08) for (const g of GROUPS) missing.add(g);
    else if (roll < 0.2) for (let n = 1 + Math.floor(rng() * 3); n > 0; n--) missing.add(pick(GROUPS));
    if (missing.size === GROUPS.length) continue;
    taken.push(id_siswa);

    const id_pemilih = pick(examiners);
    const stamp = () => new Date(at + i * 20_000 + Math.floor(rng() * 3_600_000)).toISOString();
    const main: Record<string, number | string> = {};
    const lisan: Record<string, number> = {};
    const write = (tingkatOf: number, field: string, value: number) => {
      const row = {
        id_pemilih,
        id_siswa,
        id_ukt: idUkt,
        id_tingkat: tingkatOf,
        field,
        source: 'aplikasi' as const,
      };
      // One score in ten was sent twice, the first value then corrected (a rescoring, a wrong tap).
      const first = rng() < 0.1 ? value + 5 : value;
      audit.push({ ...row, at: stamp(), old_value: null, new_value: first });
      if (first !== value) audit.push({ ...row, at: stamp(), old_value: first, new_value: value });
    };
    if (!missing.has('keshan')) {
      main.nilai_kshan = rng() < 0.01 ? 0 : 5 * (8 + Math.floor(rng() * 13));
      write(tingkat, 'nilai_kshan', main.nilai_kshan);
    }
    if (!missing.has('kshan')) {
      lisan.nilai_kshan = (pick(KSHAN_SCALE) + pick(KSHAN_SCALE)) / 2;
      write(KSHAN_TINGKAT, 'nilai_kshan', lisan.nilai_kshan);
      write(KSHAN_TINGKAT, 'nilai_kshan_plus', 0);
    }
    for (const field of ROW_GROUPS) {
      if (missing.has(field)) continue;
      const bonus = Math.floor(rng() * 6);
      main[field] = round2((pick(ROW_SCALE) + pick(ROW_SCALE) + pick(ROW_SCALE)) / 3 + bonus);
      main[`${field}_plus`] = bonus;
      write(tingkat, field, main[field] as number);
      write(tingkat, `${field}_plus`, bonus);
    }
    if (!missing.has('fisik')) {
      for (const field of FISIK_FIELDS) main[field] = round2(40 + rng() * 55);
      main.nilai_mft = '6.4';
      for (const field of FISIK_FIELDS) write(tingkat, field, main[field] as number);
    }
    if (!missing.has('sambung')) {
      main.nilai_sambung = pick(SAMBUNG_SCALE);
      write(tingkat, 'nilai_sambung', main.nilai_sambung);
    }
    const created_at = stamp();
    const base = { ...EMPTY, id_siswa, id_ukt: idUkt, created_at, update_at: created_at, del: 0 };
    if (Object.keys(main).length)
      records.push({ ...base, id_tingkat: tingkat, ...main } as Insertable<NilaiTable>);
    if (Object.keys(lisan).length)
      records.push({ ...base, id_tingkat: KSHAN_TINGKAT, ...lisan } as Insertable<NilaiTable>);
  }

  await db.transaction().execute(async (trx) => {
    for (let s = 0; s < records.length; s += 400) {
      await trx
        .insertInto('nilai')
        .values(records.slice(s, s + 400))
        .execute();
    }
    for (let s = 0; s < audit.length; s += 2000) {
      await trx
        .insertInto('audit_log')
        .values(audit.slice(s, s + 2000))
        .execute();
    }
    for (let s = 0; s < taken.length; s += 1000) {
      const ids = taken.slice(s, s + 1000);
      await trx
        .updateTable('siswa')
        .set({
          sudah_keshan: examiners[0],
          sudah_tes: examiners[0],
          sudah_fisik: examiners[0],
          sudah_sambung: examiners[0],
        })
        .where('id_siswa', 'in', ids)
        .execute();
    }
    if (withdrawn.length)
      await trx.updateTable('siswa').set({ mundur: 1 }).where('id_siswa', 'in', withdrawn).execute();
  });
  return {
    participants: siswa.length,
    withdrawn: withdrawn.length,
    records: records.length,
    auditRows: audit.length,
  };
}
