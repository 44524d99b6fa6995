import { PENGIRIMAN_KODE, type PengirimanKode } from '@ukt/core';

// Where the pending code went, as the server last answered (docs/decisions/155), kept beside the
// pending number (localStorage, SPEC §4) so that the code screen says it again after a reload.
const KEY = 'ukt:pengiriman-kode';

/** Keeps where the code went. */
export function rememberPengiriman(pengiriman: PengirimanKode): void {
  try {
    localStorage.setItem(KEY, pengiriman);
  } catch {
    // storage refused (private mode): the code screen then says both ways
  }
}

/** Where the pending code went, or null when it is not known (an app from before this note). */
export function storedPengiriman(): PengirimanKode | null {
  try {
    const value = localStorage.getItem(KEY);
    return PENGIRIMAN_KODE.find((p) => p === value) ?? null;
  } catch {
    return null;
  }
}
