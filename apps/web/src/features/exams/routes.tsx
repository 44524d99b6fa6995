import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { DRAW_EXAMS } from './draws/draw-config';

/** Wraps a named screen export as a lazy route chunk (DESIGN §8: each exam screen is its own chunk). */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

/** The exam screens the router mounts behind the guard (SPEC §2 routes). */
export const examRoutes: { path: string; Component: LazyExoticComponent<ComponentType> }[] = [
  {
    path: '/SoalUjian',
    Component: screen(
      () => import('./keshan/soal-ujian'),
      (m) => m.SoalUjian,
    ),
  },
  {
    path: '/UjianSenam',
    Component: screen(
      () => import('./rows/ujian-senam'),
      (m) => m.UjianSenam,
    ),
  },
  {
    path: '/UjianPasang',
    Component: screen(
      () => import('./pasang/ujian-pasang'),
      (m) => m.UjianPasang,
    ),
  },
  {
    path: '/UjianJurus',
    Component: screen(
      () => import('./rows/ujian-jurus'),
      (m) => m.UjianJurus,
    ),
  },
  {
    path: '/UjianBelati',
    Component: screen(
      () => import('./rows/ujian-belati'),
      (m) => m.UjianBelati,
    ),
  },
  {
    path: '/UjianFisik',
    Component: screen(
      () => import('./fisik/ujian-fisik'),
      (m) => m.UjianFisik,
    ),
  },
  {
    path: '/UjianSambung',
    Component: screen(
      () => import('./sambung/ujian-sambung'),
      (m) => m.UjianSambung,
    ),
  },
  {
    path: '/UjianKSHAN',
    Component: screen(
      () => import('./kshan/ujian-kshan'),
      (m) => m.UjianKSHAN,
    ),
  },
  // The draw exams, one screen configured from core's score columns (NILAI_KOLOM's `undian`).
  ...DRAW_EXAMS.map((config) => ({
    path: config.path,
    Component: screen(
      () => import('./draws/ujian-undian'),
      (m) => m.ujianUndian(config),
    ),
  })),
];
