import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  fieldMessage,
  headerLabel,
  KegiatanInput,
  PassRuleSchema,
  PengujiInput,
  pathLabel,
  SoalInput,
} from '../src/index';

describe('field labels', () => {
  it('names each field as the console labels it', () => {
    expect(fieldLabel('nama_ukt')).toBe('Nama UKT');
    expect(fieldLabel('nama_kegiatan')).toBe('Nama kegiatan');
    expect(fieldLabel('tanggal_tes')).toBe('Tanggal tes');
    expect(fieldLabel('no_wa')).toBe('Nomor WhatsApp');
    expect(fieldLabel('no_urut')).toBe('No. urut');
    expect(fieldLabel('nilai_akhir')).toBe('Nilai akhir');
    expect(fieldLabel('jawaban_benar')).toBe('Kunci jawaban');
  });

  it('names a score column by its component, and any other key by its words', () => {
    expect(fieldLabel('nilai_jurus')).toBe('Nilai JURUS');
    expect(fieldLabel('nilai_toyak_senam_plus')).toBe('Nilai tambahan SENAM TOYAK');
    expect(fieldLabel('nilai_blati')).toBe('Nilai BELATI');
    expect(fieldLabel('tanda_tangan_ketua')).toBe('Tanda tangan ketua');
  });

  it('heads export columns with every word capitalised, component names as SPEC writes them', () => {
    expect(headerLabel('no_urut')).toBe('No. Urut');
    expect(headerLabel('nilai_akhir')).toBe('Nilai Akhir');
    expect(headerLabel('toyak_jurus')).toBe('JURUS TOYAK');
  });

  it('names a list item by its number and a group field by its group', () => {
    expect(pathLabel(['komponen', 0, 'bobot'])).toBe('Bobot komponen ke-1');
    expect(pathLabel(['predikat', 2, 'sampai'])).toBe('Batas predikat ke-3');
    expect(pathLabel(['jawaban', 4, 'jawaban'])).toBe('Jawaban ke-5');
    expect(pathLabel(['ketua_panitia', 'nama'])).toBe('Nama ketua panitia');
  });
});

describe('field messages', () => {
  it('puts the field name in front of a message about "this field", once', () => {
    expect(fieldMessage(['id_tingkat'], 'harus 1 sampai 4')).toBe('Tingkat harus 1 sampai 4');
    expect(fieldMessage(['cari'], 'pencarian terlalu panjang')).toBe('Pencarian terlalu panjang');
    expect(fieldMessage(['nama_ukt'], 'nama_ukt wajib diisi')).toBe('Nama UKT wajib diisi');
    expect(fieldMessage(['no_wa'], 'Nomor WhatsApp terlalu panjang')).toBe('Nomor WhatsApp terlalu panjang');
  });

  const keys = /\b[a-z]+_[a-z_]+\b/;
  const messagesOf = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => (result.error?.issues ?? []).map((i) => fieldMessage(i.path, i.message));

  it('leaves no key in any message of the console forms', () => {
    const messages = [
      ...messagesOf(KegiatanInput.safeParse({})),
      ...messagesOf(
        KegiatanInput.safeParse({
          nama_ukt: ' ',
          nama_kegiatan: 'x'.repeat(200),
          tanggal_tes: '28-11-2026',
          akhir_tes: '2026-02-30',
          id_tingkat: '',
        }),
      ),
      ...messagesOf(
        KegiatanInput.safeParse({
          nama_ukt: 'UKT',
          nama_kegiatan: 'Ujian',
          tanggal_tes: '2026-11-28',
          akhir_tes: '2026-11-01',
          id_tingkat: 1,
        }),
      ),
      ...messagesOf(PengujiInput.safeParse({ no_wa: '', nama: '', panitia: 'x', dewan: 0 })),
      ...messagesOf(SoalInput.safeParse({ jawaban_benar: 'e' })),
      ...messagesOf(
        PassRuleSchema.safeParse({ komponen: [], nilai_minimum: 'x', predikat: [{ sampai: 90, nama: '' }] }),
      ),
    ];
    expect(messages).toContain('Nama UKT wajib diisi');
    expect(messages).toContain('Tanggal tes harus berupa tanggal tahun-bulan-hari, contoh 2026-11-28');
    expect(messages).toContain('Akhir tes tidak boleh sebelum tanggal tes');
    expect(messages).toContain('Tingkat wajib diisi');
    expect(messages).toContain('Kunci jawaban harus a, b, c atau d');
    expect(messages).toContain('Nilai akhir minimum harus berupa angka');
    expect(messages.filter((m) => keys.test(m))).toEqual([]);
  });
});
