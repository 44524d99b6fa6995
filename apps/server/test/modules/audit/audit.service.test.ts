import { API, AuditList } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, DATABASES, type SignedInApp, startSignedIn } from '../../support/app';
import { participantsInScope } from '../../support/scoped-examiner';

// The audit page's list (DESIGN §10): a first save's defaults (nothing → 0 of a bonus) are left
// out unless asked for, so real changes stand out; participants are found by name or number.

describe.each(DATABASES)('the audit list on %s', (kind) => {
  let s: SignedInApp;
  /** Participants of event 1 Siti may score, by no_urut, with their names and numbers. */
  let mine: { id_siswa: number; nama: string; no_urut: number }[];
  beforeAll(async () => {
    s = await startSignedIn(kind);
    ({ participants: mine } = await participantsInScope(s.t));
  });
  afterAll(async () => s.t.close());

  const audit = async (query: string) => {
    const res = await api(s.t, s.admin, 'GET', `${API.panitia.audit.href()}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return AuditList.parse(res.json());
  };
  const save = async (idSiswa: number, fields: Record<string, number>, pos = 'sudah_tes') => {
    const taken = await api(s.t, s.siti, 'POST', `/DataSiswa/siswaUpdate/${idSiswa}`, {
      id_ukt: 1,
      [pos]: '1',
    });
    expect(taken.statusCode).toBe(200);
    const saved = await api(s.t, s.siti, 'POST', '/DataSiswa/NilaiSiswa', {
      id_ukt: 1,
      id_tingkat: 1,
      id_siswa: idSiswa,
      ...fields,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const changes = (list: z.infer<typeof AuditList>) => list.data.map((r) => [r.field, r.lama, r.baru]);

  it("leaves out a first save's default bonus unless asked, and keeps a score of 0 and a changed bonus", async () => {
    const [a, b] = mine as [(typeof mine)[number], (typeof mine)[number]];
    await save(a.id_siswa, { nilai_kripen: 70, nilai_kripen_plus: 0 });
    expect(changes(await audit(`id_siswa=${a.id_siswa}`))).toEqual([['nilai_kripen', null, 70]]);
    const all = await audit(`id_siswa=${a.id_siswa}&bawaan=1`);
    expect(all.data.map((r) => r.field).sort()).toEqual(['nilai_kripen', 'nilai_kripen_plus']);
    expect(all.meta.total).toBe(2);

    // A bonus given later is a change; a first score of 0 is a score, not a default.
    await save(a.id_siswa, { nilai_kripen: 70, nilai_kripen_plus: 2 });
    await save(b.id_siswa, { nilai_kshan: 0, nilai_kshan_plus: 0 }, 'sudah_keshan');
    expect(changes(await audit(`id_siswa=${a.id_siswa}`))).toEqual([
      ['nilai_kripen_plus', 0, 2],
      ['nilai_kripen', null, 70],
    ]);
    expect(changes(await audit(`id_siswa=${b.id_siswa}`))).toEqual([['nilai_kshan', null, 0]]);
    expect((await audit(`id_siswa=${b.id_siswa}`)).meta.total).toBe(1);
  });

  it('finds a participant by part of the name, any case, or by number', async () => {
    const [a, b] = mine as [(typeof mine)[number], (typeof mine)[number]];
    const part = a.nama.split(' ')[0]?.toUpperCase() ?? '';
    const byName = await audit(`id_ukt=1&cari=${encodeURIComponent(part)}`);
    expect(byName.data.length).toBeGreaterThan(0);
    for (const row of byName.data) expect(row.siswa.toUpperCase()).toContain(part);
    const byNumber = await audit(`id_ukt=1&cari=${b.no_urut}`);
    expect(new Set(byNumber.data.map((r) => r.id_siswa))).toEqual(new Set([String(b.id_siswa)]));
    expect((await audit('id_ukt=1&cari=%25')).meta.total).toBe(0);
    expect((await api(s.t, s.admin, 'GET', `${API.panitia.audit.href()}?bawaan=2`)).statusCode).toBe(400);
  });
});
