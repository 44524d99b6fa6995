import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A stand-in for a certificate obtained before the event (the browser tests and the launcher's) (docs/pasang-venue.md, pilihan 1): a test
// "public" CA that the browser trusts as a phone trusts Let's Encrypt, and a certificate for `host`
// issued by it. Made with openssl, in `dir`.

/** A certificate and its key, as UKT_TLS (or the launcher's --sertifikat/--kunci) names them. */
export interface DomainCertificate {
  cert: string;
  key: string;
  /** The issuing CA (PEM): a public CA in service, a test CA here. */
  caPem: string;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/**
 * A self-signed certificate and its key from openssl in `dir` (`<label>.crt`, `<label>.key`), with
 * the subject `subj` (e.g. `/CN=ukt.lan`), valid `days`, naming `names` as its DNS names if any.
 */
export function makeSelfSigned(
  dir: string,
  label: string,
  subj: string,
  days: number,
  names: string[] = [],
): { cert: string; key: string } {
  const cert = join(dir, `${label}.crt`);
  const key = join(dir, `${label}.key`);
  const san = names.length > 0 ? ['-addext', `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`] : [];
  execFileSync(
    'openssl',
    ['req', '-x509', ...EC, '-keyout', key, '-out', cert, '-days', String(days), '-subj', subj, ...san],
    {
      stdio: 'ignore',
    },
  );
  return { cert, key };
}

/** Writes a test CA and a server certificate for `host` into `dir`; returns the files UKT_TLS names. */
export function makeDomainCertificate(dir: string, host: string, days = 2): DomainCertificate {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    ...EC,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '2',
    '-subj',
    '/CN=Uji CA Publik',
  );
  openssl('req', ...EC, '-keyout', file('site.key'), '-out', file('site.csr'), '-subj', `/CN=${host}`);
  writeFileSync(
    file('site.ext'),
    `subjectAltName=DNS:${host}\nbasicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('site.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    String(days),
    '-extfile',
    file('site.ext'),
    '-out',
    file('site.crt'),
  );
  return { cert: file('site.crt'), key: file('site.key'), caPem: readFileSync(file('ca.crt'), 'utf8') };
}
