import type {
  GambarSlot,
  OrganisasiInput,
  PanitiaOrganisasi,
  PenandatanganKegiatan,
  PenandatanganSet,
} from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { conflict, notFound } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { setPenandatanganKegiatan } from '../kegiatan/kegiatan.repository';
import { requireKegiatan } from '../kegiatan/kegiatan.service';
import type { ImageKind } from '../media/image-sniff';
import type { MediaStore } from '../media/media.store';
import {
  type GambarSet,
  gambarColumns,
  gambarOf,
  removeGambarFile,
  type StoredGambar,
  sameGambar,
  writeGambarFile,
} from './gambar.store';
import { toPanitiaOrganisasi } from './organisasi.mapper';
import { findOrganisasiRow, replaceGambarColumns, updateOrganisasi } from './organisasi.repository';
import { penandatanganColumn, penandatanganOf } from './penandatangan';

// The console's Organisasi page (DESIGN §9): name, colours, the announcement, logo and banners,
// and the documents' signatories (docs/decisions/110).

/** What the organisation calls need. */
export interface OrganisasiDeps {
  db: Kysely<Database>;
  writer: Writer;
  media: MediaStore;
  idOrganisasi: number;
  now: string;
}

async function rowOf(db: Kysely<Database>, idOrganisasi: number) {
  const row = await findOrganisasiRow(db, idOrganisasi);
  // The row is made at start (app.ts ensureOrganisasi): missing means the database was changed by hand.
  if (!row) throw notFound('Data organisasi tidak ditemukan. Mulai ulang server untuk membuatnya.');
  return row;
}

/** The organisation as the console edits it. */
export async function getPanitiaOrganisasi(
  db: Kysely<Database>,
  idOrganisasi: number,
): Promise<PanitiaOrganisasi> {
  return toPanitiaOrganisasi(await rowOf(db, idOrganisasi));
}

/** Changes the name, city, colours and announcement. */
export async function editOrganisasi(
  deps: OrganisasiDeps,
  input: OrganisasiInput,
): Promise<PanitiaOrganisasi> {
  await deps.writer.run(async (trx) => {
    await updateOrganisasi(trx, deps.idOrganisasi, {
      nama_organisasi: input.nama_organisasi,
      kota: input.kota,
      warna: input.warna,
      warna2: input.warna2,
      warna3: input.warna3,
      warna4: input.warna4,
      pengumuman: input.pengumuman,
      update_at: deps.now,
    });
  });
  return getPanitiaOrganisasi(deps.db, deps.idOrganisasi);
}

/** The signatories the documents print. */
export async function getPenandatangan(
  db: Kysely<Database>,
  idOrganisasi: number,
): Promise<PenandatanganSet> {
  return penandatanganOf(await rowOf(db, idOrganisasi));
}

/** Replaces the signatories. */
export async function editPenandatangan(
  deps: OrganisasiDeps,
  input: PenandatanganSet,
): Promise<PenandatanganSet> {
  await deps.writer.run(async (trx) => {
    await updateOrganisasi(trx, deps.idOrganisasi, {
      penandatangan: penandatanganColumn(input),
      update_at: deps.now,
    });
  });
  return getPenandatangan(deps.db, deps.idOrganisasi);
}

/** One event's own signatories, and the organisation's that fill in the rest. */
export async function getPenandatanganKegiatan(
  db: Kysely<Database>,
  admin: AuthPenguji,
  idUkt: number,
): Promise<PenandatanganKegiatan> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  return {
    kegiatan: penandatanganOf(kegiatan),
    organisasi: await getPenandatangan(db, admin.id_organisasi),
  };
}

/** Replaces one event's own signatories (all empty: the organisation's apply again). */
export async function editPenandatanganKegiatan(
  deps: OrganisasiDeps,
  admin: AuthPenguji,
  idUkt: number,
  input: PenandatanganSet,
): Promise<PenandatanganKegiatan> {
  await requireKegiatan(deps.db, admin, idUkt);
  const empty = Object.values(input).every((p) => !p.jabatan && !p.nama);
  await deps.writer.run(async (trx) => {
    await setPenandatanganKegiatan(
      trx,
      admin.id_organisasi,
      idUkt,
      empty ? null : penandatanganColumn(input),
    );
  });
  return getPenandatanganKegiatan(deps.db, admin, idUkt);
}

/** How often a slot change is tried again when another one changed the images in between. */
const ATTEMPTS = 5;

/**
 * Sets or clears one slot in the image columns, compare-and-set so that two changes to different
 * slots at once both stay; answers what the slot held before.
 */
async function changeSlot(
  deps: OrganisasiDeps,
  slot: GambarSlot,
  next: StoredGambar | undefined,
): Promise<StoredGambar | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const outcome = await deps.writer.run(async (trx) => {
      const row = await findOrganisasiRow(trx, deps.idOrganisasi);
      if (!row) throw notFound('Data organisasi tidak ditemukan. Mulai ulang server untuk membuatnya.');
      const set: GambarSet = { ...gambarOf(row), [slot]: next };
      if (!next) delete set[slot];
      const read = { banners: row.banners, logo_gambar: row.logo_gambar };
      const done = await replaceGambarColumns(trx, deps.idOrganisasi, read, {
        ...gambarColumns(set),
        update_at: deps.now,
      });
      return { done, before: gambarOf(row)[slot] };
    });
    if (outcome.done) return outcome.before;
  }
  throw conflict('Gambar organisasi sedang diubah dari tempat lain. Muat ulang halaman lalu coba lagi.');
}

/**
 * Stores an uploaded image in a slot: its file first, then the row names it, then the file it
 * replaced goes. When the row cannot be changed, a file this upload created is removed again.
 */
export async function uploadGambar(
  deps: OrganisasiDeps,
  slot: GambarSlot,
  image: { data: Buffer; kind: ImageKind },
): Promise<PanitiaOrganisasi> {
  const { stored, created } = await writeGambarFile(
    deps.media,
    deps.idOrganisasi,
    slot,
    image.kind,
    image.data,
  );
  let before: StoredGambar | undefined;
  try {
    before = await changeSlot(deps, slot, stored);
  } catch (error) {
    if (created) await removeGambarFile(deps.media, deps.idOrganisasi, slot, stored);
    throw error;
  }
  if (before && !sameGambar(before, stored)) {
    await removeGambarFile(deps.media, deps.idOrganisasi, slot, before);
  }
  return getPanitiaOrganisasi(deps.db, deps.idOrganisasi);
}

/** Empties a slot (a banner leaves the carousel; the logo goes back to the default one). */
export async function deleteGambar(deps: OrganisasiDeps, slot: GambarSlot): Promise<PanitiaOrganisasi> {
  const before = await changeSlot(deps, slot, undefined);
  if (before) await removeGambarFile(deps.media, deps.idOrganisasi, slot, before);
  return getPanitiaOrganisasi(deps.db, deps.idOrganisasi);
}
