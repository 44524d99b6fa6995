import { normalizePhone, OTP_LENGTH, phoneProblem } from '@ukt/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/types';
import { hmac, randomCode, sameDigest } from '../../lib/crypto';
import { badRequest, tooMany } from '../../lib/errors';
import { findPengujiByNoWa } from '../penguji/penguji.repository';
import type { OtpSender } from './otp-delivery';
import { otpText } from './otp-delivery';
import {
  claimSend,
  claimTry,
  clearFailures,
  ensureOtpState,
  hitWindow,
  OTP_LIMITS,
  readOtpState,
  recordFailure,
  sendsWithinHour,
  storeCode,
  takeCode,
} from './otp-limits.repository';

/** What the code flow needs. */
export interface OtpDeps {
  db: Kysely<Database>;
  secret: string;
  now: number;
  config: Config;
  sender: OtpSender;
  log: FastifyBaseLogger;
}

const IP_WINDOW_MS = 10 * 60_000;
const LOCKED =
  'Nomor ini dikunci sementara karena terlalu banyak percobaan yang salah. Coba lagi dalam 1 jam.';

/** The number in its one stored form (docs/decisions/155); 400 naming the field otherwise. */
function phoneOf(input: string): string {
  const problem = phoneProblem(input);
  if (problem) throw badRequest(`Data tidak valid: Nomor WhatsApp ${problem}`);
  return normalizePhone(input);
}

const codeHash = (secret: string, noWa: string, code: string) => hmac(secret, 'otp', noWa, code);

/**
 * Sends a fresh code (DESIGN §4). Known and unknown numbers go through the same limits and
 * the same work and get the same answer; only a known, active number is actually sent a message.
 */
export async function requestCode(deps: OtpDeps, input: string, ip: string): Promise<string> {
  const noWa = phoneOf(input);
  if (
    (await hitWindow(deps.db, `otp-send:${ip}`, IP_WINDOW_MS, deps.now)) > deps.config.rateLimit.otpSendPerIp
  ) {
    throw tooMany('Terlalu banyak permintaan kode dari perangkat ini. Coba lagi dalam 10 menit.');
  }
  await ensureOtpState(deps.db, noWa);
  if (!(await claimSend(deps.db, noWa, deps.now))) {
    const state = await readOtpState(deps.db, noWa);
    if (state.locked_until > deps.now) throw tooMany(LOCKED);
    const wait = Math.ceil((state.last_sent_at + OTP_LIMITS.resendMs - deps.now) / 1000);
    if (wait > 0) throw tooMany(`Tunggu ${wait} detik sebelum meminta kode baru.`);
    const oldest = (await sendsWithinHour(deps.db, noWa, deps.now))[0] ?? deps.now;
    const minutes = Math.max(1, Math.ceil((oldest + OTP_LIMITS.hourMs - deps.now) / 60_000));
    throw tooMany(`Batas 5 kode per jam untuk nomor ini tercapai. Coba lagi dalam ${minutes} menit.`);
  }
  const code = randomCode(OTP_LENGTH);
  await storeCode(deps.db, noWa, codeHash(deps.secret, noWa, code), deps.now + OTP_LIMITS.ttlMs);
  const examiner = await findPengujiByNoWa(deps.db, deps.config.orgId, noWa);
  // A deactivated examiner is answered like an unknown number: nothing is sent (docs/decisions/036).
  if (examiner && examiner.aktif === 1) {
    const sending = deps.sender.send({
      to: noWa,
      code,
      text: otpText(code),
      idPemilih: examiner.id_pemilih,
      berlakuSampai: deps.now + OTP_LIMITS.ttlMs,
    });
    if (deps.sender.wait) await sending;
    else sending.catch((error) => deps.log.error({ err: error, to: noWa }, 'OTP delivery failed'));
  }
  return noWa;
}

/** Checks a code; answers the examiner's id on success, and throws the client's message otherwise. */
export async function verifyCode(deps: OtpDeps, input: string, kode: string, ip: string): Promise<number> {
  const noWa = phoneOf(input);
  if (
    (await hitWindow(deps.db, `otp-verify:${ip}`, IP_WINDOW_MS, deps.now)) >
    deps.config.rateLimit.otpVerifyPerIp
  ) {
    throw tooMany('Terlalu banyak percobaan dari perangkat ini. Coba lagi dalam 10 menit.');
  }
  await ensureOtpState(deps.db, noWa);
  const state = await readOtpState(deps.db, noWa);
  if (state.locked_until > deps.now) throw tooMany(LOCKED);

  const stored = await claimTry(deps.db, noWa, deps.now);
  const given = codeHash(deps.secret, noWa, kode);
  const examiner = stored ? await findPengujiByNoWa(deps.db, deps.config.orgId, noWa) : undefined;
  if (stored && examiner && sameDigest(stored, given) && (await takeCode(deps.db, noWa, stored))) {
    await clearFailures(deps.db, noWa);
    return examiner.id_pemilih;
  }
  const { lockedUntil } = await recordFailure(deps.db, noWa, deps.now);
  if (lockedUntil > deps.now) throw tooMany(LOCKED);
  if (!stored) throw badRequest('Kode OTP tidak berlaku atau sudah kedaluwarsa. Minta kode baru.');
  throw badRequest('Kode OTP salah. Periksa kembali kode yang dikirim.');
}
