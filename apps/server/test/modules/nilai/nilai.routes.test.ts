import { fieldLabel, NilaiRecord } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { FISIK_READINGS } from '../../support/scores';

const key = (id_siswa: number, id_tingkat = 1) => ({ id_siswa, id_ukt: 1, id_tingkat });

function fisik(id_siswa: number) {
  return {
    ...key(id_siswa),
    id_penguji: '1',
    ...FISIK_READINGS,
  };
}

describe.each(DATABASES)('scores on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const save = (token: string, payload: Record<string, unknown>) =>
    api(t, token, 'POST', '/DataSiswa/NilaiSiswa', payload);
  const read = async (id_siswa: number, id_tingkat = 1) => {
    const res = await api(
      t,
      admin,
      'GET',
      `/DataSiswa/NilaiSiswa?id_siswa=${id_siswa}&id_tingkat=${id_tingkat}&id_ukt=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return NilaiRecord.parse(res.json().data);
  };

  it('answers zeros for a participant never scored', async () => {
    expect(await read(3)).toMatchObject({
      id_nilai: '0',
      id_siswa: '3',
      nilai_jurus: 0,
      nilai_fisik2: 0,
      created_at: null,
    });
  });

  // Demo participants 1–4, 17–20, 33–36 … are in Siti's and Agus's cabang (the first).
  it('saves each score group alone and leaves the others untouched', async () => {
    const groups = [
      { nilai_jurus: 72.5, nilai_jurus_plus: 2 },
      { nilai_senam: 60, nilai_senam_plus: 0 },
      { nilai_blati: 83, nilai_blati_plus: 3 },
      { nilai_pasang: 80, nilai_pasang_plus: 5 },
      { nilai_sambung: 85 },
      { nilai_toyak_senam: 64.5, nilai_toyak_senam_plus: 1 },
      { nilai_toyak_jurus: 70, nilai_toyak_jurus_plus: 0 },
      { nilai_kripen: 55, nilai_kripen_plus: 4 },
    ];
    for (const group of groups) {
      const res = await save(siti, { ...key(1), ...group });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toEqual({ success: true, message: 'Nilai berhasil disimpan' });
    }
    const record = await read(1);
    for (const group of groups) expect(record).toMatchObject(group);
    expect(record.nilai_kshan).toBe(0);
  });

  it('saves an oral KSHAN score at id_tingkat 5', async () => {
    expect((await save(siti, { ...key(2, 5), nilai_kshan: 77.5, nilai_kshan_plus: 0 })).statusCode).toBe(200);
    expect((await read(2, 5)).nilai_kshan).toBe(77.5);
    expect((await read(2, 1)).nilai_kshan).toBe(0);
  });

  it('rejects a bad value with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nilai_sambung: 77 }, 'nilai_sambung'],
      [{ nilai_jurus: 90, nilai_jurus_plus: 1 }, 'nilai_jurus'],
      [{ nilai_jurus: 70, nilai_jurus_plus: 6 }, 'nilai_jurus_plus'],
      [{ nilai_jurus: 70, nilai_jurus_plus: 1.5 }, 'nilai_jurus_plus'],
      // Toyak and kripen take the forms' bonus (SPEC §9, decision 002) and are checked the same way.
      [{ nilai_toyak_senam: 86, nilai_toyak_senam_plus: 5 }, 'nilai_toyak_senam'],
      [{ nilai_toyak_jurus: 73, nilai_toyak_jurus_plus: 6 }, 'nilai_toyak_jurus_plus'],
      [{ nilai_kripen: 72.5, nilai_kripen_plus: 2.5 }, 'nilai_kripen_plus'],
      [{ nilai_kripen: 52, nilai_kripen_plus: 3 }, 'nilai_kripen'],
      [{ nilai_senam: '70' }, 'nilai_senam'],
      [{ nilai_kshan: 51 }, 'nilai_kshan'],
    ];
    for (const [group, field] of cases) {
      const res = await save(siti, { ...key(4), ...group });
      expect(res.statusCode, JSON.stringify(group)).toBe(400);
      expect(body(res).success).toBe(false);
      // The field by its name on the phone ('Nilai tambahan JURUS'), never its key.
      expect(body(res).message).toContain(fieldLabel(field));
    }
    const two = await save(siti, { ...key(4), nilai_sambung: 80, nilai_jurus: 70 });
    expect(two.statusCode).toBe(400);
    const none = await save(siti, key(4));
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toContain('kelompok nilai');
    expect((await read(4)).id_nilai).toBe('0');
  });

  it('lets a dewan 2 examiner write only KESHAN scores', async () => {
    const denied = await save(agus, { ...key(17), nilai_jurus: 70, nilai_jurus_plus: 0 });
    expect(denied.statusCode).toBe(403);
    expect(body(denied).message).toContain('KESHAN');
    expect((await api(t, agus, 'POST', '/DataSiswa/nilaifisiksiswa', fisik(17))).statusCode).toBe(403);
    expect((await save(agus, { ...key(17, 5), nilai_kshan: 90 })).statusCode).toBe(200);
  });

  it('refuses a score while another examiner holds the participant at that post (409)', async () => {
    expect(
      (await api(t, admin, 'POST', '/DataSiswa/siswaUpdate/18', { id_ukt: 1, sudah_tes: 1 })).statusCode,
    ).toBe(200);
    const res = await save(siti, { ...key(18), nilai_senam: 70, nilai_senam_plus: 0 });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toContain('Budi Santoso');
    expect((await save(siti, { ...key(18), nilai_sambung: 70 })).statusCode).toBe(200);
  });

  it('recomputes the physical conversions and rejects a mismatch naming the field', async () => {
    const ok = await api(t, siti, 'POST', '/DataSiswa/nilaifisiksiswa', fisik(19));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body(ok).message).toBe('Data berhasil disimpan');
    const p = fisik(19);
    const expected =
      (p.nilai_mft2 + p.nilai_pushup2 + p.nilai_sperperut_atas2 + p.nilai_sperperut_bawah2 + p.nilai_plank2) /
      5;
    expect((await read(19)).nilai_fisik2).toBeCloseTo(expected, 2);
    const bad = await api(t, siti, 'POST', '/DataSiswa/nilaifisiksiswa', {
      ...fisik(20),
      nilai_pushup2: 100,
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Nilai Push Up');
    const level = await api(t, siti, 'POST', '/DataSiswa/nilaifisiksiswa', {
      ...fisik(20),
      nilai_mft: '9.99',
    });
    expect(body(level).message).toContain('Level Lari MFT');
  });

  it('keeps an audit trail of every score change: who, when, field, old and new', async () => {
    await save(siti, { ...key(33), nilai_sambung: 60 });
    await save(siti, { ...key(33), nilai_sambung: 60 });
    await save(siti, { ...key(33), nilai_sambung: 75 });
    const rows = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id_siswa', '=', 33)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.field, r.old_value, r.new_value])).toEqual([
      ['nilai_sambung', null, 60],
      ['nilai_sambung', 60, 75],
    ]);
    expect(rows[0]?.id_pemilih).toBe(2);
    expect(rows[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
