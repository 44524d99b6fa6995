import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { badRequest } from '../../lib/errors';
import { type Check, codeOf, failed, localTime, passed } from './check';

// Check 4, with a domain certificate obtained before the event (docs/pasang-venue.md, section 3):
// no internet at the venue means no renewal there, so it must already cover the name and the days
// of the exams to come.

/** The certificate and key files Caddy will be given (`--sertifikat FILE --kunci FILE`). */
export interface CertificateFiles {
  cert: string;
  key: string;
}

/**
 * The certificate and key as typed, resolved against the folder the command was typed in; undefined
 * when neither was given. One without the other is refused: `ukt periksa` and the launcher say so
 * in the same words.
 */
export function certificateFiles(
  invocationDir: string,
  certificate: string | undefined,
  key: string | undefined,
): CertificateFiles | undefined {
  if ((certificate === undefined) !== (key === undefined))
    throw badRequest(
      '--sertifikat FILE dan --kunci FILE diisi bersama: sertifikat domain dan kunci rahasianya.',
    );
  return certificate && key
    ? { cert: resolve(invocationDir, certificate), key: resolve(invocationDir, key) }
    : undefined;
}

/** Until when the certificate must hold, and why, in words for the message. */
export interface RequiredUntil {
  until: Date;
  why: string;
}

/**
 * Until when a certificate must hold: through the last day of the events to come when the database
 * said (undefined: not read, null: none to come), else a week from now.
 */
export function requiredUntil(lastEventDay: string | null | undefined, now: Date): RequiredUntil {
  if (lastEventDay) {
    const [y, m, d] = lastEventDay.split('-').map(Number) as [number, number, number];
    return {
      until: new Date(y, m - 1, d, 23, 59, 59),
      why: `hari terakhir kegiatan mendatang (${lastEventDay})`,
    };
  }
  const week = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  return {
    until: week,
    why:
      lastEventDay === null
        ? '7 hari ke depan (tidak ada kegiatan mendatang di database)'
        : '7 hari ke depan (tanggal kegiatan tidak terbaca dari database)',
  };
}

const AGAIN =
  'Ambil sertifikat baru (docs/pasang-venue.md, langkah 3, "Sertifikat domain") dan jalankan lagi.';

/** The names in a certificate's subjectAltName ("DNS:a, IP Address:b" → "a, b"). */
const namesOf = (cert: X509Certificate) =>
  (cert.subjectAltName ?? cert.subject)
    .split(/,\s*|\n/)
    .map((n) => n.replace(/^(DNS|IP Address|CN)[:=]/, ''))
    .join(', ');

/** The code of an error reading a file (ENOENT, EACCES …), not of parsing one (ERR_OSSL_…). */
function fileErrorOf(error: unknown): string | undefined {
  const code = codeOf(error);
  return code && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/** How a certificate or key file that cannot be read or parsed is told. */
interface PemWords {
  unreadable: string;
  flag: string;
  notA: string;
  give: string;
}

/**
 * A PEM file read and parsed, or the message and hint of why not: a file error (ENOENT, EACCES …)
 * names the file and its flag; a parse error says what the file should have been.
 */
function readPem<T>(file: string, parse: (text: string) => T, words: PemWords): T | [string, string] {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = fileErrorOf(error);
    return code
      ? [
          `${words.unreadable} ${file} tidak dapat dibaca (${code}).`,
          `Periksa letak berkas yang diberikan pada ${words.flag}.`,
        ]
      : [`${file} ${words.notA}`, words.give];
  }
}

/** The certificate and key parse, belong together, cover the name and hold from now until `until`. */
export function checkCertificate(
  files: CertificateFiles,
  name: string,
  until: RequiredUntil,
  now: Date,
): Check {
  const id = 'sertifikat';
  const judul = `Sertifikat untuk ${name}`;
  const cert = readPem(files.cert, (text) => new X509Certificate(text), {
    unreadable: 'Berkas sertifikat',
    flag: '--sertifikat',
    notA: 'bukan sertifikat yang bisa dibaca.',
    give: 'Berikan fullchain.pem dari certbot (teks berawalan -----BEGIN CERTIFICATE-----) pada --sertifikat.',
  });
  if (Array.isArray(cert)) return failed(id, judul, ...cert);
  const key = readPem(files.key, (text): KeyObject => createPrivateKey(text), {
    unreadable: 'Berkas kunci',
    flag: '--kunci',
    notA: 'bukan kunci rahasia yang bisa dibaca.',
    give: 'Berikan privkey.pem dari certbot (tanpa kata sandi) pada --kunci.',
  });
  if (Array.isArray(key)) return failed(id, judul, ...key);
  if (!cert.checkPrivateKey(key)) {
    return failed(
      id,
      judul,
      `Kunci ${files.key} bukan pasangan sertifikat ${files.cert}.`,
      'Salin fullchain.pem dan privkey.pem dari folder yang sama (/etc/letsencrypt/live/NAMA/) dan ambil keduanya dari pengambilan sertifikat yang sama.',
    );
  }
  const covered = isIP(name) ? cert.checkIP(name) : cert.checkHost(name);
  if (!covered) {
    return failed(
      id,
      judul,
      `Sertifikat ini untuk ${namesOf(cert)}, bukan untuk ${name}.`,
      `Ambil sertifikat untuk ${name} (\`certbot certonly --manual --preferred-challenges dns -d ${name}\`), atau pakai nama yang tertulis di sertifikat.`,
    );
  }
  const from = new Date(cert.validFrom);
  const to = new Date(cert.validTo);
  if (from > now) {
    return failed(
      id,
      judul,
      `Sertifikat baru berlaku mulai ${localTime(from)}, sedangkan jam laptop ${localTime(now)}.`,
      'Periksa jam dan tanggal laptop (atur otomatis saat masih ada internet).',
    );
  }
  if (to <= now) return failed(id, judul, `Sertifikat sudah habis pada ${localTime(to)}.`, AGAIN);
  if (to < until.until) {
    return failed(
      id,
      judul,
      `Sertifikat habis pada ${localTime(to)}, sebelum ${until.why}.`,
      `${AGAIN} Sertifikat Let's Encrypt berlaku 90 hari: ambil paling lama sebulan sebelum kegiatan.`,
    );
  }
  return passed(id, judul, `Cocok dengan kuncinya, berlaku sampai ${localTime(to)}, mencakup ${until.why}.`);
}
