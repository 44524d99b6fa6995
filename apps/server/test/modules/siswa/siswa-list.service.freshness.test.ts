import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, DATABASES, SITI, startApp, type TestApp } from '../../support/app';

// The participant list answers from memory while nothing changed (docs/decisions/015, 047), and
// must still show at once a take or a score made by this process or by another one on the same
// database: on SQLite another process is another connection, which `PRAGMA data_version` sees.
describe.each(DATABASES)('the participant list after a change on %s', (kind) => {
  let a: TestApp;
  let b: TestApp;
  let adminOnA: string;
  let sitiOnB: string;
  beforeAll(async () => {
    a = await startApp(kind);
    b = await startApp(kind, {}, a);
    adminOnA = await a.login(ADMIN);
    sitiOnB = await b.login(SITI);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** Participant `noUrut` of event 1 as the admin's list on process A shows it (searching its no_urut). */
  const row = async (noUrut: string) => {
    const res = await api(a, adminOnA, 'GET', `/DataSiswa/siswa?id_ukt=1&hal=1&posUjian=2&nama=${noUrut}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      no_urut: string;
      sudah_tes: string | null;
      sudah_fisik: string | null;
    }[];
    return rows.find((r) => r.no_urut === noUrut);
  };
  /** The n-th participant of Siti's own list (her perwapus and cabang). */
  const sitis = async (n: number) => {
    const res = await api(b, sitiOnB, 'GET', '/DataSiswa/siswa?id_ukt=1&hal=1&posUjian=2&nama=');
    return res.json().data[n] as { id_siswa: string; no_urut: string };
  };

  it('shows a take made by another process on the very next read', async () => {
    const p = await sitis(0);
    expect((await row(p.no_urut))?.sudah_tes).toBeNull();
    expect((await row(p.no_urut))?.sudah_tes).toBeNull(); // now answered from the caches
    const take = await api(b, sitiOnB, 'POST', `/DataSiswa/siswaUpdate/${p.id_siswa}`, {
      id_ukt: 1,
      sudah_tes: '1',
    });
    expect(take.statusCode, take.body).toBe(200);
    expect((await row(p.no_urut))?.sudah_tes).not.toBeNull();
  });

  it('shows a take made by this process on the very next read', async () => {
    const p = await sitis(1);
    expect((await row(p.no_urut))?.sudah_fisik).toBeNull();
    expect((await row(p.no_urut))?.sudah_fisik).toBeNull();
    const take = await api(a, adminOnA, 'POST', `/DataSiswa/siswaUpdate/${p.id_siswa}`, {
      id_ukt: 1,
      sudah_fisik: '1',
    });
    expect(take.statusCode, take.body).toBe(200);
    expect((await row(p.no_urut))?.sudah_fisik).not.toBeNull();
  });
});
