import { describe, expect, it } from 'vitest';
import {
  EXAMS,
  outsideTugasMessage,
  type Penugasan,
  postOfFlag,
  postOfGroup,
  tugasAllows,
  tugasAllowsSoal,
} from '../src';

const HIJAU: Penugasan = { id_ukt: 7, nama_ukt: 'UKT Sabuk Hijau', id_tingkat: 2, pos: [2] };
const POLOS: Penugasan = { id_ukt: 9, nama_ukt: 'UKT Sabuk Polos', id_tingkat: 1, pos: [] };

describe('the post of a score group and of a take', () => {
  it('is the post of the exams that write the group (KSHAN with KESHAN)', () => {
    expect(postOfGroup('kshan')).toBe(1);
    for (const group of [
      'senam',
      'pasang',
      'jurus',
      'kripen',
      'blati',
      'toyak_senam',
      'toyak_jurus',
    ] as const)
      expect(postOfGroup(group)).toBe(2);
    expect(postOfGroup('fisik')).toBe(3);
    expect(postOfGroup('sambung')).toBe(4);
    for (const exam of EXAMS) expect(postOfGroup(exam.group)).toBe(exam.kat);
  });

  it('reads a take flag back to its post', () => {
    expect(postOfFlag('sudah_keshan')).toBe(1);
    expect(postOfFlag('sudah_tes')).toBe(2);
    expect(postOfFlag('sudah_fisik')).toBe(3);
    expect(postOfFlag('sudah_sambung')).toBe(4);
  });
});

describe('tugasAllows', () => {
  it('lets an examiner without assignments work everywhere', () => {
    expect(tugasAllows(null, 1, 3)).toBe(true);
    expect(tugasAllowsSoal(null, 5)).toBe(true);
  });

  it('holds an assigned examiner to her events and posts', () => {
    const tugas = [HIJAU, POLOS];
    expect(tugasAllows(tugas, 7)).toBe(true);
    expect(tugasAllows(tugas, 7, 2)).toBe(true);
    expect(tugasAllows(tugas, 7, 3)).toBe(false);
    expect(tugasAllows(tugas, 9, 4)).toBe(true);
    expect(tugasAllows(tugas, 8)).toBe(false);
  });

  it('gives the KESHAN questions of a belt only to the KESHAN post of an event of that belt', () => {
    expect(tugasAllowsSoal([HIJAU], 2)).toBe(false);
    expect(tugasAllowsSoal([{ ...HIJAU, pos: [1, 3] }], 2)).toBe(true);
    expect(tugasAllowsSoal([POLOS], 1)).toBe(true);
    expect(tugasAllowsSoal([POLOS], 2)).toBe(false);
  });
});

describe('outsideTugasMessage', () => {
  it('names every event and its posts, and says what to do', () => {
    expect(outsideTugasMessage([HIJAU])).toBe(
      'Anda ditugaskan di kegiatan UKT Sabuk Hijau, pos TEKNIK. Kegiatan dan pos lain tidak dapat Anda buka atau nilai; bila tugas Anda berubah, minta panitia mengubahnya.',
    );
    expect(outsideTugasMessage([{ ...HIJAU, pos: [4, 1, 3] }, POLOS])).toMatch(
      /^Anda ditugaskan di kegiatan UKT Sabuk Hijau, pos KESHAN, FISIK dan SAMBUNG; kegiatan UKT Sabuk Polos, semua pos\. /,
    );
  });
});
