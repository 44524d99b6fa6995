import type { OtpLoginResult } from '@ukt/core';
import { API } from '@ukt/core';
import { apiPost } from '../../../lib/api-client';
import { ORG_ID } from '../../../lib/config';

/**
 * POST /auth/otp-login/{id_organisasi}: asks for a login code (also the resend); answers where it
 * went (the committee's laptop or WhatsApp, docs/decisions/155). Typed, not parsed: the login
 * chunk carries no schema library (its 100 KB budget), as verify-otp.
 */
export function requestOtp(noWa: string): Promise<OtpLoginResult> {
  return apiPost<OtpLoginResult>(API.otpLogin.href(ORG_ID), { no_wa: noWa });
}
