import type { Page } from '@playwright/test';
import type { TestServer } from './server';

/** A minimal client of the API for test set-up, acting as one examiner. */
export interface ApiActor {
  token: string;
  get<T = unknown>(
    path: string,
    query?: Record<string, string | number>,
  ): Promise<{ status: number; body: T }>;
  post<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T }>;
}

/** An API client with a given token. */
export function actor(server: TestServer, token: string): ApiActor {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    query?: Record<string, string | number>,
  ) => {
    const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
    const res = await fetch(`${server.baseURL}/uktNEW/api${path}${qs}`, {
      method,
      headers: {
        'access-token': token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  return {
    token,
    get: (path, query) => call('GET', path, undefined, query),
    post: (path, body) => call('POST', path, body),
  };
}

/** The examiner signed in in a browser page, as an API client with the page's token cookie. */
export async function actorOf(page: Page, server: TestServer): Promise<ApiActor> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  if (!cookie) throw new Error('the page has no token cookie: sign in first');
  return actor(server, decodeURIComponent(cookie.value));
}

/** Signs an examiner in over the API only (code from the outbox), without a browser. */
export async function apiLogin(server: TestServer, noWa: string): Promise<ApiActor & { idPemilih: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.baseURL}/uktNEW/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/auth/otp-login/1', { no_wa: noWa });
  if (!sent.ok) throw new Error(`code request failed: ${sent.status} ${await sent.text()}`);
  const kode = await server.otpFor(noWa);
  const res = await post('/auth/otp-login/cek/1', { no_wa: noWa, kode });
  const body = (await res.json()) as { token: string; data: { id_pemilih: string }[] };
  if (!res.ok) throw new Error(`code check failed: ${res.status} ${JSON.stringify(body)}`);
  return { ...actor(server, body.token), idPemilih: body.data[0]?.id_pemilih ?? '' };
}
