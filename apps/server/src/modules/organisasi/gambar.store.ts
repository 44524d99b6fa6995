import { createHash } from 'node:crypto';
import { GAMBAR_SLOTS, type GambarSlot } from '@ukt/core';
import { z } from 'zod';
import { IMAGE_EXTS, type ImageKind } from '../media/image-sniff';
import { type MediaStore, readWhole } from '../media/media.store';

// The organisation's logo and banners (DESIGN §9), kept in the media store like recordings: files
// under DATA_DIR on SQLite, rows on PostgreSQL (docs/decisions/017, 036, 164). Each upload gets its
// own file, named after its content's hash, so
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

/** An uploaded image's name in the media store: organisasi/{id}/{slot}-{v}.{ext}, every part checked. */
export function gambarName(idOrganisasi: number, slot: GambarSlot, stored: StoredGambar) {
  return `organisasi/${idOrganisasi}/${slot}-${stored.v}.${stored.ext}`;
}

/** An uploaded image's bytes, or null when it is not there. */
export async function readGambar(
  media: MediaStore,
  idOrganisasi: number,
  slot: GambarSlot,
  stored: StoredGambar,
): Promise<Buffer | null> {
  const file = await media.open(gambarName(idOrganisasi, slot, stored));
  return file ? readWhole(file).catch(() => null) : null;
}

/**
 * Writes an image to its own file (through a temporary file and a rename, so a reader never
 * sees half of it) and answers what the row should record, and whether the file is new (the
 * same image uploaded again to the same slot has one already). Writes no database row.
 */
export async function writeGambarFile(
  media: MediaStore,
  idOrganisasi: number,
  slot: GambarSlot,
  kind: ImageKind,
  data: Buffer,
): Promise<{ stored: StoredGambar; created: boolean }> {
  const stored: StoredGambar = {
    ext: kind.ext,
    v: createHash('sha256').update(data).digest('hex').slice(0, 12),
  };
  const name = gambarName(idOrganisasi, slot, stored);
  if (await media.exists(name)) return { stored, created: false };
  await media.put(name, data, kind.mime);
  return { stored, created: true };
}

/** True when two records name the same file (an image uploaded again unchanged). */
export function sameGambar(a: StoredGambar | undefined, b: StoredGambar | undefined): boolean {
  return a?.v === b?.v && a?.ext === b?.ext;
}

/** Removes an image's file; one already gone is fine. */
export async function removeGambarFile(
  media: MediaStore,
  idOrganisasi: number,
  slot: GambarSlot,
  stored: StoredGambar,
): Promise<void> {
  await media.remove(gambarName(idOrganisasi, slot, stored));
}
