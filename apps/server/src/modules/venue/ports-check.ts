import { type Check, failed, passed, warned } from './check';
import type { PortHolder } from './port-holder';
import type { Probes } from './probes';

// Check 1: Caddy must be able to listen on the http and https ports. Another web server on port 80
// is the commonest surprise on a borrowed laptop (IIS, XAMPP, Skype, Debian's own caddy service).

const AGAIN = 'Lalu jalankan periksa lagi.';

/** "nginx (pid 812)", "pid 812" or "program lain". */
export function describeHolder(holder: PortHolder | null): string {
  if (holder?.name && holder.pid !== undefined) return `${holder.name} (pid ${holder.pid})`;
  if (holder?.name) return holder.name;
  if (holder?.pid !== undefined) return `program dengan pid ${holder.pid}`;
  return 'program lain';
}

const programOf = (holder: PortHolder | null) =>
  (holder?.name ?? '')
    .toLowerCase()
    .replace(/\.exe$/, '')
    .trim();

/** What to do about the program holding `port`, for this platform. */
function stopAdvice(port: number, holder: PortHolder | null, platform: NodeJS.Platform): string {
  const program = programOf(holder);
  const pid = holder?.pid;
  if (program === 'system' && platform === 'win32')
    return `Port ${port} dipegang Windows untuk IIS atau layanan lain yang memakai HTTP.sys. Buka Command Prompt sebagai Administrator dan jalankan \`net stop w3svc\` (IIS), atau hentikan "World Wide Web Publishing Service" di services.msc. ${AGAIN}`;
  if (['httpd', 'apache', 'apache2'].includes(program)) {
    if (platform === 'win32')
      return `Hentikan Apache di XAMPP Control Panel (tombol Stop di baris Apache). ${AGAIN}`;
    if (platform === 'darwin') return `Hentikan Apache: \`sudo apachectl stop\`. ${AGAIN}`;
    return `Hentikan Apache: \`sudo systemctl stop apache2\` (dan \`sudo systemctl disable apache2\` agar tidak menyala lagi). ${AGAIN}`;
  }
  if (program === 'nginx') {
    if (platform === 'linux')
      return `Hentikan nginx: \`sudo systemctl stop nginx\` (dan \`sudo systemctl disable nginx\` agar tidak menyala lagi). ${AGAIN}`;
    return `Hentikan nginx: \`nginx -s stop\`. ${AGAIN}`;
  }
  if (program === 'skype')
    return `Tutup Skype, atau matikan pemakaian port 80 dan 443 di pengaturannya. ${AGAIN}`;
  if (program && pid !== undefined) {
    if (platform === 'win32')
      return `Tutup ${holder?.name} (Task Manager → Details, PID ${pid}), atau hentikan layanannya di services.msc. ${AGAIN}`;
    if (platform === 'darwin') return `Tutup ${holder?.name} (Activity Monitor, PID ${pid}). ${AGAIN}`;
    return `Hentikan ${holder?.name} (pid ${pid}); bila itu layanan, \`sudo systemctl stop NAMA-LAYANAN\`. ${AGAIN}`;
  }
  if (platform === 'win32')
    return `Di Windows yang sering memakai port 80 dan 443: IIS (\`net stop w3svc\` sebagai Administrator), Apache dari XAMPP (Stop di XAMPP Control Panel), Skype. Lihat pemiliknya dengan \`netstat -ano | findstr :${port}\`. ${AGAIN}`;
  if (platform === 'darwin')
    return `Lihat programnya dengan \`sudo lsof -nP -iTCP:${port} -sTCP:LISTEN\` dan tutup program itu. ${AGAIN}`;
  return `Lihat programnya dengan \`sudo ss -ltnp 'sport = :${port}'\` dan hentikan; layanan caddy bawaan Debian dihentikan dengan \`sudo systemctl stop caddy\`. ${AGAIN}`;
}

/** The check of a port someone already listens on. */
function heldCheck(
  id: string,
  judul: string,
  port: number,
  holder: PortHolder | null,
  platform: NodeJS.Platform,
) {
  const who = describeHolder(holder);
  if (programOf(holder) === 'caddy') {
    // It may be the very Caddy that serves the app (Debian's service with deploy/Caddyfile).
    const stop =
      platform === 'linux'
        ? '`sudo systemctl stop caddy` (dan `sudo systemctl disable caddy` agar tidak menyala lagi saat laptop dinyalakan)'
        : 'tutup jendela Caddy yang lain';
    return warned(
      id,
      judul,
      `Port ${port} sudah dipakai Caddy: ${who}.`,
      `Bila itu Caddy untuk UKT Penguji (layanan caddy dengan deploy/Caddyfile), ini memang benar. Bila Caddy akan dijalankan dari jendela ini, hentikan yang lama dulu: ${stop}.`,
    );
  }
  return failed(
    id,
    judul,
    `Port ${port} sudah dipakai oleh ${who}: Caddy tidak dapat memakainya.`,
    stopAdvice(port, holder, platform),
  );
}

/** Advice when this user may not listen below 1024. */
function rightsAdvice(platform: NodeJS.Platform): string {
  if (platform === 'win32') return 'Jalankan Caddy dan pemeriksaan ini dari jendela "Run as administrator".';
  if (platform === 'darwin') return 'Jalankan Caddy dengan `sudo`.';
  return 'Berikan izin itu sekali kepada Caddy: `sudo setcap cap_net_bind_service=+ep "$(command -v caddy)"` (ulangi setelah Caddy diperbarui), atau pakai layanan caddy Debian. Bila Caddy sudah diberi izin itu, peringatan ini boleh diabaikan.';
}

/** One check per port: free, held by whom and what to do, or not allowed for this user. */
export async function checkPorts(
  ports: number[],
  probes: Probes,
  platform: NodeJS.Platform,
): Promise<Check[]> {
  const checks: Check[] = [];
  for (const port of ports) {
    const id = `port-${port}`;
    const judul = `Port ${port} untuk Caddy`;
    const code = await probes.listen(port);
    if (code === null) {
      checks.push(passed(id, judul, `Port ${port} bebas.`));
    } else if (code === 'EADDRINUSE') {
      checks.push(heldCheck(id, judul, port, await probes.portHolder(port), platform));
    } else if (code === 'EACCES' || code === 'EPERM') {
      // The refusal comes before the port is looked at: whether someone holds it is read elsewhere.
      const holder = await probes.portHolder(port);
      checks.push(
        holder
          ? heldCheck(id, judul, port, holder, platform)
          : warned(
              id,
              judul,
              `Pengguna ini tidak boleh membuka port ${port}: port di bawah 1024 hanya untuk administrator (root).`,
              rightsAdvice(platform),
            ),
      );
    } else {
      checks.push(
        failed(
          id,
          judul,
          `Port ${port} tidak dapat dibuka (${code}).`,
          `Periksa pengaturan jaringan laptop, lalu jalankan periksa lagi.`,
        ),
      );
    }
  }
  return checks;
}
