import { API, PanitiaSoal, Soal, SoalEditHasil } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { multipart } from '../../support/multipart';
import { importSoal, otherAnswer, soalCsv } from '../../support/soal';
import { insertUkt } from '../../support/ukt';

const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 1)]);
const SAMPLES: Record<string, Buffer> = {
  webm: WEBM,
  ogg: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(100)]),
  m4a: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(100)]),
  wav: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), Buffer.alloc(100)]),
  mp3: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(100)]),
};

describe.each(DATABASES)('KESHAN and recordings on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let agus: string;
  beforeAll(async () => {
    ({ t, admin, agus } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const upload = (
    token: string | undefined,
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
  ) => {
    const { payload, headers } = multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/uktNEW/api/keshan/upload-audio',
      payload,
      headers: { ...headers, ...(token ? { 'access-token': token } : {}) },
    });
  };

  it('sends 20 questions of a belt ordered by no, never with the answer key', async () => {
    for (const tingkat of [1, 2, 3, 4, 5]) {
      const res = await api(t, admin, 'GET', `/keshan/soal/${tingkat}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('jawaban_benar');
      const soal = Soal.array().parse(res.json().data);
      expect(soal.map((s) => s.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
    expect((await api(t, admin, 'GET', '/keshan/soal/6')).statusCode).toBe(400);
  });

  it('grades answers on the server and stores nilai_kshan for that belt', async () => {
    const soal = Soal.array().parse((await api(t, agus, 'GET', '/keshan/soal/1')).json().data);
    const keyRows = await t.app.db
      .selectFrom('soal')
      .select(['id_soal', 'jawaban_benar'])
      .where('id_tingkat', '=', 1)
      .execute();
    const correct = new Map(keyRows.map((r) => [String(r.id_soal), r.jawaban_benar]));
    const jawaban = soal.map((s, i) => ({
      id_soal: Number(s.id_soal),
      jawaban: i < 12 ? correct.get(s.id_soal) : i < 15 ? (correct.get(s.id_soal) === 'a' ? 'b' : 'a') : null,
    }));
    const res = await api(t, agus, 'POST', '/keshan/jawaban', {
      id_ukt: 1,
      id_siswa: 1,
      id_tingkat: 1,
      jawaban,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ benar: 12, salah: 3, kosong: 5, nilai: 60 });
    const record = await api(t, agus, 'GET', '/DataSiswa/NilaiSiswa?id_siswa=1&id_tingkat=1&id_ukt=1');
    expect(record.json().data.nilai_kshan).toBe(60);
    const bad = await api(t, agus, 'POST', '/keshan/jawaban', {
      id_ukt: 1,
      id_siswa: 1,
      id_tingkat: 1,
      jawaban: [{ id_soal: 1, jawaban: 'e' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Jawaban ke-1');
  });

  it('stores a recording of each audio kind by content and serves it back by header or cookie', async () => {
    for (const [ext, data] of Object.entries(SAMPLES)) {
      const res = await upload(
        admin,
        { id_siswa: '2', id_soal: '1', id_ukt: '1' },
        { name: 'audio', data, type: 'application/octet-stream' },
      );
      expect(res.statusCode, `${ext}: ${res.body}`).toBe(200);
      expect(body(res)).toEqual({ success: true, message: 'Audio uploaded successfully!' });
      const back = await t.app.inject({
        url: '/uktNEW/api/keshan/audio/1/2/1',
        headers: { cookie: `token=${admin}` },
      });
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.equals(data)).toBe(true);
      expect(back.headers['content-type']).toMatch(/^audio\//);
    }
    const header = await t.app.inject({
      url: '/uktNEW/api/keshan/audio/1/2/1',
      headers: { 'access-token': admin },
    });
    expect(header.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/uktNEW/api/keshan/audio/1/2/1' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/uktNEW/api/keshan/audio/1/2/2', headers: { 'access-token': admin } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a re-sent upload with the same Idempotency-Key from the first answer, whatever its boundary', async () => {
    const send = (boundary: string) => {
      const { payload } = multipart(
        { id_siswa: '3', id_soal: '1', id_ukt: '1' },
        { name: 'audio', data: WEBM },
      );
      const body = Buffer.from(
        payload.toString('latin1').replaceAll('----ukt-test-boundary', boundary),
        'latin1',
      );
      return t.app.inject({
        method: 'POST',
        url: '/uktNEW/api/keshan/upload-audio',
        payload: body,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'access-token': admin,
          'idempotency-key': 'rekaman-1',
        },
      });
    };
    const first = await send('----WebKitFormBoundaryAbCdEfGh12345678');
    expect(first.statusCode).toBe(200);
    const again = await send(`ukt-${'0'.repeat(36)}`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('rejects what is not audio, whatever its name and declared type', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>            ');
    const res = await upload(
      admin,
      { id_siswa: '2', id_soal: '1', id_ukt: '1' },
      { name: 'audio', data: html, filename: 'a.webm' },
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('Rekaman suara');
    const missing = await upload(admin, { id_siswa: '2', id_soal: '1', id_ukt: '1' });
    expect(missing.statusCode).toBe(400);
    const badField = await upload(
      admin,
      { id_siswa: '../../etc', id_soal: '1', id_ukt: '1' },
      { name: 'audio', data: WEBM },
    );
    expect(badField.statusCode).toBe(400);
    expect(body(badField).message).toContain('ID peserta');
    const soal3 = await upload(
      admin,
      { id_siswa: '2', id_soal: '3', id_ukt: '1' },
      { name: 'audio', data: WEBM },
    );
    expect(body(soal3).message).toContain('ID soal');
    expect(
      (await upload(undefined, { id_siswa: '2', id_soal: '1', id_ukt: '1' }, { name: 'audio', data: WEBM }))
        .statusCode,
    ).toBe(401);
    const json = await api(t, admin, 'POST', '/keshan/upload-audio', { id_siswa: 2 });
    expect(json.statusCode).toBe(400);
  });

  it('answers 413 for a recording over 10 MB', async () => {
    const big = Buffer.concat([WEBM, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(
      admin,
      { id_siswa: '2', id_soal: '2', id_ukt: '1' },
      { name: 'audio', data: big },
    );
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ success: false, message: expect.stringContaining('10 MB') });
  });

  it('never re-grades the sheets of a ratified event when the key changes, by the console or an import', async () => {
    // Two more events of belt 1, each with a copy of participant 1: one to ratify, one a draft.
    const one = await t.app.db
      .selectFrom('siswa')
      .selectAll()
      .where('id_siswa', '=', 1)
      .executeTakeFirstOrThrow();
    const event = async (nama: string) => {
      const id_ukt = await insertUkt(t, 1, nama);
      const { id_siswa: _, ...copy } = one;
      const { id_siswa } = await t.app.db
        .insertInto('siswa')
        .values({
          ...copy,
          id_ukt,
          sudah_keshan: null,
          sudah_tes: null,
          sudah_fisik: null,
          sudah_sambung: null,
        })
        .returning('id_siswa')
        .executeTakeFirstOrThrow();
      return { id_ukt, id_siswa };
    };
    const sah = await event('UKT yang disahkan');
    const draf = await event('UKT yang masih draf');
    const key = PanitiaSoal.array().parse((await api(t, admin, 'GET', API.panitia.soal.href(1))).json().data);
    // Every question answered right: 100 in both events.
    const jawaban = key.map((s) => ({ id_soal: Number(s.id_soal), jawaban: s.jawaban_benar }));
    for (const e of [sah, draf]) {
      const res = await api(t, agus, 'POST', '/keshan/jawaban', { ...e, id_tingkat: 1, jawaban });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.nilai).toBe(100);
    }
    // Its exam day (1 Desember 2026) may be ahead: ratified early, with the reason that needs.
    const ratified = await api(t, admin, 'POST', API.panitia.sahkan.href(sah.id_ukt), {
      lebih_awal: true,
      alasan: 'Kunci jawaban diubah sesudah pengesahan',
    });
    expect(ratified.statusCode, ratified.body).toBe(200);

    const nilaiKshan = async (e: { id_ukt: number; id_siswa: number }) =>
      (
        await t.app.db
          .selectFrom('nilai')
          .select('nilai_kshan')
          .where('id_ukt', '=', e.id_ukt)
          .where('id_siswa', '=', e.id_siswa)
          .where('id_tingkat', '=', 1)
          .executeTakeFirstOrThrow()
      ).nilai_kshan;
    const trail = (e: { id_ukt: number; id_siswa: number }) =>
      t.app.db
        .selectFrom('audit_log')
        .select(['old_value', 'new_value', 'source'])
        .where('id_ukt', '=', e.id_ukt)
        .where('id_siswa', '=', e.id_siswa)
        .where('field', '=', 'nilai_kshan')
        .orderBy('id')
        .execute();
    const sheet = (e: { id_ukt: number; id_siswa: number }) =>
      t.app.db
        .selectFrom('keshan_jawaban')
        .select(['id_soal', 'jawaban'])
        .where('id_ukt', '=', e.id_ukt)
        .where('id_siswa', '=', e.id_siswa)
        .orderBy('id_soal')
        .execute();
    const sealed = { trail: await trail(sah), sheet: await sheet(sah) };
    expect(sealed.sheet).toHaveLength(20);

    // The console changes question 1's key: the draft's sheet drops to 95, the ratified one stays.
    const q1 = key[0] as PanitiaSoal;
    const { id_soal, id_tingkat: _t, no: _n, ...fields } = q1;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/uktNEW/api${API.panitia.soalById.href(1, id_soal)}`,
      headers: { 'access-token': admin },
      payload: { ...fields, jawaban_benar: otherAnswer(q1.jawaban_benar) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(SoalEditHasil.parse(edited.json().data).dinilai_ulang).toBeGreaterThanOrEqual(1);
    expect(body(edited).message).toContain('1 kegiatan yang sudah disahkan tidak dinilai ulang');
    expect(await nilaiKshan(draf)).toBe(95);
    expect((await trail(draf)).at(-1)).toMatchObject({ old_value: 100, new_value: 95, source: 'koreksi' });

    // An import changes question 2's key: the draft drops to 90, the ratified one stays.
    const imported = await importSoal(t, admin, soalCsv(key, [1, 2]));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await nilaiKshan(draf)).toBe(90);
    expect((await trail(draf)).at(-1)).toMatchObject({ old_value: 95, new_value: 90, source: 'impor' });

    // The ratified event: its score, its audit trail and its sheet exactly as they were sealed.
    expect(await nilaiKshan(sah)).toBe(100);
    expect(await trail(sah)).toEqual(sealed.trail);
    expect(await sheet(sah)).toEqual(sealed.sheet);
  });
});
