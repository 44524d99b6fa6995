import { API, FISIK_EXERCISES, fisikFinal } from '@ukt/core';
import type { StoredBody } from './payload';

/**
 * A score a write carries, where the server's score record keeps it: the record (event,
 * participant, belt level; KSHAN under level 5) and its column. `nilai` is null while only the
 * server knows it (a KESHAN answer sheet is graded there).
 */
export interface WrittenScore {
  idUkt: number;
  idSiswa: number;
  idTingkat: number;
  field: string;
  nilai: number | null;
}

const isWhole = (value: unknown): value is number => Number.isInteger(value);

/** The graded score of an answer to a KESHAN answer sheet ({ benar, salah, kosong, nilai }), or null. */
function gradedNilai(answer: unknown): number | null {
  const nilai = (answer as { nilai?: unknown } | null)?.nilai;
  return typeof nilai === 'number' && Number.isFinite(nilai) ? nilai : null;
}

/**
 * The score a write saves (a NilaiSiswa group, the physical payload, a KESHAN answer sheet), or
 * null for anything else (a take, a pairing, a recording). `answer` is the server's answer when
 * the write was received: it carries the KESHAN grade.
 */
export function scoreOfWrite(
  item: { path: string; body: StoredBody },
  answer?: unknown,
): WrittenScore | null {
  if (item.body.kind !== 'json') return null;
  const body = (item.body.value ?? {}) as Record<string, unknown>;
  const idUkt = Number(body.id_ukt);
  const idSiswa = Number(body.id_siswa);
  const idTingkat = Number(body.id_tingkat);
  if (!isWhole(idUkt) || !isWhole(idSiswa) || !isWhole(idTingkat)) return null;
  const at = { idUkt, idSiswa, idTingkat };
  if (item.path === API.keshanJawaban.href()) {
    return { ...at, field: 'nilai_kshan', nilai: gradedNilai(answer) };
  }
  if (item.path === API.nilaiFisik.href()) {
    // The record keeps the average of the converted scores, as the server computes it.
    const converted = FISIK_EXERCISES.map((e) => Number(body[`${e.field}2`]) || 0);
    return { ...at, field: 'nilai_fisik2', nilai: fisikFinal(converted) };
  }
  if (item.path !== API.nilai.href()) return null;
  // A group posts its score and its bonus (SPEC §3): the score is the field without '_plus'.
  const field = Object.keys(body).find((f) => f.startsWith('nilai_') && !f.endsWith('_plus'));
  const nilai = field === undefined ? Number.NaN : Number(body[field]);
  return field && Number.isFinite(nilai) ? { ...at, field, nilai } : null;
}
