import type { PenandatanganSet } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { MediaStore } from '../media/media.store';
import { gambarOf, readGambar } from '../organisasi/gambar.store';
import { ORGANISASI_DEFAULTS } from '../organisasi/organisasi.mapper';
import { findOrganisasiRow } from '../organisasi/organisasi.repository';
import { penandatanganOf } from '../organisasi/penandatangan';

// The organisation as every document prints it: its name, colour, city, logo and signatories.

/** What a document shows of the organisation. */
export interface Identitas {
  organisasi: string;
  /** A #rrggbb colour for rules and frames. */
  warna: string;
  /** The city in title case ('Madiun'), where documents are signed. */
  kota: string;
  /** The uploaded logo when it is a PNG or JPEG (what pdfkit embeds); null otherwise. */
  logo: Buffer | null;
  /** Who signs the piagam and the berita acara (docs/decisions/110). */
  penandatangan: PenandatanganSet;
}

const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/** The organisation's identity for its documents. */
export async function identitasOf(
  db: Kysely<Database>,
  idOrganisasi: number,
  media: MediaStore,
): Promise<Identitas> {
  const row = await findOrganisasiRow(db, idOrganisasi);
  const warna = row?.warna && /^#[0-9a-f]{6}$/i.test(row.warna) ? row.warna : ORGANISASI_DEFAULTS.warna;
  const stored = row ? gambarOf(row).logo : undefined;
  const logo =
    row && stored && stored.ext !== 'webp' ? await readGambar(media, idOrganisasi, 'logo', stored) : null;
  return {
    organisasi: row?.nama_organisasi || 'Perguruan Pencak Silat',
    warna,
    kota: titleCase(row?.kota || ORGANISASI_DEFAULTS.kota),
    logo,
    penandatangan: penandatanganOf(row),
  };
}
