import { readFileSync } from 'node:fs';
import { API } from '@ukt/core';

// Signing in to a server running as its own process (OTP_DELIVERY=file): the code is read from the
// outbox file the server writes, as a committee member would read it from WhatsApp.

/** Signs `noWa` in on the server at `base` (http://127.0.0.1:PORT) and answers the token. */
export async function signInOverHttp(base: string, outbox: string, noWa: string): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/uktNEW/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { token?: string };
  };
  await post(API.otpLogin.href(1), { no_wa: noWa });
  const sent = readFileSync(outbox, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; code: string })
    .filter((m) => m.to === noWa);
  const { token } = await post(API.otpVerify.href(1), { no_wa: noWa, kode: sent.at(-1)?.code });
  if (!token) throw new Error(`no token for ${noWa}`);
  return token;
}
