import { API } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInApp, startSignedIn } from '../support/app';
import { type PgCluster, startPgCluster } from '../support/pg-cluster';
import { participantsInScope } from '../support/scoped-examiner';
import { type CallCount, countTable, measure, observePostgres, sentList } from '../support/statement-count';

// What each examiner call costs PostgreSQL (issue #22), counted at the driver (what leaves the
// process, test/support/statement-count.ts): the list and a take are one statement each, a score
// write one round trip and one commit, a replayed write one statement, the recap and the progress
// page none on a cache hit; on a miss the recap sends two (the event with its pass rule, read
// together: db/read-together.ts; then its rows) and the progress page two side by side (the event,
// its pass rule and the counts read together, and the first score times; docs/decisions/119). Adding a statement fails here, naming
// what was sent. PostgreSQL only: SQLite has no round trips. On TEST_DATABASE_URL
// (CI) in a schema of its own; without it, on a throwaway PostgreSQL of its own (support/pg-cluster.ts).

/** A call measured, with what the target allows. */
interface Measured {
  label: string;
  count: CallCount;
  status: number;
}

describe('statements per examiner call on PostgreSQL', { timeout: 120_000 }, () => {
  let own: PgCluster | undefined;
  let s: SignedInApp;
  const measured: Measured[] = [];
  /** Warm-up calls not answered 200 (failed in the first test, so the rest are still measured). */
  const warmUpFailures: string[] = [];

  const byLabel = (label: string) => {
    const found = measured.find((m) => m.label === label);
    if (!found)
      throw new Error(`${label} was not measured:\n${countTable(measured.map((m) => [m.label, m.count]))}`);
    return found;
  };
  /** The numbers of every call and what the one at fault sent, for a failure message. */
  const report = (label: string) =>
    `\n${countTable(measured.map((m) => [m.label, m.count]))}\n\n${label} sent:\n${sentList(byLabel(label).count)}\n`;

  beforeAll(async () => {
    observePostgres();
    if (!process.env.TEST_DATABASE_URL) {
      // startApp takes PostgreSQL from TEST_DATABASE_URL; this file's worker points it at its own.
      own = await startPgCluster();
      process.env.TEST_DATABASE_URL = own.url;
    }
    s = await startSignedIn('postgres');
    const { ids } = await participantsInScope(s.t);
    const [warm, first, second] = ids as [number, number, number];
    const list = () => api(s.t, s.siti, 'GET', '/DataSiswa/siswa?id_ukt=1&hal=1&posUjian=2');
    const take = (id: number) =>
      api(s.t, s.siti, 'POST', API.siswaUpdate.href(id), { id_ukt: 1, sudah_tes: '1' });
    const write = (id: number, key: string) =>
      api(
        s.t,
        s.siti,
        'POST',
        API.nilai.href(),
        { id_siswa: id, id_ukt: 1, id_tingkat: 1, nilai_jurus: 70, nilai_jurus_plus: 0 },
        { 'idempotency-key': key },
      );
    const rekap = () => api(s.t, s.admin, 'GET', API.panitia.rekap.href(1));
    const progres = () => api(s.t, s.admin, 'GET', API.panitia.progres.href(1));

    // Once through every call: connections open, statements prepared, sessions remembered.
    const warmUp: [string, () => ReturnType<typeof api>][] = [
      ['list', list],
      ['take', () => take(warm)],
      ['score write', () => write(warm, 'warm-up')],
      ['score write replayed', () => write(warm, 'warm-up')],
      ['recap', rekap],
      ['progress', progres],
      ['list', list],
    ];
    for (const [label, call] of warmUp) {
      const res = await call();
      if (res.statusCode !== 200) warmUpFailures.push(`warm-up ${label}: ${res.statusCode} ${res.body}`);
    }

    const run = async (label: string, call: () => ReturnType<typeof api>) => {
      const { result, count } = await measure(call);
      measured.push({ label, count, status: result.statusCode });
    };
    await run('list', list);
    await run('list again (cache valid)', list);
    await run('take', () => take(first));
    await run('list after a take', list);
    await run('score write', () => write(first, 'measured-1'));
    await run('score write replayed', () => write(first, 'measured-1'));
    await run('take (2nd)', () => take(second));
    await run('score write (2nd)', () => write(second, 'measured-2'));
    await run('recap (miss)', rekap);
    await run('recap (hit)', rekap);
    await run('progress (miss)', progres);
    await run('progress (hit)', progres);
    // The baseline, printed on every run (the numbers the others work against).
    console.info(`statements per call:\n${countTable(measured.map((m) => [m.label, m.count]))}`);
  });

  afterAll(async () => {
    await s?.t.close();
    own?.destroy();
  });

  it('every measured call was answered 200', () => {
    expect(warmUpFailures).toEqual([]);
    for (const m of measured) expect(m.status, `${m.label}${report(m.label)}`).toBe(200);
  });

  it('a participant list is one statement, whether or not its cache is valid', () => {
    for (const label of ['list', 'list again (cache valid)', 'list after a take']) {
      const { count } = byLabel(label);
      expect({ trips: count.trips, statements: count.statements }, report(label)).toEqual({
        trips: 1,
        statements: 1,
      });
    }
  });

  it('a take is one statement', () => {
    for (const label of ['take', 'take (2nd)']) {
      const { count } = byLabel(label);
      expect({ trips: count.trips, statements: count.statements }, report(label)).toEqual({
        trips: 1,
        statements: 1,
      });
    }
  });

  it('a score write is one round trip and one commit', () => {
    for (const label of ['score write', 'score write (2nd)']) {
      const { count } = byLabel(label);
      expect(
        { trips: count.trips, commits: count.commits, rollbacks: count.rollbacks },
        report(label),
      ).toEqual({
        trips: 1,
        commits: 1,
        rollbacks: 0,
      });
    }
  });

  it('a replayed score write (same Idempotency-Key) is one statement', () => {
    const { count } = byLabel('score write replayed');
    expect({ trips: count.trips, statements: count.statements }, report('score write replayed')).toEqual({
      trips: 1,
      statements: 1,
    });
  });

  for (const [page, miss, hit, most] of [
    ['the recap', 'recap (miss)', 'recap (hit)', 2],
    ['the progress page', 'progress (miss)', 'progress (hit)', 2],
  ] as const) {
    it(`${page} sends at most ${most} statements on a cache miss and none on a hit`, () => {
      const m = byLabel(miss).count;
      expect({ trips: m.trips <= most, statements: m.statements <= most }, report(miss)).toEqual({
        trips: true,
        statements: true,
      });
      const h = byLabel(hit).count;
      expect({ trips: h.trips, statements: h.statements }, report(hit)).toEqual({ trips: 0, statements: 0 });
    });
  }

  it('the live bus announces each take and score write once, apart from those statements, and reads nothing', () => {
    for (const m of measured) {
      if (m.label.includes('replayed')) continue;
      const writes = /^(take|score write)/.test(m.label);
      expect(m.count.bus, `${m.label}${report(m.label)}`).toBe(writes ? 1 : 0);
    }
  });
});
