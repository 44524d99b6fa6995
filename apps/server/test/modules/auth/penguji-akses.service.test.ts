import { API, OUTBOX_DITOLAK_HEADER, OUTBOX_HEADER, Progres } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../../src/modules/auth/session.service';
import { ADMIN, api, body, DATABASES, startApp, startSignedIn, type TestApp } from '../../support/app';
import { multipart } from '../../support/multipart';
import { findScopedExaminer } from '../../support/scoped-examiner';
import { fisikPayload } from '../../support/scores';
import {
  type CallCount,
  countTable,
  measure,
  observePostgres,
  sentList,
} from '../../support/statement-count';

// The server holds examiners to their assignment (docs/decisions/125): every examiner call outside
// the assigned events and posts is a 403 naming them and writes nothing; an examiner without any
// assignment and a committee admin are not held; a change reaches open sessions at once on the
// process that made it and within SESSION_CACHE_MS on another; a write accepted before the change
// is still replayed, and a refused one goes through with its key once the assignment allows it.

const EVENT_1 = 'UKT Sabuk Polos Ke Jambon';
const EVENT_2 = 'UKT Sabuk Putih Ke Calon Warga';
const WHAT_TO_DO =
  'Kegiatan dan pos lain tidak dapat Anda buka atau nilai; bila tugas Anda berubah, minta panitia mengubahnya.';
const refusal = (where: string) => `Anda ditugaskan di ${where}. ${WHAT_TO_DO}`;
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 1)]);

describe.each(DATABASES)('assignments held by the server on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let sitiId: number;
  let adminId: number;
  /** Siti's participants (her perwapus and cabang) in event 1 and in event 2, by no_urut. */
  let mine: Record<1 | 2, number[]>;

  beforeAll(async () => {
    observePostgres();
    ({ t, admin, siti } = await startSignedIn(kind));
    const row = await findScopedExaminer(t);
    sitiId = row.id_pemilih;
    adminId = (
      await t.app.db
        .selectFrom('penguji')
        .select('id_pemilih')
        .where('no_wa', '=', ADMIN)
        .executeTakeFirstOrThrow()
    ).id_pemilih;
    const of = async (idUkt: number) =>
      (
        await t.app.db
          .selectFrom('siswa')
          .select('id_siswa')
          .where('id_ukt', '=', idUkt)
          .where('id_perwapus', '=', row.id_perwapus as number)
          .where('id_cabang', '=', row.id_cabang as number)
          .orderBy('no_urut')
          .execute()
      ).map((r) => r.id_siswa);
    mine = { 1: await of(1), 2: await of(2) };
  });
  afterAll(async () => t?.close());

  const assign = async (idPemilih: number, tugas: { id_ukt: number; pos: number[] }[]) => {
    const res = await api(t, admin, 'PUT', API.panitia.pengujiTugas.href(idPemilih), { tugas });
    expect(res.statusCode, res.body).toBe(200);
  };
  const list = (token: string, idUkt: number, pos = 0, app = t) =>
    api(app, token, 'GET', `${API.siswa.href()}?id_ukt=${idUkt}&hal=1&posUjian=${pos}`);
  const roster = (token: string, idUkt: number) =>
    api(t, token, 'GET', `${API.siswaRoster.href()}?id_ukt=${idUkt}`);
  const take = (token: string, idSiswa: number, idUkt: number, flag: string) =>
    api(t, token, 'POST', API.siswaUpdate.href(idSiswa), { id_ukt: idUkt, [flag]: '1' });
  const jurus = (token: string, idSiswa: number, idUkt: number, key?: string) =>
    api(
      t,
      token,
      'POST',
      API.nilai.href(),
      {
        id_siswa: idSiswa,
        id_ukt: idUkt,
        id_tingkat: idUkt === 1 ? 1 : 4,
        nilai_jurus: 70,
        nilai_jurus_plus: 0,
      },
      key ? { 'idempotency-key': key } : {},
    );
  const score = (token: string, idSiswa: number, fields: Record<string, number>) =>
    api(t, token, 'POST', API.nilai.href(), { id_siswa: idSiswa, id_ukt: 1, id_tingkat: 1, ...fields });
  const read = (token: string, idSiswa: number, idUkt: number) =>
    api(t, token, 'GET', `${API.nilai.href()}?id_siswa=${idSiswa}&id_tingkat=1&id_ukt=${idUkt}`);
  const soal = (token: string, tingkat: number) => api(t, token, 'GET', API.keshanSoal.href(tingkat));
  const jawaban = (token: string, idSiswa: number) =>
    api(t, token, 'POST', API.keshanJawaban.href(), {
      id_ukt: 1,
      id_siswa: idSiswa,
      id_tingkat: 1,
      jawaban: [{ id_soal: 1, jawaban: 'a' }],
    });
  const upload = (token: string, idSiswa: number, idUkt: number, key?: string) => {
    const { payload, headers } = multipart(
      { id_siswa: String(idSiswa), id_soal: '1', id_ukt: String(idUkt) },
      { data: WEBM },
    );
    return t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.keshanUploadAudio.href()}`,
      payload,
      headers: { ...headers, 'access-token': token, ...(key ? { 'idempotency-key': key } : {}) },
    });
  };
  const hear = (token: string, idSiswa: number, idUkt: number) =>
    api(t, token, 'GET', API.keshanAudio.href(idUkt, idSiswa, 1));
  // Stored where the server keeps recordings: DATA_DIR on SQLite, the media table on PostgreSQL.
  const isStored = (idUkt: number, idSiswa: number) => t.app.media.exists(`audio/${idUkt}/${idSiswa}-1.webm`);
  const sitisAudit = () =>
    t.app.db
      .selectFrom('audit_log')
      .select(['id_ukt', 'id_siswa', 'field'])
      .where('id_pemilih', '=', sitiId)
      .orderBy('id')
      .execute();

  it('holds an examiner assigned to one event and post to it on every call, and writes nothing outside', async () => {
    await assign(sitiId, [{ id_ukt: 1, pos: [2] }]);
    const [p1, p2] = mine[1] as [number, number];
    const q2 = mine[2][0] as number;

    for (const [label, call] of [
      ['list at TEKNIK', () => list(siti, 1, 2)],
      ['list without a post', () => list(siti, 1)],
      ['roster', () => roster(siti, 1)],
      ['take at TEKNIK', () => take(siti, p1, 1, 'sudah_tes')],
      ['JURUS', () => jurus(siti, p1, 1)],
      ['score read', () => read(siti, p1, 1)],
    ] as const) {
      const res = await call();
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
    }
    const auditBefore = await sitisAudit();
    expect(auditBefore).toEqual([
      { id_ukt: 1, id_siswa: p1, field: 'nilai_jurus' },
      { id_ukt: 1, id_siswa: p1, field: 'nilai_jurus_plus' },
    ]);

    const teknikOnly = refusal(`kegiatan ${EVENT_1}, pos TEKNIK`);
    for (const [label, call] of [
      ['list of another event', () => list(siti, 2, 2)],
      ['list at FISIK', () => list(siti, 1, 3)],
      ['roster of another event', () => roster(siti, 2)],
      ['take in another event', () => take(siti, q2, 2, 'sudah_tes')],
      ['take at KESHAN', () => take(siti, p2, 1, 'sudah_keshan')],
      ['take at FISIK', () => take(siti, p2, 1, 'sudah_fisik')],
      ['take at SAMBUNG', () => take(siti, p2, 1, 'sudah_sambung')],
      ['JURUS in another event', () => jurus(siti, q2, 2)],
      ['FISIK', () => api(t, siti, 'POST', API.nilaiFisik.href(), fisikPayload(p2))],
      ['SAMBUNG', () => score(siti, p2, { nilai_sambung: 70 })],
      ['KSHAN', () => score(siti, p2, { nilai_kshan: 70 })],
      ['score read in another event', () => read(siti, q2, 2)],
      ['KESHAN questions', () => soal(siti, 1)],
      ['KESHAN answers', () => jawaban(siti, p2)],
      ['recording upload', () => upload(siti, p2, 1)],
      ['recording playback', () => hear(siti, p1, 1)],
    ] as const) {
      const res = await call();
      expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
      expect(body(res), label).toEqual({ success: false, message: teknikOnly });
    }

    // Nothing of those reached the database or the disk.
    expect(await sitisAudit()).toEqual(auditBefore);
    const flags = await t.app.db
      .selectFrom('siswa')
      .select(['id_siswa', 'sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'])
      .where('id_siswa', 'in', [p2, q2])
      .orderBy('id_siswa')
      .execute();
    expect(
      flags.every((f) =>
        [f.sudah_keshan, f.sudah_tes, f.sudah_fisik, f.sudah_sambung].every((v) => v === null),
      ),
    ).toBe(true);
    const records = await t.app.db
      .selectFrom('nilai')
      .select('id_siswa')
      .where('id_siswa', 'in', [p2, q2])
      .execute();
    expect(records).toEqual([]);
    expect(await isStored(1, p2)).toBe(false);
  });

  it('lets a KESHAN examiner read the belt of her event, grade and record, and names every assignment', async () => {
    await assign(sitiId, [{ id_ukt: 1, pos: [1] }]);
    const p3 = mine[1][2] as number;
    expect((await soal(siti, 1)).statusCode).toBe(200);
    const otherBelt = await soal(siti, 4);
    expect(otherBelt.statusCode).toBe(403);
    expect(body(otherBelt).message).toBe(refusal(`kegiatan ${EVENT_1}, pos KESHAN`));
    const graded = await jawaban(siti, p3);
    expect(graded.statusCode, graded.body).toBe(200);
    const recorded = await upload(siti, p3, 1);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await isStored(1, p3)).toBe(true);
    expect((await hear(siti, p3, 1)).statusCode).toBe(200);

    await assign(sitiId, [
      { id_ukt: 2, pos: [] },
      { id_ukt: 1, pos: [3, 1] },
    ]);
    expect((await soal(siti, 4)).statusCode).toBe(200);
    expect((await jurus(siti, mine[2][1] as number, 2)).statusCode).toBe(200);
    const teknik = await take(siti, p3, 1, 'sudah_tes');
    expect(teknik.statusCode).toBe(403);
    expect(body(teknik).message).toBe(
      refusal(`kegiatan ${EVENT_1}, pos KESHAN dan FISIK; kegiatan ${EVENT_2}, semua pos`),
    );
  });

  it('leaves an examiner without assignments and a committee admin as they were', async () => {
    await assign(sitiId, []);
    const q = mine[2][2] as number;
    for (const [label, call] of [
      ['list', () => list(siti, 2, 3)],
      ['roster', () => roster(siti, 2)],
      ['take', () => take(siti, q, 2, 'sudah_fisik')],
      ['JURUS', () => jurus(siti, q, 2)],
      ['KESHAN questions', () => soal(siti, 3)],
    ] as const) {
      const res = await call();
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
    }

    // An admin's assignment steers her phone's event list; the server does not hold her to it.
    await assign(adminId, [{ id_ukt: 1, pos: [2] }]);
    const events = await api(t, admin, 'GET', API.kegiatan.href());
    expect((events.json() as { data: { id_ukt: string }[] }).data.map((e) => e.id_ukt)).toEqual(['1']);
    expect((await jurus(admin, mine[2][3] as number, 2)).statusCode).toBe(200);
    expect((await take(admin, mine[1][3] as number, 1, 'sudah_sambung')).statusCode).toBe(200);
    await assign(adminId, []);
  });

  it('holds open sessions to a change at once on this process and within SESSION_CACHE_MS on another', async () => {
    const other = await startApp(kind, {}, t);
    try {
      // Both processes have Siti's session in memory, with no assignment.
      expect((await list(siti, 2, 0, t)).statusCode).toBe(200);
      expect((await list(siti, 2, 0, other)).statusCode).toBe(200);
      await assign(sitiId, [{ id_ukt: 1, pos: [] }]);
      const here = await list(siti, 2, 0, t);
      expect(here.statusCode).toBe(403);
      expect(body(here).message).toBe(refusal(`kegiatan ${EVENT_1}, semua pos`));
      other.advance(SESSION_CACHE_MS + 1);
      expect((await list(siti, 2, 0, other)).statusCode).toBe(403);
      expect((await list(siti, 1, 4, other)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('replays a write accepted before the change, and lets a refused key write once the assignment allows it', async () => {
    await assign(sitiId, []);
    const [a, b, c] = mine[2].slice(4) as [number, number, number];
    expect((await jurus(siti, a, 2, 'diterima-dulu')).statusCode).toBe(200);
    await assign(sitiId, [{ id_ukt: 1, pos: [2] }]);

    const again = await jurus(siti, a, 2, 'diterima-dulu');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const refusedScore = await jurus(siti, b, 2, 'ditolak-dulu');
    expect(refusedScore.statusCode).toBe(403);
    const refusedRecording = await upload(siti, c, 2, 'rekaman-ditolak');
    expect(refusedRecording.statusCode).toBe(403);

    // The committee assigns her there after all: the phone's exported items go through with their keys.
    await assign(sitiId, [
      { id_ukt: 1, pos: [2] },
      { id_ukt: 2, pos: [] },
    ]);
    const scored = await jurus(siti, b, 2, 'ditolak-dulu');
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.headers['idempotent-replayed']).toBeUndefined();
    const recorded = await upload(siti, c, 2, 'rekaman-ditolak');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await isStored(2, c)).toBe(true);
  });

  it("shows on the progress page how many of a phone's writes the server refused", async () => {
    await assign(sitiId, [{ id_ukt: 1, pos: [2] }]);
    const progresOf = async (idUkt: number) => {
      const res = await api(t, admin, 'GET', API.panitia.progres.href(idUkt));
      expect(res.statusCode, res.body).toBe(200);
      return Progres.parse(res.json().data).penguji.find((p) => p.id_pemilih === String(sitiId));
    };
    // The phone sends a score for event 2 it holds since before the change: refused, and it
    // reports the items it holds besides (3, of which 2 were refused before).
    const sent = await api(
      t,
      siti,
      'POST',
      API.nilai.href(),
      { id_siswa: mine[2][7], id_ukt: 2, id_tingkat: 4, nilai_jurus: 70, nilai_jurus_plus: 0 },
      { 'idempotency-key': 'hp-lama', [OUTBOX_HEADER]: '3', [OUTBOX_DITOLAK_HEADER]: '2' },
    );
    expect(sent.statusCode).toBe(403);
    // Stored after the answer went out (an onResponse hook).
    await expect.poll(() => progresOf(2)).toMatchObject({ tertunda: 3, ditolak: 2 });
    // Its next call reports the whole outbox: that one too is refused now. More refused than held is read as all.
    const next = await api(t, siti, 'GET', `${API.kegiatan.href()}`, undefined, {
      [OUTBOX_HEADER]: '4',
      [OUTBOX_DITOLAK_HEADER]: '9',
    });
    expect(next.statusCode).toBe(200);
    await expect.poll(() => progresOf(2)).toMatchObject({ tertunda: 4, ditolak: 4 });
    // A phone that says nothing about refusals (an older app) reports none.
    await api(t, siti, 'GET', `${API.siswa.href()}?id_ukt=1&posUjian=2`, undefined, { [OUTBOX_HEADER]: '1' });
    await expect.poll(() => progresOf(1)).toMatchObject({ tertunda: 1, ditolak: 0 });
  });

  if (kind === 'postgres') {
    it('keeps an assigned examiner at one statement per list, take and score write', async () => {
      await assign(sitiId, [{ id_ukt: 1, pos: [2] }]);
      const [warm, first] = mine[1].slice(5) as [number, number];
      const calls = {
        list: () => list(siti, 1, 2),
        take: () => take(siti, first, 1, 'sudah_tes'),
        'score write': () => jurus(siti, first, 1, 'dihitung'),
      };
      // Once through: the session (with its assignment) remembered, the page held, statements prepared.
      for (const call of [
        calls.list,
        () => take(siti, warm, 1, 'sudah_tes'),
        () => jurus(siti, warm, 1, 'pemanasan'),
        calls.list,
      ])
        expect((await call()).statusCode).toBe(200);
      const counted: [string, CallCount][] = [];
      for (const [label, call] of Object.entries(calls)) {
        const { result, count } = await measure(call);
        expect(result.statusCode, `${label}: ${result.body}`).toBe(200);
        counted.push([label, count]);
      }
      for (const [label, count] of counted)
        expect(count.trips, `${countTable(counted)}\n${label} sent:\n${sentList(count)}`).toBe(1);
    });
  }
});
