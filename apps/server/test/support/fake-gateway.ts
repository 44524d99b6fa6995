import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local stand-ins for the WhatsApp gateways (docs/whatsapp.md): each accepts only the request
// shape its gateway documents (anything else is answered 400 "bentuk permintaan salah") and
// answers as the gateway does for a taken message, a refusal, an invalid token, a spent quota,
// a fault (5xx), or not at all (a timeout).

/** How the fake answers the next requests. */
export type FakeMode = 'ok' | 'refuse' | 'token' | 'quota' | '5xx' | 'timeout';

/** A request the fake accepted as well-formed. */
export interface FakeRequest {
  to: string;
  text: string;
  code?: string;
}

/** A running fake gateway. */
export interface FakeGateway {
  url: string;
  mode: FakeMode;
  /** Well-formed requests so far, newest last. */
  received: FakeRequest[];
  /** When each of `received` arrived (performance.now()), for the sender's pace. */
  arrivals: number[];
  /** Requests refused for their shape (a test fails on any). */
  malformed: string[];
  /** Holds every answer until release() (a slow gateway); the request is recorded on arrival. */
  hold: boolean;
  release(): void;
  close(): Promise<void>;
}

/** What a kind's fake checks and answers. */
interface Kind {
  /** The request's message when its shape is the documented one, else why not. */
  parse(req: IncomingMessage, body: string): FakeRequest | string;
  answer(mode: Exclude<FakeMode, 'timeout'>, message: FakeRequest): { status: number; json: unknown };
}

const form = (req: IncomingMessage, body: string) =>
  req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    ? new URLSearchParams(body)
    : undefined;

/** Fonnte: POST /send, Authorization: <token>, form target + message (https://docs.fonnte.com/api-send-message/). */
export function fonnteKind(token: string): Kind {
  return {
    parse(req, body) {
      const fields = form(req, body);
      if (req.method !== 'POST' || req.url !== '/send') return `alamat ${req.method} ${req.url}`;
      if (req.headers.authorization !== token) return 'header Authorization bukan token';
      const target = fields?.get('target');
      const message = fields?.get('message');
      if (!target || !message) return 'tanpa field target dan message';
      return { to: target, text: message };
    },
    answer(mode) {
      if (mode === 'ok')
        return {
          status: 200,
          json: {
            detail: 'success! message in queue',
            id: ['80367170'],
            process: 'pending',
            status: true,
            target: ['6281100000001'],
          },
        };
      // Echoes the token it refused, as some gateways do: the app must blank it out.
      if (mode === 'token')
        return { status: 200, json: { reason: `invalid token: ${token}`, status: false } };
      if (mode === 'quota') return { status: 200, json: { reason: 'insufficient quota', status: false } };
      if (mode === 'refuse') return { status: 200, json: { reason: 'target invalid', status: false } };
      return { status: 502, json: { reason: 'bad gateway', status: false } };
    },
  };
}

/** Wablas: POST /api/send-message, Authorization: token.secret_key, form phone + message (https://wablas.com/documentation/api). */
export function wablasKind(token: string, secretKey: string): Kind {
  return {
    parse(req, body) {
      const fields = form(req, body);
      if (req.method !== 'POST' || req.url !== '/api/send-message') return `alamat ${req.method} ${req.url}`;
      if (req.headers.authorization !== `${token}.${secretKey}`)
        return 'header Authorization bukan token.secret_key';
      const phone = fields?.get('phone');
      const message = fields?.get('message');
      if (!phone || !message) return 'tanpa field phone dan message';
      return { to: phone, text: message };
    },
    answer(mode, m) {
      if (mode === 'ok')
        return {
          status: 200,
          json: {
            status: true,
            message: 'Message is pending and waiting to be processed',
            data: {
              device_id: 'D1',
              quota: 99,
              messages: [{ id: 'wablas-1', phone: m.to, message: m.text, status: 'pending' }],
            },
          },
        };
      if (mode === 'token') return { status: 401, json: { status: false, message: 'token invalid' } };
      if (mode === 'quota') return { status: 200, json: { status: false, message: 'quota limit exceeded' } };
      if (mode === 'refuse')
        return { status: 200, json: { status: false, message: 'phone number not registered on whatsapp' } };
      return { status: 500, json: { status: false, message: 'internal server error' } };
    },
  };
}

/**
 * WhatsApp Cloud API: POST /<version>/<phone-number-id>/messages, Authorization: Bearer <token>,
 * JSON with the authentication template: the code as the body's parameter and the URL button's.
 */
export function cloudKind(token: string, phoneNumberId: string, template: string, language: string): Kind {
  const error = (status: number, code: number, message: string) => ({
    status,
    json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf' } },
  });
  return {
    parse(req, body) {
      if (req.method !== 'POST' || req.url !== `/v21.0/${phoneNumberId}/messages`)
        return `alamat ${req.method} ${req.url}`;
      if (req.headers.authorization !== `Bearer ${token}`) return 'header Authorization bukan Bearer token';
      if (req.headers['content-type'] !== 'application/json') return 'bukan JSON';
      const b = JSON.parse(body);
      const [bodyPart, button] = b.template?.components ?? [];
      const code = bodyPart?.parameters?.[0]?.text;
      const shapeOk =
        b.messaging_product === 'whatsapp' &&
        b.type === 'template' &&
        b.template.name === template &&
        b.template.language?.code === language &&
        b.template.components.length === 2 &&
        bodyPart.type === 'body' &&
        bodyPart.parameters.length === 1 &&
        bodyPart.parameters[0].type === 'text' &&
        button?.type === 'button' &&
        button.sub_type === 'url' &&
        String(button.index) === '0' &&
        button.parameters?.[0]?.type === 'text' &&
        button.parameters[0].text === code &&
        typeof b.to === 'string';
      if (!shapeOk || typeof code !== 'string')
        return 'bukan template autentikasi dengan kode di body dan tombol';
      return { to: b.to, text: '', code };
    },
    answer(mode, m) {
      if (mode === 'ok')
        return {
          status: 200,
          json: {
            messaging_product: 'whatsapp',
            contacts: [{ input: m.to, wa_id: m.to }],
            messages: [{ id: 'wamid.HBgM1' }],
          },
        };
      if (mode === 'token') return error(401, 190, 'Error validating access token: Session has expired.');
      if (mode === 'quota') return error(400, 131042, 'Business eligibility payment issue');
      if (mode === 'refuse') return error(404, 132001, 'Template name does not exist in the translation');
      return error(500, 1, 'An unknown error occurred');
    },
  };
}

/**
 * A generic gateway as the tests configure it: POST /kirim with X-Api-Key, JSON
 * {"number", "message", "otp"}, answering {"success": true|false, "message"}.
 */
export function httpKind(apiKey: string): Kind {
  return {
    parse(req, body) {
      if (req.method !== 'POST' || req.url !== '/kirim') return `alamat ${req.method} ${req.url}`;
      if (req.headers['x-api-key'] !== apiKey) return 'header X-Api-Key salah';
      if (req.headers['content-type'] !== 'application/json') return 'bukan JSON';
      const b = JSON.parse(body);
      if (typeof b.number !== 'string' || typeof b.message !== 'string') return 'tanpa number dan message';
      return { to: b.number, text: b.message, code: b.otp };
    },
    answer(mode) {
      if (mode === 'ok') return { status: 200, json: { success: true, message: 'queued' } };
      if (mode === 'token') return { status: 401, json: { success: false, message: 'invalid api key' } };
      if (mode === 'quota') return { status: 402, json: { success: false, message: 'saldo habis' } };
      if (mode === 'refuse') return { status: 200, json: { success: false, message: 'nomor diblokir' } };
      return { status: 503, json: { success: false, message: 'maintenance' } };
    },
  };
}

/**
 * The webhook relay of OTP_DELIVERY=webhook (docs/whatsapp.md): POST to its own address with
 * JSON {"to", "text"} and nothing else; any 2xx answer means taken. `path` is the address's path
 * and query, which may carry the relay's own key.
 */
export function webhookKind(path: string): Kind {
  return {
    parse(req, body) {
      if (req.method !== 'POST' || req.url !== path) return `alamat ${req.method} ${req.url}`;
      if (req.headers['content-type'] !== 'application/json') return 'bukan JSON';
      const b = JSON.parse(body);
      const keys = Object.keys(b).sort().join(',');
      if (keys !== 'text,to' || typeof b.to !== 'string' || typeof b.text !== 'string')
        return `bukan {to, text} (${keys})`;
      return { to: b.to, text: b.text };
    },
    answer(mode) {
      if (mode === 'ok') return { status: 204, json: '' };
      // Echoes the address it was called at, key included: the app must blank the key out.
      if (mode === 'token') return { status: 403, json: { error: `forbidden ${path}` } };
      if (mode === 'quota') return { status: 402, json: { error: 'saldo relay habis' } };
      if (mode === 'refuse') return { status: 400, json: { error: 'nomor tidak dikenal' } };
      return { status: 503, json: { error: 'relay sedang sibuk' } };
    },
  };
}

/** Starts a fake of one kind on 127.0.0.1 at a free port. */
export async function startFakeGateway(kind: Kind): Promise<FakeGateway> {
  const held: (() => void)[] = [];
  const fake: FakeGateway = {
    url: '',
    mode: 'ok',
    received: [],
    arrivals: [],
    malformed: [],
    hold: false,
    release() {
      fake.hold = false;
      for (const go of held.splice(0)) go();
    },
    async close() {
      fake.release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    let parsed: FakeRequest | string;
    try {
      parsed = kind.parse(req, body);
    } catch {
      parsed = 'badan permintaan tidak terbaca';
    }
    if (typeof parsed === 'string') {
      fake.malformed.push(parsed);
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: false, reason: `bentuk permintaan salah: ${parsed}` }));
      return;
    }
    fake.received.push(parsed);
    fake.arrivals.push(performance.now());
    const mode = fake.mode;
    if (mode === 'timeout') return; // never answers; the caller's time limit ends it
    const message = parsed;
    const reply = () => {
      const { status, json } = kind.answer(mode, message);
      if (status === 204) res.writeHead(204).end();
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };
    if (fake.hold) held.push(reply);
    else reply();
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
