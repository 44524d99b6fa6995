import { API, OUTBOX_DITOLAK_HEADER, OUTBOX_HEADER } from '@ukt/core';
import { API_BASE } from './config';
import { getCookie } from './cookies';
import { rememberLogoutMessage } from './logout-notice';
import { outboxCount, outboxDitolakCount } from './outbox-count';
import { logout } from './session';

/** A failed call: the server's Indonesian message, or a network message with status 0. */
export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  /** The answer's Retry-After header as sent (a 503 or 429 says when to come back), else null. */
  retryAfter: string | null;

  constructor(message: string, status: number, retryAfter: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** The answer envelope of every call (DESIGN §4). */
export interface ApiEnvelope {
  success: boolean;
  message?: string;
}

const NETWORK_MESSAGE = 'Tidak dapat terhubung ke server. Periksa koneksi internet lalu coba lagi.';

type Query = Record<string, string | number | null | undefined>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

// The sign-in calls carry no token: their 401 means "wrong code or link", not "session gone".
const signsIn = (path: string) => path.startsWith('/auth/') && path !== API.logout.href();

/** Sends a call with the token; a 401 on a call that carried one logs out, keeping the server's reason. */
async function request(method: string, path: string, init: RequestInit, query?: Query): Promise<Response> {
  const token = signsIn(path) ? null : getCookie('token');
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (token) headers.set('access-token', token);
  // What the outbox still holds, on every signed-in call (DESIGN §10); an outbox send sets its own.
  const tertunda = outboxCount();
  if (token && tertunda !== null && !headers.has(OUTBOX_HEADER)) headers.set(OUTBOX_HEADER, String(tertunda));
  // Of those, the ones the server refused: an outbox send is of a waiting item, so the same number.
  const ditolak = outboxDitolakCount();
  if (token && ditolak !== null) headers.set(OUTBOX_DITOLAK_HEADER, String(ditolak));
  let response: Response;
  try {
    response = await fetch(url(path, query), { ...init, method, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_MESSAGE, 0);
  }
  // A 401 on a call that carried a token means the login is gone: log out (SPEC §8 'Missing token'),
  // and /login says why (e.g. the committee deactivated the account). Without a token (login, code
  // check) a 401 is just a refusal to show.
  if (response.status === 401 && token) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as ApiEnvelope | null;
    rememberLogoutMessage(body?.message);
    logout();
    if (window.location.pathname.toLowerCase() !== '/login') window.location.assign('/login');
  }
  return response;
}

function failure(response: Response, body: ApiEnvelope | null): ApiError {
  const message = body?.message ?? `Permintaan gagal (${response.status}). Coba lagi.`;
  return new ApiError(message, response.status, response.headers.get('retry-after'));
}

async function send<T>(method: string, path: string, init: RequestInit, query?: Query): Promise<T> {
  const response = await request(method, path, init, query);
  const body = (await response.json().catch(() => null)) as (ApiEnvelope & T) | null;
  if (!response.ok || !body || body.success === false) throw failure(response, body);
  return body;
}

/** GETs an API path (relative to /uktNEW/api) and returns the parsed envelope. */
export function apiGet<T>(path: string, query?: Query, options?: { signal?: AbortSignal }): Promise<T> {
  return send<T>('GET', path, { signal: options?.signal ?? null }, query);
}

/** POSTs JSON or FormData to an API path and returns the parsed envelope. */
export function apiPost<T>(
  path: string,
  body: unknown | FormData,
  options?: { idempotencyKey?: string; signal?: AbortSignal; tertunda?: number },
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options?.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options?.tertunda !== undefined) headers[OUTBOX_HEADER] = String(options.tertunda);
  const isForm = body instanceof FormData;
  if (!isForm) headers['content-type'] = 'application/json';
  return send<T>('POST', path, {
    headers,
    body: isForm ? body : JSON.stringify(body ?? {}),
    signal: options?.signal ?? null,
  });
}

/** PUTs JSON to an API path and returns the parsed envelope. */
export function apiPut<T>(path: string, body: unknown): Promise<T> {
  return send<T>('PUT', path, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
}

/**
 * Opens an API path and hands back the raw response (a stream the caller reads itself, e.g. the
 * live progress), with the token and the 401 handling of every other call.
 */
export function apiOpen(path: string, init: RequestInit): Promise<Response> {
  return request(init.method ?? 'GET', path, init);
}

/** GETs a file (e.g. an import template): its content and the name the server gave it. */
export async function apiGetFile(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await request('GET', path, { headers: { accept: '*/*' } });
  if (!response.ok) throw failure(response, await response.json().catch(() => null));
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename: encoded ? decodeURIComponent(encoded) : (plain ?? null) };
}
