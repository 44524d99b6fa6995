import { describe, expect, it } from 'vitest';
import {
  BELTS,
  beltName,
  DEFAULT_BELT,
  examsForPost,
  isAdminPanitia,
  KSHAN_TINGKAT,
  mayTakeAt,
  mayWriteGroup,
  POSTS,
  postFlagField,
  postHeader,
  postShowsPicker,
  toBelt,
} from '../src';

const paths = (post: 0 | 1 | 2 | 3 | 4, dewan?: number | string) =>
  examsForPost(post, { dewan }).map((e) => e.path);

describe('belts', () => {
  it('names the four promotions and defaults to belt 4', () => {
    expect(beltName(1)).toBe('Sabuk Polos Ke Jambon');
    expect(beltName(2)).toBe('Jambon Ke Hijau');
    expect(beltName(3)).toBe('Hijau Ke Putih');
    expect(beltName(4)).toBe('Putih Ke Calon Warga');
    expect(BELTS.map((b) => b.link).slice(0, 4)).toEqual([
      '/SabukPolos',
      '/SabukJambon',
      '/SabukHijau',
      '/SabukPutih',
    ]);
    expect(DEFAULT_BELT).toBe(4);
    expect(KSHAN_TINGKAT).toBe(5);
  });

  it('reads stored belt values and falls back to 4', () => {
    expect(toBelt('2')).toBe(2);
    expect(toBelt(5)).toBe(5);
    expect(toBelt('x')).toBe(4);
    expect(toBelt(null)).toBe(4);
    expect(toBelt(6)).toBe(4);
  });
});

describe('posts', () => {
  it('lists KESHAN 1, TEKNIK 2, FISIK 3, SAMBUNG 4 with their headers', () => {
    expect(POSTS.map((p) => [p.id, p.nama])).toEqual([
      [1, 'KESHAN'],
      [2, 'TEKNIK'],
      [3, 'FISIK'],
      [4, 'SAMBUNG'],
    ]);
    expect(postHeader(1)).toBe('POS UJIAN KESHAN');
    expect(postHeader(2)).toBe('POS UJIAN TEKNIK');
    expect(postHeader(3)).toBe('POS UJIAN FISIK');
    expect(postHeader(4)).toBe('POS UJIAN SAMBUNG');
    expect(postHeader(0)).toBe('');
  });

  it('names the participant-update field of each post (no post: sudah_tes)', () => {
    expect([0, 1, 2, 3, 4].map((p) => postFlagField(p as 0))).toEqual([
      'sudah_tes',
      'sudah_keshan',
      'sudah_tes',
      'sudah_fisik',
      'sudah_sambung',
    ]);
  });

  it('hides the participant picker only on the sambung post', () => {
    expect([1, 2, 3, 4].map((p) => postShowsPicker(p as 1))).toEqual([true, true, true, false]);
  });
});

describe('exam visibility (SPEC §6)', () => {
  it('shows nothing before a post is chosen', () => {
    expect(paths(0)).toEqual([]);
  });

  it('shows only keshan at post 1, with KSHAN beside UJI KESHAN', () => {
    expect(paths(1)).toEqual(['/SoalUjian', '/UjianKSHAN']);
  });

  it('hides keshan, fisik and sambung at post 2', () => {
    expect(paths(2)).toEqual([
      '/UjianSenam',
      '/UjianPasang',
      '/UjianJurus',
      '/UjianKripen',
      '/UjianBelati',
      '/UjianToyakSenam',
      '/UjianToyakJurus',
    ]);
  });

  it('shows only fisik at post 3 and only sambung at post 4', () => {
    expect(paths(3)).toEqual(['/UjianFisik']);
    expect(paths(4)).toEqual(['/UjianSambung']);
  });

  it('shows a dewan 2 examiner only the keshan exams', () => {
    expect(paths(1, 2)).toEqual(['/SoalUjian', '/UjianKSHAN']);
    expect(paths(1, '2')).toEqual(['/SoalUjian', '/UjianKSHAN']);
    expect(paths(2, 2)).toEqual([]);
    expect(paths(3, 2)).toEqual([]);
    expect(paths(4, 2)).toEqual([]);
    expect(paths(2, 1)).toHaveLength(7);
  });

  it('lets a dewan 2 examiner write only keshan scores', () => {
    expect(mayWriteGroup('kshan', { dewan: 2 })).toBe(true);
    expect(mayWriteGroup('pasang', { dewan: '2' })).toBe(false);
    expect(mayWriteGroup('pasang', { dewan: 1 })).toBe(true);
  });

  it('lets a dewan 2 examiner take participants only at the KESHAN post', () => {
    expect(mayTakeAt('sudah_keshan', { dewan: 2 })).toBe(true);
    for (const flag of ['sudah_tes', 'sudah_fisik', 'sudah_sambung'] as const) {
      expect(mayTakeAt(flag, { dewan: '2' })).toBe(false);
      expect(mayTakeAt(flag, { dewan: 1 })).toBe(true);
    }
  });

  it('lets only "adminstrator" and "Admin" change the region filters', () => {
    expect(isAdminPanitia('adminstrator')).toBe(true);
    expect(isAdminPanitia('Admin')).toBe(true);
    expect(isAdminPanitia('administrator')).toBe(false);
    expect(isAdminPanitia('admin')).toBe(false);
    expect(isAdminPanitia('Penguji')).toBe(false);
    expect(isAdminPanitia(null)).toBe(false);
  });
});
