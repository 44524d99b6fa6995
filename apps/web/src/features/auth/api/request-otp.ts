import { API } from '@ukt/core';
import { type ApiEnvelope, apiPost } from '../../../lib/api-client';
import { ORG_ID } from '../../../lib/config';

/** POST /auth/otp-login/{id_organisasi}: sends a login code to a WhatsApp number; also the resend. */
export function requestOtp(noWa: string): Promise<ApiEnvelope> {
  return apiPost<ApiEnvelope>(API.otpLogin.href(ORG_ID), { no_wa: noWa });
}
