import { HALAMAN_KONSOL, HALAMAN_PERTAMA, type HalamanKonsol, type KelompokKonsol } from '@ukt/core';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** One page of the committee console: its path under /panitia/, its side-bar label and group, its screen. */
export interface ConsolePage {
  path: HalamanKonsol;
  label: string;
  group: KelompokKonsol;
  Page: LazyExoticComponent<ComponentType>;
}

// Each page is its own chunk: a committee member on a phone loads only the page they open
// (docs/decisions/042). A page folder never imports another page's folder (apps/web/biome.json);
// what two pages share lives in components/, api/, aturan/ or dokumen/.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/** Each page's screen, by its path in core's HALAMAN_KONSOL (a page without one does not compile). */
const SCREENS: Record<HalamanKonsol, LazyExoticComponent<ComponentType>> = {
  kegiatan: page(() => import('./kegiatan/components/kegiatan-page'), 'KegiatanPage'),
  impor: page(() => import('./impor/components/impor-page'), 'ImporPage'),
  peserta: page(() => import('./peserta/components/peserta-page'), 'PesertaPage'),
  penguji: page(() => import('./penguji/components/penguji-page'), 'PengujiPage'),
  soal: page(() => import('./soal/components/soal-page'), 'SoalPage'),
  sambungkan: page(() => import('./sambungkan/components/sambungkan-page'), 'SambungkanPage'),
  progres: page(() => import('./progres/components/progres-page'), 'ProgresPage'),
  rekap: page(() => import('./rekap/components/rekap-page'), 'RekapPage'),
  audit: page(() => import('./audit/components/audit-page'), 'AuditPage'),
  organisasi: page(() => import('./organisasi/components/organisasi-page'), 'OrganisasiPage'),
  cadangan: page(() => import('./cadangan/components/cadangan-page'), 'CadanganPage'),
};

/**
 * Every page of the console, in the side bar's order: core's HALAMAN_KONSOL (which the server reads
 * too) with each page's screen. The router and the side bar both read this list; a new page is one
 * entry there and its screen here.
 */
export const CONSOLE_PAGES: readonly ConsolePage[] = HALAMAN_KONSOL.map((h) => ({
  ...h,
  Page: SCREENS[h.path],
}));

/** The console's first page: /panitia and unknown paths open it. */
export const FIRST_PAGE = HALAMAN_PERTAMA;
