import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, AuditList, type AuditRow } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { verifyCardCode } from '../../../src/lib/card-code';
import { loginLinkByNoWa } from '../../../src/modules/auth/login-link.service';
import { createBackup } from '../../../src/modules/backup/backup.service';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { restoreBackup } from '../../../src/modules/backup/restore.service';
import { readWhole } from '../../../src/modules/media/media.store';
import {
  ADMIN,
  api,
  DATABASES,
  freshSchema,
  SITI,
  startApp,
  type TestApp,
  testConfig,
} from '../../support/app';
import { auditOf, dayAnswers, fillExamDay } from '../../support/exam-day';

// The restore drill of DESIGN §14: an exam day (scores, a correction, ratification, certificates, a
// recording and a photo) is backed up while an examiner goes on writing, restored into a fresh
// database and data folder of the same or the other kind, and a server started on it answers the
// recap, the audit and the certificate checks exactly as before.

const pairs: [string, 'sqlite' | 'postgres', 'sqlite' | 'postgres'][] = DATABASES.flatMap((from) =>
  DATABASES.map(
    (to) => [`${from} → ${to}`, from, to] as [string, 'sqlite' | 'postgres', 'sqlite' | 'postgres'],
  ),
);

/** One score of event 2 the writer sends: participant and the senam score. */
interface Write {
  id: number;
  value: number;
}

const writeOf = (i: number): Write => ({ id: 121 + (i % 20), value: 55 + (i % 25) });

/** Event 2's senam scores after the first `k` writes (null: not scored). */
function stateAfter(writes: Write[], k: number): Map<number, number | null> {
  const state = new Map<number, number | null>();
  for (let id = 121; id < 141; id++) state.set(id, null);
  for (const w of writes.slice(0, k)) state.set(w.id, w.value);
  return state;
}

const auditRows = async (app: FastifyInstance, token: string, idUkt: number): Promise<AuditRow[]> =>
  (await auditOf(app, token, idUkt)).flatMap((page) => AuditList.parse(JSON.parse(page)).data);

describe.each(pairs)('restore drill %s', (_name, from, to) => {
  let t: TestApp;
  let admin: string;
  let target: string;
  let restored: FastifyInstance | undefined;
  let dropTarget: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // No UKT_SECRET: the server keeps its secret in DATA_DIR, which the archive must carry.
    t = await startApp(from, { UKT_SECRET: undefined as unknown as string });
    admin = await t.login(ADMIN);
    target = mkdtempSync(join(tmpdir(), 'ukt-pulih-'));
  });
  afterAll(async () => {
    await restored?.close();
    await t.close();
    await dropTarget?.();
    rmSync(target, { recursive: true, force: true });
  });

  it('a backup taken while writes go on restores into a fresh database that answers the same', async () => {
    const kodes = await fillExamDay(t, admin);
    const before = await dayAnswers(t.app, admin, kodes);
    const link = await loginLinkByNoWa(
      { db: t.app.db, secret: t.app.secret, orgId: 1, publicUrl: t.config.publicUrl, now: t.app.clock() },
      SITI,
    );

    // Scores of event 2 go on being written, one after another, while the backup runs.
    const sent: Write[] = [];
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 5_000; i++) {
        const w = writeOf(i);
        sent.push(w);
        const res = await api(t, admin, 'POST', API.nilai.href(), {
          id_siswa: w.id,
          id_ukt: 2,
          id_tingkat: 4,
          nilai_senam: w.value,
          nilai_senam_plus: 0,
        });
        expect(res.statusCode, res.body).toBe(200);
        acknowledged = i + 1;
      }
    })();
    while (acknowledged < 5) await new Promise((r) => setTimeout(r, 5));
    const ackedBefore = acknowledged;
    const { file, manifest } = await createBackup(serverBackupSource(t.app), { reason: 'manual' });
    const ackedAfter = acknowledged;
    writing = false;
    await writer;
    // The writes really went on while the backup ran, or the drill proves nothing about that.
    expect(ackedAfter).toBeGreaterThan(ackedBefore);
    expect(manifest.dialect).toBe(from);
    expect(manifest.counts.sertifikat).toBe(kodes.length);
    expect(Object.keys(manifest.checksums)).toEqual(
      expect.arrayContaining(['data/secret.key', 'data/photos/2.jpg', 'db/siswa.jsonl']),
    );
    expect(Object.keys(manifest.checksums).some((n) => n.startsWith('data/audio/'))).toBe(true);
    expect(Object.keys(manifest.checksums).some((n) => n.startsWith('data/cadangan'))).toBe(false);

    // Restore into a fresh database and data folder of the other (or same) kind.
    let pgSchema: string | undefined;
    let databaseUrl = `sqlite:${join(target, 'ukt.db')}`;
    if (to === 'postgres') {
      const fresh = await freshSchema(process.env.TEST_DATABASE_URL as string);
      pgSchema = fresh.schema;
      dropTarget = fresh.drop;
      databaseUrl = process.env.TEST_DATABASE_URL as string;
    }
    const dataDir = join(target, 'data');
    await restoreBackup({ databaseUrl, dataDir, pgSchema }, file);
    const config = testConfig(dataDir, databaseUrl, { UKT_SECRET: undefined as unknown as string });
    restored = await buildApp(config, { pgSchema, otpSender: { wait: true, send: async () => undefined } });

    // Event 1, untouched since the day was filled, answers byte for byte as before.
    expect(await dayAnswers(restored, admin, kodes)).toEqual(before);
    // The photo is back where the restored server keeps it (a file on SQLite, a row on PostgreSQL).
    const photo = async (app: FastifyInstance) => {
      const file = await app.media.open('photos/2.jpg');
      return file ? readWhole(file) : null;
    };
    expect(await photo(restored)).toEqual(await photo(t.app));
    expect(await photo(restored)).not.toBeNull();
    const missing = await restored.inject({
      method: 'GET',
      url: `/uktNEW/api${API.verifikasi.href('X'.repeat(20))}`,
    });
    expect(missing.statusCode).toBe(404);

    // The same secret: printed card codes verify, a login link made before the backup signs in.
    expect(restored.secret).toBe(t.app.secret);
    const roster = JSON.parse(before.roster) as { data: { siswa: { kode_kartu: string }[] } };
    for (const s of roster.data.siswa.slice(0, 5))
      expect(verifyCardCode(restored.secret, s.kode_kartu)).not.toBeNull();
    const signIn = await restored.inject({
      method: 'POST',
      url: `/uktNEW/api${API.tokenLogin.href()}`,
      payload: { data: link.split('/').at(-1) },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);

    // Event 2 is the original at one moment: its scores are those after exactly the first k writes,
    // k at least every write acknowledged before the backup began, and its audit log is the
    // original's with the later writes' rows taken away.
    const rows = await restored.db
      .selectFrom('nilai')
      .select(['id_siswa', 'nilai_senam'])
      .where('id_ukt', '=', 2)
      .execute();
    const got = stateAfter([], 0);
    for (const r of rows) got.set(r.id_siswa, r.nilai_senam);
    const k = [...Array(sent.length + 1).keys()].find(
      (n) => n >= ackedBefore && isEqual(stateAfter(sent, n), got),
    );
    expect(k, `event 2 is no prefix of the ${sent.length} writes with at least ${ackedBefore}`).toBeDefined();
    const restoredAudit = await auditRows(restored, admin, 2);
    const cut = Math.max(0, ...restoredAudit.map((r) => Number(r.id)));
    const originalAudit = await auditRows(t.app, admin, 2);
    expect(restoredAudit).toEqual(originalAudit.filter((r) => Number(r.id) <= cut));
    expect(restoredAudit.length).toBeGreaterThan(0);
    // …and the two tables were read at that one moment: each score is its newest audit row's value.
    for (const [id, value] of got) {
      const newest = restoredAudit.find((r) => r.id_siswa === String(id) && r.field === 'nilai_senam');
      expect(newest?.baru ?? null, `siswa ${id}`).toBe(value);
    }

    // The restored server goes on: new ids follow the restored ones.
    const next = await restored.inject({
      method: 'POST',
      url: `/uktNEW/api${API.nilai.href()}`,
      headers: { 'access-token': admin },
      payload: { id_siswa: 121, id_ukt: 2, id_tingkat: 4, nilai_senam: 80, nilai_senam_plus: 0 },
    });
    expect(next.statusCode, next.body).toBe(200);
    // By id: the restored server's clock is not the original's, so `at` does not order them.
    const newest = (await auditRows(restored, admin, 2)).reduce((a, b) =>
      Number(b.id) > Number(a.id) ? b : a,
    );
    expect(Number(newest?.id)).toBeGreaterThan(cut);
    expect(newest).toMatchObject({ id_siswa: '121', baru: 80 });
  });
});

function isEqual(a: Map<number, number | null>, b: Map<number, number | null>): boolean {
  return a.size === b.size && [...a].every(([id, v]) => b.get(id) === v);
}
