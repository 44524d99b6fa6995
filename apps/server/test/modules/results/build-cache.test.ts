import { join } from 'node:path';
import { API, Progres, RekapMeta, RekapRow } from '@ukt/core';
import { DefaultQueryExecutor } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import SQLite from '../../../src/db/sqlite-driver';
import { ADMIN, api, DATABASES, startApp, startSignedIn, type TestApp } from '../../support/app';
import { writeScores } from '../../support/scores';

// The recap and the progress page built once for many admins (docs/decisions/117): identical
// requests at once share one build, a reused answer asks the database nothing, and a write shows
// in the next answer — at once through this process, within the reuse limit from another one.

const RekapResult = z.object({ success: z.literal(true), data: z.array(RekapRow), meta: RekapMeta });
const ProgresResult = z.object({ success: z.literal(true), data: Progres });

/** Every statement any Kysely instance of this process sends (queries and writes alike). */
const executeQuery = vi.spyOn(Object.getPrototypeOf(DefaultQueryExecutor.prototype), 'executeQuery');
/** How many statements `work` sent. */
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  executeQuery.mockClear();
  await work();
  return executeQuery.mock.calls.length;
}

afterAll(() => executeQuery.mockRestore());

describe.each(DATABASES)('the recap and the progress page for many admins on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  const get = (path: string) => api(t, admin, 'GET', path);
  const rekap = async () => {
    const res = await get(API.panitia.rekap.href(1));
    expect(res.statusCode, res.body).toBe(200);
    return RekapResult.parse(res.json());
  };
  const sambungOf = async (idSiswa: number) =>
    (await rekap()).data.find((r) => r.id_siswa === String(idSiswa))?.nilai.sambung;
  const eight = (path: string) => Promise.all(Array.from({ length: 8 }, () => get(path)));
  /**
   * A score write, once its live event came back too: on PostgreSQL the bus echoes this process's
   * own writes a moment later, which moves the event's change again (a count must not overlap it).
   */
  const scoreAndHear = async (idSiswa: number) => {
    let heard: () => void = () => undefined;
    const echo = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const off = t.app.live.subscribe('1', (m) => {
      if (m.kind === 'event' && m.event.id_siswa === String(idSiswa)) heard();
    });
    try {
      await writeScores(t, admin, 1, 1, idSiswa, { sambung: 60 });
      await echo;
    } finally {
      off();
    }
  };

  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
    // Sessions looked up once: what follows counts only the pages' own statements.
    await get(API.panitia.rekap.href(1));
    await scoreAndHear(1);
  });
  afterAll(async () => t.close());

  it('builds the recap once for 8 identical requests at once, as many statements as one request', async () => {
    let answers: Awaited<ReturnType<typeof eight>> = [];
    const together = await statementsOf(async () => {
      answers = await eight(API.panitia.rekap.href(1));
    });
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    await scoreAndHear(2);
    const alone = await statementsOf(() => rekap());
    expect(alone).toBeGreaterThan(0);
    expect(together).toBe(alone);
  });

  it('answers a repeated recap and progress page without a statement, as the same JSON text', async () => {
    const first = await get(`${API.panitia.rekap.href(1)}?urut=nama`);
    const page = await get(API.panitia.progres.href(1));
    let again: Awaited<ReturnType<typeof get>>[] = [];
    const statements = await statementsOf(async () => {
      again = [await get(`${API.panitia.rekap.href(1)}?urut=nama`), await get(API.panitia.progres.href(1))];
    });
    expect(statements).toBe(0);
    expect(again.map((r) => r.body)).toEqual([first.body, page.body]);
    expect(again[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
    // Another filter is another answer, built for itself.
    expect(
      await statementsOf(() => get(`${API.panitia.rekap.href(1)}?urut=nama&arah=turun`)),
    ).toBeGreaterThan(0);
  });

  it('builds the progress page once for 8 identical requests at once', async () => {
    await scoreAndHear(3);
    let answers: Awaited<ReturnType<typeof eight>> = [];
    const together = await statementsOf(async () => {
      answers = await eight(API.panitia.progres.href(1));
    });
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    await scoreAndHear(4);
    const alone = await statementsOf(() => get(API.panitia.progres.href(1)));
    expect(alone).toBeGreaterThan(0);
    expect(together).toBe(alone);
  });

  it('shows a score written through the API in the very next recap and progress page', async () => {
    expect(await sambungOf(5)).toBeNull();
    const before = ProgresResult.parse((await get(API.panitia.progres.href(1))).json()).data
      .peserta_ada_nilai;
    await writeScores(t, admin, 1, 1, 5, { sambung: 75 });
    expect(await sambungOf(5)).toBe(75);
    const after = ProgresResult.parse((await get(API.panitia.progres.href(1))).json()).data.peserta_ada_nilai;
    expect(after).toBe(before + 1);
  });

  // SQLite only: another connection to the file stands for a `ukt` command beside the server.
  if (kind === 'sqlite')
    it('shows a commit by another connection to the file (a ukt command) in the next recap', async () => {
      expect(await sambungOf(5)).toBe(75);
      const other = new SQLite(join(t.config.dataDir, 'ukt.db'));
      try {
        const update =
          'update nilai set nilai_sambung = 80 where id_siswa = 5 and id_ukt = 1 and id_tingkat = 1';
        expect(other.prepare(update).run().changes).toBe(1);
      } finally {
        other.close();
      }
      // The next request comes in a later turn of the event loop, as any real one would: the data
      // version is read once a turn (db/data-version.ts).
      await new Promise((resolve) => setImmediate(resolve));
      expect(await sambungOf(5)).toBe(80);
    });
});

// PostgreSQL only (TEST_DATABASE_URL, always set in CI): two app instances on one schema.
if (DATABASES.includes('postgres'))
  describe('the recap of two server processes on PostgreSQL', () => {
    let first: TestApp;
    let second: TestApp;
    let adminOnFirst: string;
    let adminOnSecond: string;

    const rekapOnFirst = async () => {
      const res = await api(first, adminOnFirst, 'GET', API.panitia.rekap.href(1));
      expect(res.statusCode, res.body).toBe(200);
      return RekapResult.parse(res.json());
    };

    beforeAll(async () => {
      first = await startApp('postgres');
      second = await startApp('postgres', {}, first);
      adminOnFirst = await first.login(ADMIN);
      // The second clock starts behind the first's, which its login moved past the resend wait.
      second.advance(120_000);
      adminOnSecond = await second.login(ADMIN);
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    it("shows the other process's score write and its unannounced pass-rule change within the reuse limit", async () => {
      await expect.poll(() => first.app.live.live, { timeout: 5_000 }).toBe(true);
      const sambung = async () => (await rekapOnFirst()).data.find((r) => r.id_siswa === '7')?.nilai.sambung;
      expect(await sambung()).toBeNull();
      await writeScores(second, adminOnSecond, 1, 1, 7, { sambung: 70 });
      await expect.poll(sambung, { timeout: 3_000, interval: 50 }).toBe(70);

      expect((await rekapOnFirst()).meta.aturan_versi).toBe(0);
      const rule = (await api(second, adminOnSecond, 'GET', API.panitia.aturan.href(1))).json().data.aturan;
      const put = await api(second, adminOnSecond, 'PUT', API.panitia.aturan.href(1), rule);
      expect(put.statusCode, put.body).toBe(200);
      await expect
        .poll(async () => (await rekapOnFirst()).meta.aturan_versi, { timeout: 3_000, interval: 50 })
        .toBe(1);
    });
  });
