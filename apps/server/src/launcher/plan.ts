import { join, resolve } from 'node:path';

// What `npm run venue -- NAMA` starts (docs/decisions/134): the app on 127.0.0.1 and Caddy in front
// of it on ports 80 and 443 for NAMA, everything derived from the name and the settings, nothing
// typed twice. Pure: the launcher (launcher/main.ts) runs the plan, tests read it.

/** What the volunteer typed, after the settings file and the environment. */
export interface LaunchRequest {
  /** The name phones open, e.g. ukt.lan (UKT_HOST). */
  nama: string;
  /** A certificate obtained before the event, and its key; none: Caddy's own CA. */
  sertifikat?: { cert: string; key: string };
  /** Ports Caddy listens on (UKT_HTTP_PORT, UKT_HTTPS_PORT). */
  httpPort: number;
  httpsPort: number;
  /** Listen only on this address (UKT_BIND); unset: every address of the laptop. */
  bind?: string;
  /** The app's own port on 127.0.0.1 (PORT). */
  appPort: number;
  /** DATA_DIR, resolved. */
  dataDir: string;
  /** BACKUP_DIR when set; unset: DATA_DIR/cadangan, with the 30-minute schedule on. */
  backupDir?: string;
  /** OTP_DELIVERY as set; unset or `log`: codes are shown by the launcher. */
  otpDelivery?: string;
  /** The Caddyfile shipped with the app. */
  caddyfile: string;
}

/** The two processes and what the launcher prints about them. */
export interface LaunchPlan {
  /** Added to the app's environment. */
  appEnv: Record<string, string>;
  /** Caddy's whole environment besides PATH (and Windows' SystemRoot). */
  caddyEnv: Record<string, string>;
  caddyArgs: string[];
  /** The app's address through Caddy, for laptops and phones that trust the certificate. */
  alamatAplikasi: string;
  /** The plain-http address a phone types first: the certificate's page (Caddy's own CA only). */
  alamatAwal: string;
  /** Caddy's data folder (its CA, certificates): DATA_DIR/caddy, as the app reads it too. */
  caddyData: string;
  /** Where Caddy's own root is written, for its fingerprint; null with a domain certificate. */
  rootCrt: string | null;
  /** Where the launcher reads login codes from, when it shows them; null when a gateway sends them. */
  loginCodeFile: string | null;
  /** Caddy's own log, kept out of the window. */
  caddyLog: string;
  /** The app's log (JSON lines), kept out of the window except warnings and errors. */
  appLog: string;
}

/**
 * A path as deploy/Caddyfile reads it inside double quotes (`"{$UKT_CADDY_DATA}"`), or as one quoted
 * word of UKT_TLS: Caddy keeps a quoted word's backslashes and spaces, and reads only \" as a quote;
 * a trailing separator would make the closing quote \", so it goes (docs/decisions/152).
 */
export function caddyPath(path: string): string {
  let trimmed = path.replace(/[\\/]+$/, '');
  // A root stays a root: `/`, and a drive's `C:/`.
  if (trimmed === '' || /^[A-Za-z]:$/.test(trimmed)) trimmed += '/';
  return trimmed.replaceAll('"', '\\"');
}

/** One quoted word of UKT_TLS: the path in double quotes, as caddyPath writes it. */
export const caddyWord = (path: string) => `"${caddyPath(path)}"`;

/** A port in an address: none for the scheme's own. */
const portPart = (port: number, standard: number) => (port === standard ? '' : `:${port}`);

/** The plan for `request`. */
export function launchPlan(request: LaunchRequest): LaunchPlan {
  const { nama, httpPort, httpsPort, dataDir } = request;
  const caddyData = join(dataDir, 'caddy');
  const alamatAplikasi = `https://${nama}${portPart(httpsPort, 443)}`;
  const alamatAwal = `http://${nama}${portPart(httpPort, 80)}`;
  const showsCodes = !request.otpDelivery || request.otpDelivery === 'log';
  const loginCodeFile = showsCodes ? join(dataDir, 'kode-login.jsonl') : null;
  const appEnv: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: String(request.appPort),
    PUBLIC_URL: alamatAplikasi,
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: dataDir,
    // Set, so the 30-minute schedule runs (decision 096) and every window agrees where backups go.
    BACKUP_DIR: request.backupDir ?? join(dataDir, 'cadangan'),
    UKT_CADDY_DATA: caddyData,
    // Where the app reads the root for Sambungkan HP and the certificate page: Caddy's own port.
    CA_CERT_URL: request.sertifikat ? 'none' : `${alamatAwal}/ukt-ca.crt`,
    ...(loginCodeFile ? { OTP_DELIVERY: 'file', OTP_OUTBOX: loginCodeFile } : {}),
  };
  const caddyHome = join(caddyData, 'rumah');
  const caddyEnv: Record<string, string> = {
    UKT_HOST: nama,
    // Each path quoted: a certificate in C:\Users\Budi Santoso\… stays one word for the tls line.
    UKT_TLS: request.sertifikat
      ? `${caddyWord(request.sertifikat.cert)} ${caddyWord(request.sertifikat.key)}`
      : 'internal',
    UKT_UPSTREAM: `127.0.0.1:${request.appPort}`,
    UKT_CADDY_DATA: caddyPath(caddyData),
    UKT_HTTP_PORT: String(httpPort),
    UKT_HTTPS_PORT: String(httpsPort),
    UKT_CADDY_ADMIN: 'off',
    ...(request.bind ? { UKT_BIND: request.bind } : {}),
    // Caddy's autosave.json and anything else it keeps per user stay in the data folder.
    HOME: caddyHome,
    XDG_CONFIG_HOME: join(caddyHome, 'config'),
    XDG_DATA_HOME: join(caddyHome, 'data'),
    APPDATA: join(caddyHome, 'appdata'),
  };
  return {
    appEnv,
    caddyEnv,
    caddyArgs: ['run', '--adapter', 'caddyfile', '--config', resolve(request.caddyfile)],
    alamatAplikasi,
    alamatAwal,
    caddyData,
    rootCrt: request.sertifikat ? null : join(caddyData, 'pki/authorities/local/root.crt'),
    loginCodeFile,
    caddyLog: join(dataDir, 'log', 'caddy.log'),
    appLog: join(dataDir, 'log', 'ukt-penguji.log'),
  };
}

/** Why a name cannot be the venue's address, or null: a host name, no scheme, port or path. */
export function namaProblem(nama: string): string | null {
  if (!nama) return 'Tulis nama alamat aplikasi, misalnya: npm run venue -- ukt.lan';
  if (
    /[:/\s]/.test(nama) ||
    !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(nama)
  ) {
    return `"${nama}" bukan nama alamat: tulis namanya saja, tanpa http://, port atau garis miring, misalnya ukt.lan.`;
  }
  return null;
}
