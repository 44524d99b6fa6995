import type { LoginResult } from '@ukt/core';
import { API } from '@ukt/core';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/CEKDATA (or /auth/CEKDATA22/{vard} with a belt): signs in with a login-link token. */
export function tokenLogin(token: string, vard?: string | null): Promise<LoginResult> {
  const path = vard ? API.tokenLoginBelt.href(vard) : API.tokenLogin.href();
  return apiPost<LoginResult>(path, { data: token });
}
