import { isPlausiblePhone, normalizePhone, Tingkat } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { createLoginLink } from '../modules/auth/session.service';
import { findPengujiByNoWa } from '../modules/penguji/penguji.repository';
import { ImportError } from './read-table';

/** `ukt link NO_WA [--sabuk N]`: a single-use 24-hour login link for an examiner (DESIGN §6). */
export async function makeLink(
  deps: { db: Kysely<Database>; secret: string; orgId: number; publicUrl: string; now: number },
  input: string,
  sabuk: string | undefined,
): Promise<string> {
  const noWa = normalizePhone(input);
  if (!isPlausiblePhone(noWa)) throw new ImportError(`${input} bukan nomor WhatsApp Indonesia yang benar`);
  const examiner = await findPengujiByNoWa(deps.db, deps.orgId, noWa);
  if (!examiner) throw new ImportError(`Penguji dengan nomor ${noWa} tidak terdaftar.`);
  const token = await createLoginLink(deps.db, deps.secret, examiner.id_pemilih, deps.now);
  const base = deps.publicUrl.replace(/\/$/, '');
  if (sabuk === undefined) return `${base}/ut/${token}`;
  const belt = Tingkat.safeParse(sabuk);
  if (!belt.success) throw new ImportError('--sabuk harus 1 sampai 5');
  return `${base}/utss/${token}?vard=${belt.data}`;
}
