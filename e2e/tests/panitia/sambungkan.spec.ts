import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  type DomainCertificate,
  makeDomainCertificate,
  startCaddy,
  type TestCaddy,
} from '../../support/caddy';
import { openConsole, openTab } from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import type { TestServer } from '../../support/server';
import { shot } from '../../support/shots';

// "Sambungkan HP" (DESIGN §14, docs/decisions/094 and 126): the QR codes a phone scans to reach the
// app over https, and the fingerprint of the root certificate it installs. What a phone's camera
// would read is decoded from the images themselves. Caddy is the real one running deploy/Caddyfile
// on 127.0.0.1 as `localhost`, a name the server can resolve to read the certificate; the console
// is opened on the server's own address, as on the committee's laptop.

test.use({ actionTimeout: 15_000 });

/** The SHA-256 fingerprint of a PEM certificate as `openssl x509 -fingerprint -sha256` prints it. */
function opensslFingerprint(pem: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-fingerprint-'));
  try {
    writeFileSync(join(dir, 'ca.crt'), pem);
    const out = execFileSync(
      'openssl',
      ['x509', '-noout', '-fingerprint', '-sha256', '-in', join(dir, 'ca.crt')],
      {
        encoding: 'utf8',
      },
    );
    return out.trim().split('=')[1] as string;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Caddy on 127.0.0.1 in front of `server`, which is restarted to offer Caddy's plain-http /ukt-ca.crt. */
async function behindCaddy(server: TestServer, domain?: DomainCertificate) {
  const caddy = await startCaddy(new URL(server.baseURL).host, {
    host: 'localhost',
    address: '127.0.0.1',
    domain,
  });
  await server.restart({ PUBLIC_URL: caddy.origin, CA_CERT_URL: `${caddy.httpOrigin}/ukt-ca.crt` });
  return caddy;
}

/** The text a QR image on the page holds, as a phone's camera reads it. */
async function qrText(image: Locator): Promise<string | undefined> {
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  const png = PNG.sync.read(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data;
}

/** Signs in as the committee admin and opens the page from the console's tabs. */
async function openSambungkan(page: Page): Promise<void> {
  await loginAs(page, ADMIN.noWa);
  await openConsole(page);
  await openTab(page, 'Sambungkan HP');
  await expect(page).toHaveURL(/\/panitia\/sambungkan$/);
}

test("Caddy's own CA: the certificate's download first with the fingerprint a phone checks it by, then the app's https address", async ({
  page,
  server,
}) => {
  let caddy: TestCaddy | undefined;
  try {
    caddy = await behindCaddy(server);
    await openSambungkan(page);
    const download = `${caddy.httpOrigin}/ukt-ca.crt`;

    const ca = page.getByRole('img', { name: 'QR unduhan sertifikat' });
    const app = page.getByRole('img', { name: 'QR alamat aplikasi' });
    expect(await qrText(ca)).toBe(download);
    expect(await qrText(app)).toBe(caddy.origin);
    await expect(page.getByText(download, { exact: true })).toBeVisible();
    await expect(page.getByText(caddy.origin, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1 Pasang sertifikat' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2 Buka aplikasi' })).toBeVisible();

    // The fingerprint beside the QR is that of Caddy's root, as openssl computes it from the file a
    // phone downloads by the QR, and the name is the one the phone lists.
    const fingerprint = opensslFingerprint(caddy.rootPem);
    const downloaded = await (await fetch(download)).text();
    expect(downloaded).toBe(caddy.rootPem);
    await expect(page.getByTestId('sidik-jari')).toHaveText(fingerprint);
    await expect(page.getByTestId('sidik-jari')).toBeVisible();
    await expect(page.getByRole('figure')).toContainText(
      /Sidik jari SHA-256 sertifikat UKT Penguji - \d{4} ECC Root/,
    );

    // The install and check steps for both kinds of phone, with the menus the guide names.
    const android = page.getByRole('heading', { name: 'Android' }).locator('xpath=..');
    await expect(android).toContainText('Enkripsi & kredensial (Encryption & credentials)');
    await expect(android).toContainText('Sertifikat CA (CA certificate)');
    await expect(android).toContainText('Kredensial tepercaya (Trusted credentials) → tab Pengguna (User)');
    await expect(android).toContainText('Sidik jari SHA-256 (SHA-256 fingerprint)');
    const ios = page.getByRole('heading', { name: 'iPhone (iOS)' }).locator('xpath=..');
    await expect(ios).toContainText('VPN & Manajemen Perangkat (VPN & Device Management)');
    await expect(ios).toContainText('More Details');
    await expect(ios).toContainText('Pengaturan Kepercayaan Sertifikat (Certificate Trust Settings)');
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Read aloud as well as seen: no serious WCAG 2.1 AA finding on the page (as e2e/tests/a11y.spec.ts).
    const { violations } = await new AxeBuilder({ page })
      .include('section[aria-labelledby="sambungkan-judul"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    await shot(page, 'panitia-sambungkan-360');
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'panitia-sambungkan-1366');
  } finally {
    await caddy?.stop();
  }
});

test('a domain certificate behind Caddy: /ukt-ca.crt is 404, so no certificate is offered, and the page says to set CA_CERT_URL=none', async ({
  page,
  server,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-domain-'));
  let caddy: TestCaddy | undefined;
  try {
    caddy = await behindCaddy(server, makeDomainCertificate(dir, 'localhost'));
    await openSambungkan(page);

    await expect(page.getByRole('heading', { name: '1 Pasang sertifikat' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Sertifikat untuk HP belum dapat dibaca dari laptop ini',
    );
    await expect(page.getByTestId('masalah-sertifikat')).toHaveText(
      `Tidak ada sertifikat di ${caddy.httpOrigin}/ukt-ca.crt (jawaban 404). Caddy memberikannya hanya bila situs memakai CA Caddy sendiri (UKT_TLS=internal). ` +
        'Dengan sertifikat domain, HP tidak perlu memasang apa pun: isi CA_CERT_URL=none lalu jalankan ulang aplikasi.',
    );
    // The server's words name settings: they wait under "Untuk petugas IT" until opened.
    await expect(page.getByTestId('masalah-sertifikat')).toBeHidden();
    await page.getByText('Untuk petugas IT').click();
    await expect(page.getByTestId('masalah-sertifikat')).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR unduhan sertifikat' })).toHaveCount(0);
    await expect(page.getByTestId('sidik-jari')).toHaveCount(0);
    // Caddy made its "UKT Penguji" root anyway; it is nowhere on the page.
    await expect(page.locator('body')).not.toContainText(opensslFingerprint(caddy.rootPem));
    await expect(page.getByRole('heading', { name: '2 Buka aplikasi' })).toBeVisible();
    await shot(page, 'panitia-sambungkan-domain-360');

    // 'Periksa lagi' asks the server again, which reads the address again.
    const asked = page.waitForResponse((r) => r.url().endsWith('/panitia/sambungkan') && r.status() === 200);
    await page.getByRole('button', { name: 'Periksa lagi' }).click();
    await asked;
    await expect(page.getByTestId('masalah-sertifikat')).toContainText('(jawaban 404)');
  } finally {
    await caddy?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a real domain certificate (CA_CERT_URL=none): only the app, nothing to install', async ({
  page,
  server,
}) => {
  await server.kill();
  await server.restart({ PUBLIC_URL: 'https://ukt.perguruan.or.id', CA_CERT_URL: 'none' });
  await openSambungkan(page);

  expect(await qrText(page.getByRole('img', { name: 'QR alamat aplikasi' }))).toBe(
    'https://ukt.perguruan.or.id',
  );
  await expect(page.getByRole('heading', { name: '1 Buka aplikasi' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR unduhan sertifikat' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Android' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('plain http on this laptop: no QR a phone cannot open, plain words, and the command for IT', async ({
  page,
  server,
}) => {
  await openSambungkan(page);

  const note = page.getByRole('alert');
  await expect(note).toContainText('HP penguji belum dapat disambungkan.');
  await expect(note).toContainText('hanya dapat dibuka di laptop ini sendiri');
  await expect(note).not.toContainText('PUBLIC_URL');
  await expect(page.getByRole('img', { name: 'QR alamat aplikasi' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'QR unduhan sertifikat' })).toHaveCount(0);
  await page.getByText('Untuk petugas IT').click();
  await expect(page.getByText(/^Alamat aplikasi sekarang/)).toContainText(server.baseURL);
  await expect(page.getByText('npm run venue -- ukt.lan')).toBeVisible();
  await shot(page, 'panitia-sambungkan-http-360');
});

test('plain http on the venue network: still no QR, the reason is https', async ({ page, server }) => {
  await server.kill();
  await server.restart({ PUBLIC_URL: 'http://192.168.1.10:3000' });
  await openSambungkan(page);

  await expect(page.getByRole('alert')).toContainText('belum memakai https');
  await expect(page.getByRole('img', { name: 'QR alamat aplikasi' })).toHaveCount(0);
});

test("http://<venue name>/ on a device without the certificate: the certificate's QR, fingerprint and steps, then the https address", async ({
  page,
  server,
}) => {
  let caddy: TestCaddy | undefined;
  try {
    caddy = await behindCaddy(server);
    // As a phone types the venue name: plain http, through Caddy (docs/decisions/133).
    await page.goto(`${caddy.httpOrigin}/`);
    await expect(page).toHaveURL(`${caddy.httpOrigin}/`);
    await expect(
      page.getByRole('heading', { name: 'Pasang sertifikat UKT Penguji', level: 1 }),
    ).toBeVisible();
    const download = `${caddy.httpOrigin}/ukt-ca.crt`;
    await expect(page.getByRole('link', { name: 'Unduh sertifikat' })).toHaveAttribute('href', download);
    await expect(page.getByTestId('sidik-jari')).toHaveText(opensslFingerprint(caddy.rootPem));

    // What a phone's camera reads from the QR as drawn on screen.
    const qr = page.getByRole('img', { name: /^QR alamat unduhan sertifikat/ });
    const png = PNG.sync.read(await qr.screenshot());
    expect(jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data).toBe(download);

    for (const sistem of ['HP Android', 'iPhone dan iPad', 'Laptop Windows', 'Laptop macOS', 'Laptop Linux'])
      await expect(page.getByRole('heading', { name: sistem, level: 3 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sudah dipasang: buka aplikasi' })).toHaveAttribute(
      'href',
      caddy.origin,
    );
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    await shot(page, 'pasang-sertifikat-360');
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'pasang-sertifikat-1366');

    // Every other plain-http address still goes to https.
    const login = await fetch(`${caddy.httpOrigin}/login`, { redirect: 'manual' });
    expect(login.status).toBe(308);
  } finally {
    await caddy?.stop();
  }
});
