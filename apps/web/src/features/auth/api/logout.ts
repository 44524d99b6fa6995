import { API } from '@ukt/core';
import { type ApiEnvelope, apiPost } from '../../../lib/api-client';

/** POST /auth/logout: revokes the token on the server. */
export function revokeToken(signal?: AbortSignal): Promise<ApiEnvelope> {
  return apiPost<ApiEnvelope>(API.logout.href(), {}, signal ? { signal } : undefined);
}
