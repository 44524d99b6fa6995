import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GAMBAR_SLOTS, type GambarSlot } from '@ukt/core';
import { z } from 'zod';
import { IMAGE_EXTS, type ImageKind } from '../media/image-sniff';

// The organisation's logo and banners (DESIGN §9), stored on disk under DATA_DIR like recordings
// (docs/decisions/017, 036). Each upload gets its own file, named after its content's hash, so
// the database row always names a file that exists: the new file is written first, the row then
// points to it, and only after that commit is the old file removed.

/** An uploaded image: its format and version (the first hex digits of its content's SHA-256). */
export interface StoredGambar {
  ext: ImageKind['ext'];
  v: string;
}

/** The uploaded images of an organisation by slot. */
export type GambarSet = Partial<Record<GambarSlot, StoredGambar>>;

const Stored = z.object({ ext: z.enum(IMAGE_EXTS), v: z.string().regex(/^[0-9a-f]{12}$/) });
const StoredBanners = z.array(Stored.extend({ slot: z.enum(GAMBAR_SLOTS) }));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The images the organisation row's columns name (a malformed column counts as no image). */
export function gambarOf(row: { banners: string; logo_gambar: string }): GambarSet {
  const set: GambarSet = {};
  const logo = Stored.safeParse(parseJson(row.logo_gambar));
  if (logo.success) set.logo = logo.data;
  const banners = StoredBanners.safeParse(parseJson(row.banners));
  for (const { slot, ...stored } of banners.success ? banners.data : []) {
    if (slot !== 'logo') set[slot] = stored;
  }
  return set;
}

/** The organisation row's column values for a set of images. */
export function gambarColumns(set: GambarSet): { banners: string; logo_gambar: string } {
  const banners = GAMBAR_SLOTS.filter((slot) => slot !== 'logo' && set[slot]).map((slot) => ({
    slot,
    ...(set[slot] as StoredGambar),
  }));
  return { banners: JSON.stringify(banners), logo_gambar: set.logo ? JSON.stringify(set.logo) : '' };
}

const dirOf = (dataDir: string, idOrganisasi: number) => join(dataDir, 'organisasi', String(idOrganisasi));

/** Where an uploaded image lives: DATA_DIR/organisasi/{id}/{slot}-{v}.{ext}, every part checked. */
export function gambarPath(dataDir: string, idOrganisasi: number, slot: GambarSlot, stored: StoredGambar) {
  return join(dirOf(dataDir, idOrganisasi), `${slot}-${stored.v}.${stored.ext}`);
}

/**
 * Writes an image to its own file (through a temporary file and a rename, so a reader never
 * sees half of it) and answers what the row should record, and whether the file is new (the
 * same image uploaded again to the same slot has one already). Writes no database row.
 */
export async function writeGambarFile(
  dataDir: string,
  idOrganisasi: number,
  slot: GambarSlot,
  kind: ImageKind,
  data: Buffer,
): Promise<{ stored: StoredGambar; created: boolean }> {
  const stored: StoredGambar = {
    ext: kind.ext,
    v: createHash('sha256').update(data).digest('hex').slice(0, 12),
  };
  const path = gambarPath(dataDir, idOrganisasi, slot, stored);
  const existed = await stat(path).then(
    () => true,
    () => false,
  );
  if (existed) return { stored, created: false };
  const dir = dirOf(dataDir, idOrganisasi);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${slot}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, data).catch(async (error: unknown) => {
    // A full disk leaves part of the file behind: give that space back (docs/decisions/100).
    await unlink(temp).catch(() => undefined);
    throw error;
  });
  await rename(temp, path);
  return { stored, created: true };
}

/** True when two records name the same file (an image uploaded again unchanged). */
export function sameGambar(a: StoredGambar | undefined, b: StoredGambar | undefined): boolean {
  return a?.v === b?.v && a?.ext === b?.ext;
}

/** Removes an image's file; one already gone is fine. */
export async function removeGambarFile(
  dataDir: string,
  idOrganisasi: number,
  slot: GambarSlot,
  stored: StoredGambar,
): Promise<void> {
  await unlink(gambarPath(dataDir, idOrganisasi, slot, stored)).catch(() => undefined);
}
