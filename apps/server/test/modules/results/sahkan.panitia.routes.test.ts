import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API,
  AuditList,
  DISAHKAN_MESSAGE,
  type LiveEvent,
  OUTBOX_HEADER,
  PanitiaKegiatan,
  type PendingItem,
  Progres,
  perluKonfirmasi,
  SahkanRingkasan,
  Soal,
} from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPending } from '../../../src/modules/imports/pending.service';
import { api, body, DATABASES, type SignedInApp, startSignedIn } from '../../support/app';
import { wibDay } from '../../support/clock';
import { multipart } from '../../support/multipart';
import { participantsInScope } from '../../support/scoped-examiner';
import { fisikPayload } from '../../support/scores';

// Ratifying an event (DESIGN §10): every score write for it — from a phone, the console or an
// import — is then a 409 with one message, until the committee un-ratifies it with a reason.

/** An audio upload as the phone sends it (Ogg's magic bytes, so the content check accepts it). */
const upload = (fields: Record<string, string>) =>
  multipart(fields, {
    data: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 1)]),
    filename: 'r.ogg',
    type: 'audio/ogg',
  });

describe.each(DATABASES)('ratifying an event on %s', (kind) => {
  let s: SignedInApp;
  let sitiId: string;
  /** Participants of event 1 Siti may take and score, by no_urut. */
  let mine: number[];
  beforeAll(async () => {
    s = await startSignedIn(kind);
    const { siti, ids } = await participantsInScope(s.t);
    sitiId = String(siti.id_pemilih);
    mine = ids;
  });
  afterAll(async () => s.t.close());

  const sahkan = (token = s.admin, idUkt = 1) => api(s.t, token, 'POST', API.panitia.sahkan.href(idUkt), {});
  const batal = (payload: Record<string, unknown>, token = s.admin) =>
    api(s.t, token, 'POST', API.panitia.batalSahkan.href(1), payload);
  const sambung = (id_siswa: number, nilai_sambung: number, token = s.siti) =>
    api(s.t, token, 'POST', '/DataSiswa/NilaiSiswa', { id_siswa, id_ukt: 1, id_tingkat: 1, nilai_sambung });
  const sambungOf = async (id_siswa: number) => {
    const query = `id_siswa=${id_siswa}&id_tingkat=1&id_ukt=1`;
    return (await api(s.t, s.admin, 'GET', `/DataSiswa/NilaiSiswa?${query}`)).json().data.nilai_sambung;
  };
  const disahkan = async () => {
    const progres = Progres.parse((await api(s.t, s.admin, 'GET', API.panitia.progres.href(1))).json().data);
    const list = PanitiaKegiatan.array().parse(
      (await api(s.t, s.admin, 'GET', API.panitia.kegiatan.href())).json().data,
    );
    const inList = list.find((k) => k.id_ukt === '1')?.disahkan;
    expect(inList).toBe(progres.disahkan);
    return progres.disahkan;
  };
  const refused = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: DISAHKAN_MESSAGE });
  };

  it('refuses every score write, take, release and correction for a ratified event, and writes nothing', async () => {
    const [a, b, c] = mine as [number, number, number];
    expect((await sambung(a, 70)).statusCode).toBe(200);
    expect(
      (await api(s.t, s.siti, 'POST', `/DataSiswa/siswaUpdate/${b}`, { id_ukt: 1, sudah_tes: '1' }))
        .statusCode,
    ).toBe(200);
    expect(await disahkan()).toBe(false);

    const heard: LiveEvent[] = [];
    const off = s.t.app.live.subscribe('1', (m) => m.kind === 'event' && heard.push(m.event));
    try {
      const ok = await sahkan();
      expect(ok.statusCode).toBe(200);
      expect(await disahkan()).toBe(true);
      await expect.poll(() => heard.some((e) => e.jenis === 'sahkan')).toBe(true);
      const ukt = await s.t.app.db
        .selectFrom('ukt')
        .selectAll()
        .where('id_ukt', '=', 1)
        .executeTakeFirstOrThrow();
      expect(ukt.disahkan_at).toEqual(expect.any(String));
      const again = await sahkan();
      expect(again.statusCode).toBe(409);
      expect(body(again).message).toContain('sudah disahkan');

      const audits = async () =>
        (
          await s.t.app.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = Number(await audits());
      heard.length = 0;

      refused(await sambung(a, 90));
      refused(await api(s.t, s.siti, 'POST', '/DataSiswa/nilaifisiksiswa', fisikPayload(a)));
      const soal = Soal.array().parse((await api(s.t, s.siti, 'GET', '/keshan/soal/1')).json().data);
      const jawaban = soal.map((q) => ({ id_soal: Number(q.id_soal), jawaban: 'a' }));
      refused(
        await api(s.t, s.siti, 'POST', '/keshan/jawaban', { id_ukt: 1, id_siswa: a, id_tingkat: 1, jawaban }),
      );
      refused(await api(s.t, s.siti, 'POST', `/DataSiswa/siswaUpdate/${c}`, { id_ukt: 1, sudah_fisik: '1' }));
      // A take again by the one who holds the participant is a write too.
      refused(await api(s.t, s.siti, 'POST', `/DataSiswa/siswaUpdate/${b}`, { id_ukt: 1, sudah_tes: '1' }));
      const form = upload({ id_siswa: String(a), id_soal: '1', id_ukt: '1' });
      refused(
        await s.t.app.inject({
          method: 'POST',
          url: '/uktNEW/api/keshan/upload-audio',
          payload: form.payload,
          headers: { ...form.headers, 'access-token': s.siti },
        }),
      );
      refused(
        await api(s.t, s.admin, 'POST', API.panitia.koreksi.href(1), {
          id_siswa: a,
          komponen: 'sambung',
          nilai: 90,
          alasan: 'Banding peserta',
        }),
      );
      refused(await api(s.t, s.admin, 'POST', API.panitia.pesertaLepas.href(1, b), { pos: 'sudah_tes' }));

      // `ukt import pending` replays through the API as the examiner, so it is refused alike.
      const item: PendingItem = {
        key: 'k-sahkan',
        examinerId: sitiId,
        path: '/DataSiswa/NilaiSiswa',
        label: 'Nilai Sambung',
        body: { kind: 'json', value: { id_siswa: a, id_ukt: 1, id_tingkat: 1, nilai_sambung: 85 } },
      };
      expect(await importPending(s.t.app, [item])).toEqual({
        terkirim: 0,
        sudahAda: 0,
        ditolak: [{ label: 'Nilai Sambung', message: DISAHKAN_MESSAGE }],
      });

      expect(await sambungOf(a)).toBe(70);
      expect(Number(await audits())).toBe(before);
      const held = await s.t.app.db
        .selectFrom('siswa')
        .selectAll()
        .where('id_siswa', '=', b)
        .executeTakeFirstOrThrow();
      expect(held.sudah_tes).toBe(Number(sitiId));
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toEqual([]);

      // Another event is not ratified.
      const other = await api(s.t, s.admin, 'POST', '/DataSiswa/NilaiSiswa', {
        id_siswa: 121,
        id_ukt: 2,
        id_tingkat: 4,
        nilai_sambung: 80,
      });
      expect(other.statusCode).toBe(200);

      // Un-ratifying needs a reason, is audited, and writes work again; the import goes through.
      const noReason = await batal({});
      expect(noReason.statusCode).toBe(400);
      expect(body(noReason).message).toMatch(/alasan wajib diisi/i);
      expect((await batal({ alasan: 'ab' })).statusCode).toBe(400);
      expect(await disahkan()).toBe(true);
      const undone = await batal({ alasan: 'Nilai sambung peserta 1 keliru' });
      expect(undone.statusCode).toBe(200);
      expect(await disahkan()).toBe(false);
      const notRatified = await batal({ alasan: 'Nilai sambung peserta 1 keliru' });
      expect(notRatified.statusCode).toBe(409);
      expect(body(notRatified).message).toContain('belum disahkan');

      const log = AuditList.parse(
        (await api(s.t, s.admin, 'GET', `${API.panitia.audit.href()}?id_ukt=1&field=sahkan`)).json(),
      );
      expect(
        log.data.map((r) => [r.lama, r.baru, r.alasan, r.sumber, r.id_siswa, r.siswa, r.penguji]),
      ).toEqual([
        [1, 0, 'Nilai sambung peserta 1 keliru', 'pengesahan', '0', '', 'Budi Santoso'],
        [0, 1, null, 'pengesahan', '0', '', 'Budi Santoso'],
      ]);

      expect((await sambung(a, 90)).statusCode).toBe(200);
      expect(await importPending(s.t.app, [item])).toEqual({ terkirim: 1, sudahAda: 0, ditolak: [] });
      expect(await sambungOf(a)).toBe(85);
    } finally {
      off();
    }
  });

  it('lets a write racing the ratification either commit before it or be refused', async () => {
    const ids = mine.slice(3, 23);
    const writes = ids.map((id) => sambung(id, 75));
    const ratified = sahkan();
    const answers = await Promise.all(writes);
    expect((await ratified).statusCode).toBe(200);
    for (const res of answers) {
      if (res.statusCode !== 200) refused(res);
    }
    const rows = await s.t.app.db
      .selectFrom('audit_log')
      .select(['id', 'id_siswa', 'field'])
      .where('id_ukt', '=', 1)
      .where((eb) => eb.or([eb('field', '=', 'sahkan'), eb('id_siswa', 'in', ids)]))
      .orderBy('id')
      .execute();
    const mark = rows.findLast((r) => r.field === 'sahkan') as (typeof rows)[number];
    const written = rows.filter((r) => r.field === 'nilai_sambung');
    // Every accepted write is in the log before the ratification, none after it.
    expect(written).toHaveLength(answers.filter((r) => r.statusCode === 200).length);
    expect(written.every((r) => r.id < mark.id)).toBe(true);
    expect((await batal({ alasan: 'Uji balapan selesai' })).statusCode).toBe(200);
  });

  it('tells before ratifying what is incomplete, held on phones, and whether the exam day is ahead', async () => {
    const ringkasan = async (idUkt = 1) => {
      const res = await api(s.t, s.admin, 'GET', API.panitia.sahkan.href(idUkt));
      expect(res.statusCode, res.body).toBe(200);
      return SahkanRingkasan.parse(res.json().data);
    };
    const hari = (days: number) => wibDay(s.t, days);
    const setTanggal = (tanggal_tes: string, akhir_tes: string | null) =>
      s.t.app.db.updateTable('ukt').set({ tanggal_tes, akhir_tes }).where('id_ukt', '=', 1).execute();
    const before = await s.t.app.db
      .selectFrom('ukt')
      .select(['tanggal_tes', 'akhir_tes'])
      .where('id_ukt', '=', 1)
      .executeTakeFirstOrThrow();
    const peserta = await s.t.app.db
      .selectFrom('siswa')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id_ukt', '=', 1)
      .where('mundur', '=', 0)
      .executeTakeFirstOrThrow();
    try {
      // Two days from now: the exam has not been held, nobody is complete, nothing is held on a phone.
      await setTanggal(hari(2), null);
      const ahead = await ringkasan();
      expect(ahead).toMatchObject({
        disahkan: false,
        peserta: Number(peserta.n),
        lengkap: 0,
        belum_lengkap: Number(peserta.n),
        tertunda: { hp: 0, nilai: 0 },
        hari_terakhir_ujian: hari(2),
        sebelum_hari_ujian: true,
        // Ratified today, the documents would still be signed on the exam day.
        tanggal_tanda_tangan: hari(2),
        // The days are counted in the organisation's zone, which the console names.
        zona_waktu: 'WIB',
      });
      expect(perluKonfirmasi(ahead)).toBe(true);

      // A phone reports 4 scores not sent yet for this event.
      const report = await api(s.t, s.siti, 'GET', '/DataSiswa/siswa?id_ukt=1&posUjian=2', undefined, {
        [OUTBOX_HEADER]: '4',
      });
      expect(report.statusCode).toBe(200);
      await expect.poll(async () => (await ringkasan()).tertunda).toEqual({ hp: 1, nilai: 4 });

      // Held over two days ending yesterday: the exam is past, the signing day is today.
      await setTanggal(hari(-2), hari(-1));
      const past = await ringkasan();
      expect(past).toMatchObject({ sebelum_hari_ujian: false, tanggal_tanda_tangan: hari(0) });
      // Ending today counts as held: ratifying in the evening of the last day needs no warning for the date.
      await setTanggal(hari(-1), hari(0));
      expect((await ringkasan()).sebelum_hari_ujian).toBe(false);

      expect((await sahkan()).statusCode).toBe(200);
      expect((await ringkasan()).disahkan).toBe(true);
      expect((await batal({ alasan: 'Uji ringkasan selesai' })).statusCode).toBe(200);
    } finally {
      await setTanggal(before.tanggal_tes, before.akhir_tes);
      await api(s.t, s.siti, 'GET', '/DataSiswa/siswa?id_ukt=1&posUjian=2', undefined, {
        [OUTBOX_HEADER]: '0',
      });
    }
    expect((await api(s.t, s.siti, 'GET', API.panitia.sahkan.href(1))).statusCode).toBe(403);
    expect((await api(s.t, s.admin, 'GET', API.panitia.sahkan.href(999))).statusCode).toBe(404);
  });

  it('is for committee admins only (403) and needs a token (401)', async () => {
    expect((await sahkan(s.siti)).statusCode).toBe(403);
    expect((await batal({ alasan: 'Alasan cukup panjang' }, s.siti)).statusCode).toBe(403);
    expect((await api(s.t, undefined, 'POST', API.panitia.sahkan.href(1), {})).statusCode).toBe(401);
    expect((await api(s.t, undefined, 'POST', API.panitia.batalSahkan.href(1), {})).statusCode).toBe(401);
    expect((await sahkan(s.admin, 999)).statusCode).toBe(404);
    // A console may send no body at all: event 2's exam day is ahead, so it is the date that refuses.
    const bare = await s.t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.panitia.sahkan.href(2)}`,
      headers: { 'access-token': s.admin },
    });
    expect(bare.statusCode).toBe(409);
    expect(bare.json().message).toContain('belum lewat');
  });

  it('before the last exam day: refused, unless "Sahkan lebih awal" with a reason, which is audited and printed', async () => {
    // Event 2 is held a week from now (demo data).
    const early = (payload?: Record<string, unknown>) =>
      api(s.t, s.admin, 'POST', API.panitia.sahkan.href(2), payload ?? {});
    const ratified = async () =>
      PanitiaKegiatan.array()
        .parse((await api(s.t, s.admin, 'GET', API.panitia.kegiatan.href())).json().data)
        .find((k) => k.id_ukt === '2')?.disahkan;
    const sahkanRows = async () =>
      s.t.app.db
        .selectFrom('audit_log')
        .select(['new_value', 'reason'])
        .where('id_ukt', '=', 2)
        .where('field', '=', 'sahkan')
        .orderBy('id')
        .execute();

    const refused = await early();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^Hari ujian terakhir kegiatan ini \(\d{1,2} \w+ \d{4}\) belum lewat\. Bila tanggal kegiatan salah, perbaiki dulu di halaman Kegiatan\./,
    );
    expect(refused.json().message).toContain('pilih "Sahkan lebih awal" dan tulis alasannya');
    // Early without a reason, or with a reason too short: the form's own error.
    for (const bad of [{ lebih_awal: true }, { lebih_awal: true, alasan: ' ok ' }]) {
      const res = await early(bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^Data tidak valid: Alasan/);
    }
    expect(await ratified()).toBe(false);
    expect(await sahkanRows()).toEqual([]);

    const alasan = 'Piagam harus dicetak sebelum libur panjang';
    const done = await early({ lebih_awal: true, alasan });
    expect(done.statusCode, done.body).toBe(200);
    expect(await ratified()).toBe(true);
    expect(await sahkanRows()).toEqual([{ new_value: 1, reason: `Sahkan lebih awal: ${alasan}` }]);
    const ringkasan = SahkanRingkasan.parse(
      (await api(s.t, s.admin, 'GET', API.panitia.sahkan.href(2))).json().data,
    );
    expect(ringkasan).toMatchObject({ disahkan: true, sebelum_hari_ujian: true, alasan_lebih_awal: alasan });

    // The berita acara says so, with the reason, as a reader sees it.
    const pdf = await api(s.t, s.admin, 'GET', API.panitia.beritaAcara.href(2));
    expect(pdf.statusCode).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'ukt-ba-')), 'berita-acara.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Disahkan panitia lebih awal');
    expect(text).toMatch(
      /sebelum hari ujian terakhir \(\d{1,2} \w+ \d{4}\), dengan alasan: Piagam harus dicetak sebelum libur panjang/,
    );

    // The recap's PDF, .xlsx and .csv carry the same status line as the berita acara.
    const rekapPdf = await api(s.t, s.admin, 'GET', API.panitia.rekapEkspor.href(2, 'pdf'));
    expect(rekapPdf.statusCode).toBe(200);
    const rekapFile = join(mkdtempSync(join(tmpdir(), 'ukt-rekap-')), 'rekap.pdf');
    writeFileSync(rekapFile, rekapPdf.rawPayload);
    const rekapText = execFileSync('pdftotext', [rekapFile, '-'], { encoding: 'utf8' });
    expect(rekapText).toMatch(/^Disahkan panitia lebih awal \d{1,2} \w+ \d{4}$/m);
    const csv = await api(s.t, s.admin, 'GET', API.panitia.rekapEkspor.href(2, 'csv'));
    expect(csv.body).not.toContain('DRAF');

    // Un-ratified, the next ratification (here still early) needs its own reason again.
    expect(
      (await api(s.t, s.admin, 'POST', API.panitia.batalSahkan.href(2), { alasan: 'Dicoba lagi' }))
        .statusCode,
    ).toBe(200);
    expect((await early()).statusCode).toBe(409);
    const again = SahkanRingkasan.parse(
      (await api(s.t, s.admin, 'GET', API.panitia.sahkan.href(2))).json().data,
    );
    expect(again.alasan_lebih_awal).toBeNull();
  });
});
