import { IMPOR_KEPUTUSAN_FIELD } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { imporForm, imporQuery } from './impor-target';

describe('imporQuery', () => {
  it('names the event of a peserta import and the belt of a soal import, nothing else', () => {
    expect(imporQuery({ jenis: 'peserta', idUkt: '12', tingkat: '3' })).toBe('?id_ukt=12');
    expect(imporQuery({ jenis: 'soal', idUkt: '12', tingkat: '3' })).toBe('?tingkat=3');
    expect(imporQuery({ jenis: 'kegiatan', idUkt: '12', tingkat: '3' })).toBe('');
    expect(imporQuery({ jenis: 'penguji', idUkt: '', tingkat: '' })).toBe('');
  });
});

describe('imporForm', () => {
  it('sends the file as the multipart field `file`, under its own name', () => {
    const form = imporForm(new File(['no_urut,nama\n'], 'peserta.csv', { type: 'text/csv' }));
    const file = form.get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('peserta.csv');
  });

  it('sends the region decisions as a field before the file, and none when there are none', () => {
    const file = new File(['no_urut,nama\n'], 'peserta.csv', { type: 'text/csv' });
    const form = imporForm(file, { 'ranting:a / b / ranting tamn': 'pakai' });
    expect([...form.keys()]).toEqual([IMPOR_KEPUTUSAN_FIELD, 'file']);
    expect(JSON.parse(form.get(IMPOR_KEPUTUSAN_FIELD) as string)).toEqual({
      'ranting:a / b / ranting tamn': 'pakai',
    });
    expect([...imporForm(file, {}).keys()]).toEqual(['file']);
  });
});
