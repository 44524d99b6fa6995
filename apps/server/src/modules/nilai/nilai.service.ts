import {
  DISAHKAN_MESSAGE,
  FISIK_EXERCISES,
  type FisikBody,
  fisikFinal,
  mayWriteGroup,
  NILAI_FIELDS,
  type NilaiBody,
  type NilaiRecord,
  nilaiBodyFields,
  postFlagField,
  postOfGroup,
  type ScoreGroup,
} from '@ukt/core';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { AuditSource, Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { AppError, conflict, conflictForNow, forbidden } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import {
  type InlineIdempotency,
  KEY_BUSY_MESSAGE,
  KEY_REUSED_MESSAGE,
  type KeptAnswer,
  keepInlineAnswer,
  keptAnswer,
  STALE_MS,
} from '../../plugins/idempotency';
import { insertAudit, writtenFieldsOf } from '../audit/audit.repository';
import { kegiatanMissing } from '../kegiatan/kegiatan.service';
import { assertNotDisahkan } from '../kegiatan/kegiatan-sahkan.service';
import { assertInTugas } from '../kegiatan/penugasan.service';
import { pengujiName } from '../penguji/penguji.repository';
import {
  assertNotHeldByOther,
  assertNotMundur,
  heldByOther,
  outsideRegion,
  requireRegion,
  siswaForPenguji,
  siswaMissing,
  siswaMundur,
} from '../siswa/siswa.service';
import {
  findNilai,
  lockNilai,
  type NilaiKey,
  type NilaiValues,
  type SimpanNilaiArgs,
  type SimpanNilaiResult,
  simpanNilai,
  upsertNilai,
} from './nilai.repository';

/** The post flag of the post a score group is written at: who holds the participant there. */
const flagOfGroup = (group: ScoreGroup) => postFlagField(postOfGroup(group));

/** The score record of SPEC §3 for a key, zeros where nothing is scored; 403 for an event outside the examiner's assignment. */
export async function getNilai(
  db: Kysely<Database>,
  examiner: AuthPenguji,
  key: NilaiKey,
): Promise<NilaiRecord> {
  assertInTugas(examiner, key.id_ukt);
  await siswaForPenguji(db, examiner, key.id_siswa, key.id_ukt);
  const row = await findNilai(db, key);
  const scores = Object.fromEntries(
    NILAI_FIELDS.flatMap((f) => [
      [f, row?.[f] ?? 0],
      [`${f}_plus`, row?.[`${f}_plus`] ?? 0],
    ]),
  ) as Omit<
    NilaiRecord,
    'id_nilai' | 'id_siswa' | 'id_tingkat' | 'nilai_fisik2' | 'created_at' | 'update_at' | 'del'
  >;
  return {
    id_nilai: row ? String(row.id_nilai) : '0',
    id_siswa: String(key.id_siswa),
    id_tingkat: String(key.id_tingkat),
    ...scores,
    nilai_fisik2: row?.nilai_fisik2 ?? 0,
    created_at: row?.created_at ?? null,
    update_at: row?.update_at ?? null,
    del: row?.del ?? 0,
  };
}

/**
 * The checks of a score write that need no database: dewan 2 writes only KESHAN; the event and the
 * group's post are within the examiner's assignment (docs/decisions/125); a region is known.
 */
function assertMayWriteGroup(examiner: AuthPenguji, key: NilaiKey, group: ScoreGroup): void {
  if (!mayWriteGroup(group, examiner)) {
    throw forbidden('Penguji dewan 2 hanya boleh menyimpan nilai KESHAN.');
  }
  assertInTugas(examiner, key.id_ukt, postOfGroup(group));
  requireRegion(examiner);
}

/**
 * Checks that an examiner may write a score group for a participant: dewan 2 only KESHAN; only
 * within their assignment; nobody for a withdrawn participant, or while another examiner holds
 * them at that post.
 */
export async function assertMayWriteNilai(
  db: Kysely<Database>,
  examiner: AuthPenguji,
  key: NilaiKey,
  group: ScoreGroup,
): Promise<void> {
  assertMayWriteGroup(examiner, key, group);
  const siswa = await siswaForPenguji(db, examiner, key.id_siswa, key.id_ukt);
  assertNotMundur(siswa);
  await assertNotHeldByOther(db, examiner, siswa, flagOfGroup(group));
}

/** Where a score change comes from and why, for its audit rows; a phone's write by default. */
export interface NilaiAudit {
  source: AuditSource;
  reason: string | null;
}

const FROM_APLIKASI: NilaiAudit = { source: 'aplikasi', reason: null };

/** A field a save changed (and audited): its value before (null: never written) and after. */
export interface AuditChange {
  field: string;
  old_value: number | null;
  new_value: number;
}

/**
 * Saves score columns in a write transaction and audits every field whose value changed, or that
 * was never written before (a first score equal to the record's default 0 still counts as scored:
 * the progress page and the recap read "scored" from the audit log). Refused with 409 while the
 * event is ratified, checked inside the transaction (docs/decisions/041).
 */
export async function saveNilai(
  trx: Transaction<Database>,
  examiner: AuthPenguji,
  key: NilaiKey,
  values: NilaiValues,
  now: string,
  audit: NilaiAudit = FROM_APLIKASI,
): Promise<AuditChange[]> {
  await assertNotDisahkan(trx, key.id_ukt);
  // Read under the record's lock, so a write racing this one is audited with what this one left.
  const before: Record<string, unknown> = await lockNilai(trx, key, now);
  const written = await writtenFieldsOf(trx, key, Object.keys(values));
  await upsertNilai(trx, key, values, now);
  const changed = Object.entries(values).filter(
    ([field, value]) => before[field] !== value || !written.has(field),
  );
  const rows = changed
    .filter(([, value]) => typeof value === 'number')
    .map(([field, value]) => ({
      at: now,
      id_pemilih: examiner.id_pemilih,
      ...key,
      field,
      old_value: written.has(field) ? Number(before[field]) : null,
      new_value: value as number,
      reason: audit.reason,
      source: audit.source,
    }));
  await insertAudit(trx, rows);
  return rows.map(({ field, old_value, new_value }) => ({ field, old_value, new_value }));
}

/** One examiner's write of a score group, with the answer it gives and keeps for its Idempotency-Key. */
export interface NilaiWrite {
  examiner: AuthPenguji;
  key: NilaiKey;
  group: ScoreGroup;
  values: NilaiValues;
  /** Now as ISO text (the record and its audit rows) and in ms (the key). */
  now: string;
  nowMs: number;
  /** The serialized success answer, kept for the key in the write's own commit. */
  answer: string;
  idempotency: InlineIdempotency | undefined;
}

/**
 * Writes one score group for a participant in one commit: the Idempotency-Key's look-up, the
 * checks, the values, their audit rows and the kept answer (docs/decisions/116). Resolves with the
 * key's kept answer when it is a repeat, undefined when this request wrote (committed by then).
 */
export function writeNilai(
  db: Kysely<Database>,
  writer: Writer,
  w: NilaiWrite,
): Promise<KeptAnswer | undefined> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? writeNilaiPostgres(db, w)
    : writeNilaiTogether(writer, w);
}

/** The write as one writer transaction (SQLite: one group-commit round). */
function writeNilaiTogether(writer: Writer, w: NilaiWrite): Promise<KeptAnswer | undefined> {
  return writer.run(async (trx) => {
    const kept = w.idempotency && (await keptAnswer(trx, w.idempotency, w.nowMs));
    if (kept) return kept;
    await assertMayWriteNilai(trx, w.examiner, w.key, w.group);
    await saveNilai(trx, w.examiner, w.key, w.values, w.now);
    if (w.idempotency)
      await keepInlineAnswer(trx, w.idempotency, { status: 200, response: w.answer }, w.nowMs);
    return undefined;
  });
}

/** The refusal of the checks that need no database, if any. */
function refusalOf(examiner: AuthPenguji, key: NilaiKey, group: ScoreGroup): AppError | undefined {
  try {
    assertMayWriteGroup(examiner, key, group);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * What ukt_simpan_nilai's answer means: undefined when written, the key's kept answer for a
 * repeat. A refusal is thrown, worded from what the routine answered (the check that refused, the
 * holder) in the texts the checks of assertMayWriteNilai throw, without running them again.
 */
async function outcomeOf(
  db: Kysely<Database>,
  w: NilaiWrite,
  result: SimpanNilaiResult,
  refusal: AppError | undefined,
): Promise<KeptAnswer | undefined> {
  switch (result.hasil_kode) {
    case 'ok':
      return undefined;
    case 'ulang':
      return { status: result.hasil_status, response: result.hasil_jawaban as string };
    case 'beda':
      throw new AppError(422, KEY_REUSED_MESSAGE);
    case 'diproses':
      throw conflict(KEY_BUSY_MESSAGE);
    case 'ditolak':
      if (refusal) throw refusal;
      break;
    case 'kegiatan':
      throw kegiatanMissing(w.key.id_ukt);
    case 'siswa':
      throw siswaMissing(w.key.id_siswa);
    case 'luar':
      throw outsideRegion();
    case 'mundur':
      throw siswaMundur();
    case 'dipegang':
      throw heldByOther(await pengujiName(db, result.hasil_pemegang as number));
    case 'disahkan':
      throw conflictForNow(DISAHKAN_MESSAGE);
  }
  throw new Error(`ukt_simpan_nilai: jawaban tidak dikenal ${result.hasil_kode}`);
}

/**
 * The write as one statement in autocommit (PostgreSQL: one round trip, one commit). The routine
 * runs the checks in assertMayWriteNilai's order and answers which one refused, with the holder
 * when another examiner holds the post (docs/decisions/169).
 */
async function writeNilaiPostgres(db: Kysely<Database>, w: NilaiWrite): Promise<KeptAnswer | undefined> {
  const refusal = refusalOf(w.examiner, w.key, w.group);
  const args: SimpanNilaiArgs = {
    examiner: w.examiner,
    idempotency: w.idempotency && { ...w.idempotency, answer: w.answer, nowMs: w.nowMs, staleMs: STALE_MS },
    refused: refusal !== undefined,
    key: w.key,
    post: flagOfGroup(w.group),
    values: w.values,
    at: w.now,
    source: FROM_APLIKASI.source,
    reason: FROM_APLIKASI.reason,
  };
  return outcomeOf(db, w, await simpanNilai(db, args), refusal);
}

/** The score group a NilaiSiswa body saves, e.g. nilai_toyak_senam → 'toyak_senam'. */
export function groupOfBody(body: NilaiBody): ScoreGroup {
  const field = nilaiBodyFields(body).find((f) => !f.endsWith('_plus')) as string;
  return field.slice('nilai_'.length) as ScoreGroup;
}

/** The columns a NilaiSiswa body writes: its score and bonus fields, nothing else. */
export function valuesOfBody(body: NilaiBody): NilaiValues {
  return Object.fromEntries(
    nilaiBodyFields(body).map((f) => [f, (body as Record<string, number>)[f]]),
  ) as NilaiValues;
}

/** The columns a physical payload writes: raw and converted pairs and their average (nilai_fisik2). */
export function valuesOfFisik(body: FisikBody): NilaiValues {
  const converted = FISIK_EXERCISES.map((e) => body[`${e.field}2`]);
  return {
    nilai_mft: body.nilai_mft,
    nilai_mft2: body.nilai_mft2,
    nilai_pushup: body.nilai_pushup,
    nilai_pushup2: body.nilai_pushup2,
    nilai_sperperut_atas: body.nilai_sperperut_atas,
    nilai_sperperut_atas2: body.nilai_sperperut_atas2,
    nilai_sperperut_bawah: body.nilai_sperperut_bawah,
    nilai_sperperut_bawah2: body.nilai_sperperut_bawah2,
    nilai_plank: body.nilai_plank,
    nilai_plank2: body.nilai_plank2,
    nilai_fisik2: fisikFinal(converted),
  };
}
