import { passing, refused, type WaFailure } from './gateway';

// The one HTTP call every gateway makes, with its time limit, and the failures all of them share
// (no answer, a 5xx, a refused token, too many messages). Never quotes the address: a generic
// gateway may carry its token in it.

/** A gateway's HTTP request. */
export interface GatewayRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A gateway's answer: its status, its text and that text as JSON (undefined when it is not JSON). */
export interface GatewayAnswer {
  status: number;
  text: string;
  json: unknown;
}

/** The longest piece of a gateway's own words kept in a reason. */
const REASON_CHARS = 200;

/** A gateway's own words, shortened to one line. */
export const quoteReason = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, REASON_CHARS);

/** Sends the request; answers the gateway's answer, or the failure when none came. */
export async function callGateway(request: GatewayRequest): Promise<GatewayAnswer | WaFailure> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
      redirect: 'error',
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  } catch (error) {
    if (timeout.aborted)
      return passing(`gateway tidak menjawab dalam ${Math.round(request.timeoutMs / 1000)} detik`);
    if (request.signal?.aborted) return passing('server berhenti sebelum gateway menjawab');
    const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } }).cause;
    const code = cause?.code ?? cause?.errors?.[0]?.code;
    return passing(
      `gateway tidak dapat dihubungi${typeof code === 'string' ? ` (${code})` : ''}: periksa sambungan internet server dan alamat gateway`,
    );
  }
}

/** Whether `callGateway` answered a failure rather than an answer. */
export const isFailure = (a: GatewayAnswer | WaFailure): a is WaFailure => 'ok' in a;

/**
 * The failure an HTTP status alone tells, whatever the gateway: a refused token, too many
 * messages, a fault on the gateway's side; undefined for 2xx and other statuses the gateway explains.
 */
export function statusFailure(status: number, detail: string, tokenKey = 'WA_TOKEN'): WaFailure | undefined {
  const own = detail ? `: ${detail}` : '';
  if (status === 401 || status === 403)
    return refused(`token ditolak gateway (salah, dicabut atau kedaluwarsa)${own}; periksa ${tokenKey}`);
  if (status === 429) return passing(`gateway menolak karena terlalu banyak pesan${own}`);
  if (status >= 500) return passing(`gateway sedang bermasalah (HTTP ${status})${own}`);
  return undefined;
}

/** A JSON object's string field, or undefined. */
export function field(json: unknown, name: string): unknown {
  let value: unknown = json;
  for (const part of name.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The words a JSON answer explains itself with (reason, message, error, detail), or ''. */
export function ownWords(json: unknown): string {
  for (const name of ['reason', 'message', 'error', 'detail', 'error.message']) {
    const value = field(json, name);
    if (typeof value === 'string' && value.trim()) return quoteReason(value);
  }
  return '';
}
