import type { LoginResult } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { AppError } from '../../lib/errors';
import { findOrganisasi } from '../organisasi/organisasi.repository';
import { toPengujiRecord } from '../penguji/penguji.mapper';
import { findPengujiById } from '../penguji/penguji.repository';
import { openSession, PENGUJI_NONAKTIF } from './session.service';

/** Opens a session for an examiner and builds the login answer of SPEC §7 / DESIGN §4. */
export async function loginAnswer(
  deps: { db: Kysely<Database>; secret: string; now: number },
  idPemilih: number,
  message: string,
): Promise<LoginResult> {
  const row = await findPengujiById(deps.db, idPemilih);
  if (!row) throw new AppError(401, 'Penguji tidak ditemukan.');
  // Deactivated by the committee: no new session, however the code or link was obtained.
  if (row.aktif !== 1) throw new AppError(403, PENGUJI_NONAKTIF);
  const organisasi = await findOrganisasi(deps.db, row.id_organisasi);
  if (!organisasi) throw new Error(`organisasi ${row.id_organisasi} has no config row`);
  const token = await openSession(deps.db, deps.secret, idPemilih, deps.now);
  return {
    success: true,
    message,
    id: String(idPemilih),
    token,
    data: [toPengujiRecord(row)],
    organisasi,
  };
}
