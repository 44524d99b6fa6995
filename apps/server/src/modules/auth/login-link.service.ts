import { normalizePhone, phoneProblem } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { findPengujiByNoWa } from '../penguji/penguji.repository';
import { createLoginLink } from './session.service';

/** What making a login link needs: the database, the server secret, and the app's public address. */
export interface LoginLinkDeps {
  db: Kysely<Database>;
  secret: string;
  orgId: number;
  publicUrl: string;
  now: number;
}

/**
 * A fresh single-use 24-hour login link for an examiner (DESIGN §4): `/ut/{token}`, or with a
 * belt `/utss/{token}?vard=N`.
 */
export async function loginLinkFor(deps: LoginLinkDeps, idPemilih: number, sabuk?: number): Promise<string> {
  const token = await createLoginLink(deps.db, deps.secret, idPemilih, deps.now);
  const base = deps.publicUrl.replace(/\/$/, '');
  return sabuk === undefined ? `${base}/ut/${token}` : `${base}/utss/${token}?vard=${sabuk}`;
}

/** The login link of the organisation's examiner with this WhatsApp number, in any usual spelling. */
export async function loginLinkByNoWa(deps: LoginLinkDeps, input: string, sabuk?: number): Promise<string> {
  const problem = phoneProblem(input);
  if (problem) throw badRequest(`Nomor WhatsApp ${input} ${problem}`);
  const noWa = normalizePhone(input);
  const examiner = await findPengujiByNoWa(deps.db, deps.orgId, noWa);
  if (!examiner) throw notFound(`Penguji dengan nomor ${noWa} tidak terdaftar.`);
  if (examiner.aktif !== 1)
    throw conflict(
      `Penguji dengan nomor ${noWa} dinonaktifkan panitia: aktifkan dulu sebelum membuat tautan.`,
    );
  return loginLinkFor(deps, examiner.id_pemilih, sabuk);
}
