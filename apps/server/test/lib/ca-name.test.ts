import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rootOf } from '../../src/launcher/processes';
import { caNameOf } from '../../src/lib/ca-name';
import { makeDomainCertificate, makeSelfSigned } from '../support/domain-cert';

// The root's name and fingerprint the launcher prints and Sambungkan HP shows (docs/decisions/126):
// one function, so the volunteer comparing the two screens compares the certificates.

const dir = mkdtempSync(join(tmpdir(), 'ukt-ca-name-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The SHA-256 fingerprint as `openssl x509 -fingerprint -sha256` prints it. */
const opensslFingerprint = (file: string) =>
  execFileSync('openssl', ['x509', '-noout', '-fingerprint', '-sha256', '-in', file], { encoding: 'utf8' })
    .trim()
    .replace(/^.*=/, '');

describe('a root certificate’s name and fingerprint', () => {
  it('the CN and the SHA-256 fingerprint as openssl prints them', () => {
    makeDomainCertificate(dir, 'ukt.lan');
    const file = join(dir, 'ca.crt');
    expect(caNameOf(new X509Certificate(readFileSync(file)))).toEqual({
      nama: 'Uji CA Publik',
      sidikJari: opensslFingerprint(file),
    });
  });

  it('without a CN, the whole subject', () => {
    const file = makeSelfSigned(dir, 'o', '/O=Panitia UKT', 2).cert;
    expect(caNameOf(new X509Certificate(readFileSync(file))).nama).toBe('O=Panitia UKT');
  });

  it('the launcher’s window names Caddy’s root by it', async () => {
    const file = join(dir, 'ca.crt');
    expect(await rootOf(file, 1_000)).toEqual(caNameOf(new X509Certificate(readFileSync(file))));
  });
});
