import { API, AuditList, type AuditRow, KoreksiHasil, type LiveEvent, NilaiRecord } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, type SignedInApp, startSignedIn } from '../../support/app';
import { isoAt } from '../../support/clock';
import { participantsInScope } from '../../support/scoped-examiner';
import { fisikPayload } from '../../support/scores';

// A committee admin's correction of a score (DESIGN §10): written like the app's scores, audited
// with who, when, old, new, reason and source; and the audit page that shows them.

describe.each(DATABASES)('corrections and the audit log on %s', (kind) => {
  let s: SignedInApp;
  let adminId: string;
  let sitiId: string;
  /** Participants of event 1 Siti may score, by no_urut. */
  let mine: number[];
  beforeAll(async () => {
    s = await startSignedIn(kind);
    const examiners = await s.t.app.db.selectFrom('penguji').selectAll().orderBy('id_pemilih').execute();
    adminId = String(examiners.find((p) => p.panitia === 'Admin')?.id_pemilih);
    const { siti, ids } = await participantsInScope(s.t);
    sitiId = String(siti.id_pemilih);
    mine = ids;
  });
  afterAll(async () => s.t.close());

  const koreksi = (payload: Record<string, unknown>, token = s.admin, idUkt = 1) =>
    api(s.t, token, 'POST', API.panitia.koreksi.href(idUkt), payload);
  const record = async (idSiswa: number, idTingkat = 1) => {
    const query = `id_siswa=${idSiswa}&id_tingkat=${idTingkat}&id_ukt=1`;
    return NilaiRecord.parse((await api(s.t, s.admin, 'GET', `/DataSiswa/NilaiSiswa?${query}`)).json().data);
  };
  const audit = async (query = '') => {
    const res = await api(s.t, s.admin, 'GET', `${API.panitia.audit.href()}${query}`);
    expect(res.statusCode).toBe(200);
    return AuditList.parse(res.json());
  };

  it('changes the score the recap reads and audits who, when, old, new, reason and source', async () => {
    const heard: LiveEvent[] = [];
    const off = s.t.app.live.subscribe('1', (m) => m.kind === 'event' && heard.push(m.event));
    const [a, b] = mine as [number, number];
    try {
      const phone = { id_siswa: a, id_ukt: 1, id_tingkat: 1, nilai_jurus: 73, nilai_jurus_plus: 3 };
      expect((await api(s.t, s.siti, 'POST', '/DataSiswa/NilaiSiswa', phone)).statusCode).toBe(200);
      s.t.advance(5_000);

      const res = await koreksi({
        id_siswa: a,
        komponen: 'jurus',
        nilai: 78,
        alasan: 'Salah tekan di HP penguji',
      });
      expect(res.statusCode).toBe(200);
      expect(KoreksiHasil.parse(res.json().data)).toEqual({
        komponen: 'jurus',
        lama: 73,
        baru: 78,
        berubah: true,
      });
      expect(body(res).message).toBe('Nilai JURUS diubah dari 73 menjadi 78.');
      // Only the component's column changes; its bonus stays as the examiner gave it.
      expect(await record(a)).toMatchObject({ nilai_jurus: 78, nilai_jurus_plus: 3 });

      const [row] = (await audit(`?id_siswa=${a}&field=nilai_jurus`)).data;
      expect(row).toMatchObject({
        id_ukt: '1',
        id_siswa: String(a),
        id_pemilih: adminId,
        penguji: 'Budi Santoso',
        field: 'nilai_jurus',
        id_tingkat: 1,
        lama: 73,
        baru: 78,
        alasan: 'Salah tekan di HP penguji',
        sumber: 'koreksi',
      } satisfies Partial<AuditRow>);
      expect(row?.siswa).not.toBe('');
      expect(row?.at).toBe(new Date(Date.parse(row?.at ?? '')).toISOString());
      await expect
        .poll(() => heard.find((e) => e.jenis === 'koreksi'))
        .toMatchObject({
          id_ukt: '1',
          id_siswa: String(a),
          id_pemilih: adminId,
        });

      // FISIK: only the average the recap reads; the raw values stay. Never scored: old is null.
      const fisik = await koreksi({
        id_siswa: b,
        komponen: 'fisik',
        nilai: 66.5,
        alasan: 'Lembar fisik kertas',
      });
      expect(fisik.json().data).toEqual({ komponen: 'fisik', lama: null, baru: 66.5, berubah: true });
      expect((await record(b)).nilai_fisik2).toBe(66.5);
      const raw = await s.t.app.db
        .selectFrom('nilai')
        .select(['nilai_pushup', 'nilai_pushup2', 'nilai_mft'])
        .where('id_siswa', '=', b)
        .where('id_ukt', '=', 1)
        .where('id_tingkat', '=', 1)
        .executeTakeFirstOrThrow();
      expect(raw).toEqual({ nilai_pushup: 0, nilai_pushup2: 0, nilai_mft: '' });

      // KESHAN at the event's belt level, KSHAN at level 5: two records.
      expect(
        (await koreksi({ id_siswa: b, komponen: 'keshan', nilai: 85, alasan: 'Dinilai ulang' })).statusCode,
      ).toBe(200);
      expect(
        (await koreksi({ id_siswa: b, komponen: 'kshan', nilai: 72.5, alasan: 'Dinilai ulang' })).statusCode,
      ).toBe(200);
      expect((await record(b, 1)).nilai_kshan).toBe(85);
      expect((await record(b, 5)).nilai_kshan).toBe(72.5);

      // The same value again changes nothing and adds no audit row.
      const before = (await audit()).meta.total;
      const same = await koreksi({ id_siswa: a, komponen: 'jurus', nilai: 78, alasan: 'Cek ulang' });
      expect(same.json().data).toEqual({ komponen: 'jurus', lama: 78, baru: 78, berubah: false });
      expect((await audit()).meta.total).toBe(before);
    } finally {
      off();
    }
  });

  it('needs a reason and a value on the component’s scale (400)', async () => {
    const [, , c] = mine as [number, number, number];
    const refused = async (payload: Record<string, unknown>, part: string) => {
      const res = await koreksi({
        id_siswa: c,
        komponen: 'jurus',
        nilai: 70,
        alasan: 'Alasan cukup',
        ...payload,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toContain(part);
    };
    await refused({ alasan: undefined }, 'Alasan wajib diisi');
    await refused({ alasan: '   ' }, 'Alasan wajib diisi');
    await refused({ alasan: 'x'.repeat(501) }, '500');
    // Each exam on its own range: jurus a row average 50–80 plus the extra score 0–5.
    await refused({ nilai: 86 }, 'Nilai jurus 50 sampai 85');
    await refused({ nilai: 49 }, 'Nilai jurus 50 sampai 85');
    await refused({ komponen: 'pasang', nilai: 0 }, 'Nilai pasangan 50 sampai 85');
    await refused({ komponen: 'fisik', nilai: 101 }, 'Nilai fisik 0 sampai 100');
    await refused({ nilai: '80' }, 'Nilai harus berupa angka');
    await refused({ komponen: 'sambung', nilai: 87 }, 'SAMBUNG harus salah satu dari 50, 55');
    await refused({ komponen: 'sambung', nilai: 45 }, 'SAMBUNG');
    await refused({ komponen: 'kshan', nilai: 51 }, 'KSHAN');
    await refused({ komponen: 'keshan', nilai: 52 }, 'KESHAN harus kelipatan 5');
    await refused({ komponen: 'lompat' }, 'Komponen tidak dikenal');
    expect((await record(c)).nilai_jurus).toBe(0);

    for (const [komponen, nilai] of [
      ['sambung', 85],
      ['kshan', 52.5],
      ['kshan', 0],
      ['keshan', 100],
      ['pasang', 85],
      ['fisik', 0],
    ] as const) {
      expect(
        (await koreksi({ id_siswa: c, komponen, nilai, alasan: 'Nilai dari lembar kertas' })).statusCode,
      ).toBe(200);
    }
  });

  it('answers 404 for a participant or event that is not there, 403 and 401 for others', async () => {
    const payload = { id_siswa: 1, komponen: 'jurus', nilai: 70, alasan: 'Alasan cukup' };
    expect((await koreksi({ ...payload, id_siswa: 99_999 })).statusCode).toBe(404);
    // Participant 1 belongs to event 1, not event 2.
    expect((await koreksi(payload, s.admin, 2)).statusCode).toBe(404);
    expect((await koreksi(payload, s.admin, 999)).statusCode).toBe(404);
    expect((await koreksi(payload, s.siti)).statusCode).toBe(403);
    expect((await api(s.t, undefined, 'POST', API.panitia.koreksi.href(1), payload)).statusCode).toBe(401);
    expect((await api(s.t, s.siti, 'GET', API.panitia.audit.href())).statusCode).toBe(403);
    expect((await api(s.t, undefined, 'GET', API.panitia.audit.href())).statusCode).toBe(401);
  });

  it('lists the audit log newest first, 50 a page, filtered by participant, examiner, field, time and event', async () => {
    const [, , , d, ...others] = mine as number[];
    // Four physical payloads: 11 fields each, enough rows for a second page.
    for (const id of others.slice(0, 4)) {
      expect(
        (await api(s.t, s.siti, 'POST', '/DataSiswa/nilaifisiksiswa', fisikPayload(id))).statusCode,
      ).toBe(200);
    }
    const from = isoAt(s.t, 60_000);
    s.t.advance(120_000);
    for (const [i, nilai] of [60, 65, 70].entries()) {
      if (i) s.t.advance(1_000);
      const res = await api(s.t, s.siti, 'POST', '/DataSiswa/NilaiSiswa', {
        id_siswa: d,
        id_ukt: 1,
        id_tingkat: 1,
        nilai_sambung: nilai,
      });
      expect(res.statusCode).toBe(200);
    }
    const until = isoAt(s.t);
    s.t.advance(60_000);
    await koreksi({ id_siswa: d, komponen: 'sambung', nilai: 75, alasan: 'Banding peserta' });

    const all = await audit();
    expect(all.meta.per_page).toBe(50);
    const times = all.data.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.data[0]).toMatchObject({
      id_siswa: String(d),
      field: 'nilai_sambung',
      sumber: 'koreksi',
      baru: 75,
    });

    const ofD = await audit(`?id_siswa=${d}`);
    expect(ofD.data.map((r) => [r.baru, r.lama, r.sumber, r.id_pemilih])).toEqual([
      [75, 70, 'koreksi', adminId],
      [70, 65, 'aplikasi', sitiId],
      [65, 60, 'aplikasi', sitiId],
      [60, null, 'aplikasi', sitiId],
    ]);
    expect((await audit(`?id_siswa=${d}&id_pemilih=${sitiId}`)).meta.total).toBe(3);
    expect((await audit(`?id_siswa=${d}&id_pemilih=${adminId}`)).meta.total).toBe(1);
    const window = await audit(`?dari=${from}&sampai=${until}`);
    expect(window.data.map((r) => r.baru)).toEqual([70, 65, 60]);
    const inSecond = await audit(`?dari=${until.replace(/\.\d{3}Z$/, 'Z')}&id_siswa=${d}`);
    expect(inSecond.data.map((r) => r.baru)).toEqual([75, 70]);
    expect((await audit(`?id_ukt=2`)).meta.total).toBe(0);
    expect((await audit(`?id_ukt=1&field=nilai_sambung&id_siswa=${d}`)).meta.total).toBe(4);

    // Paging: 50 a page, the next page goes on where the first ended (with the first saves'
    // defaults, there are more than 50 rows).
    const first = await audit('?bawaan=1');
    expect(first.meta.total).toBeGreaterThan(50);
    expect(first.data).toHaveLength(50);
    expect(first.meta.total_pages).toBe(Math.ceil(first.meta.total / 50));
    const second = await audit('?bawaan=1&hal=2');
    expect(second.data).toHaveLength(first.meta.total - 50);
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(new Set(ids).size).toBe(first.meta.total);
    const bad = await api(s.t, s.admin, 'GET', `${API.panitia.audit.href()}?field=Nilai-Jurus`);
    expect(bad.statusCode).toBe(400);
    expect((await api(s.t, s.admin, 'GET', `${API.panitia.audit.href()}?dari=kemarin`)).statusCode).toBe(400);
  });
});
