import { type AnswerLetter, gradeKeshan } from '@ukt/core';
import type { Transaction } from 'kysely';
import type { AuditSource, Database } from '../../db/types';
import { chunks } from '../../lib/chunks';
import { insertAudit } from '../audit/audit.repository';
import { lockDisahkanAt } from '../kegiatan/kegiatan-sahkan.repository';
import { listNilaiKshanForUpdate, upsertNilaiKshanBatch } from '../nilai/nilai.repository';
import { listSheetAnswers, listSheetsAnswering } from './keshan-jawaban.repository';

/** An answer key: id_soal → the correct letter. */
export type JawabanKey = ReadonlyMap<number, AnswerLetter>;

/** A change of a belt's answer key, who made it and why (for the audit log). */
export interface KeyChange {
  idOrganisasi: number;
  idTingkat: number;
  before: JawabanKey;
  after: JawabanKey;
  idPemilih: number;
  reason: string;
  source: AuditSource;
  now: string;
}

/** The key of a belt from its soal rows. */
export function keyOf(
  rows: readonly { id_soal: number; jawaban_benar: string }[],
): Map<number, AnswerLetter> {
  return new Map(rows.map((r) => [r.id_soal, r.jawaban_benar as AnswerLetter]));
}

/** The questions whose key differs between two keys (added and removed ones included). */
export function changedSoal(before: JawabanKey, after: JawabanKey): number[] {
  const ids = new Set([...before.keys(), ...after.keys()]);
  return [...ids].filter((id) => before.get(id) !== after.get(id));
}

/** What a re-grading did: scores changed, and ratified events whose sheets it left alone. */
export interface Regrade {
  changed: number;
  disahkan: number;
}

/**
 * Re-grades the stored KESHAN sheets of a belt in every event of the organisation after its key
 * changed (docs/decisions/037), inside the caller's transaction: a sheet is re-graded when its
 * grade under the new key differs from its grade under the old one, and its nilai_kshan is then
 * set to the new grade and audited. Only sheets that answered a changed question can move, so
 * only those are read. A ratified event's scores are final (DESIGN §10): its sheets are skipped.
 */
export async function regradeKeshan(trx: Transaction<Database>, change: KeyChange): Promise<Regrade> {
  const result: Regrade = { changed: 0, disahkan: 0 };
  const changed = changedSoal(change.before, change.after);
  if (!changed.length) return result;
  const sheets = await listSheetsAnswering(trx, change.idOrganisasi, change.idTingkat, changed);
  const byUkt = new Map<number, number[]>();
  for (const s of sheets) {
    const ids = byUkt.get(s.id_ukt);
    if (ids) ids.push(s.id_siswa);
    else byUkt.set(s.id_ukt, [s.id_siswa]);
  }

  for (const [idUkt, siswaIds] of byUkt) {
    // Share-locked on PostgreSQL like every score write: a ratification waits for this commit.
    if (await lockDisahkanAt(trx, idUkt)) {
      result.disahkan++;
      continue;
    }
    for (const piece of chunks(siswaIds)) {
      const answers = new Map<number, { id_soal: number; jawaban: AnswerLetter | null }[]>();
      for (const a of await listSheetAnswers(trx, idUkt, change.idTingkat, piece)) {
        const sheet = answers.get(a.id_siswa) ?? [];
        sheet.push({ id_soal: a.id_soal, jawaban: a.jawaban as AnswerLetter | null });
        answers.set(a.id_siswa, sheet);
      }
      const stored = new Map(
        (await listNilaiKshanForUpdate(trx, idUkt, change.idTingkat, piece)).map((r) => [
          r.id_siswa,
          r.nilai_kshan,
        ]),
      );
      const updates = [];
      for (const idSiswa of piece) {
        const sheet = answers.get(idSiswa) ?? [];
        const next = gradeKeshan(sheet, change.after).nilai;
        if (gradeKeshan(sheet, change.before).nilai === next) continue;
        const old = stored.get(idSiswa);
        if (old === next) continue;
        updates.push({ key: { id_siswa: idSiswa, id_ukt: idUkt, id_tingkat: change.idTingkat }, old, next });
      }
      await upsertNilaiKshanBatch(
        trx,
        updates.map((u) => ({ ...u.key, nilai_kshan: u.next })),
        change.now,
      );
      await insertAudit(
        trx,
        updates.map((u) => ({
          at: change.now,
          id_pemilih: change.idPemilih,
          ...u.key,
          field: 'nilai_kshan',
          old_value: u.old ?? null,
          new_value: u.next,
          reason: change.reason,
          source: change.source,
        })),
      );
      result.changed += updates.length;
    }
  }
  return result;
}
