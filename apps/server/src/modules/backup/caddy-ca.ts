import { createPrivateKey, X509Certificate } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import {
  access,
  chown,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { badRequest, conflict } from '../../lib/errors';
import type { Unpacked } from './archive-extract';
import { fsReason } from './restore-errors';
import { missingFolders } from './restore-target';

// Caddy's own CA (deploy/Caddyfile, `tls internal`) travels with every backup, so a laptop that
// takes over keeps the root every phone already trusts (docs/decisions/132). Only the root's
// certificate and key go: Caddy makes the intermediate from the root again and issues the site's
// certificates anew; its locks, autosave and issued certificates stay behind. In the archive they
// are the part `caddy-ca/`, listed in the manifest like every entry, so a restore checks them as
// it checks the rest (archive-extract.ts).

/** The files of Caddy's CA `local` that a backup carries. */
const CA_FILES = ['root.crt', 'root.key'] as const;

/** The archive's names for them. */
export const CA_NAMES: readonly string[] = CA_FILES.map((f) => `caddy-ca/${f}`);

/** Far above a root certificate or key (about 1 KB each): anything larger is not one. */
const CA_MAX_BYTES = 64 * 1024;

/** Caddy's CA: its root certificate and key, as Caddy wrote them. */
export interface CaddyCa {
  crt: Buffer;
  key: Buffer;
}

/** Where Caddy keeps its CA `local` (the one `tls internal` signs with) inside its data folder. */
export const caAuthorityDir = (caddyDataDir: string) => join(caddyDataDir, 'pki', 'authorities', 'local');

/** The site certificates Caddy issued from its CA `local`: they chain to its root of that time. */
const issuedDir = (caddyDataDir: string) => join(caddyDataDir, 'certificates', 'local');

/** True when the certificate is a CA certificate and the key is its own. */
function isRootPair(ca: CaddyCa): boolean {
  try {
    const certificate = new X509Certificate(ca.crt);
    return certificate.ca && certificate.checkPrivateKey(createPrivateKey(ca.key));
  } catch {
    return false;
  }
}

/**
 * The CA in Caddy's data folder, for a backup: none when Caddy has made none there; with a note
 * for the committee when it is there but cannot be read or is not a root and its key (the backup
 * goes on without it: the exam's data matters more than the phones' one-time install).
 */
export async function readCaddyCa(caddyDataDir: string): Promise<{ ca?: CaddyCa; note?: string }> {
  const dir = caAuthorityDir(caddyDataDir);
  const skipped = (why: string) => ({
    note: `Sertifikat CA Caddy di ${dir} tidak ikut dalam cadangan ini (${why}): jalankan aplikasi sebagai pengguna yang menjalankan Caddy, atau atur UKT_CADDY_DATA ke folder data Caddy yang boleh dibacanya.`,
  });
  try {
    const [crt, key] = await Promise.all(
      CA_FILES.map(async (file) => {
        const path = join(dir, file);
        if ((await stat(path)).size > CA_MAX_BYTES) throw new Error('terlalu besar');
        return readFile(path);
      }),
    );
    const ca = { crt, key } as CaddyCa;
    return isRootPair(ca) ? { ca } : skipped('root.crt dan root.key bukan pasangan sertifikat CA');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return {};
    return skipped(code ? fsReason(code) : 'bukan sertifikat CA');
  }
}

/** Writes the CA into a backup's staging folder under its archive names; answers those names. */
export async function stageCaddyCa(ca: CaddyCa, staging: string): Promise<readonly string[]> {
  await mkdir(join(staging, 'caddy-ca'), { mode: 0o700 });
  await writeFile(join(staging, 'caddy-ca', 'root.crt'), ca.crt, { flag: 'wx', mode: 0o600 });
  await writeFile(join(staging, 'caddy-ca', 'root.key'), ca.key, { flag: 'wx', mode: 0o600 });
  return CA_NAMES;
}

/**
 * The CA an unpacked archive carries, or undefined for one taken before CAs travelled (or on a
 * machine without one). Both files or none, a root certificate and its own key, or the archive is
 * refused.
 */
export async function caddyCaOf(unpacked: Unpacked): Promise<CaddyCa | undefined> {
  const names = unpacked.names.filter((n) => n.startsWith('caddy-ca/')).sort();
  if (names.length === 0) return undefined;
  const invalid = (why: string) => badRequest(`Berkas cadangan tidak sah: ${why}.`);
  if (names.join('\n') !== CA_NAMES.join('\n')) {
    throw invalid('bagian sertifikat CA Caddy-nya tidak lengkap atau memuat berkas lain');
  }
  const paths = CA_NAMES.map((n) => join(unpacked.dir, n));
  for (const path of paths) {
    if ((await stat(path)).size > CA_MAX_BYTES)
      throw invalid('sertifikat CA Caddy di dalamnya terlalu besar');
  }
  const [crt, key] = await Promise.all(paths.map((p) => readFile(p)));
  const ca = { crt, key } as CaddyCa;
  if (!isRootPair(ca))
    throw invalid('sertifikat CA Caddy di dalamnya rusak, atau kuncinya bukan pasangannya');
  return ca;
}

/** True when Caddy's folder already holds this very CA. */
async function holds(caddyDataDir: string, ca: CaddyCa): Promise<boolean> {
  const dir = caAuthorityDir(caddyDataDir);
  const [crt, key] = await Promise.all(CA_FILES.map((f) => readFile(join(dir, f)).catch(() => undefined)));
  return Boolean(crt?.equals(ca.crt) && key?.equals(ca.key));
}

/** The nearest folder at or above `path` that exists. */
function nearestExisting(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

/**
 * Refuses, before a restore changes anything, a CA it could not put in place: Caddy's folder is
 * not this user's to write (Debian's caddy service keeps its own under /var/lib/caddy).
 */
export async function refuseUnwritableCaddyDir(caddyDataDir: string, ca: CaddyCa): Promise<void> {
  if (await holds(caddyDataDir, ca)) return;
  for (const place of [dirname(caAuthorityDir(caddyDataDir)), dirname(issuedDir(caddyDataDir))]) {
    const folder = nearestExisting(place);
    try {
      await access(folder, constants.W_OK | constants.X_OK);
    } catch (error) {
      throw conflict(
        `Cadangan ini memuat sertifikat CA Caddy, tetapi folder data Caddy ${caddyDataDir} tidak boleh ditulis oleh pengguna ini (${fsReason((error as { code?: string }).code)} di ${folder}). Jalankan restore sebagai pengguna yang menjalankan Caddy (atau dengan sudo), atau atur UKT_CADDY_DATA ke folder data Caddy yang boleh ditulis, lalu jalankan restore lagi.`,
      );
    }
  }
}

/** A name beside `path` that nothing has yet: `path-sebelum-pulih-<time>`, numbered when taken. */
function asideName(path: string, now: Date): string {
  const base = `${path}-sebelum-pulih-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
  let name = base;
  for (let n = 2; existsSync(name); n++) name = `${base}-${n}`;
  return name;
}

/** Running as root (sudo), new files go to the owner of Caddy's folder, so Caddy can read its key. */
async function ownerFor(caddyDataDir: string): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const { uid, gid } = await stat(nearestExisting(caddyDataDir));
  return uid === 0 ? undefined : { uid, gid };
}

/**
 * Puts the restored CA in Caddy's folder: root.crt and root.key 0600 in folders 0700. A different
 * CA already there is kept aside, renamed with the time, never deleted, and with it the
 * intermediate and the site certificates it issued (Caddy would go on serving them, chained to
 * the old root). A failure puts everything back as it was. Answers what the committee reads.
 */
export async function installCaddyCa(caddyDataDir: string, ca: CaddyCa, now: Date): Promise<string[]> {
  const dir = caAuthorityDir(caddyDataDir);
  if (await holds(caddyDataDir, ca)) {
    return [
      `Sertifikat CA Caddy di ${dir} sudah sama dengan yang di cadangan: tidak diubah, Caddy tidak perlu dimulai ulang.`,
    ];
  }
  const owner = await ownerFor(caddyDataDir);
  const aside: { from: string; to: string }[] = [];
  let created: string[] = [];
  const written: string[] = [];
  try {
    for (const from of [dir, issuedDir(caddyDataDir)]) {
      const entries = await readdir(from).catch(() => []);
      if (entries.length === 0) continue;
      const to = asideName(from, now);
      await rename(from, to);
      aside.push({ from, to });
    }
    created = missingFolders(dir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    for (const file of CA_FILES) {
      const path = join(dir, file);
      await writeFile(path, file === 'root.crt' ? ca.crt : ca.key, { flag: 'wx', mode: 0o600 });
      written.push(path);
    }
    if (owner) {
      for (const path of [...created, ...written]) await chown(path, owner.uid, owner.gid);
    }
  } catch (error) {
    for (const path of written) await rm(path, { force: true }).catch(() => undefined);
    for (const folder of [...created].reverse()) await rmdir(folder).catch(() => undefined);
    for (const { from, to } of aside.reverse()) await rename(to, from).catch(() => undefined);
    throw error;
  }
  const lines = [`Sertifikat CA Caddy dipulihkan ke ${dir}.`];
  if (aside.length > 0) {
    lines.push(
      `CA Caddy yang sebelumnya ada di sini tidak dihapus, hanya dipindahkan ke ${aside.map((a) => a.to).join(' dan ')}. HP yang sempat memasang sertifikat dari CA itu perlu memasang sertifikat lagi (Panitia → Sambungkan HP).`,
    );
  }
  lines.push(
    'Mulai ulang Caddy agar situs memakai sertifikat yang dipulihkan (layanan Linux: sudo systemctl restart caddy; Windows atau macOS: tutup jendela Caddy, lalu jalankan lagi). HP yang sudah memasang sertifikat dari laptop asal cadangan ini tetap tersambung tanpa memasang ulang.',
  );
  return lines;
}
