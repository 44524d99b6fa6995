import { type Check, codeOf, failed, passed, warned } from './check';
import type { LocalAddress, Probes } from './probes';

// Check 2: the name phones open must lead to this laptop. Asked of the laptop's own resolver, which
// is the router's when the laptop is on the venue WiFi (docs/pasang-venue.md, section 2). The venue
// launcher starts anyway when the name does not lead here yet (launcherStarts), so the app can be
// prepared away from the router; a .local name is wrong for good and stops it.

/** True for a name that may point at this machine itself: localhost and *.localhost. */
export const isLoopbackName = (name: string) => /(^|\.)localhost\.?$/i.test(name);

/** An address as written for comparing: no zone (%wlan0), lower case, IPv4 out of ::ffff:. */
function normalized(address: string): string {
  return address
    .replace(/%.*$/, '')
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

const isLoopbackAddress = (address: string) => address === '::1' || address.startsWith('127.');

/** The laptop's network addresses for the advice: IPv4 first, with their interfaces. */
function lanAddresses(addresses: LocalAddress[]): string {
  const lan = addresses.filter((a) => !a.internal && !normalized(a.address).startsWith('fe80:'));
  const shown = lan.some((a) => a.address.includes('.')) ? lan.filter((a) => a.address.includes('.')) : lan;
  if (shown.length === 0)
    return 'laptop belum tersambung ke jaringan mana pun: sambungkan dulu ke WiFi router';
  return shown.map((a) => `${a.address} (${a.interface})`).join(', ');
}

/** Whether `name` resolves to this laptop only; loopback counts for *.localhost or when `loopback` asks. */
export async function checkName(name: string, loopback: boolean, probes: Probes): Promise<Check> {
  const id = 'nama';
  const judul = `Nama ${name} menunjuk ke laptop ini`;
  if (/\.local\.?$/i.test(name)) {
    return failed(
      id,
      judul,
      `Nama berakhiran .local dipakai HP untuk hal lain (mDNS): HP tidak menanyakannya ke router.`,
      'Pilih nama lain, misalnya ukt.lan atau nama di bawah domain organisasi, dan pakai selamanya.',
    );
  }
  const addresses = probes.addresses();
  const lan = lanAddresses(addresses);
  let resolved: string[];
  try {
    resolved = (await probes.lookup(name)).map(normalized);
  } catch (error) {
    return {
      ...failed(
        id,
        judul,
        `Laptop ini tidak mengenal nama ${name}${codeOf(error) ? ` (${codeOf(error)})` : ''}.`,
        `Tambahkan ${name} di DNS router dan arahkan ke alamat WiFi laptop ini: ${lan}. Sambungkan laptop ke WiFi router itu supaya laptop memakai DNS-nya (docs/pasang-venue.md, langkah 2).`,
      ),
      launcherStarts: true,
    };
  }
  const allowLoopback = loopback || isLoopbackName(name);
  const own = new Set(
    addresses.filter((a) => allowLoopback || !a.internal).map((a) => normalized(a.address)),
  );
  const foreign = resolved.filter((a) => !own.has(a));
  const list = resolved.join(', ');
  if (foreign.length === 0) return passed(id, judul, `${name} → ${list}.`);
  if (foreign.length < resolved.length) {
    return warned(
      id,
      judul,
      `${name} menunjuk ke ${list}; ${foreign.join(', ')} bukan alamat laptop ini.`,
      `Hapus catatan DNS lain untuk ${name} di router, supaya HP tidak mencoba alamat yang salah. Alamat laptop ini: ${lan}.`,
    );
  }
  if (resolved.every(isLoopbackAddress)) {
    return {
      ...failed(
        id,
        judul,
        `${name} menunjuk ke laptop ini sendiri (${list}): HP tidak dapat memakai alamat itu.`,
        `Hapus baris ${name} dari berkas hosts laptop (Windows: C:\\Windows\\System32\\drivers\\etc\\hosts; macOS dan Linux: /etc/hosts), lalu arahkan ${name} di DNS router ke alamat WiFi laptop ini: ${lan}.`,
      ),
      launcherStarts: true,
    };
  }
  return {
    ...failed(
      id,
      judul,
      `${name} menunjuk ke ${list}, bukan ke laptop ini.`,
      `Ubah catatan DNS ${name} di router ke alamat WiFi laptop ini: ${lan}. Supaya alamat itu tidak berubah, buat reservasi DHCP untuk laptop (docs/pasang-venue.md, langkah 2).`,
    ),
    launcherStarts: true,
  };
}
