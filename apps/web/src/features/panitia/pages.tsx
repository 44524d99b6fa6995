import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** One page of the committee console: its path under /panitia/, its side-bar label and group, its screen. */
export interface ConsolePage {
  path: string;
  label: string;
  group: 'Persiapan' | 'Hari ujian' | 'Hasil' | 'Pengaturan';
  Page: LazyExoticComponent<ComponentType>;
}

// Each page is its own chunk: a committee member on a phone loads only the page they open
// (docs/decisions/042). A page folder never imports another page's folder (apps/web/biome.json);
// what two pages share lives in components/, api/, aturan/ or dokumen/.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/**
 * Every page of the console, in the side bar's order: the order a committee works through an event
 * (DESIGN §9). The router and the side bar both read this list; a new page is one entry here.
 */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: 'kegiatan',
    label: 'Kegiatan',
    group: 'Persiapan',
    Page: page(() => import('./kegiatan/components/kegiatan-page'), 'KegiatanPage'),
  },
  {
    path: 'impor',
    label: 'Impor',
    group: 'Persiapan',
    Page: page(() => import('./impor/components/impor-page'), 'ImporPage'),
  },
  {
    path: 'peserta',
    label: 'Peserta',
    group: 'Persiapan',
    Page: page(() => import('./peserta/components/peserta-page'), 'PesertaPage'),
  },
  {
    path: 'penguji',
    label: 'Penguji',
    group: 'Persiapan',
    Page: page(() => import('./penguji/components/penguji-page'), 'PengujiPage'),
  },
  {
    path: 'soal',
    label: 'Soal KESHAN',
    group: 'Persiapan',
    Page: page(() => import('./soal/components/soal-page'), 'SoalPage'),
  },
  {
    path: 'sambungkan',
    label: 'Sambungkan HP',
    group: 'Hari ujian',
    Page: page(() => import('./sambungkan/components/sambungkan-page'), 'SambungkanPage'),
  },
  {
    path: 'progres',
    label: 'Progres',
    group: 'Hari ujian',
    Page: page(() => import('./progres/components/progres-page'), 'ProgresPage'),
  },
  {
    path: 'rekap',
    label: 'Rekap',
    group: 'Hasil',
    Page: page(() => import('./rekap/components/rekap-page'), 'RekapPage'),
  },
  {
    path: 'audit',
    label: 'Audit',
    group: 'Hasil',
    Page: page(() => import('./audit/components/audit-page'), 'AuditPage'),
  },
  {
    path: 'organisasi',
    label: 'Organisasi',
    group: 'Pengaturan',
    Page: page(() => import('./organisasi/components/organisasi-page'), 'OrganisasiPage'),
  },
  {
    path: 'cadangan',
    label: 'Cadangan',
    group: 'Pengaturan',
    Page: page(() => import('./cadangan/components/cadangan-page'), 'CadanganPage'),
  },
];

/** The console's first page: /panitia and unknown paths open it. */
export const FIRST_PAGE = 'kegiatan';
