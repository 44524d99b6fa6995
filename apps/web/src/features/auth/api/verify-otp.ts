import type { LoginResult } from '@ukt/core';
import { API } from '@ukt/core';
import { apiPost } from '../../../lib/api-client';
import { ORG_ID } from '../../../lib/config';

/** POST /auth/otp-login/cek/{id_organisasi}: checks a code; answers the examiner, token and organisation. */
export function verifyOtp(noWa: string, kode: string): Promise<LoginResult> {
  return apiPost<LoginResult>(API.otpVerify.href(ORG_ID), { no_wa: noWa, kode });
}
