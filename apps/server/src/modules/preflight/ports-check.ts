import { type Check, failed, passed, warned } from './check';
import type { LauncherLock } from './launcher-lock';
import type { PortHolder } from './port-holder';
import type { Probes } from './probes';

// Check 1: Caddy must be able to listen on the http and https ports. Another web server on port 80
// is the commonest surprise on a borrowed laptop (IIS, XAMPP, Skype, Debian's own caddy service).

const AGAIN = 'Lalu jalankan lagi.';

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
  return `Lihat programnya dengan \`sudo ss -ltnp 'sport = :${port}'\` dan hentikan; layanan caddy bawaan Debian dihentikan dengan \`sudo systemctl disable --now caddy\`. ${AGAIN}`;
}

/** What to do about a Caddy that is not this venue's, for this platform. */
function caddyAdvice(holder: PortHolder | null, platform: NodeJS.Platform): string {
  const pid = holder?.pid;
  const first =
    'Bila itu UKT Penguji yang berjalan di jendela lain, tekan Ctrl+C di jendela itu (atau tutup jendelanya).';
  if (platform === 'win32')
    return `${first} Bila bukan: Task Manager → Details → caddy.exe${pid === undefined ? '' : ` (PID ${pid})`} → End task. ${AGAIN}`;
  if (platform === 'darwin')
    return `${first} Bila bukan: Activity Monitor → caddy${pid === undefined ? '' : ` (PID ${pid})`} → Quit${pid === undefined ? '' : `, atau \`kill ${pid}\``}. ${AGAIN}`;
  return `${first} Layanan caddy bawaan Debian/Ubuntu: \`sudo systemctl disable --now caddy\`.${pid === undefined ? '' : ` Bila bukan keduanya: \`kill ${pid}\`.`} ${AGAIN}`;
}

/** How the check is asked: by the launcher (every holder stops it) or by `periksa`. */
export interface PortsCheckOptions {
  /** The launcher is about to start its own Caddy: any holder, a Caddy too, is a failure. */
  launcher?: boolean;
  /** The venue that runs on this data folder (launcher-lock.ts): its own Caddy is no stranger. */
  running?: LauncherLock | null;
}

/** Whether the holder of `port` is the Caddy of the venue that runs on this data folder. */
function isOurs(port: number, holder: PortHolder | null, running: LauncherLock | null | undefined): boolean {
  if (!running || (port !== running.httpPort && port !== running.httpsPort)) return false;
  if (holder?.pid !== undefined) return holder.pid === running.caddyPid;
  return true;
}

/** The check of a port someone already listens on. */
function heldCheck(
  id: string,
  judul: string,
  port: number,
  holder: PortHolder | null,
  platform: NodeJS.Platform,
  options: PortsCheckOptions,
) {
  const who = describeHolder(holder);
  if (isOurs(port, holder, options.running)) {
    const running = options.running as LauncherLock;
    const pesan = `Port ${port} dipakai Caddy dari UKT Penguji yang sedang berjalan untuk ${running.nama} (peluncur pid ${running.pid}).`;
    return options.launcher
      ? failed(
          id,
          judul,
          pesan,
          'Pakai jendela yang sudah berjalan, atau hentikan dengan Ctrl+C di sana lalu jalankan lagi.',
        )
      : passed(id, judul, pesan);
  }
  if (programOf(holder) === 'caddy') {
    // From `periksa` it may be the Caddy that serves the app (Debian's service with
    // deploy/Caddyfile, without the launcher): a warning. The launcher cannot start its own: a failure.
    const pesan = `Port ${port} sudah dipakai Caddy lain: ${who}.`;
    return options.launcher
      ? failed(id, judul, `${pesan} Caddy peluncur tidak dapat memakainya.`, caddyAdvice(holder, platform))
      : warned(
          id,
          judul,
          pesan,
          `Bila itu Caddy yang melayani UKT Penguji tanpa peluncur (layanan caddy dengan deploy/Caddyfile), ini memang benar. Bila akan memakai npm run venue: ${caddyAdvice(holder, platform)}`,
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
  options: PortsCheckOptions = {},
): Promise<Check[]> {
  const checks: Check[] = [];
  for (const port of ports) {
    const id = `port-${port}`;
    const judul = `Port ${port} untuk Caddy`;
    const code = await probes.listen(port);
    if (code === null) {
      checks.push(passed(id, judul, `Port ${port} bebas.`));
    } else if (code === 'EADDRINUSE') {
      checks.push(heldCheck(id, judul, port, await probes.portHolder(port), platform, options));
    } else if (code === 'EACCES' || code === 'EPERM') {
      // The refusal comes before the port is looked at: whether someone holds it is read elsewhere.
      const holder = await probes.portHolder(port);
      checks.push(
        holder
          ? heldCheck(id, judul, port, holder, platform, options)
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
