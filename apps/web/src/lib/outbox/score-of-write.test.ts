import { API } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { scoreOfWrite } from './score-of-write';

const json = (path: string, value: unknown) => ({ path, body: { kind: 'json' as const, value } });
const at = { id_siswa: 12, id_ukt: 3, id_tingkat: 2 };

describe('scoreOfWrite', () => {
  it('reads a score group of NilaiSiswa, not its bonus', () => {
    const item = json(API.nilai.href(), { ...at, nilai_blati_plus: 3, nilai_blati: 70 });
    expect(scoreOfWrite(item)).toEqual({
      idUkt: 3,
      idSiswa: 12,
      idTingkat: 2,
      field: 'nilai_blati',
      nilai: 70,
    });
  });

  it('keeps KSHAN under its own level', () => {
    const item = json(API.nilai.href(), { ...at, id_tingkat: 5, nilai_kshan: 72.5, nilai_kshan_plus: 0 });
    expect(scoreOfWrite(item)).toMatchObject({ idTingkat: 5, field: 'nilai_kshan', nilai: 72.5 });
  });

  it('reads the physical payload as the average of its converted scores, as the server stores it', () => {
    const item = json(API.nilaiFisik.href(), {
      ...at,
      nilai_mft: '5.2',
      nilai_mft2: 60,
      nilai_pushup: 30,
      nilai_pushup2: 70,
      nilai_sperperut_atas: 20,
      nilai_sperperut_atas2: 50,
      nilai_sperperut_bawah: 20,
      nilai_sperperut_bawah2: 55,
      nilai_plank: 90,
      nilai_plank2: 81.6,
    });
    expect(scoreOfWrite(item)).toMatchObject({ field: 'nilai_fisik2', nilai: 63.32 });
  });

  it("takes a KESHAN score from the server's grade: unknown until the sheet is received", () => {
    const item = json(API.keshanJawaban.href(), { ...at, jawaban: [{ id_soal: 1, jawaban: 'a' }] });
    expect(scoreOfWrite(item)).toMatchObject({ field: 'nilai_kshan', idTingkat: 2, nilai: null });
    expect(scoreOfWrite(item, { benar: 16, salah: 4, kosong: 0, nilai: 80 })).toMatchObject({ nilai: 80 });
  });

  it('finds no score in a take, a recording or a body without its participant', () => {
    expect(scoreOfWrite(json(API.siswaUpdate.href('12'), { sudah_tes: 7, id_ukt: 3 }))).toBeNull();
    expect(
      scoreOfWrite({ path: API.keshanUploadAudio.href(), body: { kind: 'form', entries: [] } }),
    ).toBeNull();
    expect(scoreOfWrite(json(API.nilai.href(), { id_ukt: 3, id_tingkat: 2, nilai_jurus: 60 }))).toBeNull();
  });
});
