import { API, AuditList, type AuditRow, KoreksiHasil, PanitiaSoal } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DATABASES, type SignedInApp, startSignedIn } from '../../support/app';
import { participantsInScope } from '../../support/scoped-examiner';

// Corrections and examiners' saves of one score arriving together (docs/decisions/108): each is
// audited with the value the one before it left, so the audit rows of the score form one chain
// (every old value is the new value of the row before it), and each answer tells its own change.

describe.each(DATABASES)('concurrent writes of one score on %s', (kind) => {
  let s: SignedInApp;
  /** Participants of event 1 Siti may score, by no_urut. */
  let mine: number[];
  beforeAll(async () => {
    s = await startSignedIn(kind);
    ({ ids: mine } = await participantsInScope(s.t));
  });
  afterAll(async () => s.t.close());

  const koreksi = (idSiswa: number, nilai: number) =>
    api(s.t, s.admin, 'POST', API.panitia.koreksi.href(1), {
      id_siswa: idSiswa,
      komponen: 'jurus',
      nilai,
      alasan: `Lembar kertas: ${nilai}`,
    });
  const phone = (idSiswa: number, nilai: number) =>
    api(s.t, s.siti, 'POST', '/DataSiswa/NilaiSiswa', {
      id_siswa: idSiswa,
      id_ukt: 1,
      id_tingkat: 1,
      nilai_jurus: nilai,
      nilai_jurus_plus: 2,
    });
  /** The audit rows of a participant's score field at a belt as the audit page lists them, oldest first. */
  const trail = async (idSiswa: number, field = 'nilai_jurus', idTingkat = 1): Promise<AuditRow[]> => {
    const query = `?id_siswa=${idSiswa}&field=${field}`;
    const res = await api(s.t, s.admin, 'GET', `${API.panitia.audit.href()}${query}`);
    expect(res.statusCode).toBe(200);
    return AuditList.parse(res.json())
      .data.filter((r) => r.id_tingkat === idTingkat)
      .reverse();
  };
  /** Every row's old value is the new value of the row before it. */
  const expectChain = (rows: AuditRow[], first: number | null) => {
    expect(rows[0]?.lama).toBe(first);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.lama, `row ${i}`).toBe(rows[i - 1]?.baru);
  };
  const storedJurus = async (idSiswa: number) =>
    (
      await s.t.app.db
        .selectFrom('nilai')
        .select('nilai_jurus')
        .where('id_siswa', '=', idSiswa)
        .where('id_ukt', '=', 1)
        .where('id_tingkat', '=', 1)
        .executeTakeFirstOrThrow()
    ).nilai_jurus;

  it('audits 10 corrections of one score sent together as one chain from the original value', async () => {
    const a = mine[0] as number;
    expect((await phone(a, 70)).statusCode).toBe(200);
    const values = [71, 72, 73, 74, 75, 76, 77, 78, 79, 80];
    const answers = await Promise.all(values.map((nilai) => koreksi(a, nilai)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const rows = await trail(a);
    expect(rows.map((r) => r.sumber)).toEqual(['aplikasi', ...values.map(() => 'koreksi')]);
    expectChain(rows, null);
    expect(rows[1]?.lama).toBe(70);
    expect(new Set(rows.slice(1).map((r) => r.baru))).toEqual(new Set(values));
    expect(await storedJurus(a)).toBe(rows.at(-1)?.baru);

    // Each answer tells its own change: exactly the change its audit row records.
    const told = answers.map((res) => KoreksiHasil.parse(res.json().data));
    expect(told.every((h) => h.berubah)).toBe(true);
    const audited = rows.slice(1).map((r) => `${r.lama}→${r.baru}`);
    expect(told.map((h) => `${h.lama}→${h.baru}`).sort()).toEqual([...audited].sort());
  });

  it('audits the first corrections of a score never written as one chain from nothing', async () => {
    const b = mine[1] as number;
    const values = [60, 65, 70, 75, 80];
    const answers = await Promise.all(values.map((nilai) => koreksi(b, nilai)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await trail(b);
    expect(rows).toHaveLength(values.length);
    expectChain(rows, null);
    expect(await storedJurus(b)).toBe(rows.at(-1)?.baru);
  });

  it('audits examiners’ saves racing corrections of the same score as one chain', async () => {
    const c = mine[2] as number;
    expect((await koreksi(c, 50)).statusCode).toBe(200);
    const writes = [
      () => phone(c, 61),
      () => koreksi(c, 62),
      () => phone(c, 63),
      () => koreksi(c, 64),
      () => phone(c, 65),
      () => koreksi(c, 66),
      () => phone(c, 67),
      () => koreksi(c, 68),
      () => phone(c, 69),
      () => koreksi(c, 70),
    ];
    const answers = await Promise.all(writes.map((write) => write()));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const rows = await trail(c);
    expect(rows).toHaveLength(11);
    expectChain(rows, null);
    expect(rows[1]?.lama).toBe(50);
    expect(rows.filter((r) => r.sumber === 'aplikasi')).toHaveLength(5);
    expect(await storedJurus(c)).toBe(rows.at(-1)?.baru);
  });

  it('audits corrections racing re-gradings of the same KESHAN score as one chain', async () => {
    const soal = PanitiaSoal.array().parse(
      (await api(s.t, s.admin, 'GET', API.panitia.soal.href(1))).json().data,
    );
    const q1 = soal[0] as PanitiaSoal;
    const jawaban = soal.map((q) => ({ id_soal: Number(q.id_soal), jawaban: q.jawaban_benar }));
    const sheet = await api(s.t, s.agus, 'POST', '/keshan/jawaban', {
      id_ukt: 1,
      id_siswa: 1,
      id_tingkat: 1,
      jawaban,
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const { id_soal, id_tingkat: _t, no: _n, ...fields } = q1;
    const key = (jawaban_benar: string) =>
      s.t.app.inject({
        method: 'PUT',
        url: `/uktNEW/api${API.panitia.soalById.href(1, id_soal)}`,
        headers: { 'access-token': s.admin },
        payload: { ...fields, jawaban_benar },
      });
    const wrong = q1.jawaban_benar === 'a' ? 'b' : 'a';
    // Each round changes question 1's key (the sheet's grade moves 100 ↔ 95) while a correction of
    // the same score is sent.
    for (const [round, nilai] of [60, 65, 70, 75].entries()) {
      const answers = await Promise.all([
        key(round % 2 === 0 ? wrong : q1.jawaban_benar),
        api(s.t, s.admin, 'POST', API.panitia.koreksi.href(1), {
          id_siswa: 1,
          komponen: 'keshan',
          nilai,
          alasan: `Lembar kertas: ${nilai}`,
        }),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await trail(1, 'nilai_kshan');
    expect(rows.filter((r) => r.sumber === 'koreksi').length).toBeGreaterThanOrEqual(4);
    expectChain(rows, null);
    const stored = await s.t.app.db
      .selectFrom('nilai')
      .select('nilai_kshan')
      .where('id_siswa', '=', 1)
      .where('id_ukt', '=', 1)
      .where('id_tingkat', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored.nilai_kshan).toBe(rows.at(-1)?.baru);
  });
});
