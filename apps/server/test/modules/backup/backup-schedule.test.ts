import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leaseHolderOf } from '../../../src/db/tugas-berkala.repository';
import { createBackup, listBackups } from '../../../src/modules/backup/backup.service';
import { scheduledBackup } from '../../../src/modules/backup/backup-schedule';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { DATABASES, startApp, type TestApp } from '../../support/app';

// One scheduled backup per interval across every machine of a database (docs/decisions/160): two
// servers on one PostgreSQL, each with a BACKUP_DIR of its own as two machines have. The one holding
// the schedule's lease takes them; while it lives the other takes none, and when it stops or dies
// (stops renewing its lease) the other takes over, without taking one early. A look is what the
// schedule does every minute; each server's clock is moved by hand.

const MINUTE = 60_000;

describe.runIf(DATABASES.includes('postgres'))('the backup schedule of two machines on PostgreSQL', () => {
  const apps: TestApp[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0).reverse()) await t.close().catch(() => undefined);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Two servers on one database, each with its own backup folder, every 30 minutes. */
  async function twoMachines() {
    const [dirA, dirB] = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'ukt-jadwal-')));
    dirs.push(dirA as string, dirB as string);
    const a = await startApp('postgres', { BACKUP_DIR: dirA as string, BACKUP_INTERVAL_MINUTES: '30' });
    apps.push(a);
    const b = await startApp('postgres', { BACKUP_DIR: dirB as string, BACKUP_INTERVAL_MINUTES: '30' }, a);
    apps.push(b);
    const both = (ms: number) => {
      a.advance(ms);
      b.advance(ms);
    };
    const taken = async () => [
      (await listBackups(dirA as string)).filter((x) => x.reason === 'jadwal').length,
      (await listBackups(dirB as string)).filter((x) => x.reason === 'jadwal').length,
    ];
    return { a, b, both, taken };
  }

  it('takes one backup per interval between them, always by the machine holding the schedule', async () => {
    const { a, b, both, taken } = await twoMachines();
    const first = await Promise.all([scheduledBackup(a.app), scheduledBackup(b.app)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    const [holder, other] = first[0] ? [a, b] : [b, a];
    expect(await scheduledBackup(other.app)).toBeNull();

    // The holder looks every minute (renewing its lease); at 30 minutes a backup is due, and the
    // other machine, looking first, still takes none: the schedule is the holder's.
    for (let minute = 1; minute < 30; minute++) {
      both(MINUTE);
      expect(await scheduledBackup(holder.app)).toBeNull();
    }
    both(MINUTE);
    expect(await scheduledBackup(other.app)).toBeNull();
    expect(await scheduledBackup(holder.app)).toMatch(/-jadwal\.tar\.gz$/);
    expect(await scheduledBackup(other.app)).toBeNull();
    expect((await taken()).sort()).toEqual([0, 2]);
    // A backup carries the key's fingerprint but not the lease: a restored copy starts its own schedule.
    const out = join(dirs[0] as string, 'hand.tar.gz');
    const { manifest } = await createBackup(serverBackupSource(holder.app), { reason: 'manual', out });
    expect(Object.keys(manifest.counts)).toContain('sidik_kunci');
    expect(Object.keys(manifest.counts)).not.toContain('tugas_berkala');
  });

  it('goes to the other machine when the holder stops, without an early backup', async () => {
    const { a, b, both, taken } = await twoMachines();
    // b holds the schedule (a owns the test's database, which its close would remove).
    expect(await scheduledBackup(b.app)).toMatch(/-jadwal\.tar\.gz$/);
    await b.close();
    apps.splice(apps.indexOf(b), 1);
    // Given back at once: a takes it at its next look, but the backup b took is still recent.
    both(MINUTE);
    expect(await scheduledBackup(a.app)).toBeNull();
    const lease = await a.app.db.selectFrom('tugas_berkala').select('pemegang').execute();
    expect(lease).toEqual([{ pemegang: leaseHolderOf(a.app) }]);
    both(29 * MINUTE);
    expect(await scheduledBackup(a.app)).toMatch(/-jadwal\.tar\.gz$/);
    expect(await taken()).toEqual([1, 1]);
  });

  it('goes to the other machine when the holder dies, once its lease has run out', async () => {
    const { a, b, both, taken } = await twoMachines();
    expect(await scheduledBackup(a.app)).toMatch(/-jadwal\.tar\.gz$/);
    // a looks for the last time at minute 29, then dies (it never looks again, nor gives the lease back).
    both(29 * MINUTE);
    expect(await scheduledBackup(a.app)).toBeNull();
    // Due at minute 30, but a's lease holds two more minutes.
    for (let minute = 30; minute <= 31; minute++) {
      both(MINUTE);
      expect(await scheduledBackup(b.app)).toBeNull();
    }
    both(MINUTE);
    expect(await scheduledBackup(b.app)).toMatch(/-jadwal\.tar\.gz$/);
    expect(await taken()).toEqual([1, 1]);
  });
});
