import type { LoginResult } from '@ukt/core';
import { apiPost } from '../../../lib/api-client';
import { ORG_ID } from '../../../lib/config';

/** POST /auth/otp-login/cek/{id_organisasi}: checks a code; answers the examiner, token and organisation. */
export function verifyOtp(noWa: string, kode: string): Promise<LoginResult> {
  return apiPost<LoginResult>(`/auth/otp-login/cek/${ORG_ID}`, { no_wa: noWa, kode });
}
