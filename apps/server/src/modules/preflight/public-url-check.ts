import { type Check, failed, passed } from './check';

// Check 8: every link, QR and card carries PUBLIC_URL (DESIGN §5), and a phone keeps its app and
// unsent scores for one address only: it must be exactly the https address of the name, with no
// port unless Caddy's https port is not 443 (docs/pasang-venue.md, "Alamat tidak boleh berubah").

/** The address phones open for `name` behind Caddy on `httpsPort`. */
export function expectedPublicUrl(name: string, httpsPort: number): string {
  const host = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return `https://${host.toLowerCase()}${httpsPort === 443 ? '' : `:${httpsPort}`}`;
}

/** PUBLIC_URL is the name's https address, nothing more. */
export function checkPublicUrl(publicUrl: string, name: string, httpsPort: number): Check {
  const id = 'public-url';
  const judul = 'PUBLIC_URL sama dengan alamat yang dibuka HP';
  const expected = expectedPublicUrl(name, httpsPort);
  let same = false;
  try {
    const url = new URL(publicUrl);
    same = url.origin === new URL(expected).origin && url.pathname === '/' && !url.search;
  } catch {
    // not a URL: not the same
  }
  if (same) return passed(id, judul, `PUBLIC_URL ${publicUrl}.`);
  return failed(
    id,
    judul,
    `PUBLIC_URL ${publicUrl}, sedangkan HP membuka ${expected}.`,
    `Isi PUBLIC_URL=${expected} lalu jalankan ulang aplikasi: semua tautan login, QR dan kartu memakai alamat ini.`,
  );
}
