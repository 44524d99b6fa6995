import {
  BILA_SIDIK_JARI_BEDA,
  langkahAndroid,
  langkahIos,
  langkahLaptop,
  PENGANTAR_SERTIFIKAT,
} from '@ukt/core';
import QRCode from 'qrcode';
import type { CaCertReading } from './ca-cert';
import type { SambungkanAddresses } from './sambungkan.service';

// The page `http://<venue name>/` shows a phone or laptop that has not trusted Caddy's root yet
// (docs/decisions/133): what to install, its fingerprint, the steps per system, and the app's https
// address once it is installed. Plain HTML and CSS, no script: it must work on any browser, over
// plain http, before anything else does.

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;margin:.5rem 0}
h2{font-size:1.1rem;margin:.25rem 0}
h3{font-size:1rem;margin:1rem 0 .25rem}
section{background:#fff;border-radius:.75rem;padding:1rem;margin:1rem 0;box-shadow:0 1px 2px #0002}
.qr{display:block;width:12rem;height:12rem;margin:.5rem auto}
.tombol{display:block;text-align:center;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:600;padding:.8rem 1rem;border-radius:.5rem;margin:.75rem 0}
.tombol.kedua{background:#fff;color:#1d4ed8;border:2px solid #1d4ed8}
.sidik{font-family:ui-monospace,monospace;font-size:.8rem;background:#f9fafb;padding:.5rem;border-radius:.25rem}
.masalah{background:#fef2f2;color:#991b1b;padding:.75rem;border-radius:.5rem}
ol{padding-left:1.25rem;margin:.25rem 0}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

const appLink = (alamat: string) =>
  `<a class="tombol" href="${html(alamat)}">Sudah dipasang: buka aplikasi</a>
<p>Alamat aplikasi: <b>${html(alamat)}</b>. Bila browser masih memperingatkan "Koneksi Anda tidak pribadi", sertifikat belum terpasang: ulangi langkah di atas.</p>`;

/** The page for `addresses` and what was found at the certificate's address (null: none offered). */
export async function pasangSertifikatPage(
  addresses: SambungkanAddresses,
  reading: CaCertReading | null,
): Promise<string> {
  const title = 'Pasang sertifikat UKT Penguji';
  const alamat = addresses.alamat_aplikasi;
  const unduh = addresses.alamat_sertifikat_ca;
  if (!unduh) {
    return page(
      title,
      `<h1>UKT Penguji</h1>
<section><p>Tidak ada sertifikat yang perlu dipasang: situs ini memakai sertifikat yang sudah dipercaya HP dan laptop.</p>
<a class="tombol" href="${html(alamat)}">Buka aplikasi</a></section>`,
    );
  }
  if (!reading?.sertifikat) {
    return page(
      title,
      `<h1>${title}</h1>
<section><p class="masalah" role="alert">Sertifikat belum dapat ditawarkan. ${html(reading?.masalah ?? '')}</p>
<p>Minta panitia memeriksa laptop server, lalu muat ulang halaman ini.</p></section>`,
    );
  }
  const qr = await QRCode.toString(unduh, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const nama = reading.sertifikat.nama;
  const steps = [
    { sistem: 'HP Android', langkah: langkahAndroid(nama, 'tautan') },
    { sistem: 'iPhone dan iPad', langkah: langkahIos(nama, 'tautan') },
    ...langkahLaptop(nama),
  ]
    .map(
      ({ sistem, langkah }) =>
        `<h3>${html(sistem)}</h3><ol>${langkah.map((l) => `<li>${html(l)}</li>`).join('')}</ol>`,
    )
    .join('\n');
  return page(
    title,
    `<h1>${title}</h1>
<p>${html(PENGANTAR_SERTIFIKAT[0])}</p>
<section aria-labelledby="unduh">
<h2 id="unduh">1. Unduh sertifikat</h2>
<a class="tombol kedua" href="${html(unduh)}" download="ukt-ca.crt">Unduh sertifikat</a>
<div class="qr" role="img" aria-label="QR alamat unduhan sertifikat: ${html(unduh)}">${qr.replace(/<svg /, '<svg width="100%" height="100%" ')}</div>
<p>Nama sertifikat: <b>${html(reading.sertifikat.nama)}</b></p>
<p>Sidik jari SHA-256:</p>
<p class="sidik" data-testid="sidik-jari">${html(reading.sertifikat.sidik_jari_sha256).replaceAll(':', ':<wbr>')}</p>
<p>${html(PENGANTAR_SERTIFIKAT[1])} <b>${html(BILA_SIDIK_JARI_BEDA)}</b></p>
</section>
<section aria-labelledby="pasang">
<h2 id="pasang">2. Pasang sesuai perangkat</h2>
${steps}
</section>
<section aria-labelledby="buka">
<h2 id="buka">3. Buka aplikasi</h2>
${appLink(alamat)}
</section>`,
  );
}
