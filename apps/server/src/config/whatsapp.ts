import { z } from 'zod';

// The WhatsApp gateway settings (docs/whatsapp.md): which keys there are, each checked alone
// (a settings file's line), and together once OTP_DELIVERY names a gateway. Messages name the
// key and what to write; a value is never quoted, since most of them are secrets.

/** The WhatsApp gateways OTP_DELIVERY may name; log, file and webhook stay local or hand-built. */
export const WA_GATEWAYS = ['fonnte', 'wablas', 'whatsapp-cloud', 'http'] as const;

/** A gateway's name. */
export type WaGatewayName = (typeof WA_GATEWAYS)[number];

/** The published API address of the gateways that have one for everybody (Wablas has one per server). */
export const WA_DEFAULT_BASE_URL = {
  fonnte: 'https://api.fonnte.com',
  'whatsapp-cloud': 'https://graph.facebook.com',
} as const;

/** The HTTP methods the generic gateway may use. */
const HTTP_METHODS = ['GET', 'POST', 'PUT'] as const;

const HEADERS_HINT =
  'WA_HTTP_HEADERS harus JSON berisi nama dan nilai header, misalnya {"Authorization":"Bearer TOKEN"}';

/** WA_HTTP_HEADERS read as header names and values, or undefined when it is not such JSON. */
export function parseHeaders(value: string): Record<string, string> | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const entries = Object.entries(parsed);
    if (!entries.every(([k, v]) => /^[A-Za-z0-9-]+$/.test(k) && typeof v === 'string')) return undefined;
    return Object.fromEntries(entries) as Record<string, string>;
  } catch {
    return undefined;
  }
}

const httpUrl = (key: string, example: string) =>
  z.url({ protocol: /^https?$/, error: `${key} harus alamat http:// atau https://, misalnya ${example}` });

/** The gateway keys of EnvSchema (config/env.ts), each validated alone. */
export const WaEnvShape = {
  WA_TOKEN: z.string().trim().min(1, { error: 'WA_TOKEN tidak boleh kosong' }).optional(),
  WA_SECRET_KEY: z.string().trim().min(1, { error: 'WA_SECRET_KEY tidak boleh kosong' }).optional(),
  WA_BASE_URL: httpUrl('WA_BASE_URL', 'https://tegal.wablas.com').optional(),
  WA_CLOUD_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, {
      error: 'WA_CLOUD_PHONE_NUMBER_ID harus angka: Phone number ID dari WhatsApp Manager',
    })
    .optional(),
  WA_CLOUD_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, {
      error:
        'WA_CLOUD_TEMPLATE harus nama template autentikasi: huruf kecil, angka dan _, misalnya kode_login',
    })
    .optional(),
  WA_CLOUD_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, {
      error: 'WA_CLOUD_LANGUAGE harus kode bahasa template, misalnya id atau en_US',
    })
    .default('id'),
  WA_CLOUD_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d{1,3}$/, { error: 'WA_CLOUD_API_VERSION harus seperti v21.0' })
    .default('v21.0'),
  WA_HTTP_URL: httpUrl('WA_HTTP_URL', 'https://gateway.contoh/kirim?nomor={to}').optional(),
  WA_HTTP_METHOD: z.enum(HTTP_METHODS, { error: 'WA_HTTP_METHOD harus GET, POST atau PUT' }).default('POST'),
  WA_HTTP_HEADERS: z
    .string()
    .refine((v) => parseHeaders(v) !== undefined, { error: HEADERS_HINT })
    .optional(),
  WA_HTTP_BODY: z.string().min(1, { error: 'WA_HTTP_BODY tidak boleh kosong' }).optional(),
  WA_HTTP_OK_FIELD: z
    .string()
    .regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, {
      error: 'WA_HTTP_OK_FIELD harus nama kolom JSON jawaban gateway, misalnya status atau data.ok',
    })
    .optional(),
  WA_HTTP_OK_VALUE: z.string().optional(),
  WA_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'WA_TIMEOUT_SECONDS harus berupa angka' })
    .int({ error: 'WA_TIMEOUT_SECONDS harus bilangan bulat' })
    .min(1, { error: 'WA_TIMEOUT_SECONDS 1 sampai 120' })
    .max(120, { error: 'WA_TIMEOUT_SECONDS 1 sampai 120' })
    .default(15),
  WA_JEDA_DETIK: z.coerce
    .number({ error: 'WA_JEDA_DETIK harus berupa angka (detik), misalnya 2' })
    .min(0, { error: 'WA_JEDA_DETIK 0 sampai 60 detik' })
    .max(60, { error: 'WA_JEDA_DETIK 0 sampai 60 detik' })
    .optional(),
};

/**
 * The pause between two messages when WA_JEDA_DETIK is not set, in seconds: Fonnte and Wablas send
 * from an ordinary WhatsApp number, which a burst of messages can get blocked; Meta's Cloud API takes
 * dozens a second, and the generic gateway's pace is its owner's to set (docs/decisions/148).
 */
export const WA_DEFAULT_PAUSE_SECONDS: Record<WaGatewayName, number> = {
  fonnte: 2,
  wablas: 2,
  'whatsapp-cloud': 0,
  http: 0,
};

/** The parsed gateway keys, as loadConfig has them. */
type WaEnv = { OTP_DELIVERY: string } & z.output<z.ZodObject<typeof WaEnvShape>>;

/** The default body of the generic gateway: JSON {to, text}. */
export const DEFAULT_HTTP_BODY = '{"to":"{to}","text":"{text}"}';

/**
 * How messages reach WhatsApp when OTP_DELIVERY names a gateway; `pauseMs` is the least time between
 * the starts of two messages (the gateway's pace).
 */
export type WaConfig = { timeoutMs: number; pauseMs: number } & (
  | { gateway: 'fonnte'; baseUrl: string; token: string }
  | { gateway: 'wablas'; baseUrl: string; token: string; secretKey: string | undefined }
  | {
      gateway: 'whatsapp-cloud';
      baseUrl: string;
      token: string;
      phoneNumberId: string;
      template: string;
      language: string;
      apiVersion: string;
    }
  | {
      gateway: 'http';
      url: string;
      method: (typeof HTTP_METHODS)[number];
      headers: Record<string, string>;
      body: string;
      okField: string | undefined;
      okValue: string | undefined;
    }
);

const isGateway = (name: string): name is WaGatewayName => (WA_GATEWAYS as readonly string[]).includes(name);

/** The gateway settings, or the problems with them (one line each, naming the key); undefined when no gateway is chosen. */
export function waConfigOf(e: WaEnv): { wa: WaConfig | undefined; problems: string[] } {
  const gateway = e.OTP_DELIVERY;
  if (!isGateway(gateway)) return { wa: undefined, problems: [] };
  const problems: string[] = [];
  const need = <T>(value: T | undefined, key: string, what: string): T => {
    if (value === undefined) problems.push(`${key}: wajib diisi bila OTP_DELIVERY=${gateway}; ${what}`);
    return value as T;
  };
  const timeoutMs = e.WA_TIMEOUT_SECONDS * 1000;
  const pauseMs = Math.round((e.WA_JEDA_DETIK ?? WA_DEFAULT_PAUSE_SECONDS[gateway]) * 1000);
  const atur = (key: string, example: string) => `tulis dengan npm run ukt -- atur ${key}=${example}`;
  let wa: WaConfig;
  if (gateway === 'fonnte') {
    wa = {
      gateway,
      timeoutMs,
      pauseMs,
      baseUrl: e.WA_BASE_URL ?? WA_DEFAULT_BASE_URL.fonnte,
      token: need(
        e.WA_TOKEN,
        'WA_TOKEN',
        `salin token perangkat dari fonnte.com (menu Device), lalu ${atur('WA_TOKEN', 'TOKEN')}`,
      ),
    };
  } else if (gateway === 'wablas') {
    wa = {
      gateway,
      timeoutMs,
      pauseMs,
      baseUrl: need(
        e.WA_BASE_URL,
        'WA_BASE_URL',
        `alamat server Wablas Anda, ${atur('WA_BASE_URL', 'https://tegal.wablas.com')}`,
      ),
      token: need(
        e.WA_TOKEN,
        'WA_TOKEN',
        `salin token perangkat dari dasbor Wablas, lalu ${atur('WA_TOKEN', 'TOKEN')}`,
      ),
      secretKey: e.WA_SECRET_KEY,
    };
  } else if (gateway === 'whatsapp-cloud') {
    wa = {
      gateway,
      timeoutMs,
      pauseMs,
      baseUrl: e.WA_BASE_URL ?? WA_DEFAULT_BASE_URL['whatsapp-cloud'],
      token: need(
        e.WA_TOKEN,
        'WA_TOKEN',
        `token akses permanen (System User) dari Meta Business, lalu ${atur('WA_TOKEN', 'TOKEN')}`,
      ),
      phoneNumberId: need(
        e.WA_CLOUD_PHONE_NUMBER_ID,
        'WA_CLOUD_PHONE_NUMBER_ID',
        `Phone number ID dari WhatsApp Manager, ${atur('WA_CLOUD_PHONE_NUMBER_ID', '1234567890')}`,
      ),
      template: need(
        e.WA_CLOUD_TEMPLATE,
        'WA_CLOUD_TEMPLATE',
        `nama template autentikasi yang sudah disetujui, ${atur('WA_CLOUD_TEMPLATE', 'kode_login')}`,
      ),
      language: e.WA_CLOUD_LANGUAGE,
      apiVersion: e.WA_CLOUD_API_VERSION,
    };
  } else {
    wa = {
      gateway,
      timeoutMs,
      pauseMs,
      url: need(
        e.WA_HTTP_URL,
        'WA_HTTP_URL',
        `alamat kirim gateway Anda, ${atur('WA_HTTP_URL', 'https://gateway.contoh/kirim')}`,
      ),
      method: e.WA_HTTP_METHOD,
      headers: e.WA_HTTP_HEADERS ? (parseHeaders(e.WA_HTTP_HEADERS) ?? {}) : {},
      body: e.WA_HTTP_BODY ?? DEFAULT_HTTP_BODY,
      okField: e.WA_HTTP_OK_FIELD,
      okValue: e.WA_HTTP_OK_VALUE,
    };
    if (e.WA_HTTP_OK_VALUE !== undefined && e.WA_HTTP_OK_FIELD === undefined)
      problems.push(
        'WA_HTTP_OK_VALUE: hanya berlaku bersama WA_HTTP_OK_FIELD; isi WA_HTTP_OK_FIELD dengan nama kolom jawaban gateway, misalnya status',
      );
  }
  return { wa: problems.length ? undefined : wa, problems };
}
