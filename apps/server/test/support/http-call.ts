import { API_PREFIX } from '@ukt/core';

// One API call to a server running as its own process (or to Caddy in front of several), as the
// several-process tests make them: a connection that breaks (the process was killed) rejects.

/** What a call answered; `body` is {} when the answer is not JSON (Caddy's own 502). */
export interface ProcessAnswer {
  status: number;
  text: string;
  body: { success?: boolean; message?: string; data?: unknown; token?: string; [k: string]: unknown };
  /** The answer was the stored one of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** Calls `path` under the API of the server at `base` (http://127.0.0.1:PORT). */
export async function callProcess(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ProcessAnswer> {
  const res = await fetch(`${base}${API_PREFIX}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { 'access-token': options.token } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let body = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: a proxy's own answer
  }
  return { status: res.status, text, body, replayed: res.headers.get('idempotent-replayed') === 'true' };
}
