import {
  API,
  API_PREFIX,
  GAMBAR_SLOTS,
  type GambarSlot,
  type Organisasi,
  type PanitiaOrganisasi,
} from '@ukt/core';
import type { Selectable } from 'kysely';
import type { OrganisasiTable } from '../../db/types';
import { gambarOf } from './gambar.store';

/** SPEC §9's defaults of the organisation config. */
export const ORGANISASI_DEFAULTS = { kota: 'MADIUN', logo_height: '250px', warna: '#FFA500' } as const;

/** The public URL of an uploaded image; the version makes every upload a new URL (long cache). */
export function gambarUrl(idOrganisasi: number, slot: GambarSlot, v: string): string {
  return `${API_PREFIX}${API.organisasiGambar.href(idOrganisasi, slot, v)}`;
}

/** Each slot's URL, null where nothing is uploaded. */
function slotUrls(row: Selectable<OrganisasiTable>): Record<GambarSlot, string | null> {
  const set = gambarOf(row);
  const urls = {} as Record<GambarSlot, string | null>;
  for (const slot of GAMBAR_SLOTS) {
    const stored = set[slot];
    urls[slot] = stored ? gambarUrl(row.id_organisasi, slot, stored.v) : null;
  }
  return urls;
}

/**
 * The organisation's config as the client reads it (core's Organisasi): SPEC §9's defaults where
 * a value is empty, the uploaded logo's URL in place of `logo` once there is one, and the
 * banners' URLs in slot order.
 */
export function toOrganisasi(row: Selectable<OrganisasiTable>): Organisasi {
  const {
    logo_height,
    id_organisasi,
    banners: _banners,
    logo_gambar: _logo,
    penandatangan: _penandatangan,
    ...rest
  } = row;
  const urls = slotUrls(row);
  return {
    ...rest,
    id_organisasi: String(id_organisasi),
    kota: rest.kota || ORGANISASI_DEFAULTS.kota,
    warna: rest.warna || ORGANISASI_DEFAULTS.warna,
    logoHeight: logo_height || ORGANISASI_DEFAULTS.logo_height,
    logo: urls.logo ?? rest.logo,
    banners: GAMBAR_SLOTS.map((slot) => (slot === 'logo' ? null : urls[slot])).filter(
      (url): url is string => url !== null,
    ),
  };
}

/** The organisation as the console edits it: the public record plus every slot's URL or null. */
export function toPanitiaOrganisasi(row: Selectable<OrganisasiTable>): PanitiaOrganisasi {
  return { ...toOrganisasi(row), gambar: slotUrls(row) };
}
